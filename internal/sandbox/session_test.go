//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The confined program's session is its own, so the terminal's signals
// reach permguard alone; it relays them. Each case starts permguard (the
// test binary) as a shell starts a job, in a process group of its own,
// and signals that group as the terminal would.

// TestConfinedSignals: ^C and ^\ end a confined program, which does not
// start with them ignored.
func TestConfinedSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT} {
		for _, how := range []string{"build", "landlock"} {
			t.Run(how+" "+unix.SignalName(sig), func(t *testing.T) {
				skipUnless(t, how)
				ws := scratchDir(t)
				out := filepath.Join(ws, "sigign")
				job := startJob(t, ws, "permguard", how, ws, "/bin/sh", "-c", `grep SigIgn /proc/self/status > sigign.tmp && mv sigign.tmp sigign && exec sleep 60`)
				waitFor(t, out)
				b, _ := os.ReadFile(out)
				ign, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(string(b), "SigIgn:")), 16, 64)
				if err != nil {
					t.Fatalf("SigIgn %q: %v", b, err)
				}
				if bit := uint64(1) << (sig - 1); ign&bit != 0 {
					t.Errorf("the program starts with %s ignored (SigIgn %x): the terminal cannot stop it", unix.SignalName(sig), ign)
				}
				must(t, unix.Kill(-job.pid, sig))
				ws2 := job.wait(t, 0)
				if !ws2.Exited() || ws2.ExitStatus() != 128+int(sig) {
					t.Errorf("permguard ended %v, want exit status %d: the program ended by %s", ws2, 128+int(sig), unix.SignalName(sig))
				}
			})
		}
	}
}

// TestConfinedStops: a confined program that stops (the terminal's ^Z,
// or a SIGSTOP of its own) stops permguard too, so that the shell gets
// the terminal back instead of waiting for good; the shell's fg
// continues both.
func TestConfinedStops(t *testing.T) {
	const script = `echo started > started; while [ ! -e go ]; do sleep 0.05; done; [ -n "$SELF" ] && kill -STOP $$; echo done > out`
	for _, tc := range []struct{ name, self string }{{"terminal's ^Z", ""}, {"the program's own SIGSTOP", "1"}} {
		for _, how := range []string{"build", "landlock"} {
			t.Run(how+" "+tc.name, func(t *testing.T) {
				skipUnless(t, how)
				ws := scratchDir(t)
				job := startJob(t, ws, "permguard", how, ws, "/bin/sh", "-c", "SELF="+tc.self+"; "+script)
				waitFor(t, filepath.Join(ws, "started"))
				if tc.self == "" {
					must(t, unix.Kill(-job.pid, syscall.SIGTSTP))
				}
				must(t, os.WriteFile(filepath.Join(ws, "go"), nil, 0o644))
				if ws := job.wait(t, unix.WUNTRACED); !ws.Stopped() {
					t.Fatalf("permguard %v, want it stopped with the program", ws)
				}
				if _, err := os.Stat(filepath.Join(ws, "out")); err == nil && tc.self == "" {
					t.Errorf("the program went on while permguard was stopped")
				}
				must(t, unix.Kill(-job.pid, syscall.SIGCONT))
				if ws := job.wait(t, 0); !ws.Exited() || ws.ExitStatus() != 0 {
					t.Errorf("permguard ended %v after fg, want exit status 0", ws)
				}
				if _, err := os.Stat(filepath.Join(ws, "out")); err != nil {
					t.Errorf("the program did not go on after fg: %v", err)
				}
			})
		}
	}
}

// job is a helper started in a process group of its own.
type job struct{ pid int }

func startJob(t *testing.T, dir string, args ...string) job {
	t.Helper()
	cmd := helperCmd(args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	j := job{cmd.Process.Pid}
	t.Cleanup(func() {
		_ = unix.Kill(-j.pid, syscall.SIGKILL)
		var ws unix.WaitStatus
		_, _ = unix.Wait4(j.pid, &ws, unix.WNOHANG, nil)
	})
	return j
}

// wait waits for the job to end (or stop, with WUNTRACED), at most 20 s.
func (j job) wait(t *testing.T, opts int) unix.WaitStatus {
	t.Helper()
	done := make(chan unix.WaitStatus, 1)
	go func() {
		var ws unix.WaitStatus
		for {
			_, err := unix.Wait4(j.pid, &ws, opts, nil)
			if err != unix.EINTR {
				break
			}
		}
		done <- ws
	}()
	select {
	case ws := <-done:
		return ws
	case <-time.After(20 * time.Second):
		t.Fatalf("permguard neither ended nor stopped within 20 s: it hangs")
		return 0
	}
}

// waitFor waits for the file p, at most 20 s.
func waitFor(t *testing.T, p string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(p); err == nil {
			return
		}
	}
	t.Fatalf("%s did not appear within 20 s", p)
}

// closeInherited closes each descriptor above 2 that is not
// close-on-exec (one the process was given: Go opens its own
// close-on-exec), keeps the rest, and leaves the standard streams.
func TestCloseInherited(t *testing.T) {
	given, err := unix.Open("/dev/null", unix.O_RDONLY, 0) // not close-on-exec
	must(t, err)
	defer unix.Close(given) // if the test fails
	own, err := os.Open("/dev/null")
	must(t, err)
	defer own.Close()
	flags := func(fd int) (int, error) { return unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0) }
	var std []int
	for fd := range 3 {
		f, err := flags(fd)
		must(t, err)
		std = append(std, f)
	}
	closeInherited()
	if _, err := flags(given); err != unix.EBADF {
		t.Errorf("the descriptor the process was given is still open (%v)", err)
	}
	if f, err := flags(int(own.Fd())); err != nil || f&unix.FD_CLOEXEC == 0 {
		t.Errorf("the process's own descriptor: flags %#x, %v; want it open and close-on-exec", f, err)
	}
	for fd, want := range std {
		if f, err := flags(fd); err != nil || f != want {
			t.Errorf("standard descriptor %d: flags %#x, %v; want %#x as before", fd, f, err, want)
		}
	}
}

// TestConfinedHoldsNothing: the program in the build profile runs as
// the user who started permguard and holds no capability, in no set,
// though its init mounted with some (all of them as root, initCaps as
// anyone else, kept across the init's exec as ambient ones, which the
// program would inherit too had they stayed). Unconfined, the control,
// the bounding set at least is not empty.
func TestConfinedHoldsNothing(t *testing.T) {
	for _, c := range []struct {
		how      string
		confined bool
	}{{"none", false}, {"build", true}} {
		t.Run(c.how, func(t *testing.T) {
			skipUnless(t, c.how)
			ws := scratchDir(t)
			cmd := helperCmd("permguard", c.how, ws, "/bin/sh", "-c", `grep -E '^(Uid|Gid|Cap[A-Za-z]+):' /proc/self/status > status`)
			cmd.Dir, cmd.Stdout, cmd.Stderr = ws, os.Stderr, os.Stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("permguard %s: %v", c.how, err)
			}
			b, err := os.ReadFile(filepath.Join(ws, "status"))
			if err != nil {
				t.Fatal(err)
			}
			held := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				k, v, _ := strings.Cut(line, ":")
				held[k] = strings.Fields(v)[0]
			}
			if held["Uid"] != strconv.Itoa(os.Getuid()) || held["Gid"] != strconv.Itoa(os.Getgid()) {
				t.Errorf("the program runs as uid %s gid %s, want %d %d: the user who ran permguard", held["Uid"], held["Gid"], os.Getuid(), os.Getgid())
			}
			var any []string
			for _, set := range []string{"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"} {
				v, ok := held[set]
				if !ok {
					t.Fatalf("no %s in /proc/self/status: %q", set, b)
				}
				if strings.Trim(v, "0") != "" {
					any = append(any, set+" "+v)
				}
			}
			if c.confined && len(any) > 0 {
				t.Errorf("the confined program holds capabilities: %s; it could unmount the holes", strings.Join(any, ", "))
			}
			if !c.confined && len(any) == 0 {
				t.Errorf("unconfined, no capability set is held: the check cannot tell")
			}
		})
	}
}
