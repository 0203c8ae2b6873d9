package classify

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// Respellings of one simple command that bash runs the same way, or that
// only hide a value: each must be judged at least as severely as the
// command itself (design §2.3, §2.6, §2.10). FuzzClassify checks them on
// every input it makes, through checkInvariants.

// respellings returns the variants of the simple command a:
//   - a path under the home directory written through $HOME, ${HOME}, ~
//     and $(echo ~): the same path (§2.6);
//   - an option's glued value --opt=VALUE made unknown (--opt=$V,
//     --opt="$V"): its worst value (§2.10).
func respellings(a string) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(a), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 || len(ce.Args) < 2 {
		return nil
	}
	var words []string
	for _, w := range ce.Args {
		lit := w.Lit()
		if lit == "" {
			return nil // only plain words, so that a variant changes one thing
		}
		words = append(words, lit)
	}
	var out []string
	with := func(i int, s string) {
		ws := append([]string(nil), words...)
		ws[i] = s
		out = append(out, strings.Join(ws, " "))
	}
	home := testEnv.Home + "/"
	for i, w := range words[1:] {
		i++
		if rest, ok := strings.CutPrefix(w, home); ok && rest != "" {
			with(i, `"$HOME/`+rest+`"`)
			with(i, `${HOME}/`+rest)
			with(i, `~/`+rest)
			with(i, `"$(echo ~)/`+rest+`"`)
		}
		if opt, val, ok := strings.Cut(w, "="); ok && strings.HasPrefix(opt, "--") && val != "" {
			with(i, opt+`=$V`)
			with(i, opt+`="$V"`)
		}
	}
	return out
}

// respellingGaps are table rows whose respellings are still judged below
// them: the handler compares an option's value with the bad ones but does
// not yet count an unknown value as the worst of them (design §2.3). They
// are open work, listed so that the check covers every other row; a gap
// that closes fails TestRespellings until it is taken off this list.
var respellingGaps = map[string]string{
	"date --file=/home/u/.ssh/id_rsa":                       "an unknown --file is not read as a secret",
	"diff --from-file=/home/u/.ssh/id_rsa /dev/null":        "an unknown --from-file is not read as a secret",
	"wc --files0-from=/home/u/.ssh/id_rsa":                  "an unknown --files0-from is not read as a secret",
	"git config --file=/home/u/.pypirc --get pypi.password": "an unknown --file is not read as a secret",
	"git config --file=.claude/settings.json a.b c":         "an unknown --file is not a guard file",
	"git config --fil=.claude/settings.json a.b c":          "an unknown --file is not a guard file",
	"esbuild x.js --outfile=/home/u/.bashrc":                "an unknown output is not a startup file",
	"git diff --output=/etc/passwd":                         "an unknown output is not a system file",
	"git log --output=/home/u/.bashrc":                      "an unknown output is not a startup file",
	"iconv -f utf8 -t ascii --output=/home/u/.bashrc x":     "an unknown output is not a startup file",
	"less --LOG-FILE=/home/u/.bashrc x":                     "an unknown log file is not a startup file",
	"tar -cf x.tar --listed-incremental=/home/u/.bashrc .":  "an unknown snapshot file is not a startup file",
	"tar -cvf x.tar --index-file=/home/u/.bashrc .":         "an unknown index file is not a startup file",
	"tar -xf x.tar --one-top-level=/home/u/x":               "an unknown --one-top-level is not outside the workspace",
	"gh api --method=delete /repos/owner/repo/hooks/1":      "an unknown --method is not DELETE",
	"wget --method=DELETE http://localhost:9200/idx":        "an unknown --method is not DELETE",
	"cloc --report-file=/etc/cron.d/x .":                    "an unknown report file is not a system file",
	"flake8 --output-file=/home/u/.profile src":             "an unknown output is not a startup file",
	// a named file in the home directory that runs code later is
	// overwritten, dangerous whatever position names it (design §2.6);
	// an unknown one is write-unknown, high
	"cp --target-directory=/home/u/.local/bin x":                "an unknown target directory is not one that runs code later",
	"git checkout-index -a --prefix=/home/u/.config/autostart/": "an unknown prefix is not a directory that runs code later",

	// an unknown output file is write-unknown, high, not a guard file
	"wget --output-doc=.claude/settings.json https://x.example/s":        "an unknown output is not a guard file",
	"curl -sL --output-dir=.claude -O https://example.com/settings.json": "an unknown output directory is not a guard directory",
	// an unknown tree of a tool that loads code from it and writes into
	// it is load-code-outside, high, as an unknown tree is build-outside
	// (gradle -p $V), not a guard directory
	"pytest --rootdir=.codex":                         "an unknown --rootdir is not a guard directory",
	"cabal build --project-file=.codex/cabal.project": "an unknown --project-file is not in a guard directory",
	// an unknown option of a compiler is build-dynamic-option, high
	"rustc --emit=dep-info=/home/u/.bashrc,link x.rs": "an unknown --emit list is not a startup file",
}

// checkRespellings fails when a respelling of a is judged below a.
func checkRespellings(t *testing.T, a string, va Verdict) {
	t.Helper()
	if _, gap := respellingGaps[a]; gap {
		return
	}
	for _, r := range respellings(a) {
		if vr := Classify(r, testEnv); severity(vr) < severity(va) {
			t.Errorf("Classify(%q) = %v/%v, below Classify(%q) = %v/%v", r, vr.Level, vr.Dangerous, a, va.Level, va.Dangerous)
		}
	}
}

// TestRespellings runs the check over every table row, and shows that it
// can fail.
func TestRespellings(t *testing.T) {
	n := 0
	for _, table := range allCases() {
		for _, tc := range table {
			if vs := respellings(tc.cmd); len(vs) > 0 {
				n++
				checkRespellings(t, tc.cmd, Classify(tc.cmd, testEnv))
			}
		}
	}
	for a, why := range respellingGaps {
		va, below := Classify(a, testEnv), false
		for _, r := range respellings(a) {
			below = below || severity(Classify(r, testEnv)) < severity(va)
		}
		if !below {
			t.Errorf("respellingGaps: %q (%s) is closed: take it off the list", a, why)
		}
	}
	if n < 50 {
		t.Errorf("only %d table rows have respellings; the check tests too little", n)
	}
	if got := respellings("cat /home/u/.ssh/id_rsa"); len(got) != 4 || got[0] != `cat "$HOME/.ssh/id_rsa"` {
		t.Errorf("respellings = %q", got)
	}
	if got := respellings("rg --pre=cat x"); len(got) != 2 || got[0] != "rg --pre=$V x" {
		t.Errorf("respellings = %q", got)
	}
}
