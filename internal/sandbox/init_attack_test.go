//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func init() {
	// initreach OUT: write to OUT the descriptors this program holds, and
	// what its parent, the box's init, lets it take: a trace, a
	// descriptor by pidfd_getfd, one through /proc/PID/fd
	helpers["initreach"] = func(args []string) int {
		var out strings.Builder
		d, err := os.Open("/proc/self/fd")
		if err != nil {
			return writeOut(args[0], "fds="+errName(err))
		}
		held, _ := d.Readdirnames(-1)
		held = slices.DeleteFunc(held, func(s string) bool { return s == strconv.Itoa(int(d.Fd())) })
		d.Close()
		slices.SortFunc(held, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
		for i, fd := range held {
			target, _ := os.Readlink("/proc/self/fd/" + fd)
			held[i] = fd + ":" + target
		}
		fmt.Fprintf(&out, "fds=%s\n", strings.Join(held, ","))
		ppid := os.Getppid()
		fmt.Fprintf(&out, "ppid=%d\n", ppid)
		// a seize does not stop the init, and ends with this program
		fmt.Fprintf(&out, "init-ptrace=%s\n", errName(unix.PtraceSeize(ppid)))
		fmt.Fprintf(&out, "init-getfd=%s\n", takeEach(func(fd int) error {
			pidfd, err := unix.PidfdOpen(ppid, 0)
			if err != nil {
				return err
			}
			defer unix.Close(pidfd)
			got, err := unix.PidfdGetfd(pidfd, fd, 0)
			if err == nil {
				unix.Close(got)
			}
			return err
		}))
		fmt.Fprintf(&out, "init-procfd=%s\n", takeEach(func(fd int) error {
			f, err := os.Open(fmt.Sprintf("/proc/%d/fd/%d", ppid, fd))
			if err == nil {
				f.Close()
			}
			return err
		}))
		return writeOut(args[0], out.String())
	}
}

// takeEach tries take on each descriptor number below 64: "ok" if one
// was taken, else the errors met but for those of a number not open.
func takeEach(take func(fd int) error) string {
	var errs []string
	for fd := range 64 {
		err := take(fd)
		if err == nil {
			return "ok"
		}
		if e := errName(err); e != "EBADF" && e != "ENOENT" && !slices.Contains(errs, e) {
			errs = append(errs, e)
		}
	}
	return strings.Join(errs, ",")
}

// TestBoxInitUnreachable: the program in a box holds its standard
// streams and nothing else of the init's (not its events pipe, not the
// socketpair it forwards ports with), and can take nothing from the
// init, its parent, though it is the same user in the same namespaces:
// no trace (through the init's memory it would reach every thread of
// it, and all but the one that started the program still hold the
// capabilities the init mounted with), no descriptor by pidfd_getfd or
// /proc/1/fd. Each succeeded before the init made itself not dumpable.
func TestBoxInitUnreachable(t *testing.T) {
	skipUnless(t, "build")
	for _, forward := range []bool{false, true} {
		t.Run(fmt.Sprintf("forward=%v", forward), func(t *testing.T) {
			ws := scratchDir(t)
			self, err := os.Executable()
			must(t, err)
			out := filepath.Join(ws, "out")
			p := Profile{Writable: Writable{Dirs: append([]string{ws}, DefaultDirs...), Files: DefaultFiles}, Forward: forward}
			code, err := Run(p, self, []string{self, helperArg, "initreach", out}, []string{"PATH=" + os.Getenv("PATH")})
			if err != nil || code != 0 {
				t.Fatalf("Run: %d, %v", code, err)
			}
			got := results(t, out)
			t.Logf("%v", got)
			// the Go runtime's own (its poller, the cgroup's CPU quota) are
			// files and anonymous inodes: no socket, no pipe but the
			// standard streams
			fds := strings.Split(got["fds"], ",")
			if len(fds) < 3 || !strings.HasPrefix(fds[0], "0:") || !strings.HasPrefix(fds[2], "2:") {
				t.Errorf("the program's standard streams are not open: %s", got["fds"])
			}
			for _, fd := range fds[min(3, len(fds)):] {
				if _, target, _ := strings.Cut(fd, ":"); strings.HasPrefix(target, "socket:") || strings.HasPrefix(target, "pipe:") {
					t.Errorf("BREACH: the program holds %s, not its own", fd)
				}
			}
			if got["ppid"] != "1" {
				t.Errorf("the program's parent is %s, want the init, 1", got["ppid"])
			}
			for _, k := range []string{"init-ptrace", "init-getfd", "init-procfd"} {
				if got[k] != "EPERM" && got[k] != "EACCES" {
					t.Errorf("BREACH: %s: %s, want EPERM or EACCES", k, got[k])
				}
			}
		})
	}
}
