package classify

import "testing"

// TestValuePathsHeldOut holds spellings kept out of the tables while the
// value following of issue 26 (every followed value reaches the one path
// resolver) was written, and run only once it was done: other paths,
// tools, operators and constructs than the table rows, to check that the
// mechanism generalizes.
func TestValuePathsHeldOut(t *testing.T) {
	cases := []struct {
		cmd       string
		level     Level
		dangerous bool
	}{
		// relative values, down to the plain path's level
		{`out=dist/bundle.js; tee "$out" < src/a.js`, Low, false},
		{`dir=target; mkdir -p $dir && touch "$dir/stamp"`, Low, false},
		{`p=docs/../README.md; sed -i s/a/b/ "$p"`, Low, false},
		{`cfg=.mcp.json; printf '{}' > "$cfg"`, High, true},
		{`hooks=.git/hooks; cp x "$hooks/pre-commit"`, High, false},
		// value constructs
		{`typeset -n ref=target; target=logs/run.log; date >> "$ref"`, Low, false},
		{`readarray -t fs <<< "notes/todo.md"; echo x > "${fs[0]}"`, Low, false},
		{`v=obj.o.tmp; mv a.o "${v%.tmp}"`, Low, false},
		{`v=/HOME/.profile; echo x >> "${v/\/HOME/$HOME}"`, High, false},
		{`s=~/.gitconfig.old; cp a "${s%.old}"`, High, true},
		{`printf -v t '%s/.bash_profile' "$HOME"; echo x > "$t"`, High, true},
		// associative arrays
		{`local -A cfg=([out]=build/x.o); cc -c a.c -o "${cfg[out]}"`, Medium, false},
		{`declare -A t; t[rc]=~/.zshrc; echo x > "${t[rc]}"`, High, true},
		{`declare -A c=([p]=git [v]=--force); ${c[p]} push ${c[v]}`, High, true},
		// text fed to a shell
		{`sh <<< "cat a > $HOME/.profile"`, High, true},
		{"dash -s -- ~/.bash_login <<'X'\ncat a > \"$1\"\nX", High, true},
		{"bash <<E\ncp a \"${HOME}/.bash_profile\"\nE", High, true},
		// defaults and pwd
		{`: "${RC:=$HOME/.zprofile}"; echo x > "$RC"`, High, true},
		{`cp a "$(cd && pwd)/.profile"`, High, true},
		{`touch "$(pwd)/src/new.go"`, Low, false},
	}
	for _, tc := range cases {
		// (each level is the plain path's: ~/.profile appended to is
		// persistence, high; cc -o in the workspace is a build, medium)
		v := Classify(tc.cmd, testEnv)
		if v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v (%s), want %v dangerous=%v", tc.cmd, v.Level, v.Dangerous, ruleIDs(v), tc.level, tc.dangerous)
		}
	}
}
