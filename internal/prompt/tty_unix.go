//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package prompt

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// Open opens the controlling terminal for a prompt. It fails with
// [ErrNoTerminal] when there is none (ENXIO under setsid, as in CI and
// most agents) and with [ErrBackground] when our process group is not the
// terminal's foreground group: touching the terminal then would stop the
// process with SIGTTOU or SIGTTIN, forever (go-notes §4b).
func Open() (*os.File, error) {
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoTerminal, err)
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %v", ErrNoTerminal, err)
	}
	fg, ioErr := 0, error(nil)
	// Control, not Fd: Fd would put the file in blocking mode, and the
	// accessible prompt's timeout relies on read deadlines.
	if err := rc.Control(func(fd uintptr) { fg, ioErr = unix.IoctlGetInt(int(fd), unix.TIOCGPGRP) }); err != nil {
		ioErr = err
	}
	if ioErr != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %v", ErrNoTerminal, ioErr)
	}
	if fg != unix.Getpgrp() {
		f.Close()
		return nil, ErrBackground
	}
	return f, nil
}

// catchSignals turns the signals that would kill or stop the process into
// cancel, and makes background terminal access fail (EIO) rather than stop
// the process, until the returned function is called.
func catchSignals(cancel func()) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTSTP)
	signal.Ignore(syscall.SIGTTIN, syscall.SIGTTOU)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			cancel()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
		signal.Reset(syscall.SIGTTIN, syscall.SIGTTOU)
	}
}

// noEcho turns off echo on tty and returns what turns it back on. It does
// nothing when the terminal cannot be asked.
func noEcho(tty *os.File) (restore func()) {
	rc, err := tty.SyscallConn()
	if err != nil {
		return func() {}
	}
	var old *unix.Termios
	rc.Control(func(fd uintptr) {
		t, err := unix.IoctlGetTermios(int(fd), ioctlGetTermios)
		if err != nil {
			return
		}
		saved := *t
		t.Lflag &^= unix.ECHO
		if unix.IoctlSetTermios(int(fd), ioctlSetTermios, t) == nil {
			old = &saved
		}
	})
	return func() {
		if old != nil {
			rc.Control(func(fd uintptr) { unix.IoctlSetTermios(int(fd), ioctlSetTermios, old) })
		}
	}
}
