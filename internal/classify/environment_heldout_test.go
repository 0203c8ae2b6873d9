package classify

import "testing"

// TestEnvValuesHeldOut holds spellings kept out of the tables while the
// environment and value following of issue 26 was written, and run only
// once it was done: other programs, variables, delimiters and constructs
// than the table rows, to check that the mechanism generalizes.
func TestEnvValuesHeldOut(t *testing.T) {
	dangerousCmds := []string{
		// a command-holding variable, exported by another spelling
		`local -x GIT_EDITOR='shred -u ~/.ssh/id_rsa'; git commit`,
		`set -o allexport; MANPAGER='rm -fr /'; man ls`,
		`declare -gx GIT_EXTERNAL_DIFF='git push --force'; git diff`,
		// exported configuration reaching git's alias lookup
		`export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.co GIT_CONFIG_VALUE_0='!git clean -fdx'; git co`,
		// here-string and heredoc of values fed to other shells
		`s='git reset --hard'; zsh <<< "$s"`,
		"p='chmod -R 777 /'; dash -s <<END\n$p\nEND",
		`v='git clean -fdx'; bash <<< "cd .. && $v"`,
		// defaults
		`${RUNNER-rm} -fr "$HOME"`,
		`: ${G:=git}; $G push -f`,
		`echo "${T:-/}" >/dev/null; rm -rf ${T:-/}`,
		// read with other delimiters
		`IFS=: read p q <<< 'git:clean -fdx'; $p $q`,
		`IFS=';' read -r -a w <<< 'rm;-fr;/'; "${w[@]}"`,
		// not yet: in a while loop's body a value read in its condition
		// gives the command name a candidate, but the line is not judged
		// again with the values split (see the report of issue 26), so
		// while IFS=/ read a b; do $a $b; done <<< "shred/-u <key>" is high
		`while IFS=/ read a b; do $a $b /; done <<< "rm/-fr"`,
		// name references
		`typeset -n ref=cmd; ref='git checkout .'; $cmd`,
		`f() { local -n out=$1; out=rm; }; f tool; $tool -fr /`,
	}
	for _, cmd := range dangerousCmds {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v (%s), want dangerous", cmd, v.Level, v.Dangerous, ruleIDs(v))
		}
	}
	highCmds := []string{
		`typeset -x MY_SETTING=on; cargo test`,
		`declare -x OTHER=1; declare -x OTHER; go vet ./...`,
		`set -a; source_dir=src; npm run build`,
		`export TOKEN_FILE=x; python3 -m pytest`,
	}
	for _, cmd := range highCmds {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (%s), want at least high", cmd, v.Level, ruleIDs(v))
		}
	}
	// taken out again: the later command's environment does not have it
	for _, cmd := range []string{
		`declare -x OTHER=1; unset OTHER; go vet ./...`,
		`export OTHER=1; typeset +x OTHER; go vet ./...`,
	} {
		if v := Classify(cmd, testEnv); v.Level >= High {
			t.Errorf("Classify(%q) = %v (%s), want below high", cmd, v.Level, ruleIDs(v))
		}
	}
}
