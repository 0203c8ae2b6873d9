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
		// issue 27, class 2: the text as it lands, not as it is spelled
		`printf '\120ERMGUARD_MODE=off\n' >> conf/app.env`,
		`printf '%b\n' 'PERM\x47UARD_LEVEL=x' > run.env`,
		`printf '%s%s=x\n' PERMG UARD_LEVEL > a.env`,
		`echo -ne '\x50\x45RMGUARD_LEVEL=x' > b.env`,
		`cat <<< $'\x50ERMGUARD_LEVEL=x' > c.env`,
		`sed '$a PERMGUARD_MODE=off' in.txt > d.env`,
		"sed -i -e '$a\\' -e 'PERMGUARD_MODE=off' e.env",
		`sed -i 's|x|PERM\x47UARD_LEVEL=1|g' f.env`,
		`install /dev/stdin g.env <<< 'PERMGUARD_LEVEL=x'`,
		`dd if=/dev/stdin of=h.env status=none <<< 'PERMGUARD_LEVEL=x'`,
		`cp /dev/fd/0 i.env <<< 'PERMGUARD_LEVEL=x'`,
		`sed 's/a/PERMGUARD_LEVEL=x/' in | tee j.env`,
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %v), want dangerous: the text names the guard", cmd, v.Level, ruleIDs(v))
		}
	}
}
