package classify

import (
	"slices"
	"strings"
	"testing"
)

// envSpellings are the ways an input gives variable V the value X for the
// command C. Each must get the verdict the prefix V=X C gets (design §2.7).
var envSpellings = []struct {
	name  string
	spell func(v, x, c string) string
}{
	{"prefix", func(v, x, c string) string { return v + "=" + x + " " + c }},
	{"env", func(v, x, c string) string { return "env " + v + "=" + x + " " + c }},
	{"export", func(v, x, c string) string { return "export " + v + "=" + x + "; " + c }},
	{"export-then-assign", func(v, x, c string) string { return "export " + v + "; " + v + "=" + x + "; " + c }},
	{"assign-then-export", func(v, x, c string) string { return v + "=" + x + "; export " + v + "; " + c }},
	{"declare-x", func(v, x, c string) string { return "declare -x " + v + "=" + x + "; " + c }},
	{"typeset-x", func(v, x, c string) string { return "typeset -x " + v + "=" + x + "; " + c }},
	{"declare-gx", func(v, x, c string) string { return "declare -gx " + v + "=" + x + "; " + c }},
	{"set-a", func(v, x, c string) string { return "set -a; " + v + "=" + x + "; " + c }},
	{"set-o-allexport", func(v, x, c string) string { return "set -o allexport; " + v + "=" + x + "; " + c }},
}

// envProgramFor is a program the variable changes, so that the variable
// matters to the command it is given to.
func envProgramFor(v string) string {
	switch {
	case strings.HasPrefix(v, "GIT_"), v == "SSH_ASKPASS":
		return "git fetch"
	case strings.HasPrefix(v, "PIP_"), strings.HasPrefix(v, "UV_"), strings.HasPrefix(v, "PYTHON"):
		return "pip install requests"
	case strings.HasPrefix(strings.ToUpper(v), "NPM_"), strings.HasPrefix(v, "YARN_"), strings.HasPrefix(v, "NODE_"), strings.HasPrefix(v, "BUN_"):
		return "npm install"
	case strings.HasPrefix(v, "GO"), strings.HasPrefix(v, "CGO_"):
		return "go build ./..."
	case strings.HasPrefix(v, "CARGO_"), strings.HasPrefix(v, "RUST"):
		return "cargo build"
	case strings.HasSuffix(v, "PAGER"), v == "LESSOPEN", v == "LESSCLOSE":
		return "git log"
	case strings.HasPrefix(v, "TAR_"):
		return "tar xf a.tar"
	case strings.HasPrefix(v, "UNZIP"):
		return "unzip a.zip"
	}
	return "ls"
}

// envTableVars are the variables of the environment tables, and two
// permguard does not know.
func envTableVars() []string {
	var vs []string
	for _, m := range []map[string]bool{envProgram.get(), envBenign.get(), envRegistry.get(), envBuildFlags.get(), commandVars.get()} {
		for v := range m {
			vs = append(vs, v)
		}
	}
	vs = append(vs, "FOO_UNKNOWN", "GIT_CONFIG_COUNT", "LD_BIND_NOW", "npm_config_script_shell")
	slices.Sort(vs)
	return slices.Compact(vs)
}

// TestEnvSpellingsAgree: for every variable of the environment tables,
// each spelling that gives it a value for a command gets the verdict of
// the prefix, with a plain value and with a command as the value.
func TestEnvSpellingsAgree(t *testing.T) {
	for _, v := range envTableVars() {
		if strings.HasPrefix(v, "HOME") || v == "IFS" {
			// HOME moves ~ for every later word, IFS splits them: as a
			// prefix neither changes the words of its own command
			continue
		}
		c := envProgramFor(v)
		for _, x := range []string{"/tmp/x", "'rm -rf ~'"} {
			want := Classify(v+"="+x+" "+c, testEnv)
			for _, sp := range envSpellings[1:] {
				cmd := sp.spell(v, x, c)
				got := Classify(cmd, testEnv)
				if got.Level != want.Level || got.Dangerous != want.Dangerous {
					t.Errorf("%s: Classify(%q) = %v dangerous=%v (%s), but the prefix gets %v dangerous=%v (%s)",
						sp.name, cmd, got.Level, got.Dangerous, ruleIDs(got), want.Level, want.Dangerous, ruleIDs(want))
				}
			}
		}
	}
}

// TestSplitRead: read's fields with an IFS other than blanks, each row as
// bash 5 splits it (checked on bash here).
func TestSplitRead(t *testing.T) {
	cases := map[string]struct {
		line, ifs string
		n         int
		vals      []string
		fields    []string
	}{
		"two names":                   {"rm,-rf", ",", 2, []string{"rm", "-rf"}, []string{"rm", "-rf"}},
		"last takes one trailing":     {"x,y,", ",", 2, []string{"x", "y"}, []string{"x", "y"}},
		"last takes the rest":         {"x,y,z,", ",", 2, []string{"x", "y,z,"}, []string{"x", "y", "z"}},
		"blanks around delimiters":    {" x , y,,z ", ", ", 3, []string{"x", "y", ",z"}, []string{"x", "y", "", "z"}},
		"one name keeps the line":     {"p:q:", ":", 1, []string{"p:q:"}, []string{"p", "q"}},
		"empty field kept":            {"p,,q,", ",", 4, []string{"p", "", "q", ""}, []string{"p", "", "q"}},
		"fewer fields than names":     {"a", ",", 3, []string{"a", "", ""}, []string{"a"}},
		"empty line":                  {"", ",", 2, []string{"", ""}, nil},
		"colon and blank, many names": {"a: b :c", ": ", 3, []string{"a", "b", "c"}, []string{"a", "b", "c"}},
	}
	for name, tc := range cases {
		vals, fields := splitRead(tc.line, tc.ifs, tc.n)
		if !slices.Equal(vals, tc.vals) || !slices.Equal(fields, tc.fields) {
			t.Errorf("%s: splitRead(%q, %q, %d) = %q %q, want %q %q", name, tc.line, tc.ifs, tc.n, vals, fields, tc.vals, tc.fields)
		}
	}
}

// TestExportScope checks where an export ends (design §2.7): a subshell, a
// pipeline's side and a function's local -x undo it; a branch that may run
// and a function's plain export keep it. Each later ls sees the unknown
// variable exactly when bash would give it one.
func TestExportScope(t *testing.T) {
	cases := []struct {
		cmd  string
		seen bool // ls is judged with FOO_UNKNOWN in its environment
	}{
		{`(export FOO_UNKNOWN=1); ls`, false},
		{`export FOO_UNKNOWN=1 | cat; ls`, false},
		{`(set -o allexport; FOO_UNKNOWN=1); ls`, false},
		{`f() { local -x FOO_UNKNOWN=1; }; f; ls`, false},
		{`f() { declare -x FOO_UNKNOWN=1; }; f; ls`, false},
		{`f() { local -x FOO_UNKNOWN=1; ls; }; f`, true},
		{`f() { declare -gx FOO_UNKNOWN=1; }; f; ls`, true},
		{`f() { export FOO_UNKNOWN=1; }; f; ls`, true},
		{`if c; then export FOO_UNKNOWN=1; fi; ls`, true},
		{`export FOO_UNKNOWN=1; (export -n FOO_UNKNOWN); ls`, true},
		{`export FOO_UNKNOWN=1; f() { local -x FOO_UNKNOWN=2; }; f; ls`, true},
		{`export FOO_UNKNOWN=1; ls`, true},
	}
	for _, tc := range cases {
		v := Classify(tc.cmd, testEnv)
		n := strings.Count(ruleIDs(v), ruleEnvUnknown.id)
		if got := n > 0; got != tc.seen {
			t.Errorf("Classify(%q): ls sees the export = %v (%s), want %v", tc.cmd, got, ruleIDs(v), tc.seen)
		}
	}
}
