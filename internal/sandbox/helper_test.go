//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The test binary plays every part an attack needs, as TestMain's
// helperArg says: the shell that owns a terminal, permguard confining a
// program the two ways exec does, and the hostile program itself, so
// that an attack needs nothing installed but what the test built.
const helperArg = "__permguard-test-helper"

// helpers are the parts, by name; each returns the exit status.
var helpers = map[string]func(args []string) int{
	// shell ARGS...: the leader of a session whose controlling terminal
	// is its stdin; runs the test binary with ARGS as its child, as an
	// interactive shell runs permguard, and exits with its status
	"shell": func(args []string) int {
		cmd := exec.Command(os.Args[0], append([]string{helperArg}, args...)...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		return exitStatus(cmd.Run())
	},
	// permguard HOW WS PROGRAM ARGS...: confine PROGRAM as exec does,
	// with WS writable: "build" (the build profile, sandbox.Run, the
	// secrets of $HOME hidden), "landlock" (Landlock alone: Restrict,
	// DenyTerminalInput, Spawn) or "none" (run it as a child)
	"permguard": func(args []string) int {
		how, ws, argv := args[0], args[1], args[2:]
		path, err := exec.LookPath(argv[0])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 127
		}
		w := Writable{Dirs: append([]string{ws}, DefaultDirs...), Files: DefaultFiles}
		env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + ws}
		var code int
		switch how {
		case "build":
			// the secrets of the home the test gave permguard are hidden
			code, err = Run(Profile{Writable: w, Hidden: Secrets(os.Getenv("HOME"), "")}, path, argv, env)
		case "landlock":
			if err = Restrict(w); err == nil {
				if err = DenyTerminalInput(); err == nil {
					code, err = Spawn(path, argv, env)
				}
			}
		case "none":
			cmd := &exec.Cmd{Path: path, Args: argv, Env: env, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
			code = exitStatus(cmd.Run())
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "permguard %s: %v\n", how, err)
			return 125
		}
		return code
	},
	// tiocsti OUT: the hostile program: push injected into the terminal
	// it can reach, by /dev/tty and by its stdin, and write to OUT what
	// each attempt gave
	"tiocsti": func(args []string) int {
		var out strings.Builder
		tty, err := unix.Open("/dev/tty", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		fmt.Fprintf(&out, "devtty-open=%s\n", errName(err))
		if err == nil {
			fmt.Fprintf(&out, "devtty-sti=%s\n", errName(pushInput(tty, injected)))
		}
		_, err = unix.IoctlGetTermios(0, unix.TCGETS)
		fmt.Fprintf(&out, "stdin-termios=%s\n", errName(err))
		fmt.Fprintf(&out, "stdin-sti=%s\n", errName(pushInput(0, injected)))
		// TIOCLINUX's first byte is its subcode: 6 reads the shift state
		sub := byte(6)
		_, _, errno := unix.Syscall(unix.SYS_IOCTL, 0, unix.TIOCLINUX, uintptr(unsafe.Pointer(&sub)))
		fmt.Fprintf(&out, "stdin-linux=%s\n", errName(errnoErr(errno)))
		// another spelling: a session of its own (where it is not one
		// already), the terminal reopened and taken as its controlling
		// terminal (with CAP_SYS_ADMIN, from the shell's session)
		_, _ = unix.Setsid()
		fmt.Fprintf(&out, "steal-stdin-ctty=%s\n", errName(unix.IoctlSetInt(0, unix.TIOCSCTTY, 1)))
		fmt.Fprintf(&out, "steal-stdin-sti=%s\n", errName(pushInput(0, injected)))
		fd, err := unix.Open("/proc/self/fd/0", unix.O_RDWR|unix.O_CLOEXEC, 0)
		fmt.Fprintf(&out, "steal-open=%s\n", errName(err))
		if err == nil {
			fmt.Fprintf(&out, "steal-ctty=%s\n", errName(unix.IoctlSetInt(fd, unix.TIOCSCTTY, 1)))
			fmt.Fprintf(&out, "steal-sti=%s\n", errName(pushInput(fd, injected)))
		}
		return writeOut(args[0], out.String())
	},
	// descriptors OUT DIRFD FILEFD SOCKFD: the hostile program: read a
	// secret through an inherited directory descriptor, append through
	// an inherited file descriptor, send on an inherited socket; and the
	// same through permguard, its parent, if it holds them still
	"descriptors": func(args []string) int {
		var out strings.Builder
		n := func(i int) int { v, _ := strconv.Atoi(args[i]); return v }
		read := func(what, p string) {
			b, err := os.ReadFile(p)
			fmt.Fprintf(&out, "%s=%s %q\n", what, errName(err), b)
		}
		write := func(what string, fd int) {
			_, err := unix.Write(fd, []byte("pwned\n"))
			fmt.Fprintf(&out, "%s=%s\n", what, errName(err))
		}
		read("dir-read", "/proc/self/fd/"+args[1]+"/secret")
		write("file-write", n(2))
		write("socket-send", n(3))
		read("parent-dir-read", fmt.Sprintf("/proc/%d/fd/%s/secret", os.Getppid(), args[1]))
		pidfd, err := unix.PidfdOpen(os.Getppid(), 0)
		fmt.Fprintf(&out, "parent-pidfd=%s\n", errName(err))
		for i, what := range []string{"parent-getfd-dir", "parent-getfd-file", "parent-getfd-socket"} {
			if err != nil {
				break
			}
			fd, err := unix.PidfdGetfd(pidfd, n(1+i), 0)
			fmt.Fprintf(&out, "%s=%s\n", what, errName(err))
			switch {
			case err != nil:
			case i == 0:
				read(what+"-read", fmt.Sprintf("/proc/self/fd/%d/secret", fd))
			default:
				write(what+"-write", fd)
			}
		}
		return writeOut(args[0], out.String())
	},
	// ownpty OUT: a test suite that drives a terminal of its own: make a
	// pseudo-terminal, run a shell in a session it controls, and write
	// to OUT what the shell printed there through /dev/tty
	"ownpty": func(args []string) int {
		m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			return writeOut(args[0], "ptmx: "+err.Error())
		}
		if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
			return writeOut(args[0], "unlock: "+err.Error())
		}
		n, err := unix.IoctlGetUint32(int(m.Fd()), unix.TIOCGPTN)
		if err != nil {
			return writeOut(args[0], "ptn: "+err.Error())
		}
		s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
		if err != nil {
			return writeOut(args[0], "slave: "+err.Error())
		}
		cmd := exec.Command("/bin/sh", "-c", "echo inside > /dev/tty")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
		if err := cmd.Run(); err != nil {
			return writeOut(args[0], "shell: "+err.Error())
		}
		s.Close()
		b, _ := io.ReadAll(m) // EIO once the last slave is closed
		return writeOut(args[0], string(b))
	},
}

// injected is what the hostile program types into the terminal.
const injected = "PGPWNED-TIOCSTI\n"

// pushInput types s into the terminal open on fd, one character at a
// time, as TIOCSTI takes them.
func pushInput(fd int, s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), unix.TIOCSTI, uintptr(unsafe.Pointer(&c))); errno != 0 {
			return errno
		}
	}
	return nil
}

func errnoErr(e syscall.Errno) error {
	if e == 0 {
		return nil
	}
	return e
}

// errName is the errno's name (ENXIO), "ok" for none.
func errName(err error) string {
	if err == nil {
		return "ok"
	}
	var e syscall.Errno
	if errors.As(err, &e) {
		return unix.ErrnoName(e)
	}
	return err.Error()
}

func writeOut(p, s string) int {
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// helperCmd runs a part of helpers.
func helperCmd(args ...string) *exec.Cmd {
	return exec.Command(os.Args[0], append([]string{helperArg}, args...)...)
}

// results reads what a hostile helper wrote: key=value lines.
func results(t *testing.T, p string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("the hostile program wrote nothing: %v", err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		m[k] = v
	}
	return m
}

// confinements are the ways exec confines a program, and none, the
// control that shows an attack gets through where nothing stops it.
var confinements = []struct {
	how      string
	confined bool
}{{"none", false}, {"build", true}, {"landlock", true}}

// skipUnless skips a confinement the machine cannot give.
func skipUnless(t *testing.T, how string) {
	t.Helper()
	switch how {
	case "build":
		if err := NamespacesAllowed(); err != nil {
			t.Skipf("no namespaces here: %v", err)
		}
	case "landlock":
		if _, err := ABI(); err != nil {
			t.Skipf("no Landlock here: %v", err)
		}
	}
}

// asSecondUser is set in the test binary that TestAttacksAsSecondUser
// runs as another user.
const asSecondUserEnv = "PERMGUARD_TEST_SECOND_USER"

// copyFile copies src to dst with mode.
func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// scratchDir is a directory for a test that another user may enter.
func scratchDir(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for p := filepath.Dir(d); p != "/" && p != os.TempDir(); p = filepath.Dir(p) {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}
