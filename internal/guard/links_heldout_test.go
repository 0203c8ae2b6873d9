package guard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// TestLinksHeldOut holds spellings of the two-call link attack that the
// red team found after the first fix, kept out of the other tables as a
// check that the mechanisms (globs expanded where the engine looks, trees
// walked for the links a walker follows, hard links named by the file
// they are, $TMPDIR followed) generalize: none of them is in a table.
// Each runs end to end through Evaluate, in a scratch home and workspace.
func TestLinksHeldOut(t *testing.T) {
	home, ws := linkTree(t)
	tmp := filepath.Join(filepath.Dir(home), "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(home, filepath.Join(tmp, "h")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(home+"/.bashrc", ws+"/src/rc-copy"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(home+"/.ssh/id_ed25519", ws+"/src/key-copy"); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(filepath.Dir(home), "state")
	env := ReadEnv(func(k string) string {
		return map[string]string{"HOME": home, "PERMGUARD_CONFIG_DIR": home + "/.config/permguard", "PERMGUARD_STATE_DIR": state, "TMPDIR": tmp}[k]
	})
	shell := func(cmd string) *hook.Call { return &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: cmd} }
	for _, tc := range []struct {
		call      *hook.Call
		level     classify.Level
		dangerous bool
	}{
		// a glob on the link's name, or on a directory above it
		{shell(`printf '{"level":"bypassed"}' > note[s].json`), classify.High, true},
		{shell(`echo x | tee -a ?/.bashrc`), classify.High, true},
		{shell(`cp src/ok.txt b*`), classify.High, true},
		{shell(`mv src/ok.txt sub/re?/settings.json`), classify.High, true},
		{shell(`cat < [k]`), classify.High, false},
		{&hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"sub/rel/settings.json"}}, classify.High, true},
		// walkers that follow the links below where they start
		{shell(`find . -follow -name id_ed25519 -exec cat {} +`), classify.High, false},
		{shell(`grep -R --include=id_ed25519 . .`), classify.High, false},
		{shell(`sed -i --follow-symlinks s/a/b/ *`), classify.High, true},
		// hard links named by the file they are
		{shell(`printf x >> src/rc-copy`), classify.High, true},
		{&hook.Call{Kind: hook.KindFileRead, Tool: "Read", Paths: []string{"src/key-copy"}}, classify.High, false},
		// bash's other glob options, which the engine matches wider
		{shell("shopt -s extglob\ncat @(k)"), classify.High, false},
		{shell("shopt -s nocaseglob\nprintf x >> [B]"), classify.High, true},
		// $TMPDIR, spelled as the variable
		{shell(`printf x >> "$TMPDIR/h/.profile"`), classify.High, true},
		{shell(`cat "${TMPDIR}/h/.ssh/id_ed25519"`), classify.High, false},
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

// TestTreeLinksOf: the walk lists where every link below a tree leads,
// enters no link, and says when its budget ran out.
func TestTreeLinksOf(t *testing.T) {
	home, ws := linkTree(t)
	got := treeLinksOf([]string{ws, ws + "/src", ws + "/h"}, nil, matterList{}, nil)
	for _, want := range []string{home + "/.ssh/id_ed25519", home + "/.config/permguard/settings.json", home + "/.claude"} {
		if !contains(got[ws], want) {
			t.Errorf("treeLinksOf(ws) = %q, want %s among them", got[ws], want)
		}
	}
	if got[ws+"/src"] != nil {
		t.Errorf("treeLinksOf(src) = %q, want none: src holds no link", got[ws+"/src"])
	}
	if !contains(got[ws+"/h"], home) {
		t.Errorf("treeLinksOf(h) = %q: a root that is a link is followed", got[ws+"/h"])
	}
	// a tree past the budget
	defer func(b int) { treeBudget = b }(treeBudget)
	treeBudget = 50
	big := t.TempDir()
	for i := range 60 {
		if err := os.WriteFile(filepath.Join(big, "f"+string(rune('a'+i%26))+string(rune('a'+i/26))), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := treeLinksOf([]string{big}, nil, matterList{}, nil); !contains(got[big], classify.LinkNotKnown) {
		t.Errorf("treeLinksOf(a tree past the budget) = %q, want it not known", got[big])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
