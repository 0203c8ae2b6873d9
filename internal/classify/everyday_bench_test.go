package classify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// everydayRow is one row of the everyday corpus: the command, the verdict a
// person expects of it, in corpus-score's expectation format, and the
// packages its source project has installed ('# installed:').
type everydayRow struct {
	line      int
	ecosystem string
	expect    string
	command   string
	installed []string
	sourced   bool // under a '# source:' line
}

// readEverydayRows reads an ecosystem<TAB>expectation<TAB>command file; a
// malformed row fails the test, so a typo cannot drop a row unnoticed. A
// '# source:' line starts a group of rows from one source; a '# installed:'
// line in it names the packages that source's package.json depends on.
func readEverydayRows(t *testing.T, path string) []everydayRow {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	var rows []everydayRow
	var installed []string
	sourced := false
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if rest, ok := strings.CutPrefix(line, "# source: "); ok {
			if strings.TrimSpace(rest) == "" {
				t.Errorf("%s:%d: a source line without a source", name, i+1)
			}
			installed, sourced = nil, true
			continue
		}
		if rest, ok := strings.CutPrefix(line, "# installed: "); ok {
			if !sourced {
				t.Errorf("%s:%d: an installed line outside a source's group", name, i+1)
			}
			installed = strings.Fields(rest)
			continue
		}
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
		rows = append(rows, everydayRow{line: i + 1, ecosystem: cols[0], expect: cols[1], command: cols[2], installed: installed, sourced: sourced})
	}
	return rows
}

// everydayMeets says whether v meets the expectation: <=L (at most L, not
// dangerous), =L (exactly L, not dangerous) or danger (dangerous), the forms
// the everyday file uses. ok is false for any other spelling.
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

// TestEverydayBenchmark is the friction benchmark of issues 14 and 29: every
// everyday command in testdata/everyday.tsv must classify at or below the
// level a person expects, and never dangerous. Part one (issue 14) was
// collected by ecosystem from projects' instructions; part two (issue 29)
// row by row from public projects, each group under the '# source:' line
// that names where it was taken, labelled before permguard judged it. The
// file has the expectation format of corpus-score (<=L, =L, danger), so
// `make corpus` and scripts/friction.py read it too.
func TestEverydayBenchmark(t *testing.T) {
	rows := readEverydayRows(t, "../../testdata/everyday.tsv")
	ecosystems := map[string]bool{}
	sourced, seen := 0, map[string]int{}
	for _, r := range rows {
		ecosystems[r.ecosystem] = true
		if r.sourced {
			sourced++
		}
		if at, dup := seen[r.command]; dup {
			t.Errorf("everyday.tsv:%d: %q is a row already at line %d", r.line, r.command, at)
		}
		seen[r.command] = r.line
		env := testEnv
		env.Installed = r.installed
		v := Classify(r.command, env)
		if meets, _ := everydayMeets(r.expect, v); !meets {
			t.Errorf("everyday.tsv:%d: Classify(%q) = %v dangerous=%v (rules %s), want %s", r.line, r.command, v.Level, v.Dangerous, ruleIDs(v), r.expect)
		}
	}
	// issue 29: at least 1,000 rows from at least 15 ecosystems, and the
	// real part at least as large as it was collected
	if len(rows) < 1000 || len(ecosystems) < 15 || sourced < 639 {
		t.Errorf("everyday.tsv has %d rows (%d under a source line) from %d ecosystems, want at least 1,000 (639) from 15", len(rows), sourced, len(ecosystems))
	}
	t.Logf("everyday commands judged: %d from %d ecosystems, %d of them under a source line", len(rows), len(ecosystems), sourced)
}
