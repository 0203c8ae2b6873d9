package cli

import (
	"strings"
	"testing"
	"time"
)

// TestHookDispatch: run sends "permguard hook" straight to the hook,
// without building the command tree, for start-up's sake. Whatever the
// arguments and the payload, the answer must be the one the tree gives.
func TestHookDispatch(t *testing.T) {
	bash := func(cmd string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/wd","tool_input":{"command":"` + cmd + `"}}`
	}
	tests := []struct {
		name      string
		args      []string
		stdin     string
		wantCode  int
		wantInOut string // in stdout, so that both paths cannot agree on nothing
		direct    bool   // whether run takes the short way
	}{
		{name: "allow", args: []string{"hook"}, stdin: bash("git status"), wantInOut: `"allow"`, direct: true},
		{name: "agent", args: []string{"hook", "--agent", "claude"}, stdin: bash("git status"), wantInOut: `"allow"`, direct: true},
		{name: "block", args: []string{"hook"}, stdin: bash("rm -rf ~"), wantCode: ExitBlocked, direct: true},
		{name: "bad flag", args: []string{"hook", "--agent=codex", "--bogus"}, stdin: bash("ls"), wantInOut: `"deny"`, direct: true},
		{name: "unknown agent", args: []string{"hook", "--agent", "nosuch"}, stdin: bash("ls"), wantCode: ExitBlocked, direct: true},
		{name: "argument", args: []string{"hook", "ls"}, stdin: bash("ls"), wantCode: ExitBlocked, direct: true},
		{name: "not json", args: []string{"hook"}, stdin: "{", wantCode: ExitBlocked, direct: true},
		{name: "help after a flag", args: []string{"hook", "--agent", "claude", "--help"}, stdin: bash("ls"), wantCode: ExitBlocked, direct: true},
		{name: "help", args: []string{"hook", "--help"}, wantInOut: "Usage:"},
		{name: "short help", args: []string{"hook", "-h"}, wantInOut: "Usage:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := isHookCall(tt.args); got != tt.direct {
				t.Errorf("isHookCall(%q) = %v, want %v", tt.args, got, tt.direct)
			}
			results := map[string]checkResult{}
			for _, way := range []string{"run", "tree"} {
				ios, in, out, errOut := testStreams()
				in.WriteString(tt.stdin)
				f := &Factory{IO: ios, Getwd: fixedWd("/wd"), Now: time.Now, Getenv: envFunc(map[string]string{
					"PERMGUARD_STATE_DIR": t.TempDir(), "PERMGUARD_CONFIG_DIR": t.TempDir(), "HOME": "/home/u",
				})}
				var code int
				if way == "run" {
					code = run(f, tt.args)
				} else {
					code = runTree(f, tt.args)
				}
				results[way] = checkResult{stdout: out.String(), stderr: errOut.String(), code: code}
			}
			run, tree := results["run"], results["tree"]
			if run != tree {
				t.Errorf("permguard %q: run gives exit %d, stdout %q, stderr %q; the command tree exit %d, stdout %q, stderr %q",
					tt.args, run.code, run.stdout, run.stderr, tree.code, tree.stdout, tree.stderr)
			}
			if run.code != tt.wantCode || !strings.Contains(run.stdout, tt.wantInOut) {
				t.Errorf("permguard %q = exit %d, stdout %q; want exit %d and %q in stdout", tt.args, run.code, run.stdout, tt.wantCode, tt.wantInOut)
			}
		})
	}
}
