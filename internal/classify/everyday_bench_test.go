package classify

import (
	"os"
	"strings"
	"testing"
)

// TestEverydayBenchmark is the friction benchmark of issue 14: every
// everyday command in testdata/everyday.tsv must classify at or below the
// level a person expects, and never dangerous. The file has the expectation
// format of corpus-score (<=L, =L), so `make corpus` can score it too.
func TestEverydayBenchmark(t *testing.T) {
	data, err := os.ReadFile("../../testdata/everyday.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows, ecosystems := 0, map[string]bool{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.SplitN(line, "\t", 3)
		if len(cols) != 3 {
			t.Errorf("everyday.tsv:%d: want ecosystem<TAB>expectation<TAB>command", i+1)
			continue
		}
		exact := strings.HasPrefix(cols[1], "=")
		want, ok := ParseLevel(strings.TrimPrefix(strings.TrimPrefix(cols[1], "<="), "="))
		if !ok {
			t.Errorf("everyday.tsv:%d: bad expectation %q", i+1, cols[1])
			continue
		}
		rows++
		ecosystems[cols[0]] = true
		v := Classify(cols[2], testEnv)
		if v.Dangerous || v.Level > want || exact && v.Level != want {
			t.Errorf("everyday.tsv:%d: Classify(%q) = %v dangerous=%v (rules %s), want %s", i+1, cols[2], v.Level, v.Dangerous, ruleIDs(v), cols[1])
		}
	}
	if rows < 400 || len(ecosystems) < 8 {
		t.Errorf("everyday.tsv has %d rows from %d ecosystems, want at least 400 from 8", rows, len(ecosystems))
	}
}
