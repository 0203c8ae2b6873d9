package classify

import "strings"

// Checkers and formatters whose configuration is data and that run no
// code of the project (design §2.8, issue 29): in a form that only
// reports (gofmt -l, rustfmt --check, shellcheck) they read the files
// they check and change nothing, as cat would; in a form that rewrites
// files (gofmt -w, black) they write the files they format, in place.
// Linters that load the project's code or plugins (eslint, rubocop, mypy,
// golangci-lint) stay the lint rule: medium, in the box.

var (
	ruleCheckOnly = rule{id: "check-only", level: Minimal, why: "checks files and reports what it finds, changing nothing and running no code of the project"}
	ruleFormatIn  = rule{id: "format-write", level: Low, why: "rewrites the files it formats, in place", effect: EffectWrite}
)

// checker says when a checker writes: with one of writes, or always
// unless one of reads is given (writesByDefault). letter is the short
// option that writes, also in a cluster (-lw); goFlags says the program
// reads its options as Go's flag package does, which also takes --w and
// -w=true, -w=1, -w=t.
// A read option wins over the options that write wherever it stands
// (black --check, terraform fmt -check). sub is the subcommand the row
// names (terraform fmt), whose words are no operands.
type checker struct {
	writes, reads   string
	writesByDefault bool
	letter          byte
	goFlags         bool
	sub             string
}

// checkers are the programs checkerForm judges, each from its manual.
var checkers = lazy[map[string]checker]{build: func() map[string]checker {
	gofmt := checker{writes: "-w", letter: 'w', goFlags: true}
	return map[string]checker{
		// gofmt(1), goimports, gofumpt: -l and -d print, -w writes
		"gofmt": gofmt, "goimports": gofmt, "gofumpt": gofmt,
		// rustfmt writes in place unless --check or --emit stdout
		"rustfmt": {writesByDefault: true, reads: "--check --emit=stdout"},
		// black writes unless --check or --diff
		"black": {writesByDefault: true, reads: "--check --diff"},
		"shfmt": {writes: "-w --w --write", letter: 'w'},
		// clang-format prints unless -i (LLVM's options take -i and --i)
		"clang-format": {writes: "-i --i", letter: 'i'},
		"codespell":    {writes: "-w --write-changes", letter: 'w'},
		"typos":        {writes: "-w --write-changes", letter: 'w'},
		"swiftlint":    {writes: "--fix --autocorrect autocorrect"},
		// hlint --refactor runs the refactor program
		"hlint": {writes: "--refactor"},
		// CSharpier (a dotnet tool of the project's manifest, configured
		// by JSON or YAML) rewrites unless --check
		"csharpier": {writesByDefault: true, reads: "--check"},
		// report only, whatever the options
		"shellcheck": {}, "yamllint": {}, "hadolint": {}, "actionlint": {}, "editorconfig-checker": {},
		// terraform fmt (tofu's, terragrunt hclfmt) rewrites the
		// configuration unless -check or -write=false; Go's flags
		"terraform fmt": {writesByDefault: true, reads: "-check -write=false", goFlags: true, sub: "fmt"},
		// terragrunt fmt is terraform's, run by terragrunt
		"terragrunt fmt":        {writesByDefault: true, reads: "-check -write=false", goFlags: true, sub: "fmt"},
		"tofu fmt":              {writesByDefault: true, reads: "-check -write=false", goFlags: true, sub: "fmt"},
		"terragrunt hclfmt":     {writesByDefault: true, reads: "--check --terragrunt-check", sub: "hclfmt"},
		"terragrunt hcl fmt":    {writesByDefault: true, reads: "--check --terragrunt-check", sub: "hcl fmt"},
		"terragrunt hcl format": {writesByDefault: true, reads: "--check --terragrunt-check", sub: "hcl format"},
		// swiftformat rewrites unless --lint or --dryrun; swift-format
		// (swift format) prints unless -i, and its lint mode only reports
		"swiftformat":  {writesByDefault: true, reads: "--lint --dryrun"},
		"swift format": {writes: "-i --in-place", letter: 'i', sub: "format"},
		"swift-format": {writes: "-i --in-place", letter: 'i'},
		// buf format prints unless -w (lint and breaking run buf.yaml's
		// plugins: the lint rule)
		"buf format": {writes: "-w --write", letter: 'w', sub: "format"},
		// taplo format rewrites unless --check
		"taplo format": {writesByDefault: true, reads: "--check", sub: "format"},
		// isort rewrites unless it only checks or prints
		"isort": {writesByDefault: true, reads: "--check-only -c --check --diff --df --stdout -d --show-files --show-config"},
		// ruff format rewrites unless --check or --diff (ruff check:
		// ruffCheck)
		"ruff format": {writesByDefault: true, reads: "--check --diff", sub: "format"},
		// gci write rewrites; diff, list and print only print
		"gci write": {writesByDefault: true, sub: "write"},
	}
}}

// checkerForm judges a checker by the form it is given in.
func checkerForm(c *call) { checkerFormOf(c.name)(c) }

// checkerFormOf judges a checker's subcommand (key "terraform fmt") by
// the form it is given in.
func checkerFormOf(key string) func(c *call) {
	return func(c *call) { judgeChecker(c, checkers.get()[key]) }
}

func judgeChecker(c *call, ck checker) {
	if checkerWritesElsewhere(c) {
		formatsInPlace(c, ck.sub)
		return
	}
	writes := ck.writesByDefault
	read := false
	for _, a := range c.args {
		v := a.val
		if ck.goFlags && strings.HasPrefix(v, "--") {
			v = v[1:] // Go's flags take one dash or two
		}
		if name, b, ok := strings.Cut(v, "="); ck.goFlags && ok && strings.HasPrefix(v, "-") {
			// a boolean flag's value: -check=true is -check, and
			// -write=0 is -write=false
			switch strings.ToLower(b) {
			case "true", "1", "t":
				v = name
			case "false", "0", "f":
				v = name + "=false"
			}
		}
		name, val, valued := strings.Cut(v, "=")
		switch {
		case a.dyn:
			// an option not known now may be the one that writes
			writes = writes || ck.writes != "" || ck.writesByDefault
		case ck.writesByDefault && hasWord(ck.reads, v):
			writes, read = false, true
		case hasWord(ck.writes, v):
			writes = true
		case valued && strings.HasPrefix(v, "-") && hasWord(ck.writes, name):
			// the writing option with a value: --write=true, -i=1
			b := strings.ToLower(val)
			writes = b != "false" && b != "0" && b != "f" && b != "no"
		case strings.HasPrefix(name, "--") && len(name) >= 4 && shortensLong(name, ck.writes):
			// a long option shortened, as Python's argparse takes it
			// (codespell --write for --write-changes)
			writes = true
		case ck.goFlags && ck.letter == 'w' && strings.HasPrefix(v, "-w="):
			// a boolean flag's value: true unless it says false
			b := strings.ToLower(strings.TrimPrefix(v, "-w="))
			writes = b != "false" && b != "0" && b != "f"
		case ck.letter != 0 && !ck.goFlags && len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], ck.letter) >= 0:
			// a cluster of short options with the one that writes
			// (shfmt -lw, typos -wv); a value glued after another
			// letter counts too, which can only raise the level
			writes = true
		}
	}
	if ck.writesByDefault && c.hasOpt("--emit") {
		// rustfmt --emit stdout prints; --emit files writes
		v, ok := c.optValue("--emit")
		writes = !ok || v.dyn || v.val != "stdout"
	}
	if read {
		// an option that only reports wins wherever it stands
		writes = false
	}
	if !writes {
		return // the row's own rule: check-only
	}
	if c.name == "hlint" {
		c.raise(lintRule)
		return
	}
	formatsInPlace(c, ck.sub)
}

// formatsInPlace judges a formatter that rewrites its operands (the
// current directory when it names none): each as a write there, low
// inside the workspace; an operand not known now may be anywhere. sub's
// words (the subcommand) are no operands.
func formatsInPlace(c *call, sub string) {
	ops := positional(c.args)
	for _, w := range strings.Fields(sub) {
		if len(ops) > 0 && !ops[0].dyn && ops[0].val == w {
			ops = ops[1:]
		}
	}
	if len(ops) == 0 {
		ops = []arg{{val: ".", pos: c.pos}}
	}
	worst := ruleFormatIn
	for _, a := range ops {
		if a.dyn {
			if !strings.HasPrefix(a.val, "-") {
				// an operand not known now: a write to a place not
				// known now, judged with the others
				c.raise(lintRule)
			}
			continue
		}
		if strings.HasPrefix(a.val, "-") {
			continue
		}
		if ru, bad := c.ctx.writeRule(a); bad && ru.level > worst.level {
			worst = ru
		}
	}
	c.raise(worst)
}

// cargoFmt: cargo fmt runs rustfmt over the crate's files, in place
// unless --check is given (before or after --, which hands the rest to
// rustfmt).
func cargoFmt(c *call) {
	for _, a := range c.args {
		if a.dyn {
			c.raise(ruleFormatIn)
			return
		}
		if a.val == "--check" || a.val == "--emit=stdout" {
			return
		}
	}
	c.raise(ruleFormatIn)
}

// The checkers behind a subcommand, each judged by its key's row: named
// functions, so the tables that name them are static data.
func ruffFormat(c *call)  { judgeChecker(c, checkers.get()["ruff format"]) }
func gciWrite(c *call)    { judgeChecker(c, checkers.get()["gci write"]) }
func swiftFormat(c *call) { judgeChecker(c, checkers.get()["swift format"]) }

// taploFormat: taplo format and its alias fmt.
func taploFormat(c *call) {
	ck := checkers.get()["taplo format"]
	if ps := positional(c.args); len(ps) > 0 && !ps[0].dyn {
		ck.sub = ps[0].val
	}
	judgeChecker(c, ck)
}

// terraformDocs: terraform-docs writes the module's README when
// --output-file or the .terraform-docs.yml it finds there says so, which
// permguard does not read: judged as that write of its operands.
func terraformDocs(c *call) {
	c.raise(ruleFormatIn)
	for _, t := range positional(c.args) {
		if w, bad := c.ctx.writeRule(t); bad {
			c.raise(w)
		}
	}
}

// ruffCheck: ruff check fixes what it finds, in place, with --fix or when
// the project's configuration sets fix = true, which permguard does not
// read: a write unless --diff (fixes printed, not written), --no-fix
// without a later --fix, or --statistics without --fix. --watch runs on.
func ruffCheck(c *call) {
	if c.hasOpt("--watch -w") {
		c.raise(serverRule)
	}
	if checkerWritesElsewhere(c) {
		formatsInPlace(c, "check")
		return
	}
	fix, noFix := false, false
	for _, a := range c.args {
		switch {
		case a.dyn:
			fix = true
		case a.val == "--fix" || a.val == "--unsafe-fixes" || a.val == "--fix-only":
			fix, noFix = true, false
		case a.val == "--no-fix":
			fix, noFix = false, true
		}
	}
	if c.hasOpt("--diff") || noFix || c.hasOpt("--statistics") && !fix {
		return
	}
	formatsInPlace(c, "check")
}

// bufFormat: buf format prints unless -w; -o writes the file it names.
func bufFormat(c *call) {
	checkerFormOf("buf format")(c)
	if o, ok := c.optValue("-o --output"); ok {
		c.raise(ruleFormatIn)
		c.raiseJudged(c.ctx.writeRule, o)
	}
}

// valeDocExts are the files vale checks as text itself: a stylesheet of
// .vale.ini's Transform (an XSLT program, for XML) and the converters
// of other formats are no part of checking them.
var valeDocExts = []string{".md", ".markdown", ".mdx", ".txt", ".html", ".htm", ".org"}

// valeCheck: vale reports on prose and changes nothing. For XML and the
// formats it converts with other programs, .vale.ini can name an XSLT
// stylesheet, a program that can write files: a directory, a file of
// such a format or an operand not known now is checked as the lint rule
// is (medium, in the box).
func valeCheck(c *call) {
	ops := positional(c.args)
	if len(ops) > 0 && !ops[0].dyn && ops[0].val == "sync" {
		return // the row's own rule: an install
	}
	if len(ops) == 0 {
		c.raise(lintRule)
		return
	}
	for _, a := range ops {
		doc := false
		for _, ext := range valeDocExts {
			doc = doc || strings.HasSuffix(strings.ToLower(a.val), ext)
		}
		if a.dyn && !a.glob || !doc {
			c.raise(lintRule)
			return
		}
	}
}

// genhtmlCheck: genhtml writes its HTML report into -o's directory (the
// current one without it); lcov 2's script options, and an rc file or
// setting that can name them, run a program.
func genhtmlCheck(c *call) {
	if c.hasOpt("--config-file --rc --version-script --annotate-script --criteria-script --resolve-script --context-script --select-script --simplify-script") {
		c.raise(ruleRunsProgram)
	}
	if o, ok := c.optValue("-o --output-directory"); ok {
		c.raiseJudged(c.ctx.writeInto, o)
	}
}

// dotnetCsharpier: dotnet csharpier ARGS runs the project's CSharpier
// tool, judged by its form as csharpier ARGS is.
func dotnetCsharpier(c *call) {
	name, args := c.name, c.args
	c.name = "csharpier"
	if ps := positional(args); len(ps) > 0 && !ps[0].dyn && ps[0].val == "csharpier" {
		for i, a := range args {
			if a.pos == ps[0].pos && a.val == ps[0].val {
				c.args = append(append([]arg(nil), args[:i]...), args[i+1:]...)
				break
			}
		}
	}
	checkerForm(c)
	c.name, c.args = name, args
}

// checkerOutputs returns the options of a checker that write a file they
// name (a report, a baseline, a configuration, a cache), whatever form
// the checker is otherwise in, from each one's manual.
func checkerOutputs(name string) string {
	switch name {
	case "ruff":
		return "-o --output-file --cache-dir"
	case "swiftlint":
		return "--output --write-baseline"
	case "typos":
		return "--dump-config"
	case "hlint":
		return "--report"
	case "rustfmt":
		return "--print-config"
	}
	return ""
}

// checkerWritesElsewhere reports a checker given an option that writes a
// file it names, or a response file (@FILE, whose options are not known
// now), and raises what that write is: the file judged as written, and
// actionlint's -shellcheck=/-pyflakes= as the program they name.
func checkerWritesElsewhere(c *call) bool {
	found := false
	for i, a := range c.args {
		if a.dyn {
			continue
		}
		if strings.HasPrefix(a.val, "@") && c.name == "clang-format" {
			found = true // LLVM's response file: any option, -i among them
			continue
		}
		name, val, valued := strings.Cut(a.val, "=")
		if c.name == "actionlint" && (name == "-shellcheck" || name == "--shellcheck" || name == "-pyflakes" || name == "--pyflakes") {
			if !valued && i+1 < len(c.args) {
				val, valued = c.args[i+1].val, !c.args[i+1].dyn
			}
			if !valued || val != "" {
				c.raise(ruleCheckerProgram)
			}
			continue
		}
		if !hasWord(checkerOutputs(c.name), name) {
			continue
		}
		found = true
		var targets []arg
		switch {
		case valued:
			targets = []arg{{val: val, pos: a.pos}}
		case name == "--print-config" && i+2 < len(c.args):
			targets = c.args[i+2 : i+3] // KIND, then the path written
		case i+1 < len(c.args):
			targets = c.args[i+1 : i+2]
		}
		for _, t := range targets {
			if t.dyn {
				c.raise(lintRule)
				continue
			}
			if ru, bad := c.ctx.writeRule(t); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	return found
}

var ruleCheckerProgram = rule{id: "checker-program", level: High, why: "runs the program an option of the checker names", effect: EffectRun}

// shortensLong reports a long option that is a shortening of one of the
// long options in opts.
func shortensLong(name, opts string) bool {
	for o := range strings.FieldsSeq(opts) {
		if strings.HasPrefix(o, "--") && o != name && strings.HasPrefix(o, name) {
			return true
		}
	}
	return false
}
