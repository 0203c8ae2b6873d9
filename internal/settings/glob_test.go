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

// denyCases are deny rules: the command with any arguments after it,
// unless the pattern ends in "$".
var denyCases = []struct {
	pattern string
	text    string
	match   bool
}{
	{pattern: "git push", text: "git push", match: true},
	{pattern: "git push", text: "git push origin main", match: true},
	{pattern: "git push", text: "git push --force", match: true},
	{pattern: "git push", text: "git pushx", match: false},
	{pattern: "git push", text: "git", match: false},
	{pattern: "git push", text: "echo git push", match: false},
	{pattern: "git push$", text: "git push", match: true},
	{pattern: "git push$", text: "git push origin main", match: false},
	{pattern: `echo \$`, text: "echo $", match: true},
	{pattern: `echo \$`, text: "echo $ x", match: true},
	{pattern: `echo \$`, text: "echo", match: false},
	{pattern: `echo \\$`, text: `echo \`, match: true}, // an escaped backslash, then the exact mark
	{pattern: `echo \\$`, text: `echo \ x`, match: false},
	{pattern: "git push *", text: "git push", match: true},
	{pattern: "git push *", text: "git push origin", match: true},
	{pattern: "git push --force*", text: "git push --force-with-lease origin", match: true},
	{pattern: "git * --force", text: "git push --force origin main", match: true},
	{pattern: "git * --force$", text: "git push --force origin main", match: false},
	{pattern: "rm -r?", text: "rm -rf /", match: true},
	{pattern: "rm -r?", text: "rm -rfv", match: false},
	{pattern: "*", text: "", match: true},
}

func TestDenyMatch(t *testing.T) {
	for _, tc := range denyCases {
		g, err := CompileDeny(tc.pattern)
		if err != nil {
			t.Errorf("CompileDeny(%#q) = %v", tc.pattern, err)
			continue
		}
		if got := g.Match(tc.text); got != tc.match {
			t.Errorf("deny %#q matches %#q: %v, want %v", tc.pattern, tc.text, got, tc.match)
		}
		if got := g.String(); got != tc.pattern {
			t.Errorf("deny %#q: String() = %#q, want it as written", tc.pattern, got)
		}
	}
}

func TestDenyInvalid(t *testing.T) {
	for p, want := range map[string]string{
		"$":          `is only "$"`,
		"git push $": `has a space before the final "$"; write "git push$"`,
		" git push":  "starts or ends with white space",
	} {
		if _, err := CompileDeny(p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CompileDeny(%q) = %v, want an error saying %q", p, err, want)
		}
	}
}

// An allow pattern keeps its meaning: a "$" there is a dollar sign, and a
// pattern without "*" matches no command longer than itself.
func TestAllowPatternsUnchanged(t *testing.T) {
	for _, tc := range []struct{ pattern, text string }{
		{"git push", "git push origin main"},
		{"git push$", "git push"},
	} {
		g, err := CompileGlob(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if g.Match(tc.text) || g.Words() {
			t.Errorf("allow %#q matches %#q", tc.pattern, tc.text)
		}
	}
}

func TestAgentSyntax(t *testing.T) {
	for _, tc := range []struct {
		pattern, tool, arg string
		ok                 bool
	}{
		{pattern: "Bash(npm run test:*)", tool: "Bash", arg: "npm run test:*", ok: true},
		{pattern: "Bash(git push)", tool: "Bash", arg: "git push", ok: true},
		{pattern: "Read(~/.ssh/**)", tool: "Read", arg: "~/.ssh/**", ok: true},
		{pattern: "run_shell_command(git push)", tool: "run_shell_command", arg: "git push", ok: true},
		{pattern: "git push", ok: false},
		{pattern: "echo (x)", ok: false},
		{pattern: "(x)", ok: false},
		{pattern: "a-b(x)", ok: false},
		{pattern: "Bash(x", ok: false},
	} {
		tool, arg, ok := AgentSyntax(tc.pattern)
		if tool != tc.tool || arg != tc.arg || ok != tc.ok {
			t.Errorf("AgentSyntax(%q) = %q, %q, %v; want %q, %q, %v", tc.pattern, tool, arg, ok, tc.tool, tc.arg, tc.ok)
		}
	}
}

func TestRuleExamples(t *testing.T) {
	for _, tc := range []struct {
		pattern       string
		deny          bool
		matches, miss []string
	}{
		{pattern: "git push", deny: true, matches: []string{"git push", "git push x"}, miss: []string{"git pushx", "git", "echo git push"}},
		{pattern: "git push$", deny: true, matches: []string{"git push"}, miss: []string{"git push x", "git pushx", "git"}},
		{pattern: "npm run dev", matches: []string{"npm run dev"}, miss: []string{"npm run dev x", "npm run devx", "npm run"}},
		{pattern: "npm run *", matches: []string{"npm run", "npm run x"}, miss: []string{"npm runx", "npm", "echo npm run"}},
		{pattern: "*", matches: []string{"ls", "git push origin main"}},
	} {
		compile := CompileGlob
		if tc.deny {
			compile = CompileDeny
		}
		g, err := compile(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		matches, miss := RuleExamples(g)
		if strings.Join(matches, "|") != strings.Join(tc.matches, "|") || strings.Join(miss, "|") != strings.Join(tc.miss, "|") {
			t.Errorf("RuleExamples(%q) = %q, %q; want %q, %q", tc.pattern, matches, miss, tc.matches, tc.miss)
		}
	}
}

func FuzzDeny(f *testing.F) {
	for _, tc := range denyCases {
		f.Add(tc.pattern, tc.text, "x")
	}
	f.Fuzz(func(t *testing.T, pattern, text, more string) {
		g, err := CompileDeny(pattern)
		if err != nil {
			return
		}
		body, exact := cutExact(pattern)
		plain, err := CompileGlob(body)
		if err != nil {
			t.Fatalf("CompileDeny(%q) compiled, CompileGlob(%q) did not: %v", pattern, body, err)
		}
		// A deny rule matches at least what the pattern matches as
		// written: reading it as a prefix never drops a command.
		if plain.Match(text) && !g.Match(text) {
			t.Errorf("deny %#q does not match %#q, which the pattern matches as written", pattern, text)
		}
		// Exact, it matches nothing more; otherwise, a command it
		// matches with a word more is matched too.
		if exact && g.Match(text) != plain.Match(text) {
			t.Errorf("exact deny %#q: Match(%#q) = %v, the pattern as written says %v", pattern, text, g.Match(text), plain.Match(text))
		}
		if !exact && g.Match(text) && !g.Match(text+" "+more) {
			t.Errorf("deny %#q matches %#q but not %#q", pattern, text, text+" "+more)
		}
		// The reference: the pattern as written, or followed by a space
		// and anything.
		want := plain.Match(text)
		if !exact {
			for i := 0; i < len(text) && !want; i++ {
				want = text[i] == ' ' && plain.Match(text[:i])
			}
		}
		if got := g.Match(text); got != want {
			t.Errorf("deny %#q: Match(%#q) = %v, the reference says %v", pattern, text, got, want)
		}
		// What a person reads when saving it is what it does.
		matches, misses := RuleExamples(g)
		for _, s := range matches {
			if !g.Match(s) {
				t.Errorf("RuleExamples(%#q) says it matches %#q; it does not", pattern, s)
			}
		}
		for _, s := range misses {
			if g.Match(s) {
				t.Errorf("RuleExamples(%#q) says it does not match %#q; it does", pattern, s)
			}
		}
	})
}
