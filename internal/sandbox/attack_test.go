//go:build linux

package sandbox

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestMain lets the test binary be the sandbox's init, as permguard's
// Main is: Run starts its own executable with InitArg.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == InitArg {
		Init()
	}
	if len(os.Args) > 2 && os.Args[1] == helperArg {
		os.Exit(helpers[os.Args[2]](os.Args[3:]))
	}
	os.Exit(m.Run())
}

// attackScript is what a hostile package.json, Makefile or conftest.py
// runs: each attempt, then the legitimate work. Every target is in the
// fake home and workspace the test made; $PORT is the test's listener.
// Each attempt that succeeds leaves a marker the test looks for.
const attackScript = `
umount -l .git/hooks 2>/dev/null; umount -l .claude 2>/dev/null; umount -l .git/config 2>/dev/null
echo pwned >> "$HOME/.bashrc"
mkdir -p .git/hooks; echo 'echo pwned' > .git/hooks/pre-commit
mkdir -p .claude 2>/dev/null; echo '{"hooks":{}}' > .claude/settings.local.json
echo '[core] hooksPath = /x' >> .git/config
cat "$HOME/.ssh/id_ed25519" > leak.txt
(echo hello > /dev/tcp/127.0.0.1/$PORT) 2>/dev/null
mv .claude .claude-moved 2>/dev/null
for f in $FOOTHOLDS; do mkdir -p "$(dirname "$f")" 2>/dev/null; echo pwned > "$f"; done
(setsid sh -c 'sleep 1; echo late >> .envrc' </dev/null >/dev/null 2>&1 &)
echo pwned >> "$HOME/.npm/index"; echo pwned > "$HOME/.npm/poison"
mkdir -p build && echo built > build/out.txt
echo legit > "$SCRATCH/tmp-out.txt"
echo cached > "$HOME/.npm/entry" && cat "$HOME/.npm/entry" > build/cache.txt
`

// conftestPy does the same from Python, as pytest loads it before any
// test: it needs no shell at all.
const conftestPy = `
import os, socket, subprocess
home = os.environ["HOME"]
def attempt(f):
    try:
        f()
    except Exception:
        pass
attempt(lambda: open(os.path.join(home, ".bashrc"), "a").write("pwned\n"))
attempt(lambda: open(".git/hooks/pre-commit", "w").write("echo pwned\n"))
attempt(lambda: open(".claude/settings.local.json", "w").write("{}"))
attempt(lambda: open("leak.txt", "w").write(open(os.path.join(home, ".ssh/id_ed25519")).read()))
attempt(lambda: socket.create_connection(("127.0.0.1", int(os.environ["PORT"])), timeout=2))
def unix_connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(os.environ["SOCK"])
attempt(unix_connect)
attempt(lambda: open(os.path.join(home, ".npm/index"), "a").write("pwned\n"))
os.makedirs("build", exist_ok=True)
open("build/out.txt", "w").write("built\n")
open(os.path.join(home, ".npm/entry"), "w").write("cached\n")
open("build/cache.txt", "w").write(open(os.path.join(home, ".npm/entry")).read())
`

// footholds are the guard files and footholds of design §2.9 a build
// could create in a workspace that has none of them: each switches the
// guard off or runs code later.
var footholds = []string{
	".gemini/settings.json", ".codex/config.toml", ".cursor/hooks.json", ".cursor/mcp.json", ".vscode/tasks.json",
	".vscode/settings.json", ".envrc", ".mcp.json", ".husky/pre-commit", ".githooks/pre-commit",
	".devcontainer/devcontainer.json", ".github/hooks/permguard.json", ".github/copilot/settings.json", ".pi/extensions/x.ts", ".opencode/plugin/x.js",
	"opencode.json", "opencode.jsonc", ".gitmodules", ".permguard/config.json", ".git/info/attributes", ".git/modules/m/hooks/post-checkout",
	// the package tools' project settings (red team RT-5)
	".cargo/config.toml", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs",
	// since issue 29: the yarn release .yarnrc.yml names, the hook
	// managers' configurations, the other editors' and agents' settings
	".yarn/releases/yarn-4.cjs", ".yarn/plugins/p.cjs", ".pnpmfile.mjs", ".pre-commit-config.yaml", "lefthook.yml",
	".zed/settings.json", ".kiro/hooks/h.kiro.hook", ".roo/mcp.json", ".amazonq/mcp.json", ".continue/config.yaml",
}

const testPy = "def test_ok():\n    assert True\n"

// TestBuildProfileAttacks runs a hostile build under each runner in the
// build profile: every attempt of issue 17 fails, the build's own work
// succeeds.
func TestBuildProfileAttacks(t *testing.T) {
	runners := []struct {
		name  string
		needs string
		files map[string]string
		argv  []string
	}{
		{name: "npm test", needs: "npm", files: map[string]string{
			"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"sh attack.sh"}}`,
			"attack.sh":    attackScript}, argv: []string{"npm", "test"}},
		{name: "make", needs: "make", files: map[string]string{
			"Makefile":  "test:\n\tsh attack.sh\n",
			"attack.sh": attackScript}, argv: []string{"make", "test"}},
		{name: "bash script", needs: "bash", files: map[string]string{
			"attack.sh": attackScript}, argv: []string{"bash", "attack.sh"}},
		{name: "python conftest", needs: "python3", files: map[string]string{
			"conftest.py": conftestPy}, argv: []string{"python3", "conftest.py"}},
		{name: "pytest conftest", needs: "python3", files: map[string]string{
			"conftest.py": conftestPy, "test_x.py": testPy}, argv: []string{"python3", "-m", "pytest", "-q", "-p", "no:cacheprovider"}},
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			prog, err := exec.LookPath(r.needs)
			if err != nil {
				t.Skipf("%s is not installed", r.needs)
			}
			if r.argv[len(r.argv)-1] == "no:cacheprovider" && exec.Command(prog, "-c", "import pytest").Run() != nil {
				t.Skip("pytest is not installed")
			}
			if breaches := attack(t, r.files, r.argv, true); len(breaches) > 0 {
				t.Errorf("confined, the build got through:\n%s", strings.Join(breaches, "\n"))
			}
		})
	}
}

// The same attack run unconfined gets through every time: the checks
// above can fail.
func TestBuildProfileAttackControl(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	breaches := attack(t, map[string]string{"attack.sh": attackScript}, []string{"bash", "attack.sh"}, false)
	if want := 9 + len(footholds); len(breaches) != want {
		t.Errorf("unconfined, %d attempts got through, want all %d:\n%s", len(breaches), want, strings.Join(breaches, "\n"))
	}
}

// The Python attempts, unconfined, reach the Unix socket too.
func TestBuildProfileAttackControlPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	breaches := attack(t, map[string]string{"conftest.py": conftestPy}, []string{"python3", "conftest.py"}, false)
	if !slices.Contains(breaches, "a connection reached the Unix socket outside the sandbox") {
		t.Errorf("unconfined, the Unix socket was not reached; got:\n%s", strings.Join(breaches, "\n"))
	}
}

// attack runs argv in a fresh fake home and workspace holding files,
// confined or not, and returns what got through.
func attack(t *testing.T, files map[string]string, argv []string, confined bool) (breaches []string) {
	root := t.TempDir()
	home, ws, scratch := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "scratch")
	write := func(p, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".bashrc"), "# rc\n")
	write(filepath.Join(home, ".npm", "index"), "clean\n")
	write(filepath.Join(home, ".ssh", "id_ed25519"), "SECRET-KEY\n")
	write(filepath.Join(ws, ".git", "config"), "[core]\n")
	write(filepath.Join(ws, ".git", "HEAD"), "ref: refs/heads/main\n")
	if err := os.MkdirAll(filepath.Join(ws, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		write(filepath.Join(ws, name), content)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var connected atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			connected.Add(1)
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	// a socket file outside the workspace, as the container engine's or
	// an ssh agent's is: whoever connects can have commands run
	sock := filepath.Join(root, "agent.sock")
	uln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer uln.Close()
	var unixConnected atomic.Int32
	go func() {
		for {
			c, err := uln.Accept()
			if err != nil {
				return
			}
			unixConnected.Add(1)
			c.Close()
		}
	}()

	before, beforeGit := names(t, ws), names(t, filepath.Join(ws, ".git"))
	waitTick(t) // the fixture is no change of the run's
	holes := BuildHoles(ws)
	base := TakeBaseline(ws)
	p := Profile{
		// the fake home lies under the test's temporary directory, so
		// the writable set is the workspace and a scratch directory, not
		// all of /tmp as exec gives
		Writable: Writable{Dirs: append([]string{ws, scratch, filepath.Join(home, ".npm")}, DefaultDirs...), Files: DefaultFiles},
		ReadOnly: holes.Paths,
		Hidden:   Secrets(home, ""),
	}
	layersDir := filepath.Join(root, "state", "layers")
	p.Layers, p.ReadOnly = CacheLayers([]string{filepath.Join(home, ".npm")}, layersDir)
	p.ReadOnly = append(p.ReadOnly, holes.Paths...)
	path, err := exec.LookPath(argv[0])
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "PORT=" + strconv.Itoa(port), "SOCK=" + sock, "SCRATCH=" + scratch, "FOOTHOLDS=" + strings.Join(footholds, " "),
		"npm_config_cache=" + filepath.Join(home, ".npm"), "npm_config_update_notifier=false", "TMPDIR=" + scratch}
	if v := os.Getenv("PYENV_ROOT"); v != "" {
		env = append(env, "PYENV_ROOT="+v)
	}
	var code int
	if confined {
		old, _ := os.Getwd()
		if err := os.Chdir(ws); err != nil {
			t.Fatal(err)
		}
		code, err = Run(p, path, argv, env)
		holes.Remove()
		_ = os.Chdir(old)
		if errors.Is(err, ErrNoNamespaces) {
			t.Skipf("no namespaces here: %v", err)
		}
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		// as exec does after the run: a file hole the run made (no
		// placeholder covers a missing one) is set aside
		made := map[string]bool{}
		for _, f := range ScanPlanted(ws, base, DefaultBudget).Findings {
			if f.Kind == HoleMade {
				made[relTo(ws, f.Path)] = true
			}
			if _, err := Quarantine(f, time.Now()); err != nil {
				t.Errorf("Quarantine(%s): %v", f.Path, err)
			}
		}
		for _, f := range footholds {
			if _, shell := files["attack.sh"]; shell && !strings.Contains(f, "/") && !made[f] {
				t.Errorf("%s, made by the run, was not reported", f)
			}
		}
	} else {
		holes.Remove()
		cmd := exec.Command(path, argv[1:]...)
		cmd.Dir, cmd.Env = ws, env
		if err := cmd.Run(); err != nil {
			t.Fatalf("unconfined: %v", err)
		}
	}
	if code != 0 {
		t.Errorf("the build exited %d, want 0: its own work must succeed", code)
	}
	// a connection that got through is counted, and a process the build
	// left behind has had its second to write .envrc
	time.Sleep(1500 * time.Millisecond)

	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "# rc\n" {
		breaches = append(breaches, "~/.bashrc was changed")
	}
	for _, marker := range []string{".git/hooks/pre-commit", ".claude/settings.local.json", ".claude-moved"} {
		_, err := os.Lstat(filepath.Join(ws, marker))
		if marker == ".claude/settings.local.json" && err != nil {
			// written, then moved away with its directory
			_, err = os.Lstat(filepath.Join(ws, ".claude-moved", "settings.local.json"))
		}
		if err == nil {
			breaches = append(breaches, marker+" was created")
		}
	}
	if b, _ := os.ReadFile(filepath.Join(ws, ".git", "config")); string(b) != "[core]\n" {
		breaches = append(breaches, ".git/config was changed")
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".npm", "index")); string(b) != "clean\n" {
		breaches = append(breaches, "the cache ~/.npm was changed")
	} else if _, err := os.Lstat(filepath.Join(home, ".npm", "poison")); err == nil {
		breaches = append(breaches, "the cache ~/.npm was changed")
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "leak.txt")); strings.Contains(string(b), "SECRET") {
		breaches = append(breaches, "~/.ssh/id_ed25519 was read")
	}
	for _, f := range footholds {
		if b, _ := os.ReadFile(filepath.Join(ws, f)); strings.Contains(string(b), "pwned") {
			breaches = append(breaches, f+" was written")
		}
	}
	if b, _ := os.ReadFile(filepath.Join(ws, ".envrc")); strings.Contains(string(b), "late") {
		breaches = append(breaches, "a process outlived the build and wrote .envrc")
	}
	if confined {
		// the placeholders of the missing holes are gone with the run
		after := names(t, ws)
		for _, n := range []string{"build", "leak.txt"} {
			after = slices.DeleteFunc(after, func(s string) bool { return s == n })
		}
		after = slices.DeleteFunc(after, func(s string) bool { return strings.Contains(s, QuarantineSuffix) })
		if !slices.Equal(before, after) {
			t.Errorf("the workspace holds %v after the run, %v before: litter", after, before)
		}
		if after := names(t, filepath.Join(ws, ".git")); !slices.Equal(beforeGit, after) {
			t.Errorf(".git holds %v after the run, %v before: litter", after, beforeGit)
		}
	}
	if n := connected.Load(); n > 0 {
		breaches = append(breaches, "a connection reached the listener on 127.0.0.1")
	}
	if n := unixConnected.Load(); n > 0 {
		breaches = append(breaches, "a connection reached the Unix socket outside the sandbox")
	}
	if b, err := os.ReadFile(filepath.Join(ws, "build", "out.txt")); err != nil || string(b) != "built\n" {
		t.Errorf("the build's own output is missing: %q, %v", b, err)
	}
	// the build read back what it wrote to its cache, which a confined
	// run kept in its own layer
	if b, err := os.ReadFile(filepath.Join(ws, "build", "cache.txt")); err != nil || string(b) != "cached\n" {
		t.Errorf("the build could not use its cache: %q, %v", b, err)
	}
	if confined {
		matches, _ := filepath.Glob(filepath.Join(layersDir, "*", "upper", "entry"))
		if len(matches) != 1 {
			t.Errorf("the cache's layer holds no entry: %v", matches)
		}
	}
	return breaches
}
