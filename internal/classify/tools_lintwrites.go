package classify

import "strings"

// When a linter rewrites the files it is given (issue 29). A formatter
// or linter judged `lint` is a write of its file operands only in its
// writing form: eslint --fix, prettier --write, rubocop -a,
// php-cs-fixer fix. Its report-only form reads them, so a pattern that
// may reach a guard file (cspell "**/*" ".github/**/*") is a read, as
// design §2.9's guard rule covers only writes. Each entry is from the
// tool's own --help or documentation; a linter not listed here rewrites
// what it is given in every form (phpcbf), which fails closed.

// lintWriter says when a linter writes its operands: with one of opts
// (every spelling hasOpt matches), with one of subs as its first
// operand, with a mode option's writing value, or always; dry options
// keep a writing subcommand or default from writing.
type lintWriter struct {
	opts   string
	subs   string
	mode   string // an option whose value "inplace" writes (ormolu --mode)
	always bool
	dry    string
	// prefix: a command is taken by any prefix of its name, as Symfony's
	// console takes them (php-cs-fixer f is fix)
	prefix bool
}

// lintWriters: a tool with no opts, subs, mode or always only reports.
var lintWriters = lazy[map[string]lintWriter]{build: func() map[string]lintWriter {
	fix := lintWriter{opts: "--fix"}
	report := lintWriter{}
	return map[string]lintWriter{
		// report only: their options write no operand (an output file is
		// judged as a write by the output checks)
		"flake8": report, "pylint": report, "pyflakes": report, "bandit": report, "mypy": report, "pyright": report,
		"golint": report, "staticcheck": report, "errcheck": report, "checkstyle": report, "pmd": report,
		"spotbugs": report, "sonarqube": report, "phpcs": report, "phpmd": report, "phpstan": report, "luacheck": report,
		"checkov": report, "commitlint": report, "govulncheck": report, "revive": report, "gosec": report,
		"cspell": report, "htmlhint": report, "reek": report, "slim-lint": report, "dartanalyzer": report,
		"cppcheck": report, "brakeman": report,
		// a writing option
		"eslint": fix, "tslint": fix, "standard": fix, "xo": fix, "golangci-lint": fix, "tflint": fix,
		"stylelint":       fix,
		"markdownlint":    {opts: "--fix -f"},
		"oxlint":          {opts: "--fix --fix-suggestions --fix-dangerously"},
		"prettier":        {opts: "--write -w"},
		"rubocop":         {opts: "-a -A --autocorrect --autocorrect-all --auto-correct --auto-correct-all -x --fix-layout"},
		"standardrb":      {opts: "-a -A --autocorrect --autocorrect-all --fix --auto-correct --auto-correct-all -x --fix-layout"},
		"erb_lint":        {opts: "-a --autocorrect --autocorrect-all"},
		"erblint":         {opts: "-a --autocorrect --autocorrect-all"},
		"srb":             {opts: "-a --autocorrect"},
		"misspell":        {opts: "-w --w"},
		"ktlint":          {opts: "-F --format"},
		"detekt":          {opts: "-ac --auto-correct"},
		"dartfmt":         {opts: "-w --overwrite"},
		"clang-tidy":      {opts: "-fix --fix -fix-errors --fix-errors -fix-notes --fix-notes"},
		"djlint":          {opts: "--reformat"},
		"autopep8":        {opts: "-i --in-place"},
		"yapf":            {opts: "-i --in-place"},
		"biome":           {opts: "--write --fix --apply --apply-unsafe --unsafe"},
		"psalm":           {opts: "--alter"},
		"stylish-haskell": {opts: "-i --inplace"},
		"cabal-fmt":       {opts: "-i --inplace"},
		"ormolu":          {opts: "-i", mode: "-m --mode"},
		"fourmolu":        {opts: "-i", mode: "-m --mode"},
		// a writing subcommand
		"php-cs-fixer": {subs: "fix", dry: "--dry-run", prefix: true},
		"rector":       {subs: "process", dry: "--dry-run -n", prefix: true},
		"sqlfluff":     {subs: "fix format"},
		// writing unless told to check
		"djhtml": {always: true, dry: "--check -c"},
	}
}}

// lintWrites reports whether the linter c rewrites its file operands: in
// its writing form, or where a word only known at run time may be that
// form's option or subcommand.
func lintWrites(c *call) bool {
	w, ok := lintWriters.get()[c.name]
	switch {
	case !ok:
		return true
	case w.dry != "" && c.hasOpt(w.dry):
		return false
	case w.always:
		return true
	case w.opts != "" && (c.hasOpt(w.opts) || hasOptAbbrev(c.args, w.opts)):
		// a long option's prefix counts: Ruby's OptionParser and
		// Python's argparse take one (rubocop --autocorrect-al, yapf
		// --in), and where a parser does not, matching one only raises
		return true
	}
	if w.mode != "" {
		if v, ok := c.optValue(w.mode); ok && (v.dyn || v.val == "inplace") {
			return true
		}
	}
	if w.subs != "" {
		if ps := positional(c.args); len(ps) > 0 && (ps[0].dyn || hasWord(w.subs, ps[0].val) || w.prefix && prefixOfWord(w.subs, ps[0].val)) {
			return true
		}
	}
	// a word only known at run time may be the writing option
	return (w.opts != "" || w.mode != "" || w.subs != "") && c.anyDynamic()
}

// prefixOfWord reports v as a prefix of one of words (space-separated).
func prefixOfWord(words, v string) bool {
	for w := range strings.FieldsSeq(words) {
		if v != "" && strings.HasPrefix(w, v) {
			return true
		}
	}
	return false
}

// lintOtherEffects are a linter's options and commands that do more than
// check: download and run a package (eslint --init runs npx), send the
// results to a service, install git hooks (the red team of issue 29).
func lintOtherEffects(c *call) {
	switch c.name {
	case "eslint":
		if c.hasOpt("--init --inspect-config") {
			c.raise(runPackage)
		}
	case "checkov":
		if c.hasOpt("--bc-api-key --prisma-api-url") {
			c.raise(rule{id: "lint-upload", level: High, sends: true, why: "sends the results to a service"})
		}
	case "ktlint":
		for _, a := range positional(c.args) {
			if !a.dyn && (a.val == "installGitPreCommitHook" || a.val == "installGitPrePushHook") {
				c.raise(rule{id: "git-hooks", level: High, why: "installs git hooks that run on every commit"})
			}
		}
	}
}
