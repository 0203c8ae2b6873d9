package guard

import (
	"os/exec"
	"slices"
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

// TestPosixCommandLine: every word comes back exactly as given, through
// dash (sh) as through bash: the agents run the boxed command with either
// (opencode with /bin/sh, where bash's $'…' quoting is a syntax error).
func TestPosixCommandLine(t *testing.T) {
	words := []string{
		"plain", "", "two words", "it's", `"dq"`, "$HOME", "`id`", "$(id)", "a\nb", "tab\there",
		"\\back\\slash", "*.go", "~", "!bang", "semi;colon", "pipe|amp&", "ünï", "\x01ctl", "'''", "-n", "=x",
	}
	for _, shell := range []string{"sh", "bash"} {
		path, err := exec.LookPath(shell)
		if err != nil {
			t.Logf("%s not here", shell)
			continue
		}
		read := func(line string) []string {
			script := "set -- " + line + `; for w in "$@"; do printf '%s\0' "$w"; done`
			out, err := exec.Command(path, "-c", script).Output()
			if err != nil {
				t.Fatalf("%s: %v", shell, err)
			}
			return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		}
		if got := read(PosixCommandLine(words)); !slices.Equal(got, words) {
			t.Errorf("%s read\n%q\nwant\n%q", shell, got, words)
		}
		// the boxed command an agent's shell runs: a multi-line script
		// with quotes in it, as inline code is
		command := "python3 -c 'import os\nprint(\"it'\\''s\")'"
		want := []string{"/opt/pg bin/permguard", "exec", "--box", "--level", "low", "--cwd", "/w", "--", "bash", "-c", command}
		if got := read(BoxedCommand(want[0], "low", "/w", NetNone, command)); !slices.Equal(got, want) {
			t.Errorf("%s read the boxed command as\n%q\nwant\n%q", shell, got, want)
		}
	}
}
