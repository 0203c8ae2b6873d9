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
type checker struct {
	writes, reads   string
	writesByDefault bool
	letter          byte
	goFlags         bool
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
		"shfmt": {writes: "-w --write", letter: 'w'},
		// clang-format prints unless -i (LLVM's options take -i and --i)
		"clang-format": {writes: "-i --i", letter: 'i'},
		"codespell":    {writes: "-w --write-changes", letter: 'w'},
		"typos":        {writes: "-w --write-changes", letter: 'w'},
		"swiftlint":    {writes: "--fix --autocorrect autocorrect"},
		// hlint --refactor runs the refactor program
		"hlint": {writes: "--refactor"},
		// report only, whatever the options
		"shellcheck": {}, "yamllint": {}, "hadolint": {}, "actionlint": {}, "editorconfig-checker": {},
	}
}}

// checkerForm judges a checker by the form it is given in.
func checkerForm(c *call) {
	ck := checkers.get()[c.name]
	writes := ck.writesByDefault
	for _, a := range c.args {
		v := a.val
		if ck.goFlags && strings.HasPrefix(v, "--") {
			v = v[1:] // Go's flags take one dash or two
		}
		switch {
		case a.dyn:
			// an option not known now may be the one that writes
			writes = writes || ck.writes != "" || ck.writesByDefault
		case ck.writesByDefault && hasWord(ck.reads, v):
			writes = false
		case hasWord(ck.writes, v):
			writes = true
		case ck.goFlags && strings.HasPrefix(v, "-w="):
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
	if !writes {
		return // the row's own rule: check-only
	}
	if c.name == "hlint" {
		c.raise(lintRule)
		return
	}
	formatsInPlace(c)
}

// formatsInPlace judges a formatter that rewrites its operands (the
// current directory when it names none): each as a write there, low
// inside the workspace; an operand not known now may be anywhere.
func formatsInPlace(c *call) {
	ops := positional(c.args)
	if len(ops) == 0 {
		ops = []arg{{val: ".", pos: c.pos}}
	}
	worst := ruleFormatIn
	for _, a := range ops {
		if a.dyn {
			c.raise(lintRule)
			return
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
