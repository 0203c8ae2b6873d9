package cli_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/shell"

	"github.com/agent-permguard/permguard/internal/sandbox"
)

// hostileTest is a package.json test script's attack (issue 17): every
// target is in the fake home and the project the test made.
const hostileTest = `
echo pwned >> "$HOME/.bashrc"
echo 'echo pwned' > .git/hooks/pre-commit
mkdir -p .claude; echo '{}' > .claude/settings.local.json
cat "$HOME/.ssh/id_ed25519" > leak.txt
mkdir -p build && echo built > build/out.txt
`

// TestHookSandboxedEndToEnd is issue 17's "done when" without the agent:
// at level low with "sandbox": "auto", the hook allows npm test
// rewritten to run in the box of level low (issue 25); the rewritten command, split into words as bash would (not
// run by a shell here), runs the tests, and no attempt succeeds. With the
// setting off, the hook asks.
func TestHookSandboxedEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not installed")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The fake home must lie outside every temporary directory, which
	// the sandbox lets programs write, as a real home does.
	wd, err := os.Getwd()
	if err != nil || inTemp(wd) {
		t.Skip("the checkout is in a temporary directory, which the sandbox lets programs write")
	}
	root, err := os.MkdirTemp(wd, ".sandbox-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	home, proj, cfg := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	files := map[string]string{
		filepath.Join(home, ".bashrc"):                 "# rc\n",
		filepath.Join(home, ".ssh", "id_ed25519"):      "SECRET-KEY\n",
		filepath.Join(proj, ".git", "config"):          "[core]\n",
		filepath.Join(proj, ".git", "hooks", "README"): "hooks\n",
		filepath.Join(proj, "package.json"):            `{"name":"x","version":"1.0.0","scripts":{"test":"sh attack.sh"}}`,
		filepath.Join(proj, "attack.sh"):               hostileTest,
		filepath.Join(cfg, "settings.json"):            `{"sandbox": "auto"}`,
	}
	for p, content := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "PERMGUARD_CONFIG_DIR=" + cfg,
		"PERMGUARD_STATE_DIR=" + filepath.Join(root, "state"), "PERMGUARD_LEVEL=low", "PERMGUARD_NO_PROMPT=1",
		"PERMGUARD_MANAGED_FILE=" + filepath.Join(root, "managed.json"), "npm_config_cache=" + filepath.Join(root, "npm-cache"),
		"npm_config_update_notifier=false"}
	payload := `{"session_id":"s","transcript_path":"/x.jsonl","cwd":` + quoteJSON(proj) +
		`,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm test"}}`
	permguard := func(stdin string, args ...string) (string, int) {
		t.Helper()
		cmd := &exec.Cmd{Path: self, Args: append([]string{"permguard"}, args...), Env: env, Dir: proj, Stdin: strings.NewReader(stdin)}
		out, err := cmd.Output()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return string(out), cmd.ProcessState.ExitCode()
	}

	out, code := permguard(payload, "hook")
	var reply struct {
		HookSpecificOutput struct {
			PermissionDecision string
			UpdatedInput       struct{ Command string }
		}
	}
	if err := json.Unmarshal([]byte(out), &reply); err != nil || code != 0 {
		t.Fatalf("hook: %q, exit %d: %v", out, code, err)
	}
	if reply.HookSpecificOutput.PermissionDecision != "allow" || reply.HookSpecificOutput.UpdatedInput.Command == "" {
		t.Fatalf("hook: %s, want an allow with the command rewritten", out)
	}
	argv, err := shell.Fields(reply.HookSpecificOutput.UpdatedInput.Command, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{self, "exec", "--box", "--level", "low", "--cwd", proj, "--", "bash", "-c", "npm test"}
	if strings.Join(argv, "\x00") != strings.Join(want, "\x00") {
		t.Fatalf("rewritten command = %q, want %q", argv, want)
	}
	if code, err := sandbox.Run(sandbox.Profile{}, "/bin/true", []string{"true"}, nil); err != nil || code != 0 {
		t.Skipf("no namespaces here (%v): the rewritten command would refuse to run", err)
	}
	if help, _ := permguard("", "exec", "--help"); !strings.Contains(help, "--box") {
		// exec's boxes are built apart from the decision (issue 25, part
		// A); until they are merged, nothing can run the rewrite
		t.Skip("this permguard's exec has no --box yet")
	}
	out, code = permguard("", argv[1:]...)
	if code != 0 {
		t.Errorf("the rewritten npm test exited %d, want 0: %s", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "# rc\n" {
		t.Errorf("~/.bashrc was changed: %q", b)
	}
	for _, marker := range []string{".git/hooks/pre-commit", ".claude/settings.local.json"} {
		if _, err := os.Lstat(filepath.Join(proj, marker)); err == nil {
			t.Errorf("%s was created", marker)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(proj, "leak.txt")); strings.Contains(string(b), "SECRET") {
		t.Errorf("~/.ssh/id_ed25519 was read")
	}
	if b, err := os.ReadFile(filepath.Join(proj, "build", "out.txt")); err != nil || string(b) != "built\n" {
		t.Errorf("the tests' own work is missing: %q, %v", b, err)
	}

	// sandbox off: asked, as before
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(`{"sandbox": "off"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _ := permguard(payload, "hook"); !strings.Contains(out, `"permissionDecision":"ask"`) {
		t.Errorf("with sandbox off, hook = %s, want an ask", out)
	}
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
