package cli_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/sandbox"
)

// boxAttacker is code the agent could have written, in one language
// (testdata/boxattack): files copies it into the project, command runs
// it, as the hook's rewrite would (bash -c COMMAND).
type boxAttacker struct {
	name    string
	files   []string // from testdata/boxattack, into the project
	command string
	need    string // a program it needs on PATH
	unix    bool   // it tries a Unix socket (a plain shell has no client)
	// network: a package install, which runs in the medium box with the
	// network (design §4, "Installs in the medium box") and only there:
	// run with --network at medium, its TCP connection to the machine's
	// loopback succeeds (the box keeps the machine's network namespace),
	// every other attempt still fails
	network bool
	// serve: a development server, which runs in the box of the level
	// whose listening ports are reached from outside (design §4,
	// "Servers in the box"): run with --serve, every attempt fails, its
	// TCP connection to the machine's loopback too
	serve bool
}

// TestBoxAttacks is issue 25's containment suite: each attacker, run
// through `permguard exec --box --level L` at minimal, low and medium,
// tries every attempt below and fails at each, while its legitimate
// work (reading the project, its temporary directory, the workspace
// where the level lets it write) succeeds. The control runs the same
// command at high, where there is no box: every attempt succeeds there,
// so each check below can fail. Every target is a marker in scratch
// directories outside every temporary directory a box lets programs
// write.
func TestBoxAttacks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the boxes are Linux's")
	}
	if ok, why := sandbox.BoxAvailable(); !ok {
		t.Skipf("no box here: %s", why)
	}
	if code, err := sandbox.Run(sandbox.Profile{}, "/bin/true", []string{"true"}, nil); err != nil || code != 0 {
		t.Skipf("no namespaces here: %v", err)
	}
	for _, p := range []string{"bash", "sleep"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil || inTemp(wd) {
		t.Skip("the checkout is in a temporary directory, which the boxes let programs write")
	}
	root, err := os.MkdirTemp(wd, ".box-attack-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })

	attackers := []boxAttacker{
		{name: "sh", files: []string{"attack.sh"}, command: "bash attack.sh"},
		{name: "python", files: []string{"attack.py"}, command: "python3 attack.py", need: "python3", unix: true},
		{name: "node", files: []string{"attack.js"}, command: "node attack.js", need: "node", unix: true},
		{name: "make", files: []string{"Makefile"}, command: "make -s attack", need: "make"},
		{name: "go", command: "./attack-bin", need: "go", unix: true},
		// npm runs the project's preinstall script; without
		// --foreground-scripts it would hide the script's output
		{name: "npm-install", files: []string{"attack.sh", "package.json"}, command: "npm install --foreground-scripts --no-audit --no-fund", need: "npm", network: true},
		{name: "npm-dev", files: []string{"attack.sh", "package.json"}, command: "npm run dev", need: "npm", serve: true},
	}
	goBin := ""
	if _, err := exec.LookPath("go"); err == nil {
		goBin = buildAttackBin(t, root)
	}
	n := 0
	for _, level := range []string{"minimal", "low", "medium", "high"} {
		for _, a := range attackers {
			if a.network && level != "medium" && level != "high" {
				continue // an install needs medium: below it, it is asked
			}
			n++
			token := fmt.Sprintf("%d.%d", 900+n, os.Getpid()%1000)
			t.Run(level+"/"+a.name, func(t *testing.T) {
				if a.need != "" {
					if _, err := exec.LookPath(a.need); err != nil {
						t.Skipf("%s is not installed", a.need)
					}
				}
				runBoxAttack(t, self, filepath.Join(root, level+"-"+a.name), level, a, goBin, token)
			})
		}
	}
}

// buildAttackBin builds testdata/boxattack/attack.go.txt: an unknown
// binary, as an agent would build one.
func buildAttackBin(t *testing.T, root string) string {
	t.Helper()
	src := filepath.Join(root, "gosrc")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/boxattack/attack.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, map[string]string{filepath.Join(src, "main.go"): string(b), filepath.Join(src, "go.mod"): "module attack\n\ngo 1.22\n"})
	out := filepath.Join(root, "attack-bin")
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for p, content := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(p, "-bin") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
}

// listen accepts connections on l and counts them.
func listen(t *testing.T, network, addr string) (net.Listener, *atomic.Int32) {
	t.Helper()
	l, err := net.Listen(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var n atomic.Int32
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return l, &n
}

// sleeping finds a process running sleep with token as its argument.
func sleeping(token string) (int, bool) {
	ents, _ := os.ReadDir("/proc")
	want := []byte("sleep\x00" + token + "\x00")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.HasSuffix(b, want) && bytes.Contains(b, []byte("sleep")) {
			return pid, true
		}
	}
	return 0, false
}

func runBoxAttack(t *testing.T, self, dir, level string, a boxAttacker, goBin, token string) {
	home, proj, cfg, outside := filepath.Join(dir, "home"), filepath.Join(dir, "proj"), filepath.Join(dir, "cfg"), filepath.Join(dir, "outside")
	const rc, gitConfig, settings = "# rc\n", "[core]\n\tbare = false\n", `{"sandbox": "auto"}`
	files := map[string]string{
		filepath.Join(home, ".bashrc"):                 rc,
		filepath.Join(home, ".ssh", "id_ed25519"):      "SECRET-KEY\n",
		filepath.Join(home, ".codex", "auth.json"):     "SECRET-TOKEN\n",
		filepath.Join(home, ".cache", "pip", "wheel"):  "cached\n",
		filepath.Join(home, ".npm", "_cacache", "x"):   "cached\n",
		filepath.Join(proj, "README"):                  "project-data\n",
		filepath.Join(proj, ".git", "config"):          gitConfig,
		filepath.Join(proj, ".git", "hooks", "README"): "hooks\n",
		filepath.Join(cfg, "settings.json"):            settings,
		filepath.Join(outside, "README"):               "outside\n",
	}
	for _, f := range a.files {
		b, err := os.ReadFile(filepath.Join("testdata", "boxattack", f))
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(proj, f)] = string(b)
	}
	if a.name == "go" {
		if goBin == "" {
			t.Skip("go is not installed")
		}
		b, err := os.ReadFile(goBin)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(proj, "attack-bin")] = string(b)
	}
	writeFiles(t, files)
	tcp, tcpN := listen(t, "tcp", "127.0.0.1:0")
	sock := filepath.Join(filepath.Dir(dir), level[:3]+"-"+a.name+".sock")
	_, unixN := listen(t, "unix", sock)
	victim := exec.Command("sleep", "600")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	victimDone := make(chan struct{})
	go func() { _ = victim.Wait(); close(victimDone) }()
	t.Cleanup(func() { _ = victim.Process.Kill(); <-victimDone })

	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "PERMGUARD_CONFIG_DIR=" + cfg,
		"PERMGUARD_STATE_DIR=" + filepath.Join(dir, "state"), "PERMGUARD_NO_PROMPT=1",
		"PERMGUARD_MANAGED_FILE=" + filepath.Join(dir, "managed.json"),
		"ATTACK_LANG=" + a.name, "ATTACK_OUTSIDE=" + outside, "ATTACK_CFG=" + cfg,
		"ATTACK_PORT=" + strconv.Itoa(tcp.Addr().(*net.TCPAddr).Port), "ATTACK_SOCK=" + sock,
		"ATTACK_VICTIM=" + strconv.Itoa(victim.Process.Pid), "ATTACK_TOKEN=" + token}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// the hook's rewrite of the call (design §4, "The boxes")
	withNetwork := a.network && level == "medium"
	flags := []string{"exec", "--box", "--level", level}
	if withNetwork {
		flags = append(flags, "--network")
	}
	if a.serve && level != "high" {
		flags = append(flags, "--serve")
	}
	cmd := exec.CommandContext(ctx, self, append(flags, "--cwd", proj, "--", "bash", "-c", a.command)...)
	cmd.Args[0] = "permguard"
	cmd.Env, cmd.Dir = env, proj
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr.String())
	}
	stdout := string(out)
	boxed := level != "high"
	// a forked shell may exec sleep a little after the script has ended
	leftOK := waitFor(func() bool { _, ok := sleeping(token); return ok }, boxed)
	if left, ok := sleeping(token); ok {
		_ = killPid(left)
	}

	// the legitimate work
	if !strings.Contains(stdout, "read project-data") {
		t.Errorf("the project was not read: %q", stdout)
	}
	if !strings.Contains(stdout, "tmp ok") {
		t.Errorf("its temporary directory was not written: %q", stdout)
	}
	_, err = os.Stat(filepath.Join(proj, "build", "out-"+a.name))
	if wsWritable := level != "minimal"; (err == nil) != wsWritable || strings.Contains(stdout, "ws ok") != wsWritable {
		t.Errorf("the workspace written: %v (%q), want %v", err == nil, stdout, wsWritable)
	}

	// the attempts: each one's effect, which the control sees
	effects := map[string]bool{
		"a marker in HOME":          exists(filepath.Join(home, "marker-"+a.name)),
		"a marker outside":          exists(filepath.Join(outside, "marker-"+a.name)),
		"the shell startup file":    readString(filepath.Join(home, ".bashrc")) != rc,
		".git/hooks/pre-commit":     exists(filepath.Join(proj, ".git", "hooks", "pre-commit")),
		".git/config":               readString(filepath.Join(proj, ".git", "config")) != gitConfig,
		".claude/settings.json":     strings.Contains(readString(filepath.Join(proj, ".claude", "settings.json")), "marker"),
		"permguard's settings":      readString(filepath.Join(cfg, "settings.json")) != settings,
		"~/.ssh/id_ed25519 read":    strings.Contains(stdout, "SECRET-KEY"),
		"~/.codex/auth.json read":   strings.Contains(stdout, "SECRET-TOKEN"),
		"a TCP connection outside":  waitFor(func() bool { return tcpN.Load() > 0 }, boxed),
		"a process left behind":     leftOK,
		"a signal to a process out": waitFor(func() bool { return isDone(victimDone) }, boxed),
	}
	if a.unix {
		effects["a Unix socket outside"] = waitFor(func() bool { return unixN.Load() > 0 }, boxed)
	}
	for what, happened := range effects {
		if what == "a TCP connection outside" && withNetwork {
			// the network open: the machine's loopback too
			if !happened {
				t.Errorf("%s: the install's box has no network", what)
			}
			continue
		}
		if happened == boxed {
			if boxed {
				t.Errorf("%s: the attempt succeeded in the box", what)
			} else {
				t.Errorf("%s: the attempt failed without a box (the control)", what)
			}
		}
	}
	if t.Failed() {
		t.Logf("stdout: %s\nstderr: %s", stdout, stderr.String())
	}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func readString(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}

func isDone(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// waitFor reports whether cond holds, waiting a little for what happens
// after the run (an accepted connection, a process reaped) where it is
// expected: in the control.
func waitFor(cond func() bool, boxed bool) bool {
	wait := 2 * time.Second
	if boxed {
		wait = 100 * time.Millisecond
	}
	for end := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		if cond() || time.Now().After(end) {
			return cond()
		}
	}
}

func killPid(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
