//go:build linux

package sandbox

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"
)

// TestInheritedDescriptorAttacks: descriptors the caller left open, not
// close-on-exec, reach past every mount and Landlock rule, which apply
// when a path is opened (issue 22, item 3): a directory descriptor on
// the home reads ~/.ssh through /proc/self/fd/N/, an append descriptor
// on ~/.bashrc writes it, a connected Unix socket talks to a server
// outside; and the same through permguard, its parent, if permguard
// still holds them (/proc/PPID/fd/N, pidfd_getfd). The test process
// opens the three (in a scratch home), and permguard, which inherits
// them as a shell's child would, runs the hostile program. Unconfined
// ("none"), every attempt gets through: the test can fail.
func TestInheritedDescriptorAttacks(t *testing.T) {
	for _, c := range confinements {
		t.Run(c.how, func(t *testing.T) {
			skipUnless(t, c.how)
			root := scratchDir(t)
			home, ws := filepath.Join(root, "home"), filepath.Join(root, "ws")
			must(t, os.MkdirAll(filepath.Join(home, ".ssh"), 0o700))
			must(t, os.MkdirAll(ws, 0o755))
			must(t, os.WriteFile(filepath.Join(home, ".ssh", "secret"), []byte("SECRET-KEY\n"), 0o600))
			must(t, os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc\n"), 0o644))

			// a server outside, on a socket file in the scratch directory,
			// as an ssh agent's or the container engine's is
			ln, err := net.Listen("unix", filepath.Join(root, "agent.sock"))
			must(t, err)
			defer ln.Close()
			var got atomic.Int64
			go func() {
				for {
					conn, err := ln.Accept()
					if err != nil {
						return
					}
					go func() {
						n, _ := io.Copy(io.Discard, conn)
						got.Add(n)
						conn.Close()
					}()
				}
			}()

			// none of them close-on-exec, as a careless caller leaves them
			dirFd, err := unix.Open(filepath.Join(home, ".ssh"), unix.O_RDONLY|unix.O_DIRECTORY, 0)
			must(t, err)
			defer unix.Close(dirFd)
			fileFd, err := unix.Open(filepath.Join(home, ".bashrc"), unix.O_WRONLY|unix.O_APPEND, 0)
			must(t, err)
			defer unix.Close(fileFd)
			sockFd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0)
			must(t, err)
			defer unix.Close(sockFd)
			must(t, unix.Connect(sockFd, &unix.SockaddrUnix{Name: filepath.Join(root, "agent.sock")}))

			out := filepath.Join(ws, "out")
			cmd := helperCmd("permguard", c.how, ws, os.Args[0], helperArg, "descriptors", out,
				strconv.Itoa(dirFd), strconv.Itoa(fileFd), strconv.Itoa(sockFd))
			cmd.Dir = ws
			cmd.Env = append(os.Environ(), "HOME="+home)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", c.how, err, b)
			}
			unix.Close(sockFd) // the server's copy ends
			b, _ := os.ReadFile(out)
			t.Logf("%s: %s", c.how, b)

			var breaches []string
			if strings.Contains(string(b), "SECRET") {
				breaches = append(breaches, "~/.ssh/secret was read through the directory descriptor")
			}
			if rc, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(rc) != "# rc\n" {
				breaches = append(breaches, "~/.bashrc was written through the append descriptor")
			}
			for range 50 {
				if got.Load() > 0 {
					break
				}
				waitTick(t)
			}
			if got.Load() > 0 {
				breaches = append(breaches, "the server outside got data through the socket")
			}
			switch {
			case !c.confined && len(breaches) != 3:
				t.Errorf("unconfined, %d of 3 attempts got through (%q): the attack is not what the test thinks", len(breaches), breaches)
			case c.confined && len(breaches) > 0:
				t.Errorf("BREACH: confined, %s", strings.Join(breaches, "; "))
			}
		})
	}
}
