package classify

import "testing"

// TestIndexedEnvHeldOut holds spellings kept out of the tables while
// explicit array indices, brace-expanded declarations and the export undo
// log were written, and run only once they were done.
func TestIndexedEnvHeldOut(t *testing.T) {
	dangerousCmds := []string{
		// explicit indices: other programs, arithmetic and later elements
		`p=([7]=git [8]=push [9]=-f); "${p[@]}"`,
		`n=2; a=([n*2]=~/.zshrc); echo x > "${a[4]}"`,
		`a=(); a[0]=shred; a[1]=-u; "${a[@]}" ~/.ssh/id_rsa`,
		`a=([1]=git); a+=(reset --hard); "${a[@]}"`,
		`declare -a a=([3]=PERMGUARD_MODE); export "${a[3]}=ask"`,
		`a=(x); a[0]+=y; a[2]=~/.profile; echo z > "${a[2]}"`,
		// braces in the words of the declaration builtins
		`export GIT_{SSH_COMMAND,X}='rm -fr /'; git pull`,
		`declare -gx PERMGUARD_{MODE,X}=ask`,
		`typeset -x {A,PERMGUARD_LEVEL}=high`,
		`export PERMGUARD_{A..C}=1`,
	}
	for _, cmd := range dangerousCmds {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v (%s), want dangerous", cmd, v.Level, v.Dangerous, ruleIDs(v))
		}
	}
	// an index only known at run time leaves the element at its worst
	for _, cmd := range []string{
		`a=([k++]=build/x); echo hi > "${a[0]}"`,
		`a=(build/x); a[-1]=build/y; echo hi > "${a[0]}"`,
	} {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (%s), want at least high", cmd, v.Level, ruleIDs(v))
		}
	}
	// exports that bash ends: no unknown variable reaches the later command
	for _, cmd := range []string{
		`x=$(export FOO_UNKNOWN=1); ls`,
		`{ export FOO_UNKNOWN=1; } | cat; ls`,
		`g() { typeset -x FOO_UNKNOWN=1; true; }; g; pwd; ls`,
		`export FOO_UNKNOWN=1 & ls`,
	} {
		if v := Classify(cmd, testEnv); containsRule(v, ruleEnvUnknown.id) {
			t.Errorf("Classify(%q) = %v (%s), want no %s", cmd, v.Level, ruleIDs(v), ruleEnvUnknown.id)
		}
	}
}

func containsRule(v Verdict, id string) bool {
	for _, r := range v.Reasons {
		if r.Rule == id {
			return true
		}
	}
	return false
}
