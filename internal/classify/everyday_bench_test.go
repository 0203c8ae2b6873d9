package classify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// everydayRow is one row of an everyday corpus: the command and the verdict a
// person expects of it, in corpus-score's expectation format.
type everydayRow struct {
	line      int
	ecosystem string
	expect    string
	command   string
}

// readEverydayRows reads an ecosystem<TAB>expectation<TAB>command file; a
// malformed row fails the test, so a typo cannot drop a row unnoticed.
func readEverydayRows(t *testing.T, path string) []everydayRow {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	var rows []everydayRow
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.SplitN(line, "\t", 3)
		if len(cols) != 3 {
			t.Errorf("%s:%d: want ecosystem<TAB>expectation<TAB>command", name, i+1)
			continue
		}
		if _, ok := everydayMeets(cols[1], Verdict{}); !ok {
			t.Errorf("%s:%d: bad expectation %q", name, i+1, cols[1])
			continue
		}
		rows = append(rows, everydayRow{line: i + 1, ecosystem: cols[0], expect: cols[1], command: cols[2]})
	}
	return rows
}

// everydayMeets says whether v meets the expectation: <=L (at most L, not
// dangerous), =L (exactly L, not dangerous) or danger (dangerous), the forms
// the everyday files use. ok is false for any other spelling.
func everydayMeets(expect string, v Verdict) (meets, ok bool) {
	if expect == "danger" {
		return v.Dangerous, true
	}
	exact := strings.HasPrefix(expect, "=")
	want, ok := ParseLevel(strings.TrimPrefix(strings.TrimPrefix(expect, "<="), "="))
	if !ok {
		return false, false
	}
	return !v.Dangerous && v.Level <= want && (!exact || v.Level == want), true
}

// everydayPending reads testdata/everyday-pending.tsv: the rows of
// everyday-real.tsv that do not pass yet, command<TAB>class<TAB>why, keyed
// by command.
func everydayPending(t *testing.T, path string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pending := map[string]int{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 || cols[0] == "" || cols[1] == "" || cols[2] == "" {
			t.Errorf("everyday-pending.tsv:%d: want command<TAB>class<TAB>why it does not pass yet", i+1)
			continue
		}
		if first, dup := pending[cols[0]]; dup {
			t.Errorf("everyday-pending.tsv:%d: %q is listed already at line %d", i+1, cols[0], first)
			continue
		}
		pending[cols[0]] = i + 1
	}
	return pending
}

// TestEverydayBenchmark is the friction benchmark of issue 14: every
// everyday command in testdata/everyday.tsv must classify at or below the
// level a person expects, and never dangerous. Since issue 29 it also reads
// testdata/everyday-real.tsv, the commands taken from public projects and
// labelled before permguard judged them: each row must pass too, except the
// rows testdata/everyday-pending.tsv lists, which must still fail, so the
// list shrinks as fixes land and never hides a row that passes. Both files
// have the expectation format of corpus-score (<=L, =L, danger), so `make
// corpus` can score them too.
func TestEverydayBenchmark(t *testing.T) {
	total := 0
	t.Run("everyday.tsv", func(t *testing.T) {
		rows := readEverydayRows(t, "../../testdata/everyday.tsv")
		ecosystems := map[string]bool{}
		for _, r := range rows {
			ecosystems[r.ecosystem] = true
			v := Classify(r.command, testEnv)
			if meets, _ := everydayMeets(r.expect, v); !meets {
				t.Errorf("everyday.tsv:%d: Classify(%q) = %v dangerous=%v (rules %s), want %s", r.line, r.command, v.Level, v.Dangerous, ruleIDs(v), r.expect)
			}
		}
		if len(rows) < 400 || len(ecosystems) < 8 {
			t.Errorf("everyday.tsv has %d rows from %d ecosystems, want at least 400 from 8", len(rows), len(ecosystems))
		}
		total += len(rows)
	})
	t.Run("everyday-real.tsv", func(t *testing.T) {
		rows := readEverydayRows(t, "../../testdata/everyday-real.tsv")
		pending := everydayPending(t, "../../testdata/everyday-pending.tsv")
		seen := map[string]bool{}
		for _, r := range rows {
			seen[r.command] = true
			v := Classify(r.command, testEnv)
			meets, _ := everydayMeets(r.expect, v)
			at, listed := pending[r.command]
			switch {
			case meets && listed:
				t.Errorf("everyday-pending.tsv:%d: %q passes now (%v dangerous=%v, want %s): remove it from everyday-pending.tsv", at, r.command, v.Level, v.Dangerous, r.expect)
			case !meets && !listed:
				t.Errorf("everyday-real.tsv:%d: Classify(%q) = %v dangerous=%v (rules %s), want %s", r.line, r.command, v.Level, v.Dangerous, ruleIDs(v), r.expect)
			}
		}
		for command, at := range pending {
			if !seen[command] {
				t.Errorf("everyday-pending.tsv:%d: %q is no row of everyday-real.tsv: remove it from everyday-pending.tsv", at, command)
			}
		}
		t.Logf("everyday-real.tsv: %d rows, %d pending", len(rows), len(pending))
		total += len(rows)
	})
	t.Logf("everyday commands judged: %d (everyday.tsv and everyday-real.tsv)", total)
}
