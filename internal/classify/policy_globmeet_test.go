package classify

import "testing"

func TestGlobsMeet(t *testing.T) {
	tests := []struct {
		a, b    string
		dotglob bool
		want    bool
	}{
		{"credentials", "credentials", false, true},
		{"credentials", "credential", false, false},
		{".*", ".aws", false, true},
		{"*", ".aws", false, false},
		{"*", ".aws", true, true},
		{"?aws", ".aws", false, false},
		{".ss?", ".ssh", false, true},
		{"id_*", "id_*", false, true},
		{"id_*", "*.pub", false, true},
		{"*.log", "*.pem", false, false},
		{"*.p*", "*.pem", false, true},
		{"[a-c]ws", "aws", false, true},
		{"[!a]ws", "aws", false, false},
		{"[abc]", "[xyz]", false, true}, // two brackets are assumed to overlap
		{"c*r*e*d*s", "credentials", false, true},
		{"c*r*e*d*x", "credentials", false, false},
		{`\*`, "*", false, true},
		// POSIX classes hold a ], which does not end the bracket
		{"[[:alpha:]]ooks", "hooks", false, true},
		{"co[[:alpha:]]fig", "config", false, true},
		{"[[:digit:]]ooks", "hooks", false, false},
		{"[![:digit:]]ooks", "hooks", false, true},
		{"[[:alnum:]_]ws", "aws", false, true},
		{"[[:upper:]]ws", "aws", false, false},
		{"[[=h=]]ooks", "hooks", false, true},
		{"[[:nosuch:]]ooks", "hooks", false, true}, // unknown: errs toward a match
		{".[[:alpha:]]sh", ".ssh", false, true},
	}
	for _, tt := range tests {
		if got := globsMeet(tt.a, tt.b, tt.dotglob); got != tt.want {
			t.Errorf("globsMeet(%q, %q, %v) = %v, want %v", tt.a, tt.b, tt.dotglob, got, tt.want)
		}
		if got := globsMeet(tt.b, tt.a, tt.dotglob); got != tt.want {
			t.Errorf("globsMeet(%q, %q, %v) = %v, want %v", tt.b, tt.a, tt.dotglob, got, tt.want)
		}
	}
}

// TestLookupVar checks where a path variable's value comes from: the
// input first, then the environment with its defaults, never the
// environment once the input may have changed it.
func TestLookupVar(t *testing.T) {
	env := testEnv
	env.Vars = map[string]string{"USER": "u", "XDG_CONFIG_HOME": "/cfg"}
	tests := []struct {
		input, name, want string
		ok                bool
	}{
		{"true", "HOME", "/home/u", true},
		{"true", "XDG_CONFIG_HOME", "/cfg", true},
		{"true", "XDG_STATE_HOME", "/home/u/.local/state", true},
		{"true", "PERMGUARD_CONFIG_DIR", "/cfg/permguard", true},
		{"true", "LOGNAME", "u", true},
		{"true", "PWD", "/home/u/proj", true},
		{"true", "OLDPWD", "", false},
		{"true", "EDITOR", "", false},
		{"echo $HOME ${HOME} ${HOME:-x}", "HOME", "/home/u", true},
		{"read HOME", "HOME", "", false},
		{"for USER in a; do :; done", "USER", "", false},
		{": ${XDG_CONFIG_HOME:=/x}", "XDG_CONFIG_HOME", "", false},
		{`eval XDG_CON""FIG_HOME=/x`, "XDG_CONFIG_HOME", "", false},
		{"echo $OLDPWD", "PWD", "/home/u/proj", true},
	}
	for _, tt := range tests {
		w := newWalker(env, len(tt.input))
		w.input = tt.input
		got, ok := w.lookupVar(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("in %q, lookupVar(%s) = %q, %v, want %q, %v", tt.input, tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzGlobsMeetStar: globsMeet decides a lone * without tokens, as the
// tokens would.
func FuzzGlobsMeetStar(f *testing.F) {
	for _, s := range []string{"", "a", ".a", `\.a`, "[.]a", "*", ".*", "?", "[!.]x", `\*`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, b string, dotglob bool) {
		if len(b) > maxGlobElem || b == "*" {
			return
		}
		if got, want := globsMeet("*", b, dotglob), tokensMeet("*", b, dotglob); got != want {
			t.Errorf("globsMeet(*, %q, %v) = %v, tokens say %v", b, dotglob, got, want)
		}
		if got, want := globsMeet(b, "*", dotglob), tokensMeet(b, "*", dotglob); got != want {
			t.Errorf("globsMeet(%q, *, %v) = %v, tokens say %v", b, dotglob, got, want)
		}
	})
}
