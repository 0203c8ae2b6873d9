package classify

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// FuzzQuoteArgv holds quoteArgv to what it promises: the line it writes
// is one command whose words, as bash expands them, are the words given,
// except that a word that is only an operator is that operator, a
// leading ~ is the home directory and a first word NAME=value an
// assignment.
func FuzzQuoteArgv(f *testing.F) {
	f.Add("rm", "-rf", "a b")
	f.Add("echo", "it's", "$(id)")
	f.Add("ls", "*", "~/x y")
	f.Add("printf", "%s\n", "\\")
	f.Add("cat", "a", "~root/.profile")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		words := []string{a, b, c}
		for _, w := range words {
			// (a JSON string is valid UTF-8 once decoded)
			if w == "" || strings.ContainsRune(w, 0) || !utf8.ValidString(w) || strings.HasPrefix(w, "~") || isOperatorWord(w) {
				return
			}
		}
		if assignment.MatchString(a) {
			return
		}
		line := quoteArgv(words)
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
		if err != nil {
			t.Fatalf("quoteArgv(%q) = %q, which does not parse: %v", words, line, err)
		}
		if len(f.Stmts) != 1 {
			t.Fatalf("quoteArgv(%q) = %q: %d statements", words, line, len(f.Stmts))
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(f.Stmts[0].Redirs) > 0 || f.Stmts[0].Background {
			t.Fatalf("quoteArgv(%q) = %q: not one plain command", words, line)
		}
		got, err := expand.Fields(&expand.Config{}, call.Args...)
		if err != nil || !slices.Equal(got, words) {
			t.Fatalf("quoteArgv(%q) = %q, read back as %q (%v)", words, line, got, err)
		}
	})
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\+?=`)

func isOperatorWord(w string) bool {
	return slices.Contains([]string{"|", ">", ">>", "<", ";", "&&", "||", "&"}, w)
}

// TestFileURL: a file: URL is the path a browser, or Node's
// fileURLToPath, reads in it.
func TestFileURL(t *testing.T) {
	for _, tc := range []struct {
		name, url, path string
		ok              bool
	}{
		{"three slashes", "file:///home/u/a", "/home/u/a", true},
		{"capitals", "FILE:///home/u/a", "/home/u/a", true},
		{"mixed case", "File:///home/u/a", "/home/u/a", true},
		{"one slash", "file:/home/u/a", "/home/u/a", true},
		{"localhost", "file://localhost/home/u/a", "/home/u/a", true},
		{"LOCALHOST", "file://LOCALHOST/home/u/a", "/home/u/a", true},
		{"percent-encoded", "file:///home/u/%2Essh/id_rsa", "/home/u/.ssh/id_rsa", true},
		{"a space", "file:///home/u/my%20notes", "/home/u/my notes", true},
		{"two slashes for three", "file://home/u/a", "/home/u/a", true},
		{"relative", "file:notes/a.md", "notes/a.md", true},
		{"bad escape", "file:///home/u/%zz", "/home/u/%zz", true},
		{"an escape cut short", "file:///home/u/a%2", "/home/u/a%2", true},
		{"a query and a fragment", "file:///home/u/a?x=1#top", "/home/u/a", true},
		{"a host alone", "file://localhost", "/", true},
		{"no scheme", "/home/u/a", "", false},
		{"another scheme", "https://example.com/a", "", false},
	} {
		if p, ok := fileURL(tc.url); p != tc.path || ok != tc.ok {
			t.Errorf("%s: fileURL(%q) = %q, %v; want %q, %v", tc.name, tc.url, p, ok, tc.path, tc.ok)
		}
	}
}

// TestQuoteArgvReadings: the two readings quoteArgv keeps from a shell's.
func TestQuoteArgvReadings(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"cat", "a", "|", "sh"}, "cat a | sh"},
		{[]string{"echo", "x", ">", "out"}, "echo x > out"},
		{[]string{"ls", "~"}, "ls ~"},
		{[]string{"ls", "~/a b"}, "ls ~/'a b'"},
		{[]string{"ls", "~root/x"}, "ls ~root/x"},
		{[]string{"ls", "~$(id)"}, "ls '~$(id)'"},
		{[]string{"echo", "a|b"}, "echo 'a|b'"},
		{[]string{"A=1", "env"}, "A=1 env"},
	} {
		if got := quoteArgv(tc.words); got != tc.want {
			t.Errorf("quoteArgv(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// FuzzPercentDecoded: where net/url can decode a path, percentDecoded
// decodes it the same; where it cannot, the text stays as written but
// for the escapes that are whole.
func FuzzPercentDecoded(f *testing.F) {
	for _, s := range []string{"/a/%2Essh", "%41%42", "%zz", "a%2", "%", "%%41", "/home/%C3%A9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := url.PathUnescape(s)
		if got := percentDecoded(s); err == nil && got != want {
			t.Errorf("percentDecoded(%q) = %q, net/url says %q", s, got, want)
		}
	})
}
