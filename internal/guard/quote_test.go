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
		{"it's", `'it'\''s'`},
		{"a\nb", `$'a\nb'`},
		{"a'\\\x01\xff", `$'a\'\\\x01\xff'`},
		{"tab\there", "'tab\there'"},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
