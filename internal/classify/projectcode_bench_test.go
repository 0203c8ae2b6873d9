package classify

import (
	"os"
	"strings"
	"testing"
)

// TestSandboxedAllowFriction counts, on the friction benchmark
// (testdata/everyday.tsv, issue 14), the calls a person is asked about at
// levels minimal and low, without and with the sandboxed allow of design
// §4 (row 4b): with it, strictly fewer at low.
func TestSandboxedAllowFriction(t *testing.T) {
	data, err := os.ReadFile("../../testdata/everyday.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []Level{Minimal, Low} {
		asked, sandboxedAsked, n := 0, 0, 0
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			cols := strings.SplitN(line, "\t", 3)
			if len(cols) != 3 {
				continue
			}
			n++
			v := Classify(cols[2], testEnv)
			if v.Dangerous || v.Level > level {
				asked++
				if v.Dangerous || v.LevelBesidesUnseen() > level {
					sandboxedAsked++
				}
			}
		}
		t.Logf("level %s: %d of %d everyday commands ask; %d with the sandboxed allow", level, asked, n, sandboxedAsked)
		if level == Low && sandboxedAsked >= asked {
			t.Errorf("level low: the sandboxed allow asks %d times, not fewer than %d", sandboxedAsked, asked)
		}
	}
}

// TestSandboxedAllowSecurityRows: no row of the red-team and integrity
// tables (issue 9) that is dangerous qualifies for the sandboxed allow at
// any level, and every high row that does runs nothing but the project's
// own code (logged, to read).
func TestSandboxedAllowSecurityRows(t *testing.T) {
	for _, table := range [][]classifyCase{redteamShellCases, redteamToolCases, integrityCases, pathCases, dataflowCases} {
		for _, tc := range table {
			v := Classify(tc.cmd, testEnv)
			besides := v.LevelBesidesUnseen()
			if v.Dangerous && besides != High {
				t.Errorf("Classify(%q) is dangerous, but qualifies for the sandboxed allow at %v", tc.cmd, besides)
			}
			if !v.Dangerous && v.Level == High && besides < High {
				t.Logf("sandboxed at %v: %q (rules %s)", besides, tc.cmd, ruleIDs(v))
			}
		}
	}
}
