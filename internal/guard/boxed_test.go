package guard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/hook"
)

// TestBoxRows reads like design §4's rows boxed and sandboxed, through
// Evaluate with the real classifier and settings: which calls run in the
// box of the level in force, which are allowed unboxed, and which are
// asked about as before.
func TestBoxRows(t *testing.T) {
	const ws = "/home/dev/proj"
	tests := []struct {
		name    string
		cmd     string
		tool    hook.Kind // KindShell unless set
		level   string
		off     bool // "sandbox": "off" in the global file
		projOff bool // "sandbox": "off" in the project's file
		noBox   bool // the caller cannot confine the call
		wantRow Row
		network bool // the box keeps the network
		serve   bool // the box's servers are reached from outside
	}{
		// boxed: within the level, boxable, auto, the caller can confine
		{name: "a read at minimal", cmd: "ls -la", level: "minimal", wantRow: RowBoxed},
		{name: "a write in the workspace at low", cmd: "echo hi > out.txt", level: "low", wantRow: RowBoxed},
		{name: "a test run at medium", cmd: "go test ./...", level: "medium", wantRow: RowBoxed},
		// within-level: no box for it
		{name: "sandbox off", cmd: "ls -la", level: "minimal", off: true, wantRow: RowWithinLevel},
		{name: "a caller that cannot confine", cmd: "ls -la", level: "minimal", noBox: true, wantRow: RowWithinLevel},
		{name: "a process list", cmd: "ps aux", level: "minimal", wantRow: RowWithinLevel},
		{name: "a socket list", cmd: "ss -tlnp", level: "minimal", wantRow: RowWithinLevel},
		{name: "the container engine", cmd: "docker ps", level: "minimal", wantRow: RowWithinLevel},
		// installs: in the medium box, with the network, and nowhere else
		{name: "a package install from the lockfile", cmd: "npm ci", level: "medium", wantRow: RowBoxed, network: true},
		{name: "a pip install from requirements", cmd: "pip install -r requirements.txt", level: "medium", wantRow: RowBoxed, network: true},
		{name: "go's module download", cmd: "go mod download", level: "medium", wantRow: RowBoxed, network: true},
		{name: "an install, then the tests", cmd: "npm ci && npm test", level: "medium", wantRow: RowBoxed, network: true},
		{name: "an install and the network", cmd: "npm ci && curl https://example.com", level: "medium", wantRow: RowAgentAsks},
		// servers: high outside a box; in the box of the level in force,
		// reached from outside, by row sandboxed, and never with the network
		{name: "a site generator's server", cmd: "hugo server -D", level: "medium", wantRow: RowSandboxed, serve: true},
		{name: "a dev script", cmd: "npm run dev", level: "medium", wantRow: RowSandboxed, serve: true},
		{name: "a build, then a server", cmd: "go build ./... && jupyter lab --no-browser", level: "medium", wantRow: RowSandboxed, serve: true},
		{name: "a server at low", cmd: "hugo server", level: "low", wantRow: RowSandboxed, serve: true},
		{name: "a server at minimal", cmd: "mkdocs serve", level: "minimal", wantRow: RowSandboxed, serve: true},
		{name: "an install, then a server", cmd: "npm ci && npm run dev", level: "medium", wantRow: RowAgentAsks},
		{name: "a server and the network", cmd: "npm run dev & curl https://example.com", level: "medium", wantRow: RowAgentAsks},
		{name: "a server left in the background", cmd: "npm run dev &", level: "medium", wantRow: RowAgentAsks},
		{name: "a server, sandbox off", cmd: "hugo server", level: "medium", off: true, wantRow: RowAgentAsks},
		{name: "a server, a caller that cannot confine", cmd: "hugo server", level: "medium", noBox: true, wantRow: RowAgentAsks},
		{name: "a server and unseen code", cmd: "./dev.sh && npm run dev", level: "medium", wantRow: RowSandboxed, serve: true},
		{name: "an install and a process list", cmd: "npm ci && ps aux", level: "medium", wantRow: RowWithinLevel},
		{name: "an install and unseen code above the level", cmd: "npm ci && ./scripts/gen.sh", level: "medium", wantRow: RowAgentAsks},
		{name: "an install, sandbox off", cmd: "npm ci", level: "medium", off: true, wantRow: RowWithinLevel},
		{name: "an install at high has no box", cmd: "npm ci", level: "high", wantRow: RowWithinLevel},
		{name: "git fetch stays unboxed", cmd: "git fetch", level: "medium", wantRow: RowWithinLevel},
		{name: "a clone stays unboxed", cmd: "git clone https://example.com/r.git", level: "medium", wantRow: RowWithinLevel},
		{name: "level high has no box", cmd: "ls -la", level: "high", wantRow: RowWithinLevel},
		{name: "a file read is no shell call", tool: hook.KindFileRead, level: "minimal", wantRow: RowWithinLevel},
		// sandboxed: above the level only for code nobody has seen
		{name: "the project's tests at low", cmd: "go test ./...", level: "low", wantRow: RowSandboxed},
		{name: "inline code at medium", cmd: "python3 -c 'print(1)'", level: "medium", wantRow: RowSandboxed},
		{name: "a workspace script at medium", cmd: "./scripts/gen.sh", level: "medium", wantRow: RowSandboxed},
		// what a variable permguard does not know changes, the program does in the box
		{name: "a variable not known", cmd: "NAME=Deno go test ./...", level: "medium", wantRow: RowSandboxed},
		{name: "a variable not known, with env", cmd: "env NAME=Deno go test ./...", level: "medium", wantRow: RowSandboxed},
		{name: "a variable that runs a program", cmd: "LD_PRELOAD=./x.so go test ./...", level: "medium", wantRow: RowAgentAsks},
		{name: "a variable of the guard", cmd: "PERMGUARD_LEVEL=high go test ./...", level: "medium", wantRow: RowNobody},
		{name: "a script in a temporary directory at low", cmd: "bash /tmp/x.sh", level: "low", wantRow: RowSandboxed},
		{name: "an unknown program at minimal", cmd: "frobnicate --x", level: "minimal", wantRow: RowSandboxed},
		// asked as before: a known effect, or no box
		{name: "unseen code and the network", cmd: "go test ./... && curl https://example.com", level: "medium", wantRow: RowAgentAsks},
		{name: "unseen code and a push", cmd: "make && git push", level: "medium", wantRow: RowAgentAsks},
		{name: "a package install above the level", cmd: "npm ci", level: "low", wantRow: RowAgentAsks},
		{name: "unseen code, sandbox off", cmd: "python3 -c 'print(1)'", level: "medium", off: true, wantRow: RowAgentAsks},
		{name: "unseen code, a caller that cannot confine", cmd: "python3 -c 'print(1)'", level: "medium", noBox: true, wantRow: RowAgentAsks},
		{name: "a script in the home directory", cmd: "bash ~/x.sh", level: "medium", wantRow: RowAgentAsks},
		// a project's "off" turns off row 4b only: the repository cannot
		// take the box away from what the level allows
		{name: "a project's off keeps the box of a read", cmd: "ls -la", level: "minimal", projOff: true, wantRow: RowBoxed},
		{name: "a project's off keeps the box of a test run", cmd: "go test ./...", level: "medium", projOff: true, wantRow: RowBoxed},
		{name: "a project's off asks about unseen code", cmd: "python3 -c 'print(1)'", level: "medium", projOff: true, wantRow: RowAgentAsks},
	}
	plain, off, proj := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(off, "settings.json"), []byte(`{"sandbox": "off"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(proj, ".permguard"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".permguard", "settings.json"), []byte(`{"sandbox": "off"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, ws := plain, ws
			if tt.off {
				cfg = off
			}
			if tt.projOff {
				ws = proj
			}
			call := &hook.Call{Kind: hook.KindShell, Tool: "Bash", Command: tt.cmd}
			if tt.tool == hook.KindFileRead {
				call = &hook.Call{Kind: hook.KindFileRead, Tool: "Read", Paths: []string{"README.md"}}
			}
			asked := false
			req := Request{Via: ViaHook, Level: tt.level, Cwd: ws, Wd: ws, AgentCanAsk: true, Self: "/usr/bin/permguard", Call: call,
				CanSandbox: func() bool { asked = true; return !tt.noBox }}
			env := Env{Home: "/home/dev", ConfigDir: cfg, StateDir: t.TempDir(), ManagedFile: filepath.Join(cfg, "managed.json")}
			ev, err := Evaluate(req, env, Deps{})
			if err != nil {
				t.Fatal(err)
			}
			if ev.Outcome.Row != tt.wantRow {
				t.Fatalf("%q at %s: row %s, want %s (verdict %s)", tt.cmd, tt.level, ev.Outcome.Row, tt.wantRow, VerdictLabel(ev.Res.Verdict))
			}
			reply := ev.Reply()
			boxed := tt.wantRow == RowBoxed || tt.wantRow == RowSandboxed
			if got := ev.Box(); (got != "") != boxed || boxed && got != tt.level {
				t.Errorf("Box() = %q, want the box of %s: %v", got, tt.level, boxed)
			}
			if !boxed {
				if reply.UpdatedInput != nil {
					t.Errorf("an unboxed answer rewrites the call: %v", reply.UpdatedInput)
				}
				if tt.off && asked {
					t.Errorf("with sandbox off, the caller was asked whether it can confine")
				}
				return
			}
			wantNet := NetNone
			if tt.network {
				wantNet = NetOpen
			} else if tt.serve {
				wantNet = NetServe
			}
			if ev.BoxNet() != wantNet {
				t.Errorf("BoxNet() = %v, want %v", ev.BoxNet(), wantNet)
			}
			flags := "--level " + tt.level
			if f := wantNet.Flag(); f != "" {
				flags += " " + f
			}
			want := "/usr/bin/permguard exec --box " + flags + " --cwd " + ws + " -- bash -c "
			var got string
			if reply.UpdatedInput != nil {
				_ = json.Unmarshal(reply.UpdatedInput["command"], &got)
			}
			if reply.Decision != hook.Allow || !strings.HasPrefix(got, want) {
				t.Fatalf("reply %s, rewritten to %v; want an allow rewritten to %q...", reply.Decision, reply.UpdatedInput, want)
			}
			if !strings.Contains(reply.Reason, "allowed at level "+tt.level+", in its box") {
				t.Errorf("reason %q does not name the box", reply.Reason)
			}
			if long := strings.Contains(reply.Reason, "do not work around the box"); long != (tt.wantRow == RowSandboxed) {
				t.Errorf("reason %q: says what the box forbids = %v, want it only for code above the level", reply.Reason, long)
			}
			if ex := ev.Explained(); !strings.Contains(ex, "in the box of level "+tt.level) {
				t.Errorf("explain's decision %q does not name the box", ex)
			}
		})
	}
}
