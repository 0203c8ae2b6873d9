// Package launch runs the program permguard exec allowed: in the box of
// its level, in the sandbox its flags ask for, or as it is, replacing
// permguard; and, after a confined run that could write the workspace,
// looks for the git footholds it planted there (design §4, "The boxes",
// row 4b). The engine (internal/guard) has decided by then; this package
// builds the sandbox's profile from that decision and the environment,
// runs the program through the functions it is given, and says what
// became of it. Its errors map to exec's exit statuses: [Refusal] (77),
// [Exit] (the program's own), [ErrCannotRun] (126), [ErrNotFound] (127).
package launch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// ExitRefused is exec's exit status when it did not run the program, or
// will not vouch for a confined run that succeeded (sysexits' EX_NOPERM,
// which programs do not use for anything else).
const ExitRefused = 77

// Process is how a program is run, injected so that no test runs one:
// Environ is the environment it gets; Exec replaces the process with it
// (syscall.Exec) and returns only on failure; Restrict confines what
// the program may write (sandbox.Restrict); Confine runs it in the
// build profile's namespaces and returns its exit status (sandbox.Run);
// DenyTerminalInput and Spawn are Landlock alone's rest: a seccomp
// filter against typing into a terminal, then the program run in a
// session of its own and waited for (sandbox.DenyTerminalInput,
// sandbox.Spawn).
type Process struct {
	Environ           func() []string
	Exec              func(path string, argv, env []string) error
	Restrict          func(sandbox.Writable) error
	Confine           func(p sandbox.Profile, path string, argv, env []string) (int, error)
	DenyTerminalInput func() error
	Spawn             func(path string, argv, env []string) (int, error)
}

// Run is one run of a program the engine allowed.
type Run struct {
	Process
	Ev   *guard.Evaluation
	Env  guard.Env
	Deps guard.Deps // for the audit record after a confined run
	// Getenv reads the variables that move the caches; ErrOut takes the
	// warnings; Now stamps the names of what is set aside.
	Getenv func(string) string
	ErrOut io.Writer
	Now    func() time.Time
	// Args is the program and its arguments, as the engine judged them.
	Args []string
	// Net is what of the network the box has: the machine's with
	// --network (an install at medium, or the build profile's), its
	// listening ports reached from outside with --serve.
	Net guard.BoxNet
	// Budget bounds the check for planted repositories; nil is
	// sandbox.DefaultBudget.
	Budget *sandbox.Budget
}

// Unconfined replaces permguard with the program; it returns only when
// that failed.
func (r *Run) Unconfined(path string) error {
	err := r.Exec(path, r.Args, r.Environ())
	return fmt.Errorf("%w: %s: %v", ErrCannotRun, printable(path), err)
}

// NeedLandlock refuses a required sandbox (mode) that cannot be had here,
// as abi (sandbox.ABI) says: known before anyone is asked to approve the
// program.
func NeedLandlock(mode sandbox.Mode, abi func() (int, error)) error {
	if mode != sandbox.Require {
		return nil
	}
	if _, err := abi(); err != nil {
		return Refuse(withHints(fmt.Errorf("--sandbox=require: %v; nothing was run", err),
			"run without --sandbox, or with --sandbox=best-effort to run unconfined where Landlock is missing"))
	}
	return nil
}

// Sandboxed runs the program as --sandbox asks (design §4, row 4b): with
// profile, in the build profile; else confined by Landlock to writing
// the workspace, the temporary directories, the caches and writable.
// Where Landlock is missing, best-effort warns and runs it unconfined.
func (r *Run) Sandboxed(mode sandbox.Mode, profile bool, writable []string, path string) error {
	ev, env := r.Ev, r.Env
	caches := cacheDirs(env, r.Getenv, ev.Workspace)
	w := sandbox.Writable{Dirs: writableDirs(ev.Workspace, env, writable, caches), Files: sandbox.DefaultFiles}
	if profile {
		layersDir := ""
		if env.StateDir != "" && env.StateDirErr == nil {
			layersDir = filepath.Join(env.StateDir, guard.SandboxLayers)
		}
		return r.confine(mode, sandbox.BoxMedium, w, caches, layersDir, r.Environ(), path)
	}
	if err := r.Restrict(w); err != nil {
		if mode == sandbox.Require || !errors.Is(err, sandbox.ErrUnavailable) {
			return Refuse(fmt.Errorf("%v; nothing was run", err))
		}
		warnf(r.ErrOut, "%v; running %s without a sandbox", err, r.Args[0])
		return r.Unconfined(path)
	}
	return r.spawn(mode, path)
}

// ErrCannotRun and ErrNotFound are exec's failures to start the program,
// with the exit statuses a shell gives them (126, 127).
var (
	ErrCannotRun = errors.New("cannot run")
	ErrNotFound  = errors.New("not found")
)

// hinted is an error with the hints permguard prints after it, one
// "permguard: hint:" line each.
type hinted struct {
	err   error
	hints []string
}

func (e *hinted) Error() string   { return e.err.Error() }
func (e *hinted) Unwrap() error   { return e.err }
func (e *hinted) Hints() []string { return e.hints }

func withHints(err error, hints ...string) error { return &hinted{err: err, hints: hints} }

// warnf prints a "permguard: warning:" line.
func warnf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "permguard: warning: "+format+"\n", args...)
}

var printable = guard.Printable

// spawn runs the program that Landlock now confines in a session of its
// own, with no descriptor above 2 and no ioctl that types into a
// terminal, and waits for it (design §4, row 4b, Terminals): it must not
// push a command into the shell it was started from, nor reach what the
// caller left open. A filter that cannot be installed stops a required
// sandbox.
func (r *Run) spawn(mode sandbox.Mode, path string) error {
	if err := r.DenyTerminalInput(); err != nil {
		if mode == sandbox.Require {
			return Refuse(fmt.Errorf("%v; nothing was run", err))
		}
		warnf(r.ErrOut, "%v; %s runs without that guard", err, r.Args[0])
	}
	code, err := r.Spawn(path, r.Args, r.Environ())
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCannotRun, printable(path), err)
	}
	return exitWith(code)
}

// lookPath finds the program as execvp would, but never in a relative
// PATH entry ("." or empty): that would run whatever the current
// directory holds under a trusted name.
func LookPath(name, pathEnv string) (string, error) {
	if strings.Contains(name, "/") {
		if err := executable(name); err != nil {
			return "", err
		}
		return name, nil
	}
	var firstErr error
	for _, dir := range filepath.SplitList(pathEnv) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, name)
		err := executable(p)
		if err == nil {
			return p, nil
		}
		if firstErr == nil && !errors.Is(err, ErrNotFound) {
			firstErr = err
		}
	}
	if firstErr != nil {
		return "", firstErr
	}
	return "", withHints(fmt.Errorf("%w: %s is not in PATH", ErrNotFound, printable(name)),
		"give the program's path, or install it; relative PATH entries are not searched")
}

func executable(p string) error {
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%w: %s", ErrNotFound, printable(p))
	case err != nil:
		return fmt.Errorf("%w: %v", ErrCannotRun, err)
	case st.IsDir():
		return fmt.Errorf("%w: %s is a directory", ErrCannotRun, printable(p))
	case st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("%w: %s is not executable", ErrCannotRun, printable(p))
	}
	return nil
}

// Exit is the exit status of a program exec ran confined and
// waited for; permguard exits with it.
type Exit struct{ Code int }

func (e *Exit) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// exitWith is nil for status 0, else the status for permguard to exit with.
func exitWith(code int) error {
	if code == 0 {
		return nil
	}
	return &Exit{code}
}

// relAll shows paths inside the workspace relative to it.
func relAll(workspace string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if r, err := filepath.Rel(workspace, p); err == nil && !strings.HasPrefix(r, "..") {
			p = r
		}
		out[i] = p
	}
	return out
}

// Refusal marks an error of permguard exec after which the program was
// not run, or, confined in the build profile, ran and succeeded but left
// git footholds to set aside (see checkPlanted); it maps to
// [ExitRefused].
type Refusal struct{ err error }

func (e *Refusal) Error() string { return e.err.Error() }

func (e *Refusal) Unwrap() error { return e.err }

// Refuse wraps err, which kept permguard exec from running the
// program (or from vouching for its run), so it exits [ExitRefused].
func Refuse(err error) error {
	if err == nil {
		return nil
	}
	return &Refusal{err}
}
