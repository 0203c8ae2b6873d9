package classify

import "testing"

// TestGuardTextHeldOut holds spellings written after a write's text that
// names permguard's variables or files became dangerous wherever it lands
// (ruleWriteGuardText), kept out of integrityCases: other redirections,
// quoting, here-strings, variables, appends and other places.
func TestGuardTextHeldOut(t *testing.T) {
	for _, cmd := range []string{
		`echo "PERM""GUARD_LEVEL=high" > a.env`,
		`echo PERMGUARD\_MODE=off >> build/env.sh`,
		"cat <<< 'export PERMGUARD_LEVEL=high' > x.sh",
		"v='PERMGUARD_LEVEL=high'; echo \"$v\" > conf/.env.local",
		"printf '%s\\n' 'unset PERMGUARD_LEVEL' >| hooks.sh",
		"echo 'PERMGUARD_LEVEL=high' &> out.env",
		"echo cp x ~/.config/perm''guard/settings.json > fix.sh",
		"echo '/ETC/PERMGUARD/policy.json' > paths.txt",
		"tee /tmp/e.env <<< 'PERMGUARD_LEVEL=high'",
		"cat > docs/e.md <<EOF\nsee .permguard/settings.json\nEOF",
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %v), want dangerous: the text names the guard", cmd, v.Level, ruleIDs(v))
		}
	}
}
