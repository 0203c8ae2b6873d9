package classify

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestToolInventory lists every program the classifier knows by name, with
// what its table row says (rule ids, levels, subcommands, flag rows) or
// that a handler judges it, in testdata/tools.golden sorted by name. A
// move of rows or handlers between files must leave the list
// byte-identical: a row dropped, duplicated or changed on the way shows
// here. With -update it rewrites the file.
func TestToolInventory(t *testing.T) {
	got := toolInventory()
	const golden = "testdata/tools.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gotLines) || i < len(wantLines); i++ {
		var g, w string
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Fatalf("%s differs from the tables at line %d:\n got: %s\nwant: %s\n(run go test ./internal/classify -run TestToolInventory -update if the change is meant)", golden, i+1, g, w)
		}
	}
}

// toolInventory renders the tables and the handlers map, one line per
// program and row part, sorted by program name. It names no group or
// index, so regrouping the tables does not change it.
func toolInventory() string {
	rule := func(ru rule) string {
		s := ru.id + " " + ru.level.String()
		for _, m := range []struct {
			on   bool
			name string
		}{{ru.dangerous, "dangerous"}, {ru.sends, "sends"}, {ru.unseen, "unseen"}, {ru.host, "host"}} {
			if m.on {
				s += " " + m.name
			}
		}
		return s + fmt.Sprintf(" %q", ru.why)
	}
	check := func(has bool) string {
		if has {
			return " +check"
		}
		return ""
	}
	lines := map[string][]string{}
	for _, g := range allTools() {
		for i := range g {
			tl := &g[i]
			var rows []string
			rows = append(rows, fmt.Sprintf("tool %s%s valueOpts=%q", rule(tl.rule), check(tl.check != nil), tl.valueOpts))
			for _, sb := range tl.subs {
				rows = append(rows, fmt.Sprintf("sub %q %s%s", sb.words, rule(sb.rule), check(sb.check != nil)))
				for _, fr := range sb.flags {
					rows = append(rows, fmt.Sprintf("sub %q flag %q %s", sb.words, fr.opts, rule(fr.rule)))
				}
			}
			for n := range strings.FieldsSeq(tl.names) {
				lines[n] = append(lines[n], rows...)
			}
		}
	}
	// the builtins and the programs are two maps (shell_builtins.go); the
	// inventory names a handler the same wherever it is kept
	for _, m := range []map[string]func(c *call) flow{builtinHandlers.get(), handlers.get()} {
		for n := range m {
			lines[n] = append(lines[n], "handler")
		}
	}
	// the options that load code (tools_codeopts.go), one line each
	whats := map[codeWhat]string{codeFile: "file", codeDir: "dir", codeModule: "module", codeSetting: "setting"}
	for n, cts := range codeTools.get() {
		for _, ct := range cts {
			for _, o := range ct.opts {
				l := fmt.Sprintf("loads-code %q %q %s", ct.sub, o.spell, whats[o.what])
				for _, m := range []struct {
					on   bool
					name string
				}{{o.sep != "", "sep=" + o.sep}, {o.many, "many"}, {o.inline, "inline"}, {o.tree, "tree"}} {
					if m.on {
						l += " " + m.name
					}
				}
				lines[n] = append(lines[n], l)
			}
		}
	}
	names := make([]string, 0, len(lines))
	for n := range lines {
		names = append(names, n)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		for _, l := range lines[n] {
			fmt.Fprintf(&b, "%s\t%s\n", n, l)
		}
	}
	return b.String()
}
