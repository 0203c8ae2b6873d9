//go:build linux

package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// BuildHoles finds what exists and makes a marked placeholder for each
// missing directory hole (for .github/hooks, its highest missing
// directory), and none for a missing file hole (issue 25: git commits
// it, npm packs it), which ScanPlanted looks for after the run;
// Remove takes away the placeholders still as made, and leaves what
// was there before or was filled meanwhile.
func TestBuildHoles(t *testing.T) {
	ws := t.TempDir()
	for _, d := range []string{".git", ".vscode"} {
		if err := os.Mkdir(filepath.Join(ws, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ws, ".git", "config"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	before := names(t, ws)
	h := BuildHoles(ws)
	rel := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(ws, p)
			out = append(out, r)
		}
		return out
	}
	for _, want := range []string{".claude", ".permguard", ".vscode", ".husky", ".github", ".git/hooks", ".git/config", ".git/modules"} {
		if !slices.Contains(rel(h.Paths), want) {
			t.Errorf("holes %v lack %s", rel(h.Paths), want)
		}
	}
	for _, f := range []string{".envrc", ".mcp.json", "opencode.json", "opencode.jsonc", ".gitmodules"} {
		if slices.Contains(rel(h.Paths), f) {
			t.Errorf("holes %v hold %s, which does not exist", rel(h.Paths), f)
		}
		if _, err := os.Lstat(filepath.Join(ws, f)); err == nil {
			t.Errorf("a placeholder %s was made", f)
		}
	}
	if len(h.Missing) > 0 {
		t.Errorf("missing = %v, want every hole found or made", h.Missing)
	}
	if st, err := os.Stat(filepath.Join(ws, ".husky")); err != nil || !st.IsDir() {
		t.Errorf(".husky was not made: %v", err)
	}
	// filled meanwhile by someone outside the sandbox: theirs now
	if err := os.WriteFile(filepath.Join(ws, ".envrc"), []byte("use nix\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.Remove()
	want := append(slices.Clone(before), ".envrc")
	slices.Sort(want)
	if got := names(t, ws); !slices.Equal(got, want) {
		t.Errorf("after Remove the workspace holds %v, want %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(ws, ".vscode")); err != nil {
		t.Errorf(".vscode, there before, was removed: %v", err)
	}

	// a .git file (a worktree) is a hole itself
	wt := t.TempDir()
	if err := os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: /x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h = BuildHoles(wt)
	defer h.Remove()
	if !slices.Contains(h.Paths, filepath.Join(wt, ".git")) {
		t.Errorf("BuildHoles(worktree) = %v, want its .git file among them", h.Paths)
	}
}

// A placeholder a killed run left behind is the next run's to remove;
// while another run holds the workspace, none is removed: that run may
// have it mounted as a hole.
func TestBuildHolesLeftBehind(t *testing.T) {
	ws := t.TempDir()
	killed := BuildHoles(ws) // never removed, as after a SIGKILL
	_ = killed
	if _, err := os.Stat(filepath.Join(ws, ".claude")); err != nil {
		t.Fatalf("no placeholder was made: %v", err)
	}
	if !marked(filepath.Join(ws, ".claude")) {
		t.Skip("this file system keeps no user attributes: a placeholder left behind cannot be told")
	}
	// the killed run's lock went with its process; here it is the same
	// process, so let the other run's lock go by hand
	killed.unlock(false)
	busy := BuildHoles(ws)
	next := BuildHoles(ws)
	next.Remove()
	if _, err := os.Stat(filepath.Join(ws, ".claude")); err != nil {
		t.Errorf("a placeholder another run holds was removed: %v", err)
	}
	busy.Remove()
	if got := names(t, ws); len(got) != 0 {
		t.Errorf("after the last run the workspace holds %v, want nothing", got)
	}
}

// A workspace locked by something else is not waited for: the run goes
// on, and leaves its placeholders, which it cannot tell are unused.
func TestBuildHolesLockedWorkspace(t *testing.T) {
	ws := t.TempDir()
	f, err := os.Open(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	h := BuildHoles(ws)
	if !slices.Contains(h.Paths, filepath.Join(ws, ".claude")) {
		t.Fatalf("holes %v lack .claude", h.Paths)
	}
	h.Remove()
	if _, err := os.Stat(filepath.Join(ws, ".claude")); err != nil {
		t.Errorf("a placeholder was removed without the workspace's lock: %v", err)
	}
	if !marked(filepath.Join(ws, ".claude")) {
		return // no user attributes here: they cannot be told for ours
	}
	// the next run, unhindered, removes them
	_ = unix.Flock(int(f.Fd()), unix.LOCK_UN)
	BuildHoles(ws).Remove()
	if got := names(t, ws); len(got) != 0 {
		t.Errorf("after the next run the workspace holds %v, want nothing", got)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func marked(p string) bool {
	_, err := unix.Lgetxattr(p, placeholderAttr, make([]byte, 8))
	return err == nil
}

// ptyProbe makes a pseudo-terminal, reads its settings (an ioctl) and
// lists /dev/pts, as a test suite that drives a terminal does.
const ptyProbe = `
import os, pty, termios
m, s = pty.openpty()
termios.tcgetattr(s)
open("pty.txt", "w").write(" ".join(sorted(os.listdir("/dev/pts"))))
`

// In the build profile a program may use the terminals it makes (their
// ioctls), and sees none of the machine's: /dev/pts is its own.
func TestBuildProfileTerminals(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	ws := t.TempDir()
	p := Profile{Writable: Writable{Dirs: append([]string{ws}, DefaultDirs...), Files: DefaultFiles}}
	old, _ := os.Getwd()
	if err := os.Chdir(ws); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(old)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + ws}
	if v := os.Getenv("PYENV_ROOT"); v != "" {
		env = append(env, "PYENV_ROOT="+v)
	}
	code, err := Run(p, python, []string{"python3", "-c", ptyProbe}, env)
	if errors.Is(err, ErrNoNamespaces) {
		t.Skipf("no namespaces here: %v", err)
	}
	if err != nil || code != 0 {
		t.Fatalf("Run = %d, %v; want the pseudo-terminal usable", code, err)
	}
	b, err := os.ReadFile(filepath.Join(ws, "pty.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != "0 ptmx" {
		t.Errorf("/dev/pts holds %q inside, want only the terminal made there and ptmx", got)
	}
}
