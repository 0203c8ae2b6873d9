package classify

import (
	"strings"
)

// Runners start a command in the project's own environment: uv run,
// poetry run, pipenv run, hatch run, pdm run, conda run, bundle exec,
// pnpm exec, coverage run, python -m. What they run is the command after
// their own options, so that command is judged through the normal tables
// (uv run pytest is pytest, uv run rm -rf ~ is rm -rf ~), never "runs an
// arbitrary program" (issue 14, class 2). The runner adds only what it
// does itself: syncing the environment, or a directory or index option.

// runnerSpec describes one runner's own options.
type runnerSpec struct {
	own   rule   // what the runner itself does
	value string // options that take the next word as their value
	flags string // options that take none
	// module is the option that names a Python module to run (-m).
	module string
	// scripts: the first word may name a project script (Pipfile
	// [scripts], hatch or pdm scripts), judged by its name like npm's.
	scripts bool
	// envPrefix: hatch run ENV:SCRIPT names the environment first.
	envPrefix bool
	dirs      string // options whose value is the directory it works in
	index     string // options that name another package index
	// fetch are options that fetch a package the project has not locked
	// and run with it (uv run --with, stack exec --package), as uvx does
	fetch string
}

// uvValue are uv's options that take a value; uv run shares them with
// its other subcommands.
const uvValue = "--with --with-editable --with-requirements --python -p --package --directory --project --env-file " +
	"--extra --group --only-group --no-group --index --index-url --extra-index-url --default-index --find-links -f " +
	"--python-platform --refresh-package --upgrade-package -P --reinstall-package --no-binary-package " +
	"--no-build-package --config-file --cache-dir --color --exclude-newer --index-strategy --keyring-provider " +
	"--resolution --prerelease --link-mode --config-setting -C --python-preference --allow-insecure-host"

const uvFlags = "--no-sync --frozen --locked --isolated --all-extras --no-dev --dev --all-groups --no-default-groups " +
	"--no-project --no-config --no-cache -q --quiet -v --verbose --offline --native-tls --refresh -U --upgrade " +
	"--reinstall --compile-bytecode --no-build-isolation --no-sources --all-packages --no-editable --exact " +
	"--inexact --active --no-active --no-env-file --managed-python --no-managed-python --no-python-downloads " +
	"--gui-script --script -s --no-progress"

var runners = lazy[map[string]runnerSpec]{build: func() map[string]runnerSpec {
	return map[string]runnerSpec{
		"uv run": {own: ruleRunnerSync, value: uvValue, flags: uvFlags, module: "-m --module",
			dirs: "--directory --project", index: "--index --index-url --extra-index-url --default-index --find-links -f",
			// --with adds a package the project does not have, downloaded
			// for the run, as uvx does (issue 29)
			fetch: "--with"},
		"poetry run": {own: ruleRunnerEnv, value: "-C --directory -P --project", flags: "-q --quiet -v -vv -vvv --verbose -n --no-interaction --no-plugins --no-cache --ansi --no-ansi",
			dirs: "-C --directory -P --project"},
		"pipenv run": {own: ruleRunnerEnv, value: "--python", flags: "--system -v --verbose -q --quiet", scripts: true},
		"hatch run": {own: ruleRunnerSync, value: "-e --env -p --project --data-dir --cache-dir --config", flags: "-v --verbose -q --quiet --color --no-color --interactive --no-interactive",
			scripts: true, envPrefix: true, dirs: "-p --project"},
		"pdm run": {own: ruleRunnerEnv, value: "-p --project -g --global -r --reporter --venv", flags: "-v --verbose -q --quiet -l --list -s --site-packages --recreate",
			scripts: true, dirs: "-p --project"},
		"conda run":      {own: ruleRunnerEnv, value: "-n --name -p --prefix --cwd", flags: "--live-stream --no-capture-output --dev -v --verbose --debug"},
		"mamba run":      {own: ruleRunnerEnv, value: "-n --name -p --prefix --cwd", flags: "--live-stream --no-capture-output --dev -v --verbose --debug"},
		"micromamba run": {own: ruleRunnerEnv, value: "-n --name -p --prefix --cwd", flags: "--live-stream --no-capture-output --dev -v --verbose --debug"},
		"bundle exec":    {own: ruleRunnerBundle, value: "--gemfile", flags: "--keep-file-descriptors"},
		"bundler exec":   {own: ruleRunnerBundle, value: "--gemfile", flags: "--keep-file-descriptors"},
		"pnpm exec": {own: ruleLocalBin, value: "-C --dir --filter -F --workspace-concurrency --reporter --resume-from",
			flags: "-r --recursive --parallel --no-bail --bail --if-present --report-summary --reverse --sort --no-sort --stream --silent -s",
			dirs:  "-C --dir"},
		"yarn exec": {own: ruleLocalBin},
		// stack exec and cabal exec run a program with the project's
		// packages in its environment (issue 29): judged as that program
		"stack exec": {own: ruleRunnerEnv, value: "--package --rts-options --cwd --stack-yaml --resolver --snapshot --compiler", flags: "--no-ghc-package-path --ghc-package-path --stack-exe --no-stack-exe",
			fetch: "--package"},
		"cabal exec": {own: ruleRunnerEnv, value: "--project-file --builddir --project-dir", dirs: "--project-dir"},
		"coverage run": {own: ruleRunnerEnv, value: "--source --omit --include --rcfile --context --concurrency --data-file",
			flags: "-p --parallel-mode -a --append --branch -L --pylib --timid --debug --save-signal", module: "-m --module"},
	}
}}

// runnerCheck returns the check of the runner row named key ("uv run").
func runnerCheck(key string) func(c *call) {
	verb := key[strings.LastIndexByte(key, ' ')+1:]
	return func(c *call) {
		key := c.name + " " + verb
		spec := runners.get()[key]
		rest, ok := afterWord(c, verb)
		if !ok {
			c.raise(ruleRunnerOption)
			return
		}
		i := 0
	opts:
		for ; i < len(rest); i++ {
			a := rest[i]
			if a.dyn {
				break
			}
			if a.val == "--" {
				i++
				break
			}
			if !strings.HasPrefix(a.val, "-") || a.val == "-" {
				break
			}
			name, val, glued := strings.Cut(a.val, "=")
			value := func() (arg, bool) {
				if glued {
					v := a
					v.val = val
					return v, true
				}
				if i+1 < len(rest) {
					return rest[i+1], true
				}
				return arg{}, false
			}
			switch {
			case spec.module != "" && hasWord(spec.module, name):
				mod, ok := value()
				if !glued {
					i++
				}
				if !ok {
					c.raise(ruleInline)
					return
				}
				argv := append([]arg{{val: "python", pos: mod.pos}, {val: "-m", pos: mod.pos}, mod}, rest[i+1:]...)
				c.ctx.inner(c, key, argv, c.stdin)
				return
			case hasWord(spec.index, name):
				c.raise(ruleRunnerIndex)
			case hasWord(spec.fetch, name):
				c.raise(runPackage)
			case hasWord(spec.dirs, name):
				if v, ok := value(); ok {
					if ru, bad := c.ctx.writeInto(v); bad && ru.level > Low {
						c.raise(ruleRunnerElse)
					}
				}
			}
			switch {
			case hasWord(spec.value, name):
				if !glued {
					i++
				}
			case hasWord(spec.flags, name) || glued || strings.HasPrefix(name, "--no-"):
			case spec.module != "" && hasWord(spec.module, name):
			default:
				if len(name) > 2 && name[1] != '-' && hasWord(spec.value, name[:2]) {
					continue opts // -p3.12: a value glued to a short option
				}
				c.raise(ruleRunnerOption)
			}
		}
		if i >= len(rest) {
			c.raise(ruleRunnerAlone)
			return
		}
		argv := rest[i:]
		if spec.module != "" && !argv[0].dyn && strings.HasSuffix(argv[0].val, ".py") {
			// coverage run x.py, uv run x.py: python runs the file
			argv = append([]arg{{val: "python", pos: argv[0].pos}}, argv...)
		}
		if spec.scripts && !argv[0].dyn {
			name := argv[0].val
			if spec.envPrefix {
				if env, script, ok := strings.Cut(name, ":"); ok && !strings.Contains(env, "/") {
					name = script
				}
			}
			if safeScripts.get()[name] || !knownProgram(name) {
				// a script of the project, judged by its name as npm's are
				c.raise(scriptRuleFor(name))
				if !knownProgram(name) {
					return
				}
			}
			if name != argv[0].val {
				argv = append([]arg{{val: name, pos: argv[0].pos}}, argv[1:]...)
			}
		}
		c.ctx.inner(c, key, argv, c.stdin)
	}
}

// afterWord returns the arguments after the first operand of c, which
// must be word (the runner's verb: run, exec); options before it belong
// to the program and are skipped with their values.
func afterWord(c *call, word string) ([]arg, bool) {
	valueOpts := ""
	if t := lookupTool(c.name); t != nil {
		valueOpts = t.valueOpts
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			return nil, false
		}
		if strings.HasPrefix(a.val, "-") && a.val != "-" && a.val != "--" {
			if hasWord(valueOpts, a.val) {
				i++
			}
			continue
		}
		if a.val != word {
			return nil, false
		}
		return c.args[i+1:], true
	}
	return nil, false
}

// knownProgram reports a program the tables or handlers judge.
func knownProgram(name string) bool {
	return handlerOf(name) != nil || lookupTool(name) != nil ||
		strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") || strings.Contains(name, "/")
}

// setRunners gives the runner subcommands of a development or everyday
// row their own rule and check (see finishRow).
func setRunners(t *tool) {
	for n := range strings.FieldsSeq(t.names) {
		for k := range t.subs {
			key := n + " " + t.subs[k].words
			if spec, ok := runners.get()[key]; ok {
				t.subs[k].rule = spec.own
				t.subs[k].check = runnerCheck(key)
			}
		}
	}
	if t.names == "coverage" {
		for k := range t.subs {
			if t.subs[k].words == "run" {
				t.subs[k].check = runnerCheck("coverage run")
			}
		}
	}
}
