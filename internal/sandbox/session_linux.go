//go:build linux

package sandbox

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// A confined program starts in a session of its own, with no controlling
// terminal: /dev/tty does not open, and the terminal it inherited is not
// its own, so the kernel refuses it TIOCSTI there too (but to a process
// with CAP_SYS_ADMIN, which the seccomp filter refuses it). It starts
// with no descriptor above 2 but those the sandbox passes by number: a
// descriptor the caller left open (its home directory, an append on
// ~/.bashrc, a socket to a server outside) reaches through every mount
// and Landlock rule, which apply only when a path is opened.
//
// The terminal's signals (^C, ^\, ^Z, a resize, a hangup) go to
// permguard's process group, no longer the program's: permguard sends
// them on to the program's process group, as the terminal would have,
// and the signals a kill sends permguard alone (TERM, USR1, USR2) to
// the program alone, as before.
//
// Stops need more. The program's process group is orphaned (no member
// has a parent in another group of its session), and the kernel drops
// SIGTSTP, SIGTTIN and SIGTTOU there rather than stop it: so the
// terminal's ^Z becomes a SIGSTOP of the program's group, and an
// editor's own ^Z (a SIGTSTP to itself) does nothing. When the program
// stops (that SIGSTOP, or one it sends itself), permguard stops itself
// too, so that the shell that waits for it gets the terminal back
// instead of waiting for good; fg continues permguard, which continues
// the program.

// groupSignals reach every process of the terminal's foreground group;
// processSignals only the process they are sent to.
var (
	groupSignals   = []os.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGCONT, syscall.SIGWINCH, syscall.SIGHUP}
	processSignals = []os.Signal{syscall.SIGTERM, syscall.SIGUSR1, syscall.SIGUSR2}
)

// relay passes the signals permguard gets on to a confined program: those
// of groupSignals to its process group, the rest to the process, and a
// SIGTSTP to stop, which stops the program's group. It starts catching
// at once, so that nothing sent between the start of the program and
// [relay.to] is lost.
type relay struct {
	ch   chan os.Signal
	done chan struct{}
	stop func(pid int)
}

func newRelay(stop func(pid int)) *relay {
	r := &relay{ch: make(chan os.Signal, 16), done: make(chan struct{}), stop: stop}
	signal.Notify(r.ch, append(groupSignals, append(processSignals, syscall.SIGTSTP)...)...)
	return r
}

// to sends what was caught, and what comes, to pid, which leads a
// process group of its own (a new session's).
func (r *relay) to(pid int) {
	go func() {
		for {
			select {
			case <-r.done:
				return
			case s := <-r.ch:
				if s == syscall.SIGTSTP {
					r.stop(pid)
					continue
				}
				target := pid
				for _, g := range groupSignals {
					if g == s {
						target = -pid
					}
				}
				_ = unix.Kill(target, s.(syscall.Signal))
			}
		}
	}()
}

// stopGroup stops the process group pid leads: SIGSTOP, which the kernel
// does not drop in an orphaned group.
func stopGroup(pid int) { _ = unix.Kill(-pid, unix.SIGSTOP) }

// end ends the relay. The terminal's ^C and ^\ are then ignored, as
// they were before the sandbox caught them: what exec does after the
// run (the check for planted repositories) is not cut short by them.
func (r *relay) end() {
	signal.Stop(r.ch)
	close(r.done)
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT)
}

// stopSelf stops permguard, as the program it waits for has stopped: the
// shell that started permguard gets the terminal back, and its fg
// continues permguard, whose relay continues the program.
func stopSelf() { _ = unix.Kill(os.Getpid(), unix.SIGSTOP) }

// waitStopping waits for the child pid to end and returns how it ended;
// each time the child stops, stopped is called.
func waitStopping(pid int, stopped func()) (unix.WaitStatus, error) {
	for {
		var ws unix.WaitStatus
		_, err := unix.Wait4(pid, &ws, unix.WUNTRACED, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return ws, err
		}
		if ws.Stopped() {
			stopped()
			continue
		}
		return ws, nil
	}
}

// statusOf is a shell's exit status for ws: the program's code, or
// 128+N for signal N.
func statusOf(ws unix.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

// closeInherited closes every descriptor above 2 that this process was
// given rather than opened (those not close-on-exec: Go opens every one
// of its own close-on-exec), so that neither the next program nor
// anything that reaches into this process (/proc/PID/fd, pidfd_getfd)
// finds them, and marks the rest close-on-exec, so that the next program
// starts with none but those passed by number (exec.Cmd's ExtraFiles,
// which it moves into place without the mark).
func closeInherited() {
	closeEach := func(fd int) {
		if flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil && flags&unix.FD_CLOEXEC == 0 {
			_ = unix.Close(fd)
		}
	}
	if ents, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, e := range ents {
			if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
				closeEach(fd)
			}
		}
	} else {
		// no /proc: every number below the limit on open files
		var lim unix.Rlimit
		n := uint64(1 << 20)
		if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) == nil && lim.Cur < n {
			n = lim.Cur
		}
		for fd := uint64(3); fd < n; fd++ {
			closeEach(int(fd))
		}
	}
	// whatever was given meanwhile: the kernel closes it at exec
	_ = unix.CloseRange(3, math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC)
}

// Spawn runs the program at path with argv and env as exec --sandbox does
// with Landlock alone (already applied to this process, as is
// [DenyTerminalInput]): in a session of its own, with no descriptor above
// 2, the signals relayed. It waits for the program and returns its exit
// status (128+N for signal N). If permguard is killed, the program is too
// (its parent-death signal), though not what the program started, which
// a kill of permguard's process group no longer reaches.
func Spawn(path string, argv, env []string) (int, error) {
	closeInherited()
	cmd := &exec.Cmd{
		Path: path, Args: argv, Env: env,
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		SysProcAttr: &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL},
	}
	r := newRelay(stopGroup)
	if err := cmd.Start(); err != nil {
		r.end()
		return 0, err
	}
	r.to(cmd.Process.Pid)
	ws, err := waitStopping(cmd.Process.Pid, stopSelf)
	r.end()
	_ = cmd.Process.Release()
	if err != nil {
		return 0, err
	}
	return statusOf(ws), nil
}
