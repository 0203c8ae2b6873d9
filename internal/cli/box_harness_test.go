package cli_test

// The box red team's harness (issue 25): a scratch machine on which an
// agent's calls are decided by the hook and run as the agent runs them.
// box_decision_test.go and box_escape_test.go use it.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/shell"

	"github.com/agent-permguard/permguard/internal/sandbox"
)

// redteam is one scratch machine: a fake home, a project, permguard's
// settings and state, all outside every temporary directory.
type redteam struct {
	t                     *testing.T
	self, root, home, cfg string
	extraEnv              []string
}

func newRedteam(t *testing.T) *redteam {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the boxes are Linux's")
	}
	if ok, why := sandbox.BoxAvailable(); !ok {
		t.Skipf("no box here: %s", why)
	}
	if code, err := sandbox.Run(sandbox.Profile{}, "/bin/true", []string{"true"}, nil); err != nil || code != 0 {
		t.Skipf("no namespaces here: %v", err)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil || inTemp(wd) {
		t.Skip("the checkout is in a temporary directory, which the boxes let programs write")
	}
	root, err := os.MkdirTemp(wd, ".box-redteam-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	r := &redteam{t: t, self: self, root: root, home: filepath.Join(root, "home"), cfg: filepath.Join(root, "cfg")}
	r.write(filepath.Join(r.home, ".bashrc"), "# rc\n")
	r.write(filepath.Join(r.cfg, "settings.json"), `{"sandbox": "auto"}`)
	return r
}

// project makes a git repository (.git/config, .git/hooks, as the holes
// need) at dir with files in it, and returns dir.
func (r *redteam) project(dir string, files map[string]string) string {
	r.t.Helper()
	r.write(filepath.Join(dir, ".git", "config"), "[core]\n\tbare = false\n")
	r.write(filepath.Join(dir, ".git", "hooks", "README"), "hooks\n")
	r.write(filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	for name, content := range files {
		r.write(filepath.Join(dir, name), content)
	}
	return dir
}

func (r *redteam) write(p, content string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	mode := os.FileMode(0o644)
	if strings.HasSuffix(p, ".sh") {
		mode = 0o755
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		r.t.Fatal(err)
	}
}

func (r *redteam) env(level string) []string {
	return append([]string{"HOME=" + r.home, "PATH=" + os.Getenv("PATH"), "PERMGUARD_CONFIG_DIR=" + r.cfg,
		"PERMGUARD_STATE_DIR=" + filepath.Join(r.root, "state"), "PERMGUARD_LEVEL=" + level, "PERMGUARD_NO_PROMPT=1",
		"PERMGUARD_MANAGED_FILE=" + filepath.Join(r.root, "managed.json"), "RT_MARKERS=" + r.root}, r.extraEnv...)
}

// run runs argv (argv[0] "permguard" is this test binary as permguard)
// in dir, and returns its stdout and exit status.
func (r *redteam) run(level, dir, stdin string, argv ...string) (string, int) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	path := argv[0]
	if path == "permguard" {
		path = r.self
	} else if p, err := exec.LookPath(path); err == nil {
		path = p
	}
	cmd := exec.CommandContext(ctx, path)
	cmd.Args, cmd.Env, cmd.Dir, cmd.Stdin = argv, r.env(level), dir, strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		r.t.Fatal(err)
	}
	if stderr.Len() > 0 {
		r.t.Logf("%s: stderr: %s", strings.Join(argv, " "), stderr.String())
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// how is what the agent did with a call.
type how string

const (
	notRun  how = "not run"
	boxed   how = "boxed"
	unboxed how = "unboxed"
)

// agent does what Claude Code does with a Bash call at level in the
// project proj: asks the hook, then runs the call rewritten (its
// updatedInput, split into words as bash would), as it was (an allow
// without a rewrite), or not at all.
func (r *redteam) agent(level, proj, command string) (how, string) {
	r.t.Helper()
	payload := `{"session_id":"rt","transcript_path":"/x.jsonl","cwd":` + quoteJSON(proj) +
		`,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":` + quoteJSON(command) + `}}`
	out, code := r.run(level, proj, payload, "permguard", "hook", "--agent", "claude")
	var reply struct {
		HookSpecificOutput struct {
			PermissionDecision string
			UpdatedInput       struct{ Command string }
		}
	}
	if err := json.Unmarshal([]byte(out), &reply); err != nil || code != 0 {
		r.t.Fatalf("hook: %q, exit %d: %v", out, code, err)
	}
	h := reply.HookSpecificOutput
	switch {
	case h.PermissionDecision != "allow":
		r.t.Logf("%s at %s: %s, not run", command, level, h.PermissionDecision)
		return notRun, ""
	case h.UpdatedInput.Command != "":
		argv, err := shell.Fields(h.UpdatedInput.Command, func(string) string { return "" })
		if err != nil || len(argv) == 0 || argv[0] != r.self {
			r.t.Fatalf("rewritten command %q: %v", h.UpdatedInput.Command, err)
		}
		argv[0] = "permguard"
		stdout, code := r.run(level, proj, "", argv...)
		r.t.Logf("%s at %s: boxed, exit %d", command, level, code)
		return boxed, stdout
	}
	stdout, code := r.run(level, proj, "", "bash", "-c", command)
	r.t.Logf("%s at %s: UNBOXED, exit %d", command, level, code)
	return unboxed, stdout
}

// box runs command as the hook's rewrite does, in the box of level.
func (r *redteam) box(level, proj, command string) string {
	r.t.Helper()
	out, code := r.run(level, proj, "", "permguard", "exec", "--box", "--level", level, "--cwd", proj, "--", "bash", "-c", command)
	r.t.Logf("boxed at %s: exit %d, stdout %q", level, code, out)
	return out
}

func (r *redteam) marker(name string) bool {
	_, err := os.Lstat(filepath.Join(r.root, name))
	return err == nil
}

func need(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
}
