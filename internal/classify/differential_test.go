package classify

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestDifferential serves scripts/differential.py, which compares the
// verdicts of two builds of the classifier over the same inputs: a
// restructuring must keep every verdict, except the fixes it lists. It does
// nothing unless one of these is set:
//
//	PERMGUARD_DIFF_LIST=FILE  write the inputs this tree knows (every table
//	                          command, and commands made by combining them)
//	PERMGUARD_DIFF_IN=FILE    judge each input of FILE ...
//	PERMGUARD_DIFF_OUT=FILE   ... and write one verdict per line here
//
// Inputs and verdicts are one JSON value per line, so any command (newlines,
// tabs, NUL) survives the trip.
func TestDifferential(t *testing.T) {
	if list := os.Getenv("PERMGUARD_DIFF_LIST"); list != "" {
		var lines []string
		for _, cmd := range differentialInputs(3000) {
			b, _ := json.Marshal(cmd)
			lines = append(lines, string(b))
		}
		writeLines(t, list, lines)
	}
	in, out := os.Getenv("PERMGUARD_DIFF_IN"), os.Getenv("PERMGUARD_DIFF_OUT")
	if in == "" || out == "" {
		if in != out {
			t.Fatal("PERMGUARD_DIFF_IN and PERMGUARD_DIFF_OUT go together")
		}
		return
	}
	cmds := readLines(t, in)
	verdicts := make([]string, len(cmds))
	for i, cmd := range cmds {
		verdicts[i] = differentialVerdict(cmd)
	}
	writeLines(t, out, verdicts)
}

// differentialVerdict is what a restructuring must keep: the level, the
// dangerous flag and the set of rule ids (their order may change).
func differentialVerdict(cmd string) string {
	v := Classify(cmd, testEnv)
	ids := strings.Fields(ruleIDs(v))
	slices.Sort(ids)
	ids = slices.Compact(ids)
	b, _ := json.Marshal(map[string]any{"level": v.Level.String(), "dangerous": v.Dangerous, "rules": ids})
	return string(b)
}

// differentialInputs lists every table command, then n commands made by
// putting two of them together the ways the invariants care about (a
// sequence, a pipeline, a condition, a wrapper, a substitution, a function):
// the same seed gives the same list on every tree.
func differentialInputs(n int) []string {
	var cmds []string
	for _, table := range allCases() {
		for _, tc := range table {
			cmds = append(cmds, tc.cmd)
		}
	}
	base := len(cmds)
	joins := []func(a, b string) string{
		func(a, b string) string { return a + "; " + b },
		func(a, b string) string { return a + " && " + b },
		func(a, b string) string { return a + " | " + b },
		func(a, b string) string { return "if " + a + "; then " + b + "; fi" },
		func(a, b string) string { return "bash -c " + shellQuote(a+"; "+b) },
		func(a, b string) string { return "x=$(" + a + "); " + b },
		func(a, b string) string { return "f() { " + a + "; }; " + b + "; f" },
		func(a, b string) string { return "( " + a + " ) || " + b },
	}
	rng := rand.New(rand.NewPCG(26, 26))
	for range n {
		a, b := cmds[rng.IntN(base)], cmds[rng.IntN(base)]
		cmds = append(cmds, joins[rng.IntN(len(joins))](a, b))
	}
	return cmds
}

// shellQuote quotes s as one single-quoted shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// writeLines writes lines that are already JSON values.
func writeLines(t *testing.T, name string, values []string) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, v := range values {
		fmt.Fprintln(w, v)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, ln := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		var s string
		if err := json.Unmarshal([]byte(ln), &s); err != nil {
			t.Fatalf("%s:%d: %v", name, i+1, err)
		}
		out = append(out, s)
	}
	return out
}
