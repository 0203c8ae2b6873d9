package guard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// TestCheckoutOfAFileThere: git checkout with one operand switches to a
// branch, or discards the uncommitted changes of the file of that name
// where no branch has it (issue 29; a held-out corpus found `git checkout
// Gemfile.lock` medium). The evaluation looks whether a file is there and
// judges again: the worse counts.
func TestCheckoutOfAFileThere(t *testing.T) {
	ws := t.TempDir()
	for _, f := range []string{"Gemfile.lock", "deps/react.ts", "src/main"} {
		p := filepath.Join(ws, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		cmd  string
		want classify.Level
	}{
		{"git checkout Gemfile.lock", classify.High},
		{"git checkout deps/react.ts", classify.High},
		{"git checkout src", classify.High},
		{"cd deps && git checkout react.ts", classify.High},
		{"git checkout main", classify.Medium},
		{"git checkout feature/login", classify.Medium},
		{"git checkout -b Gemfile.lock", classify.Medium},
		{"git checkout -- Gemfile.lock", classify.High},
	}
	cfg := t.TempDir()
	for _, tt := range tests {
		call := &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: tt.cmd}
		req := Request{Via: ViaHook, Level: "medium", Cwd: ws, Wd: ws, AgentCanAsk: true, Self: "/usr/bin/permguard", Call: call}
		env := Env{Home: "/home/dev", ConfigDir: cfg, StateDir: t.TempDir(), ManagedFile: filepath.Join(cfg, "managed.json")}
		ev, err := Evaluate(req, env, Deps{})
		if err != nil {
			t.Fatal(err)
		}
		if v := ev.Res.Verdict; v.Level != tt.want || v.Dangerous {
			t.Errorf("%q: %v dangerous=%v, want %v", tt.cmd, v.Level, v.Dangerous, tt.want)
		}
	}
}
