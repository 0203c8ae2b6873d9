package classify

import (
	"path"
	"slices"
	"strings"
)

// Options that load code (design §4, "Which calls (row 4b)"): a build,
// test runner, linter or interpreter told by an option to run or load
// code from a file (gradle -I, phpunit --bootstrap, make -f, node -r,
// php -d auto_prepend_file=) runs that file as it runs a script named on
// its command line, and gets the same verdict. In the workspace or a
// temporary directory it is code nobody has seen, which the tool's own
// row already counts; in the home directory, elsewhere, named by a word
// only known at run time or fetched from the network it is the user's
// or the system's, not unseen code: high, with the path in the reason,
// as bash ~/x.sh is (raiseRunFile). One table lists the options, one
// judgement reads them, wherever the program is reached: by name, as
// the project's copy (node_modules/.bin/eslint, vendor/bin/phpunit,
// ./gradlew, bin/rspec), through a wrapper or runner (npx, bundle exec,
// uv run, env, timeout), or as a file an interpreter runs (php
// vendor/bin/phpunit).

var ruleLoadCodeOutside = rule{id: "load-code-outside", level: High,
	why: "loads code from a file outside the workspace, which nobody has reviewed", effect: EffectRun}

// codeWhat is what an option's value names.
type codeWhat uint8

const (
	codeFile    codeWhat = iota // a file of code, or a configuration that names the code to load
	codeDir                     // a directory the program loads code from
	codeModule                  // a module, plugin or extension: a name the program finds installed, or a path
	codeSetting                 // KEY=VALUE: the keys of codeTool.settings load code
)

// codeOpt is one option whose value names code.
type codeOpt struct {
	spell string // its spellings, space-separated: "-I --init-script"
	what  codeWhat
	// sep: the value is a list of such values, split at sep
	sep string
	// many: an array option (yargs): the words after the value, up to the
	// next option, are its values too (jest --roots a b)
	many bool
	// inline: the value may be the configuration itself, written out
	// (jest --config '{...}'): then it is no path, and names code
	// permguard does not read
	inline bool
	// tree: the program also writes there (caches, build outputs), so a
	// directory that holds the guard's files keeps the guard's rule
	tree bool
}

// codeTool is one program's options that load code.
type codeTool struct {
	names string // the programs, space-separated
	// sub are the subcommand words the options belong to ("run" of uv
	// run), which must be the program's first operands
	sub  string
	from string // the documentation the options were taken from
	conv optConv
	// kebab: camelCase long options are taken in kebab-case too
	// (yargs-parser's camel-case expansion: --setup-files-after-env)
	kebab bool
	// spec, when set, reads the options instead of conv: every option of
	// the program is known there, so its abbreviations and clusters are
	// read exactly (make's getopt_long)
	spec func() *toolSpec
	// argsFile: a word starting with it names a file the program reads
	// more arguments from (pytest @args.txt, argparse's
	// fromfile_prefix_chars), which may hold any of these options
	argsFile string
	opts     []codeOpt
	// settings are, for a codeSetting option, the keys whose value names
	// code, and what it is
	settings map[string]codeOpt
}

// phpCodeSettings are the php.ini directives whose value PHP loads as
// code (php.net "php.ini directives": auto_prepend_file,
// auto_append_file, include_path; "Extension loading": extension,
// zend_extension, extension_dir), for php -d and phpunit -d.
// It is built with the table, so that the package's init allocates
// nothing for it.
func phpCodeSettings() map[string]codeOpt {
	return map[string]codeOpt{
		"auto_prepend_file": {what: codeFile}, "opcache.preload": {what: codeFile},
		"auto_append_file": {what: codeFile},
		"include_path":     {what: codeDir, sep: ":"},
		"extension":        {what: codeModule},
		"zend_extension":   {what: codeModule},
		"extension_dir":    {what: codeDir},
	}
}

// nodeValues are node's options that take the next word as their value
// (node --help, Node.js 20: the options shown with =...).
const nodeValues = "-r --require --import --loader --experimental-loader -C --conditions -e --eval -p --print " +
	"--input-type --env-file --env-file-if-exists --title --test-reporter --test-reporter-destination " +
	"--test-name-pattern --test-concurrency --test-shard --test-timeout --watch-path --snapshot-blob " +
	"--experimental-policy --policy-integrity --experimental-sea-config --experimental-default-type " +
	"--build-snapshot-config --allow-fs-read --allow-fs-write --cpu-prof-dir --cpu-prof-interval --cpu-prof-name " +
	"--heap-prof-dir --heap-prof-interval --heap-prof-name --diagnostic-dir --disable-proto --disable-warning " +
	"--dns-result-order --heapsnapshot-near-heap-limit --heapsnapshot-signal --icu-data-dir --inspect-publish-uid " +
	"--max-http-header-size --openssl-config --redirect-warnings --report-directory --report-dir " +
	"--report-filename --report-signal --secure-heap --secure-heap-min --tls-cipher-list --tls-keylog " +
	"--trace-event-categories --trace-event-file-pattern --unhandled-rejections --use-largepages --v8-pool-size"

// codeTools is the table. Each entry says which documentation its
// options come from; conv says how the program reads them.
var codeTools = lazy[map[string][]*codeTool]{build: func() map[string][]*codeTool {
	php := phpCodeSettings()
	return indexCodeTools([]*codeTool{
		{names: "make gmake", from: "make --help (GNU Make 4.3), read by make's own option spec (makeOpts)",
			spec: makeOpts.get,
			opts: []codeOpt{{spell: "-f --file --makefile", what: codeFile}, {spell: "-I --include-dir", what: codeDir}}},
		{names: "gradle gradlew", from: "Gradle's command-line interface (docs.gradle.org, gradle --help); " +
			"parser org.gradle.cli.CommandLineParser: -x=v, -xv, --long=v, and -long and --x forgiven",
			conv: optConv{dashLong: true, flags: "-q -i -d -w -s -S -m -t -a -h -v -U"},
			opts: []codeOpt{{spell: "-I --init-script", what: codeFile}, {spell: "-c --settings-file", what: codeFile},
				{spell: "--include-build", what: codeDir, tree: true}, {spell: "-g --gradle-user-home", what: codeDir, tree: true}}},
		{names: "php", from: "php -h and php.net \"Command line options\" (-c, -d, -z and their long names)",
			conv: optConv{stops: true, values: "-c -d -f -t -S -z -r -B -R -F -E --php-ini --define --zend-extension --file"},
			opts: []codeOpt{{spell: "-c --php-ini", what: codeFile}, {spell: "-z --zend-extension", what: codeModule},
				{spell: "-d --define", what: codeSetting}},
			settings: php},
		{names: "phpunit pest simple-phpunit paratest", from: "phpunit(1) of PHPUnit 11.5 (Configuration options); " +
			"parser sebastian/cli-parser: unique prefixes of long options, -xv and clusters",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "--bootstrap", what: codeFile}, {spell: "-c --configuration", what: codeFile},
				{spell: "--include-path", what: codeDir, sep: ":"}, {spell: "-d", what: codeSetting}},
			settings: php},
		{names: "eslint", from: "ESLint's command line interface (eslint.org docs, user-guide/command-line-interface)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}, {spell: "--rulesdir", what: codeDir},
				{spell: "--resolve-plugins-relative-to", what: codeDir}, {spell: "-f --format", what: codeModule},
				{spell: "--parser --plugin", what: codeModule}}},
		{names: "prettier", from: "Prettier's CLI and plugin docs (prettier.io/docs/cli, /docs/plugins)",
			opts: []codeOpt{{spell: "--config", what: codeFile}, {spell: "--plugin", what: codeModule},
				{spell: "--plugin-search-dir", what: codeDir}}},
		{names: "jest", from: "jest-cli's options (jestjs/jest packages/jest-cli/src/args.ts): the ones naming a config, " +
			"a directory of tests or modules, or a module Jest loads",
			kebab: true,
			opts: []codeOpt{{spell: "-c --config", what: codeFile, inline: true}, {spell: "--rootDir", what: codeDir},
				{spell: "--roots --projects --modulePaths", what: codeDir, many: true},
				{spell: "--setupFiles --setupFilesAfterEnv --snapshotSerializers --reporters --watchPlugins", what: codeModule, many: true},
				{spell: "--moduleDirectories", what: codeDir, many: true}, {spell: "--transform", what: codeFile, inline: true},
				{spell: "--snapshotResolver", what: codeFile},
				{spell: "--filter --globalSetup --globalTeardown --prettierPath", what: codeFile},
				{spell: "--env --testEnvironment --preset --resolver --runner --testResultsProcessor --testRunner --testSequencer", what: codeModule}}},
		{names: "vitest", from: "Vitest's command line interface (vitest.dev guide/cli)",
			opts: []codeOpt{{spell: "-c --config --workspace", what: codeFile}, {spell: "-r --root --dir", what: codeDir},
				{spell: "--reporter --environment", what: codeModule}}},
		{names: "vite", from: "Vite's command line interface (vite.dev guide/cli)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		// linters' plugins and checks (issue 29's red team)
		{names: "mypy", from: "mypy --help: --python-executable (the interpreter it runs to find packages), --config-file",
			opts: []codeOpt{{spell: "--python-executable --config-file", what: codeFile}}},
		{names: "clang-tidy", from: "clang-tidy --help: -load (a plugin library), --config-file",
			opts: []codeOpt{{spell: "-load --load --config-file", what: codeFile}}},
		{names: "cppcheck", from: "cppcheck --help: --addon (a Python script or a name), --rule-file",
			opts: []codeOpt{{spell: "--addon", what: codeModule}}},
		{names: "brakeman", from: "brakeman --help: --add-checks-path, --add-engines-path",
			opts: []codeOpt{{spell: "--add-checks-path --add-engines-path", what: codeDir, sep: ","}}},
		{names: "htmlhint", from: "htmlhint --help: --rulesdir, -c/--config",
			opts: []codeOpt{{spell: "--rulesdir", what: codeDir}, {spell: "-c --config", what: codeFile}}},
		{names: "commitlint", from: "commitlint --help: -x/--extends (shareable configurations), -g/--config",
			opts: []codeOpt{{spell: "-x --extends", what: codeModule, many: true}, {spell: "-g --config", what: codeFile}}},
		{names: "checkov", from: "checkov --help: --external-checks-dir",
			opts: []codeOpt{{spell: "--external-checks-dir", what: codeDir}}},
		{names: "cspell", from: "cspell --help: -c/--config (a .js or .cjs configuration runs)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "spotbugs", from: "spotbugs -help: -pluginList (jar files)",
			opts: []codeOpt{{spell: "-pluginList", what: codeFile, sep: ":"}}},
		// servers, which run in the box unasked (issue 29's red team):
		// what they load from elsewhere is the user's code
		{names: "jupyter jupyter-lab jupyter-notebook", from: "Jupyter's common options (jupyter --help-all: --config, the config file a traitlets application runs as Python)",
			opts: []codeOpt{{spell: "--config", what: codeFile}}},
		{names: "mkdocs", from: "MkDocs' command line (mkdocs.org user-guide/cli: -f, --config-file; its hooks: are Python)",
			opts: []codeOpt{{spell: "-f --config-file", what: codeFile}}},
		{names: "jekyll", from: "Jekyll's options (jekyllrb.com docs/configuration/options: --plugins DIRS, --source, --config)",
			opts: []codeOpt{{spell: "-p --plugins", what: codeDir, sep: ","}, {spell: "-s --source", what: codeDir}}},
		{names: "astro", from: "Astro's command line (docs.astro.build reference/cli-reference: --root, --config)",
			opts: []codeOpt{{spell: "--root", what: codeDir}, {spell: "--config", what: codeFile}}},
		{names: "docusaurus", from: "Docusaurus' command line (docusaurus.io docs/cli: --config)",
			opts: []codeOpt{{spell: "--config", what: codeFile}}},
		{names: "webpack webpack-cli", from: "webpack-cli's options (webpack.js.org api/cli)",
			opts: []codeOpt{{spell: "-c --config --extends", what: codeFile}}},
		{names: "rollup", from: "Rollup's command line interface (rollupjs.org command-line-interface)",
			kebab: true,
			opts:  []codeOpt{{spell: "-c --config", what: codeFile}, {spell: "-p --plugin --configPlugin", what: codeModule}}},
		{names: "babel", from: "@babel/cli's options (babeljs.io docs/babel-cli)",
			opts: []codeOpt{{spell: "--config-file", what: codeFile}, {spell: "--plugins --presets", what: codeModule, sep: ","}}},
		{names: "mocha", from: "Mocha's command-line usage (mochajs.org #command-line-usage)",
			opts: []codeOpt{{spell: "-r --require -R --reporter -u --ui --loader", what: codeModule},
				{spell: "--config --package --file", what: codeFile}}},
		{names: "rubocop", from: "RuboCop's command-line flags (docs.rubocop.org usage/basic_usage); Ruby's OptionParser",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-c --config", what: codeFile}, {spell: "-r --require --plugin", what: codeModule}}},
		{names: "rspec", from: "rspec --help (rspec-core: -I, -r, -O, --default-path); Ruby's OptionParser",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-r --require", what: codeModule}, {spell: "-I", what: codeDir, sep: ":"},
				{spell: "-O --options", what: codeFile}, {spell: "--default-path", what: codeDir}}},
		{names: "rake", from: "rake --help (-f, -r, -I, -R); Ruby's OptionParser",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-f --rakefile", what: codeFile}, {spell: "-r --require", what: codeModule},
				{spell: "-I --libdir -R --rakelibdir --rakelib", what: codeDir, sep: ":"}}},
		{names: "pytest py.test", from: "pytest's command-line flags (docs.pytest.org reference): -c, --rootdir, --confcutdir, " +
			"-o pythonpath=; -p names a module, not a path. argparse without abbreviations, with @file arguments " +
			"(src/_pytest/config/argparsing.py)",
			conv: optConv{flags: "-q -v -x -s -l"}, argsFile: "@",
			opts: []codeOpt{{spell: "-c --config-file", what: codeFile}, {spell: "--rootdir", what: codeDir, tree: true},
				{spell: "--confcutdir", what: codeDir}, {spell: "-o --override-ini", what: codeSetting}},
			settings: map[string]codeOpt{"pythonpath": {what: codeDir, sep: " "}}},
		{names: "mypy", from: "mypy's command line (mypy.readthedocs.io command_line: --config-file, whose plugins are paths); argparse",
			conv: optConv{abbrev: true}, argsFile: "@",
			opts: []codeOpt{{spell: "--config-file", what: codeFile}}},
		{names: "pylint", from: "pylint's run options (pylint.readthedocs.io: --rcfile, whose init-hook is code)",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "--rcfile", what: codeFile}}},
		{names: "flake8", from: "flake8's options (flake8.pycqa.org: --config, --append-config, whose local-plugins paths are code)",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "--config --append-config", what: codeFile}}},
		{names: "tox", from: "tox 4's CLI (tox.wiki cli_interface: -c/--conf, whose commands run)",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-c --conf", what: codeFile}}},
		{names: "nox", from: "nox's usage (nox.thea.codes usage: -f/--noxfile)",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-f --noxfile", what: codeFile}}},
		{names: "pre-commit", from: "pre-commit's CLI (pre-commit.com: -c/--config, whose local hooks run)",
			conv: optConv{abbrev: true},
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "task", from: "Task's CLI reference (taskfile.dev reference/cli: -t/--taskfile)",
			opts: []codeOpt{{spell: "-t --taskfile", what: codeFile}}},
		{names: "ninja", from: "ninja -h (-f FILE: the build file, whose rules are commands)",
			opts: []codeOpt{{spell: "-f", what: codeFile}}},
		{names: "bazel bazelisk", from: "Bazel's startup options (bazel.build reference/command-line-reference: --bazelrc)",
			opts: []codeOpt{{spell: "--bazelrc", what: codeFile}}},
		{names: "stylelint", from: "Stylelint's CLI (stylelint.io user-guide/cli)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}, {spell: "--config-basedir", what: codeDir},
				{spell: "--custom-syntax --custom-formatter", what: codeModule}}},
		{names: "playwright", from: "Playwright Test's CLI (playwright.dev docs/test-cli: -c/--config)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "cypress", from: "Cypress's command line (docs.cypress.io app/references/command-line: -C/--config-file, -P/--project)",
			opts: []codeOpt{{spell: "-C --config-file", what: codeFile}, {spell: "-P --project", what: codeDir}}},
		{names: "phpstan", from: "PHPStan's command line usage (phpstan.org user-guide/command-line-usage: -c, -a)",
			opts: []codeOpt{{spell: "-c --configuration -a --autoload-file", what: codeFile}}},
		{names: "psalm", from: "Psalm's command line (psalm.dev docs/running_psalm/command_line_usage: -c/--config)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "php-cs-fixer", from: "PHP CS Fixer's usage (cs.symfony.com doc/usage: --config, a PHP file)",
			opts: []codeOpt{{spell: "--config", what: codeFile}}},
		{names: "rector", from: "Rector's CLI (getrector.com documentation: -c/--config, a PHP file)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "phpcs phpcbf", from: "PHP_CodeSniffer's usage (--standard, a ruleset or a path; --bootstrap)",
			opts: []codeOpt{{spell: "--standard", what: codeModule, sep: ","}, {spell: "--bootstrap", what: codeFile, sep: ","}}},
		{names: "golangci-lint", from: "golangci-lint's configuration (golangci-lint.run: -c/--config, whose custom linters are plugins)",
			opts: []codeOpt{{spell: "-c --config", what: codeFile}}},
		{names: "gulp", from: "gulp-cli's flags (gulpjs.com docs/en/api/cli: --gulpfile/-f, --cwd)",
			opts: []codeOpt{{spell: "-f --gulpfile", what: codeFile}, {spell: "--cwd", what: codeDir}}},
		{names: "grunt", from: "grunt-cli's options (gruntjs.com using-the-cli: --gruntfile, --base)",
			opts: []codeOpt{{spell: "--gruntfile", what: codeFile}, {spell: "--base", what: codeDir}}},
		{names: "cabal", from: "cabal's project-wide options (cabal.readthedocs.io cabal-project-description-file: " +
			"--project-dir, --project-file, whose packages' Setup.hs is code); the tree too (treeOpts)",
			opts: []codeOpt{{spell: "--project-dir", what: codeDir, tree: true}, {spell: "--project-file", what: codeFile, tree: true}}},
		{names: "uv", sub: "run", from: "uv's run options (docs.astral.sh uv reference/cli: --with-requirements, --with-editable)",
			conv: optConv{stops: true, values: uvValue},
			opts: []codeOpt{{spell: "--with-requirements", what: codeFile}, {spell: "--with-editable", what: codeDir}}},
		{names: "uv", sub: "tool run", from: "uv's tool run options (docs.astral.sh uv reference/cli: --with-requirements, --with-editable)",
			conv: optConv{stops: true, values: uvValue},
			opts: []codeOpt{{spell: "--with-requirements", what: codeFile}, {spell: "--with-editable", what: codeDir}}},
		{names: "uvx", from: "uvx is uv tool run (docs.astral.sh uv reference/cli)",
			conv: optConv{stops: true, values: uvValue},
			opts: []codeOpt{{spell: "--with-requirements", what: codeFile}, {spell: "--with-editable", what: codeDir}}},
		{names: "node nodejs", from: "node --help (Node.js 20: -r/--require, --import, --loader, --test-reporter); " +
			"node's options end at the script",
			conv: optConv{stops: true, values: nodeValues},
			opts: []codeOpt{{spell: "-r --require --import --loader --experimental-loader --test-reporter", what: codeModule}}},
		{names: "ruby", from: "ruby(1): -r LIBRARY, -I DIRECTORY (several, split at :); ruby's options end at the script",
			conv: optConv{stops: true, values: "-r -I -C -E -x -e -F -K -0 -W"},
			opts: []codeOpt{{spell: "-r", what: codeModule}, {spell: "-I", what: codeDir, sep: ":"}}},
		{names: "perl", from: "perlrun(1), perl -h: -Idirectory; perl's options end at the script",
			conv: optConv{stops: true, values: "-e -E -I"},
			opts: []codeOpt{{spell: "-I", what: codeDir}}},
	})
}}

// indexCodeTools checks the table as it is loaded and indexes it by
// program: an entry that names no option, a spelling that is no option,
// a spelling listed twice for one program, or settings without a
// setting option (or the reverse) is a mistake in the table.
func indexCodeTools(list []*codeTool) map[string][]*codeTool {
	m := map[string][]*codeTool{}
	for _, ct := range list {
		if len(ct.opts) == 0 || ct.from == "" {
			panic("classify: code options: an entry without options or source: " + ct.names)
		}
		seen := map[string]bool{}
		hasSetting := false
		for i := range ct.opts {
			o := &ct.opts[i]
			hasSetting = hasSetting || o.what == codeSetting
			if ct.kebab {
				o.spell = withKebab(o.spell)
			}
			for s := range strings.FieldsSeq(o.spell) {
				if len(s) < 2 || s[0] != '-' || s == "--" || seen[s] {
					panic("classify: code options: bad or repeated spelling " + s + " of " + ct.names)
				}
				seen[s] = true
			}
		}
		if hasSetting != (len(ct.settings) > 0) {
			panic("classify: code options: settings and a setting option go together: " + ct.names)
		}
		for k, s := range ct.settings {
			if k != strings.ToLower(k) || s.what == codeSetting || s.spell != "" {
				panic("classify: code options: bad setting " + k + " of " + ct.names)
			}
		}
		for n := range strings.FieldsSeq(ct.names) {
			m[n] = append(m[n], ct)
		}
	}
	return m
}

// withKebab adds the kebab-case spelling of each camelCase long option.
func withKebab(spell string) string {
	out := spell
	for s := range strings.FieldsSeq(spell) {
		if !strings.HasPrefix(s, "--") || strings.ToLower(s) == s {
			continue
		}
		var b strings.Builder
		for _, r := range s {
			if r >= 'A' && r <= 'Z' {
				b.WriteByte('-')
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		}
		out += " " + b.String()
	}
	return out
}

// loadsCode judges args, the arguments of c run as the program name,
// for the values of its options that name code it loads: called where
// dispatch judges a program, and by an interpreter for the file it runs
// (php vendor/bin/phpunit ARGS).
func loadsCode(c *call, name string, args []arg) {
	for _, ct := range codeTools.get()[name] {
		ct.judge(c, args)
	}
}

// judge raises c for each value of the entry's options in args that
// names code outside the workspace.
func (ct *codeTool) judge(c *call, args []arg) {
	if ct.sub != "" {
		// the subcommand words come first among the operands
		rest, ok := afterSubcommand(args, strings.Fields(ct.sub), ct.conv)
		if !ok {
			return
		}
		args = rest
	}
	for _, o := range ct.opts {
		for _, h := range ct.values(args, o.spell) {
			vals := []arg{h.val}
			if o.many {
				from := h.at + 1
				if h.next {
					from++
				}
				for _, a := range args[min(from, len(args)):] {
					if w := optWord(a); strings.HasPrefix(w, "-") || !a.dyn && a.val == "--" {
						break
					}
					vals = append(vals, a)
				}
			}
			for _, v := range vals {
				ct.judgeValue(c, o, h.opt, v)
			}
		}
	}
	if ct.argsFile != "" {
		for _, a := range args {
			if !a.dyn && a.val == "--" {
				break
			}
			switch w := optWord(a); {
			case strings.HasPrefix(w, ct.argsFile) && len(w) > len(ct.argsFile):
				judgeCode(c, codeOpt{what: codeFile}, "a file of arguments", gluedValue(a, len(ct.argsFile)))
			case a.dyn && w == "" && strings.HasPrefix(a.val, ct.argsFile):
				judgeCode(c, codeOpt{what: codeFile}, "a file of arguments", arg{val: a.val[len(ct.argsFile):], dyn: true, pos: a.pos})
			}
		}
	}
}

// values are the values of the options spelled spell in args, read by
// the program's spec when it has one.
func (ct *codeTool) values(args []arg, spell string) []optHit {
	if ct.spec == nil {
		return optionValues(args, spell, ct.conv)
	}
	var hits []optHit
	for _, u := range ct.spec().parse("", args).uses {
		if u.raw || u.val == nil || !hasWord(spell, u.e.canon) {
			continue
		}
		hits = append(hits, optHit{val: *u.val, opt: u.e.canon, at: u.at, next: u.next})
	}
	return hits
}

// afterSubcommand returns args after the subcommand words sub, which
// must be the first operands; the options before them are the program's
// own, read by conv.
func afterSubcommand(args []arg, sub []string, conv optConv) ([]arg, bool) {
	for i := 0; i < len(args) && len(sub) > 0; i++ {
		a := args[i]
		w := optWord(a)
		switch {
		case a.dyn && w == "":
			return nil, false
		case !a.dyn && a.val == sub[0]:
			sub = sub[1:]
			if len(sub) == 0 {
				return args[i+1:], true
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			if _, _, _, other := matchOption(w, "", conv); other && i+1 < len(args) {
				i++
			}
		default:
			return nil, false
		}
	}
	return nil, false
}

// judgeValue judges one value of option o, written as opt.
func (ct *codeTool) judgeValue(c *call, o codeOpt, opt string, v arg) {
	if o.what != codeSetting {
		judgeList(c, o, opt, v)
		return
	}
	// KEY=VALUE: only some keys load code
	var key string
	if v.dyn {
		k, _, ok := strings.Cut(v.head, "=")
		if !ok {
			// the key itself is only known at run time
			judgeCode(c, codeOpt{what: codeFile}, opt+" "+v.val, v)
			return
		}
		key = k
	} else {
		k, _, ok := strings.Cut(v.val, "=")
		if !ok {
			return // KEY alone sets it to 1
		}
		key = k
	}
	s, ok := ct.settings[strings.ToLower(strings.TrimSpace(key))]
	if !ok {
		return
	}
	judgeList(c, s, opt+" "+key, gluedValue(v, len(key)+1))
}

// judgeList judges a value that may be a list of values.
func judgeList(c *call, o codeOpt, opt string, v arg) {
	if o.sep == "" || v.dyn {
		judgeCode(c, o, opt, v)
		return
	}
	for part := range strings.SplitSeq(v.val, o.sep) {
		p := v
		p.val = part
		judgeCode(c, o, opt, p)
	}
}

// judgeCode judges one path, module or configuration v that option opt
// names as code, by where it lies, as raiseRunFile judges a script.
func judgeCode(c *call, o codeOpt, opt string, v arg) {
	if !v.dyn && !v.net {
		v.val = strings.TrimSpace(v.val)
		if v.val == "" {
			return
		}
		if o.inline && strings.HasPrefix(v.val, "{") {
			c.raiseWith(ruleLoadCodeOutside, occurrence{detail: opt + ": a configuration written inline, whose modules permguard does not read"})
			return
		}
		if strings.Contains(v.val, "://") {
			if rest, ok := strings.CutPrefix(v.val, "file://"); ok {
				v.val = rest
			} else {
				c.raiseWith(ruleLoadCodeOutside, occurrence{detail: opt + " " + v.val + ": from the network", target: v.val})
				return
			}
		}
		if o.what == codeModule && !pathLike(c.ctx, v.val) {
			// a name the program finds installed, as it finds itself
			// (eslint-plugin-x, @scope/pkg, pkg/sub): Node's and Ruby's
			// require and the plugin loaders read a path from the file
			// system only when it is written as one
			return
		}
		if strings.HasPrefix(v.val, "~") {
			// a ~ the shell did not expand (--opt=~/x): the program or
			// its configuration may; the home directory either way
			c.raiseWith(ruleLoadCodeOutside, occurrence{detail: opt + " " + v.val, target: v.val})
			return
		}
	}
	if o.tree {
		// the program writes there too: the guard's files keep their
		// rule, and a directory only known at run time may be theirs
		d := v
		if o.what == codeFile && !v.dyn {
			d.val = path.Dir(v.val)
		}
		if wr, bad := c.ctx.writeInto(d); bad && wr.dangerous && (selfProtectID(wr.id) || wr.id == guardRuleID) {
			c.raise(wr)
			return
		}
	}
	if !v.net && (!v.dyn || v.tmp) {
		switch pl, _ := c.ctx.placeOf(v); pl {
		case placeWorkspace, placeWorkspaceRoot, placeTemp, placeTempRoot:
			return // the project's code, or code the agent wrote: the tool's own row counts it
		}
	}
	where := "a file only known at run time"
	switch {
	case v.net:
		where = "a file fetched from the network"
	case !v.dyn:
		where = v.val
		if p, ok := c.ctx.abs(v.val); ok {
			where = p
		}
		if m, what := c.ctx.guardOf(where); m == guardFile {
			where += " (" + what + ")"
		}
	case len(v.known) == 1:
		where = v.known[0]
	}
	c.raiseWith(ruleLoadCodeOutside, occurrence{detail: opt + " " + where, target: where})
}

// codeToolNames lists the programs of the table, for the tests.
func codeToolNames() []string {
	var out []string
	for n := range codeTools.get() {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
