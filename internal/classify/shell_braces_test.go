package classify

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TestBraceFields checks the count against the library's own expansion,
// which is what the count stands in for.
func TestBraceFields(t *testing.T) {
	for _, src := range []string{
		"plain", "{a,b}", "x{a,b}y", "{a,b}{c,d,e}", "{a,{b,c}}", "{a,{b,{c,d}}}x{1,2}",
		"{1..10}", "{10..1}", "{1..10..3}", "{-5..5..-2}", "{a..e}", "{z..a}", "{a..5}", "{01..10}",
		"{1..3}{a,b}", "{}", "{a}", "{a,}", "{,}", "'{a,b}'", `\{a,b}`, "{a,b}\"{c,d}\"",
		"{{a,b},{c,d}}{1..4}", "pre{x,y}{1..2}post",
	} {
		word := parseWord(t, src)
		want, err := expand.Fields(nil, word)
		if err != nil {
			t.Fatalf("expand %q: %v", src, err)
		}
		if got := braceFields(word, 1000); got != len(want) {
			t.Errorf("braceFields(%q) = %d, want %d (%q)", src, got, len(want), want)
		}
	}
	for _, src := range []string{
		strings.Repeat("{a,b}", 64), "{1..9223372036854775807}", "{-9223372036854775808..9223372036854775807}",
		"{1..100000}{a,b}", strings.Repeat("{a,", 60) + "b" + strings.Repeat("}", 60) + strings.Repeat("{a,b}", 20),
	} {
		if got := braceFields(parseWord(t, src), 256); got != 257 {
			t.Errorf("braceFields(%.40q) = %d, want the saturated 257", src, got)
		}
	}
}

func parseWord(t *testing.T, src string) *syntax.Word {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader("echo "+src), "")
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
}
