package settings

import (
	"regexp"
	"strings"
	"testing"
)

var globCases = []struct {
	pattern string
	text    string
	match   bool
}{
	{pattern: "git push", text: "git push", match: true},
	{pattern: "git push", text: "git push origin", match: false},
	{pattern: "git push *", text: "git push origin main", match: true},
	{pattern: "git push *", text: "git push", match: true}, // " *" also matches no arguments
	{pattern: "git push *", text: "git pushx", match: false},
	{pattern: "git push*", text: "git pushx", match: true},
	{pattern: "rm -rf *", text: "rm -rf /", match: true},
	{pattern: "*", text: "", match: true},
	{pattern: "*", text: "anything at all / here", match: true},
	{pattern: "npm run ?", text: "npm run a", match: true},
	{pattern: "npm run ?", text: "npm run ab", match: false},
	{pattern: "echo ?", text: "echo é", match: true}, // one character, not one byte
	{pattern: "a*b*c", text: "axxbyyc", match: true},
	{pattern: "a*b*c", text: "axxbyy", match: false},
	{pattern: "*.env", text: "cat .env", match: true},
	{pattern: `echo \*`, text: "echo *", match: true},
	{pattern: `echo \*`, text: "echo x", match: false},
	{pattern: `echo \?`, text: "echo x", match: false},
	{pattern: "Git push", text: "git push", match: false}, // case-sensitive
	{pattern: "**a", text: "bba", match: true},
	{pattern: "*a*a*a*a*a*b", text: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", match: false},
}

func TestGlobMatch(t *testing.T) {
	for _, tc := range globCases {
		g, err := CompileGlob(tc.pattern)
		if err != nil {
			t.Errorf("CompileGlob(%#q) = %v", tc.pattern, err)
			continue
		}
		if got := g.Match(tc.text); got != tc.match {
			t.Errorf("Match(%#q, %#q) = %v, want %v", tc.pattern, tc.text, got, tc.match)
		}
	}
}

func TestGlobInvalid(t *testing.T) {
	for _, p := range []string{"", " ls", "ls ", "git  push", "ls\tx", "ls\nrm", `a\`, `a\\\`, string(make([]byte, 2000))} {
		if _, err := CompileGlob(p); err == nil {
			t.Errorf("CompileGlob(%q) = nil error, want one", p)
		}
	}
	if _, err := CompileGlob(`a\\`); err != nil {
		t.Errorf("CompileGlob(`a\\\\`) = %v, want nil", err)
	}
}

func FuzzGlob(f *testing.F) {
	for _, tc := range globCases {
		f.Add(tc.pattern, tc.text)
	}
	f.Fuzz(func(t *testing.T, pattern, text string) {
		g, err := CompileGlob(pattern)
		if err != nil {
			return
		}
		if got, want := g.Match(text), referenceMatch(g, text); got != want {
			t.Errorf("Match(%#q, %#q) = %v, the reference says %v", pattern, text, got, want)
		}
		if !g.HasWildcard() && !g.Match(unescape(pattern)) {
			t.Errorf("a pattern without wildcards does not match itself: %q", pattern)
		}
		// The rule "Always allow" saves: the escaped command matches it
		// and nothing longer.
		if eg, err := CompileGlob(EscapeGlob(text)); err == nil && (!eg.Match(text) || eg.Match(text+"x") || eg.HasWildcard()) {
			t.Errorf("EscapeGlob(%q) = %q: matches itself %v, matches more %v", text, eg, eg.Match(text), eg.Match(text+"x"))
		}
	})
}

func unescape(p string) string {
	var out []byte
	for i := 0; i < len(p); i++ {
		if p[i] == '\\' {
			i++
		}
		out = append(out, p[i])
	}
	return string(out)
}

// referenceMatch is Match done by the regexp package, which the fuzz
// target holds the fast matcher to.
func referenceMatch(g Glob, s string) bool {
	var b strings.Builder
	b.WriteString(`^(?s:`)
	for _, t := range g.toks {
		switch {
		case t.star:
			b.WriteString(`.*`)
		case t.one:
			b.WriteString(`.`)
		default:
			b.WriteString(regexp.QuoteMeta(t.lit))
		}
	}
	b.WriteString(`)$`)
	if regexp.MustCompile(b.String()).MatchString(s) {
		return true
	}
	n := len(g.toks)
	if n >= 2 && g.toks[n-1].star && !g.toks[n-2].star && !g.toks[n-2].one && strings.HasSuffix(g.toks[n-2].lit, " ") {
		trimmed := Glob{toks: append(append([]globTok(nil), g.toks[:n-2]...), globTok{lit: strings.TrimSuffix(g.toks[n-2].lit, " ")})}
		return referenceMatch(trimmed, s)
	}
	return false
}

func TestGlobAgainstReference(t *testing.T) {
	for _, tc := range globCases {
		g, _ := CompileGlob(tc.pattern)
		if got, want := g.Match(tc.text), referenceMatch(g, tc.text); got != want {
			t.Errorf("Match(%#q, %#q) = %v, the reference says %v", tc.pattern, tc.text, got, want)
		}
	}
}

func TestWidenedPattern(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"npm", "run", "dev", "--", "--port", "3000"}, "npm run dev *"},
		{[]string{"npm", "run", "dev"}, "npm run dev *"},
		{[]string{"git", "push", "origin", "feat*"}, `git push origin feat\* *`},
		{[]string{"a", "b", "c", "d", "e", "f"}, "a b c d *"},
		{[]string{"-x"}, ""},
	} {
		if got := WidenedPattern(tc.argv); got != tc.want {
			t.Errorf("WidenedPattern(%q) = %q, want %q", tc.argv, got, tc.want)
		}
		if tc.want == "" {
			continue
		}
		g, err := CompileGlob(tc.want)
		if err != nil || g.Exact() {
			t.Errorf("CompileGlob(%q) = exact %v, %v", tc.want, g.Exact(), err)
		}
	}
	if g, _ := CompileGlob("npm run dev"); !g.Exact() || g.Match("npm run dev -- --port 3000") {
		t.Error(`"npm run dev" must be exact and not match a longer command`)
	}
}
