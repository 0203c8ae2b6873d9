package guard

import (
	"strings"
	"testing"
)

func TestDisplayCommand(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ls -la", "ls -la"},
		{"\n\n  ls -la  \n", "ls -la"},
		{"ls\nrm -rf /", "ls …"},
		{"echo \x1b[2Jhi", `echo \x1b[2Jhi`},
		{"echo \u202egnp.exe", `echo \u202egnp.exe`},
		{"ls \xff\tx", "ls \\xff\tx"},
		{"", "(empty command)"},
		{strings.Repeat("é", 250), strings.Repeat("é", 200) + " …"},
	}
	for _, tt := range tests {
		if got := DisplayCommand(tt.in); got != tt.want {
			t.Errorf("DisplayCommand(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ls -la", "'ls -la'"},
		{"", "''"},
		{"it's", `"it's"`},
		{"plain", "'plain'"},
		{"a\x00b", `a$'\x00'b`},
		{"a\nb", `$'a\nb'`},
		{"a'\\\x01\xff", `$'a\'\\\x01\xff'`},
		{"tab\there", `$'tab\there'`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestCommandLine(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{argv: []string{"git", "push", "origin", "main"}, want: "git push origin main"},
		{argv: []string{"echo", "a b", "$HOME", "*", "", "x=1"}, want: `echo 'a b' '$HOME' '*' '' x=1`},
		{argv: []string{"FOO=1", "ls"}, want: "'FOO=1' ls"},
		{argv: []string{"if", "true"}, want: "'if' true"},
		{argv: []string{"printf", "a\nb"}, want: `printf $'a\nb'`},
		{argv: []string{"./run.sh", "--flag=v,w", "@x", "%y", "a:b"}, want: "./run.sh --flag=v,w @x %y a:b"},
		{argv: []string{"npm", "--prefix=~/x", "a==b", "="}, want: "npm '--prefix=~/x' a==b '='"},
	}
	for _, tt := range tests {
		if got := CommandLine(tt.argv); got != tt.want {
			t.Errorf("CommandLine(%q) = %s, want %s", tt.argv, got, tt.want)
		}
	}
}
