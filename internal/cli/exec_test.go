package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/launch"
	"github.com/agent-permguard/permguard/internal/prompt"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// execCall is what a fake Exec or Spawn was asked to run: spawned says
// it ran in a session of its own and was waited for, not replacing
// permguard.
type execCall struct {
	path    string
	argv    []string
	spawned bool
}

func runExec(t *testing.T, opts *ExecOptions, abiErr, filterErr error) (execCall, *sandbox.Writable, checkResult) {
	t.Helper()
	ios, _, out, errOut := testStreams()
	opts.IO = ios
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ls", "go"} {
		if err := os.WriteFile(filepath.Join(bin, name), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := withState(t, map[string]string{"HOME": "/home/u", "PATH": "relative:" + bin, "PERMGUARD_NO_PROMPT": "1", "TMPDIR": "/var/folders/T/"})
	opts.Getenv = envFunc(env)
	opts.Getwd = fixedWd("/ws")
	opts.Environ = func() []string { return []string{"A=1"} }
	opts.Classify = classify.Classify
	var ran execCall
	opts.Exec = func(path string, argv, envv []string) error {
		ran = execCall{path: path, argv: argv}
		if !slices.Equal(envv, []string{"A=1"}) {
			t.Errorf("environment %q", envv)
		}
		return errors.New("exec stopped by the test")
	}
	opts.DenyTerminalInput = func() error { return filterErr }
	opts.Spawn = func(path string, argv, envv []string) (int, error) {
		ran = execCall{path: path, argv: argv, spawned: true}
		return 3, nil
	}
	var restricted *sandbox.Writable
	opts.ABI = func() (int, error) { return 4, abiErr }
	opts.Restrict = func(w sandbox.Writable) error {
		restricted = &w
		return abiErr
	}
	err := execRun(opts)
	printError(errOut, err)
	return ran, restricted, checkResult{stdout: out.String(), stderr: errOut.String(), code: exitCode(err)}
}

func TestExecRun(t *testing.T) {
	unavailable := fmt.Errorf("%w: no such syscall", sandbox.ErrUnavailable)
	tests := []struct {
		name       string
		opts       ExecOptions
		abiErr     error
		filterErr  error    // DenyTerminalInput's
		wantRun    []string // nil: nothing ran
		wantSpawn  bool     // run in a session of its own, waited for
		wantCode   int
		wantStderr string
		wantDirs   []string // the sandbox's writable directories; nil: no sandbox
	}{
		{name: "allowed: replaced by the program", opts: ExecOptions{Args: []string{"ls", "-la"}},
			wantRun: []string{"ls", "-la"}, wantCode: ExitCannotRun, wantStderr: "permguard: error: cannot run: "},
		{name: "blocked: nothing runs", opts: ExecOptions{Args: []string{"go", "test", "./..."}},
			wantCode: ExitExecBlocked, wantStderr: ", or PERMGUARD_LEVEL=medium permguard exec -- go test ./...\n"},
		{name: "level flag", opts: ExecOptions{Level: "medium", Args: []string{"go", "test", "./..."}},
			wantRun: []string{"go", "test", "./..."}, wantCode: ExitCannotRun},
		{name: "sandbox best effort: spawned, its status exec's", opts: ExecOptions{Sandbox: "best-effort", Writable: []string{"cache", "/abs/dir/"}, Args: []string{"ls"}},
			wantRun: []string{"ls"}, wantSpawn: true, wantCode: 3,
			wantDirs: []string{"/tmp", "/var/tmp", "/ws", "/var/folders/T", "/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git", "/ws/cache", "/abs/dir", "/dev/pts", "/dev/shm"}},
		{name: "sandbox best effort without landlock warns and runs", opts: ExecOptions{Sandbox: "best-effort", Args: []string{"ls"}}, abiErr: unavailable,
			wantRun: []string{"ls"}, wantCode: ExitCannotRun,
			wantStderr: "permguard: warning: Landlock is not available: no such syscall; running ls without a sandbox\n",
			wantDirs:   []string{"/tmp", "/var/tmp", "/ws", "/var/folders/T", "/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git", "/dev/pts", "/dev/shm"}},
		{name: "sandbox required without the terminal filter: nothing runs", opts: ExecOptions{Sandbox: "require", Args: []string{"ls"}}, filterErr: errors.New("no seccomp"),
			wantCode: ExitExecBlocked, wantStderr: "permguard: error: no seccomp; nothing was run\n",
			wantDirs: []string{"/tmp", "/var/tmp", "/ws", "/var/folders/T", "/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git", "/dev/pts", "/dev/shm"}},
		{name: "sandbox best effort without the terminal filter warns and spawns", opts: ExecOptions{Sandbox: "best-effort", Args: []string{"ls"}}, filterErr: errors.New("no seccomp"),
			wantRun: []string{"ls"}, wantSpawn: true, wantCode: 3, wantStderr: "permguard: warning: no seccomp; ls runs without that guard\n",
			wantDirs: []string{"/tmp", "/var/tmp", "/ws", "/var/folders/T", "/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git", "/dev/pts", "/dev/shm"}},
		{name: "sandbox required without landlock: nothing runs, nobody is asked", opts: ExecOptions{Sandbox: "require", Args: []string{"ls"}}, abiErr: unavailable,
			wantCode: ExitExecBlocked, wantStderr: "permguard: error: --sandbox=require: Landlock is not available: no such syscall; nothing was run\n"},
		{name: "sandbox failing otherwise: nothing runs", opts: ExecOptions{Sandbox: "best-effort", Args: []string{"ls"}}, abiErr: errors.New("ruleset refused"),
			wantCode: ExitExecBlocked, wantStderr: "permguard: error: ruleset refused; nothing was run\n",
			wantDirs: []string{"/tmp", "/var/tmp", "/ws", "/var/folders/T", "/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git", "/dev/pts", "/dev/shm"}},
		{name: "a relative PATH entry is never searched", opts: ExecOptions{Level: "high", Args: []string{"relative-only"}},
			wantCode: ExitNotFound, wantStderr: "permguard: error: not found: relative-only is not in PATH\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			ran, restricted, got := runExec(t, &opts, tt.abiErr, tt.filterErr)
			if got.code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr:\n%s", got.code, tt.wantCode, got.stderr)
			}
			if !slices.Equal(ran.argv, tt.wantRun) || ran.spawned != tt.wantSpawn {
				t.Errorf("ran %q (spawned %v), want %q (spawned %v)", ran.argv, ran.spawned, tt.wantRun, tt.wantSpawn)
			}
			if tt.wantRun != nil && filepath.Base(ran.path) != tt.wantRun[0] {
				t.Errorf("ran the file %s", ran.path)
			}
			if got.stdout != "" {
				t.Errorf("stdout %q: stdout is the program's", got.stdout)
			}
			if !strings.Contains(got.stderr, tt.wantStderr) {
				t.Errorf("stderr:\n%s\nwant it to contain:\n%s", got.stderr, tt.wantStderr)
			}
			switch {
			case tt.wantDirs == nil && restricted != nil:
				t.Errorf("sandboxed %v, want no sandbox", restricted.Dirs)
			case tt.wantDirs != nil && (restricted == nil || !slices.Equal(restricted.Dirs, tt.wantDirs)):
				t.Errorf("sandbox %+v, want writable %q", restricted, tt.wantDirs)
			}
		})
	}
}

// TestExecNoPrompt: with --no-prompt, exec never opens the terminal, and
// what needs approval is not run (exit 77); without it, a person at the
// terminal is asked.
func TestExecNoPrompt(t *testing.T) {
	for _, noPrompt := range []bool{true, false} {
		dir := t.TempDir()
		bin := filepath.Join(dir, "bin")
		os.MkdirAll(bin, 0o755)
		os.WriteFile(filepath.Join(bin, "git"), nil, 0o755)
		ios, _, _, errOut := testStreams()
		opened := false
		var ran []string
		opts := &ExecOptions{
			callOptions: callOptions{IO: ios, Classify: classify.Classify, Getwd: fixedWd(dir),
				Getenv: envFunc(withState(t, map[string]string{"HOME": dir, "PATH": bin, "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg")})),
				Terminal: func(bool) (asker, error) {
					opened = true
					return &prompt.Fake{Answers: []prompt.Answer{{Choice: prompt.AllowOnce}}}, nil
				}},
			Process: launch.Process{
				Environ:  func() []string { return nil },
				Exec:     func(path string, argv, env []string) error { ran = argv; return errors.New("exec stopped by the test") },
				Spawn:    func(path string, argv, env []string) (int, error) { ran = argv; return 0, nil },
				Restrict: func(sandbox.Writable) error { return sandbox.ErrUnavailable },
			},
			ABI:      func() (int, error) { return 0, sandbox.ErrUnavailable },
			NoPrompt: noPrompt,
			Args:     []string{"git", "push", "origin", "main"},
		}
		err := execRun(opts)
		printError(errOut, err)
		switch {
		case noPrompt && (opened || ran != nil || exitCode(err) != ExitExecBlocked):
			t.Errorf("--no-prompt: terminal opened %v, ran %q, exit %d\n%s", opened, ran, exitCode(err), errOut)
		case !noPrompt && (!opened || ran == nil):
			t.Errorf("without --no-prompt: terminal opened %v, ran %q, exit %d\n%s", opened, ran, exitCode(err), errOut)
		}
	}
}
