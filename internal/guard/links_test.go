package guard

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// linkTree makes a home and a workspace in a scratch directory, with
// links from the workspace to the home's files (design §2.6, "Links").
// The home is fake: nothing here touches the real one.
func linkTree(t *testing.T) (home, ws string) {
	t.Helper()
	root := t.TempDir()
	home, ws = filepath.Join(root, "home"), filepath.Join(root, "ws")
	for _, d := range []string{home + "/.config/permguard", home + "/.ssh", home + "/.claude", ws + "/sub", ws + "/src"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{home + "/.config/permguard/settings.json", home + "/.bashrc", home + "/.ssh/id_ed25519", home + "/.claude/settings.json", ws + "/src/ok.txt"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"notes.json":  "../home/.config/permguard/settings.json", // relative
		"b":           home + "/.bashrc",
		"k":           home + "/.ssh/id_ed25519",
		"h":           home,
		"up":          "..",
		"chain":       "b",                  // a link to a link
		"dangling":    home + "/.zshrc",     // leads where nothing is yet
		"ok":          "src/ok.txt",         // stays inside
		"sub/rel":     "../../home/.claude", // a directory, from a subdirectory
		"loop1":       "loop2",
		"loop2":       "loop1",
		"sub/through": "../h/.ssh",
	}
	for name, to := range links {
		if err := os.Symlink(to, filepath.Join(ws, name)); err != nil {
			t.Fatal(err)
		}
	}
	return home, ws
}

func TestLinkSearch(t *testing.T) {
	home, ws := linkTree(t)
	if err := os.WriteFile(filepath.Join(ws, "src/h.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{ws + "/src/h.txt": ws + "/hard.txt", home + "/.bashrc": ws + "/hard-rc", home + "/.ssh/id_ed25519": ws + "/hard-key"} {
		if err := os.Link(from, to); err != nil {
			t.Fatal(err)
		}
	}
	unknown := classify.LinkNotKnown
	for _, tc := range []struct {
		path string
		want []string // nil: no link on the way
	}{
		{ws + "/notes.json", []string{home + "/.config/permguard/settings.json"}},
		{ws + "/b", []string{home + "/.bashrc"}},
		{ws + "/chain", []string{ws + "/b", home + "/.bashrc"}},
		{ws + "/h/.ssh/id_ed25519", []string{home + "/.ssh/id_ed25519"}},
		{ws + "/dangling", []string{home + "/.zshrc"}},
		{ws + "/up/home/.bashrc", []string{filepath.Dir(ws) + "/home/.bashrc"}},
		// .. after a link climbs from where the link leads
		{ws + "/h/../home/.bashrc", []string{filepath.Dir(home) + "/home/.bashrc"}},
		{ws + "/sub/rel/settings.json", []string{home + "/.claude/settings.json"}},
		{ws + "/sub/through/id_ed25519", []string{ws + "/h/.ssh/id_ed25519", home + "/.ssh/id_ed25519"}},
		{ws + "/ok", []string{ws + "/src/ok.txt"}},
		{ws + "/loop1", []string{ws + "/loop2", ws + "/loop1", unknown}},
		{ws + "/hard.txt", []string{ws + "/hard.txt", classify.LinkElsewhere}},
		{ws + "/src/h.txt", []string{ws + "/src/h.txt", classify.LinkElsewhere}},
		// a hard link to a file that matters is named by it
		{ws + "/hard-rc", []string{ws + "/hard-rc", home + "/.bashrc"}},
		{ws + "/hard-key", []string{ws + "/hard-key", home + "/.ssh/id_ed25519"}},
		// a glob is expanded as the shell will, and each match followed
		{ws + "/note?.json", []string{home + "/.config/permguard/settings.json"}},
		{ws + "/[h]/.ssh/id_ed25519", []string{home + "/.ssh/id_ed25519"}},
		{ws + "/*/.bashrc", []string{home + "/.bashrc", filepath.Dir(ws) + "/.bashrc"}},
		{ws + "/src/*.txt", []string{ws + "/src/h.txt", classify.LinkElsewhere}},
		{ws + "/nothing*", nil},
		{ws + "/src/new.txt", nil},
		{ws + "/sub/../src", nil},
	} {
		s := newLinkSearch(nil)
		s.mattering = []string{home + "/.bashrc", home + "/.ssh/id_"}
		s.globRoots = []string{ws}
		got := s.names(tc.path)
		if tc.path == ws+"/loop1" && len(got) > 0 && got[len(got)-1] == unknown {
			continue // the names before it depend on where the count ran out
		}
		// the order of a glob's matches is the directory's
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.want))) {
			t.Errorf("names(%s) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// TestLinkRoots: a workspace reached through a link of the user's (a home
// on another disk, macOS's /tmp) has no links of the call's on it, and a
// link inside it that leads into it by its real name stays inside.
func TestLinkRoots(t *testing.T) {
	root := t.TempDir()
	real, lex := filepath.Join(root, "real"), filepath.Join(root, "lex")
	if err := os.MkdirAll(real+"/src", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, lex); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real+"/src/a.go", real+"/a.go"); err != nil {
		t.Fatal(err)
	}
	s := newLinkSearch([]string{lex})
	if got := s.names(lex + "/src/b.go"); got != nil {
		t.Errorf("names below a linked workspace = %q, want none", got)
	}
	if got := s.names(lex + "/a.go"); !slices.Equal(got, []string{lex + "/src/a.go"}) {
		t.Errorf("names(a.go) = %q, want the workspace's own name of the target", got)
	}
}

// TestLinksReachClassify: the shell and the agents' file tools are judged
// by where a link leads, end to end through Evaluate; the same calls on
// plain files stay low.
func TestLinksReachClassify(t *testing.T) {
	home, ws := linkTree(t)
	state := filepath.Join(filepath.Dir(home), "state")
	env := ReadEnv(func(k string) string {
		return map[string]string{"HOME": home, "PERMGUARD_CONFIG_DIR": home + "/.config/permguard", "PERMGUARD_STATE_DIR": state}[k]
	})
	for _, tc := range []struct {
		call      *hook.Call
		level     classify.Level
		dangerous bool
	}{
		{&hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `echo '{"level":"bypassed"}' > notes.json`}, classify.High, true},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"notes.json"}}, classify.High, true},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Edit", Paths: []string{ws + "/b"}}, classify.High, true},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"chain"}}, classify.High, true},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"sub/rel/settings.json"}}, classify.High, true},
		{&hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `echo x >> dangling`}, classify.High, true},
		{&hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `cat k`}, classify.High, false},
		{&hook.Call{Kind: hook.KindFileRead, Tool: "Read", Paths: []string{"sub/through/id_ed25519"}}, classify.High, false},
		{&hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `cd sub && cat through/id_ed25519`}, classify.High, false},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"ok"}}, classify.Low, false},
		{&hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `echo x > src/new.txt && cat ok`}, classify.Low, false},
		// an MCP tool's arguments (issue 23): a path a writing tool names,
		// a path a tool reads, and a command an argument holds
		{&hook.Call{Kind: hook.KindMCP, Tool: "mcp__notes__save_note", MCPServer: "notes", MCPTool: "save_note",
			MCPArgs: []hook.MCPArg{{Key: "path", Value: "./notes.json"}, {Key: "text", Value: "{}"}}}, classify.High, true},
		{&hook.Call{Kind: hook.KindMCP, Tool: "mcp__notes__get_note", MCPServer: "notes", MCPTool: "get_note",
			MCPArgs: []hook.MCPArg{{Key: "path", Value: ws + "/k"}}}, classify.High, false},
		{&hook.Call{Kind: hook.KindMCP, Tool: "mcp__ops__run", MCPServer: "ops", MCPTool: "run",
			MCPArgs: []hook.MCPArg{{Key: "cmd", Value: `echo x >> dangling`}}}, classify.High, true},
		{&hook.Call{Kind: hook.KindMCP, Tool: "mcp__notes__save_note", MCPServer: "notes", MCPTool: "save_note",
			MCPArgs: []hook.MCPArg{{Key: "path", Value: "./ok"}}}, classify.Medium, false},
	} {
		ev, err := Evaluate(Request{Via: ViaHook, Call: tc.call, Cwd: ws, Wd: ws}, env, Deps{})
		if err != nil {
			t.Fatal(err)
		}
		v := ev.Res.Verdict
		if v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("%s %q %q = %v dangerous=%v (%v), want %v dangerous=%v", tc.call.Tool, tc.call.Command, tc.call.Paths, v.Level, v.Dangerous, v.Reasons, tc.level, tc.dangerous)
		}
	}
}

// BenchmarkLinkSearch is the search for links on a call's paths when none
// has one, the common case every call that names paths pays: eight paths
// four directories deep, two of them not there yet.
func BenchmarkLinkSearch(b *testing.B) {
	ws := b.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "a/b/c"), 0o755); err != nil {
		b.Fatal(err)
	}
	var paths []string
	for i := range 8 {
		p := filepath.Join(ws, "a/b/c", string(rune('a'+i))+".go")
		if i < 6 {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		paths = append(paths, p)
	}
	b.ReportAllocs()
	for b.Loop() {
		if linksOf(paths, []string{ws}, matterList{}, nil, []string{ws}, nil) != nil {
			b.Fatal("links found")
		}
	}
}

// TestLinksInsideStayQuiet: links that lead to plain files of the
// workspace (pnpm's node_modules, a monorepo's packages) are not reported,
// however many a glob meets, so they change nothing; one that leads to a
// foothold in the workspace is. A descriptor's name (/dev/stdout) and the
// process's own directory (/proc/self/cwd) are the command's, not
// permguard's: never followed.
func TestLinksInsideStayQuiet(t *testing.T) {
	_, ws := linkTree(t)
	for i := range 300 {
		name := "p" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		store := filepath.Join(ws, "node_modules/.pnpm", name+"@1.0.0/node_modules", name)
		if err := os.MkdirAll(store, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(store, "package.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(".pnpm", name+"@1.0.0/node_modules", name), filepath.Join(ws, "node_modules", name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(ws, ".git/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".git/hooks/pre-commit", filepath.Join(ws, "hook.sh")); err != nil {
		t.Fatal(err)
	}
	env := ReadEnv(func(k string) string { return map[string]string{"HOME": filepath.Dir(ws) + "/home"}[k] })
	for _, tc := range []struct {
		cmd       string
		level     classify.Level
		dangerous bool
	}{
		{"cat node_modules/*/package.json", classify.Minimal, false},
		{"cat node_modules/pa/package.json", classify.Minimal, false},
		{"echo x > node_modules/pb/package.json", classify.Low, false},
		{"echo x > /dev/stdout", classify.Minimal, false},
		// the command's own directory, not permguard's /proc/<pid>
		{"echo x >| /proc/self/cwd/out.txt", classify.Low, false},
		{"echo x > /proc/thread-self/cwd/src/a.txt", classify.Low, false},
		// (another entry of it is still followed, to a system path)
		{"chmod +x /proc/self/fd/5", classify.High, false},
		{"echo x >> hook.sh", classify.High, true},
	} {
		ev, err := Evaluate(Request{Via: ViaHook, Call: &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: tc.cmd}, Cwd: ws, Wd: ws}, env, Deps{})
		if err != nil {
			t.Fatal(err)
		}
		if v := ev.Res.Verdict; v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("%q = %v dangerous=%v (%v), want %v", tc.cmd, v.Level, v.Dangerous, v.Reasons, tc.level)
		}
	}
}

// TestLinkAliases: a file that matters that is itself a link (a dotfiles
// repository: ~/.bashrc -> ~/dotfiles/bashrc, ~/.config/permguard ->
// ~/dotfiles/permguard) makes its target that file, by whatever name the
// call writes it, also from inside the dotfiles repository as workspace.
func TestLinkAliases(t *testing.T) {
	root := t.TempDir()
	home, dots := filepath.Join(root, "home"), filepath.Join(root, "home", "dotfiles")
	for _, d := range []string{dots + "/permguard", home + "/.config", dots + "/claude"} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{dots + "/bashrc", dots + "/permguard/settings.json", dots + "/claude/settings.json", dots + "/README"} {
		if err := os.WriteFile(f, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{home + "/.bashrc": "dotfiles/bashrc", home + "/.config/permguard": "../dotfiles/permguard", home + "/.claude": "dotfiles/claude"} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	env := ReadEnv(func(k string) string { return map[string]string{"HOME": home}[k] })
	for _, tc := range []struct {
		ws        string
		call      *hook.Call
		level     classify.Level
		dangerous bool
	}{
		{dots, &hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"bashrc"}}, classify.High, true},
		{dots, &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `printf '{"level":"bypassed"}' > permguard/settings.json`}, classify.High, true},
		{dots, &hook.Call{Kind: hook.KindFileWrite, Tool: "Edit", Paths: []string{"claude/settings.json"}}, classify.High, true},
		{root, &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: `printf x >> home/dotfiles/bashrc`}, classify.High, true},
		{dots, &hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"README"}}, classify.Low, false},
	} {
		ev, err := Evaluate(Request{Via: ViaHook, Call: tc.call, Cwd: tc.ws, Wd: tc.ws}, env, Deps{})
		if err != nil {
			t.Fatal(err)
		}
		if v := ev.Res.Verdict; v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("in %s: %s %q %q = %v dangerous=%v (%v), want %v dangerous=%v", tc.ws, tc.call.Tool, tc.call.Command, tc.call.Paths, v.Level, v.Dangerous, v.Reasons, tc.level, tc.dangerous)
		}
	}
}

// TestLinkSearchClock: a search of a few steps gives its answer whatever
// the clock says (a process stalled on a loaded machine, CI's -race run:
// its deadline long past before its first lstat), so an ordinary call's
// verdict never depends on load; past minTimedSteps the deadline counts.
func TestLinkSearchClock(t *testing.T) {
	home, ws := linkTree(t)
	s := newLinkSearch(nil)
	s.deadline = time.Now().Add(-time.Hour)
	if got := s.names(ws + "/b"); !slices.Equal(got, []string{home + "/.bashrc"}) {
		t.Errorf("names past the deadline, in a few steps = %q, want the link followed", got)
	}
	s.steps = minTimedSteps + 1
	if !s.over() {
		t.Error("a search past minTimedSteps and its deadline is not over")
	}
}
