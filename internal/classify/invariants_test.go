package classify

import (
	"fmt"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// severity orders verdicts: a dangerous verdict ranks above high.
func severity(v Verdict) int {
	if v.Dangerous {
		return int(High) + 1
	}
	return int(v.Level)
}

// overLimit reports an input checkLimits refuses to parse.
func overLimit(src string) bool {
	l, _ := checkLimits(src)
	return l != LimitNone
}

// checkLimit checks the verdict of an input past a limit: it says which,
// it is at least high, and a floor that no setting replaces reports it.
func checkLimit(t *testing.T, src string, v Verdict) {
	t.Helper()
	if l, _ := checkLimits(src); l != LimitNone && v.Limit != l {
		t.Fatalf("Classify(%.80q) is past the %s limit, but its verdict says %s", src, l, v.Limit)
	}
	if v.Limit == LimitNone {
		return
	}
	if v.Level != High {
		t.Fatalf("Classify(%.80q) is past the %s limit at level %s, want high", src, v.Limit, v.Level)
	}
	found := false
	for _, r := range v.Floors {
		found = found || r.Limit == v.Limit
	}
	if !found {
		t.Fatalf("Classify(%.80q) is past the %s limit, but no floor says so: %v", src, v.Limit, v.Floors)
	}
}

// simpleCommand reports whether src is one complete command line that can
// be wrapped or joined textually: it parses, holds no comment (which would
// swallow what is appended) and no heredoc (whose terminator must end a
// line).
func simpleCommand(src string) bool {
	if strings.ContainsAny(src, "#\n\r") || strings.TrimSpace(src) == "" || overLimit(src) {
		return false
	}
	if strings.HasPrefix(src, "-") || strings.HasPrefix(src, "+") {
		return false // bash -c would read the script as an option
	}
	if trail := len(src) - len(strings.TrimRight(src, `\`)); trail%2 == 1 {
		return false // a final backslash would escape what is appended
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	simple := true
	syntax.Walk(f, func(n syntax.Node) bool {
		if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
			simple = false
		}
		return simple
	})
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	return simple && ok && len(ce.Args) > 0 && !f.Stmts[0].Background
}

// canonical prints the single statement of src the way the parser reads
// it, so that text appended to it cannot change how it tokenizes ("0;").
func canonical(src string) string {
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return src
	}
	var b strings.Builder
	if syntax.NewPrinter().Print(&b, f.Stmts[0]) != nil {
		return src
	}
	return b.String()
}

// wrappings are the ways of running a that must never lower its verdict.
func wrappings(a string) []string {
	q, err := syntax.Quote(a, syntax.LangBash)
	if err != nil {
		q = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return []string{
		"bash -c " + q,
		"sudo " + a,
		"(" + a + ")",
		"echo $(" + a + ")",
		"time " + a,
		"env X=1 " + a,
		a + " 2>/dev/null",
	}
}

// valueWrappings are ways of running the simple command a through values
// bash computes (design §2.10): an alias, the positional parameters, an
// array, IFS splitting, a function called with the command as its
// arguments, a script file written and then run. Each must be judged at
// least as a itself. The words of a are reused as written, so a must be
// a plain command: no assignments or redirections, which would not
// survive the move.
func valueWrappings(a string) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(a), "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) > 0 {
		return nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return nil
	}
	words := strings.TrimSpace(canonical(a))
	q, err := syntax.Quote(words, syntax.LangBash)
	if err != nil {
		return nil
	}
	out := []string{
		"alias x=" + q + "\nx",
		"set -- " + words + "; \"$@\"",
		"a=(" + words + "); \"${a[@]}\"",
		"f() { \"$@\"; }; f " + words,
		"printf '%s\\n' " + q + " > s.sh; bash s.sh",
	}
	// IFS splitting, when every word is a plain literal without commas
	var lits []string
	for _, wd := range ce.Args {
		l := wd.Lit()
		if l == "" || !plainLit(l) || strings.Contains(l, ",") {
			lits = nil
			break
		}
		lits = append(lits, l)
	}
	if len(lits) > 0 {
		out = append(out, "IFS=,; c="+strings.Join(lits, ",")+"; $c")
	}
	return out
}

// checkInvariants fails t when composing a and b gives a verdict below
// either part, or when wrapping a lowers it.
func checkInvariants(t *testing.T, a, b string) {
	t.Helper()
	Classify(b, testEnv)
	if !simpleCommand(a) {
		return
	}
	a = canonical(a)
	if !simpleCommand(a) {
		return
	}
	va := Classify(a, testEnv)
	checkRespellings(t, a, va)
	for _, wrapped := range append(wrappings(a), valueWrappings(a)...) {
		if vw := Classify(wrapped, testEnv); severity(vw) < severity(va) {
			t.Errorf("Classify(%q) = %v/%v, below Classify(%q) = %v/%v", wrapped, vw.Level, vw.Dangerous, a, va.Level, va.Dangerous)
		}
	}
	if !simpleCommand(b) {
		return
	}
	if b = canonical(b); !simpleCommand(b) {
		return
	}
	vb := Classify(b, testEnv)
	// In a pipe, b reads the pipe, not the terminal: it is compared with b
	// reading a file, since a shell or interpreter alone is interactive
	// (dangerous: what is typed into it later passes no check), and with
	// its input given it is not.
	vbIn := Classify(b+" </dev/null", testEnv)
	for _, op := range []string{"; ", " && ", " || ", " | "} {
		joined := a + op + b
		vj := Classify(joined, testEnv)
		wb := vb
		if op == " | " {
			wb = vbIn
		}
		if severity(vj) < severity(va) || severity(vj) < severity(wb) {
			t.Errorf("Classify(%q) = %v/%v, below a part (%v/%v, %v/%v)", joined, vj.Level, vj.Dangerous, va.Level, va.Dangerous, wb.Level, wb.Dangerous)
		}
	}
}

func TestInvariants(t *testing.T) {
	all := append(append([]classifyCase{}, classifyCases...), infraCases...)
	for i, tc := range all {
		checkInvariants(t, tc.cmd, all[(i*7+3)%len(all)].cmd)
	}
}

func TestDeterministic(t *testing.T) {
	for _, tc := range classifyCases {
		a, b := Classify(tc.cmd, testEnv), Classify(tc.cmd, testEnv)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("Classify(%q) differs between two calls:\n%v\n%v", tc.cmd, a, b)
		}
	}
}

// FuzzClassify checks, whatever the input: no panic, at least one reason,
// the same verdict twice, never below high when the input does not parse,
// commands that form a tree (checkFrames), every reason with a stage, an
// effect and its rule's one message (checkReasons), and the composition
// and wrapping invariants.
func FuzzClassify(f *testing.F) {
	all := append(append(append([]classifyCase{}, classifyCases...), infraCases...), dataflowCases...)
	for i, tc := range all {
		f.Add(tc.cmd, all[(i+1)%len(all)].cmd)
		if i%5 == 0 {
			// a few of the value wrappings as whole inputs, for the
			// fuzzer to mutate
			for _, wrapped := range valueWrappings(tc.cmd) {
				f.Add(wrapped, tc.cmd)
			}
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		v := Classify(a, testEnv)
		if len(v.Reasons) == 0 {
			t.Fatalf("Classify(%q) has no reasons", a)
		}
		if v2 := Classify(a, testEnv); fmt.Sprint(v) != fmt.Sprint(v2) {
			t.Fatalf("Classify(%q) is not deterministic", a)
		}
		if !overLimit(a) {
			if _, err := syntax.NewParser().Parse(strings.NewReader(a), ""); err != nil && v.Level < High {
				t.Fatalf("Classify(%q) = %v although it does not parse", a, v.Level)
			}
		}
		checkFrames(t, a, v)
		checkLimit(t, a, v)
		checkReasons(t, a, v)
		checkInvariants(t, a, b)
	})
}

func ExampleClassify() {
	v := Classify("git status && rm -rf ~", Env{Workspace: "/home/u/proj", Home: "/home/u"})
	fmt.Println(v.Level, v.Dangerous)
	for _, r := range v.Reasons {
		fmt.Println(r)
	}
	// Output:
	// high true
	// 1:1 git status: minimal: reads the repository (rule git-read)
	// 1:15 rm -rf ~: medium: deletes files (rule rm)
	// 1:15 rm -rf ~: dangerous: deletes your home directory: deletes recursively and by force, without asking (rule rm-recursive-force)
}

// TestReasonsOnce: a reason is given once. The same rule at the same place
// with the same message said twice tells a person nothing more, and once
// hid that two stages judged the same redirect.
func TestReasonsOnce(t *testing.T) {
	for _, table := range allCases() {
		for _, tc := range table {
			seen := map[Reason]bool{}
			for _, r := range Classify(tc.cmd, testEnv).Reasons {
				if seen[r] {
					t.Errorf("Classify(%q) gives reason %s at %v twice", tc.cmd, r.Rule, r.Pos)
				}
				seen[r] = true
			}
		}
	}
}
