//go:build linux

package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestTerminalAttacks: a confined program types a command into the
// terminal of the shell that started permguard (issue 22, item 2),
// through /dev/tty and through the terminal it inherited as stdin. The
// test makes a pseudo-terminal and starts a shell (the test binary)
// that leads a session with it as its controlling terminal, as a
// terminal emulator does; the shell runs permguard, which runs the
// hostile program. It also tries to take the terminal back as its
// controlling terminal in a session of its own, which root may. Whatever TIOCSTI typed is in the terminal's input
// after the run, for the shell to read as the user's, and echoed on the
// master side. Unconfined ("none"), it gets through: the test can fail.
func TestTerminalAttacks(t *testing.T) {
	for _, c := range confinements {
		t.Run(c.how, func(t *testing.T) {
			skipUnless(t, c.how)
			master, slave := openPTY(t)
			echoed := drain(master)
			ws := scratchDir(t)
			out := filepath.Join(ws, "out")
			cmd := helperCmd("shell", "permguard", c.how, ws, os.Args[0], helperArg, "tiocsti", out)
			cmd.Dir = ws
			cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
			err := cmd.Run()
			r := results(t, out)
			time.Sleep(200 * time.Millisecond) // the echo, on its way
			typed := echoed() + pendingInput(t, slave)
			t.Logf("%s: exit %v, attempts %v, the terminal got %q", c.how, err, r, typed)
			if err != nil {
				t.Errorf("the shell exited %v, want 0", err)
			}
			if !c.confined {
				if !strings.Contains(typed, strings.TrimSpace(injected)) {
					t.Skipf("unconfined, TIOCSTI typed nothing here (dev.tty.legacy_tiocsti 0, not root): the attack cannot be shown: %v", r)
				}
				return
			}
			if strings.Contains(typed, strings.TrimSpace(injected)) {
				t.Errorf("BREACH: confined, the program typed into the terminal outside: %q", typed)
			}
			want := map[string]string{
				"devtty-open": "ENXIO", // no controlling terminal
				"stdin-sti":   "EPERM", // the seccomp filter, or the kernel (not its controlling terminal)
				"stdin-linux": "EPERM", // the seccomp filter
				// the terminal still works as one: a test suite's
				// termios calls, a pager's
				"stdin-termios": "ok",
			}
			for k, v := range want {
				if r[k] != v {
					t.Errorf("%s = %q, want %s", k, r[k], v)
				}
			}
			// reopening the terminal is refused by Landlock (no write on
			// the machine's /dev/pts in the build profile, no ioctl
			// there under Landlock alone), else the filter refuses
			if r["steal-sti"] == "ok" {
				t.Errorf("steal-sti = ok: the reopened terminal took TIOCSTI")
			}
			// the inherited terminal, taken from the shell's session
			// (root could, under Landlock alone, before the filter
			// refused TIOCSCTTY 1 there)
			for _, k := range []string{"steal-stdin-ctty", "steal-stdin-sti"} {
				if r[k] != "EPERM" {
					t.Errorf("%s = %q, want EPERM", k, r[k])
				}
			}
		})
	}
}

// A program in the build profile has no controlling terminal, but can
// make one of its own and give it to what it runs, as a test suite that
// drives a terminal does (design §4, Terminals): in the sandbox's own
// devpts, with its ioctls.
func TestOwnTerminalInside(t *testing.T) {
	skipUnless(t, "build")
	ws := scratchDir(t)
	out := filepath.Join(ws, "out")
	cmd := helperCmd("permguard", "build", ws, os.Args[0], helperArg, "ownpty", out)
	cmd.Dir = ws
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("confined: %v\n%s", err, b)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "inside") {
		t.Errorf("the shell on the program's own terminal wrote %q, want \"inside\"", b)
	}
}

// openPTY makes a pseudo-terminal: its master, and its slave opened
// without making it anyone's controlling terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetUint32(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// drain reads the master side of a terminal, which holds what the
// terminal echoes and what programs write to it, until it is closed;
// the returned function says what was read so far.
func drain(master *os.File) func() string {
	var mu sync.Mutex
	var buf bytes.Buffer
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := master.Read(b)
			mu.Lock()
			buf.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return buf.String()
	}
}

// pendingInput is what waits in the terminal's input for the next
// reader: the shell, once the program has ended.
func pendingInput(t *testing.T, slave *os.File) string {
	t.Helper()
	fd := int(slave.Fd())
	if err := unix.SetNonblock(fd, true); err != nil {
		t.Fatal(err)
	}
	var out []byte
	b := make([]byte, 4096)
	for {
		n, err := unix.Read(fd, b)
		if n <= 0 || err != nil {
			return string(out)
		}
		out = append(out, b[:n]...)
	}
}
