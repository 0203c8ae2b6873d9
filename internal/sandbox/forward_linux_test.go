//go:build linux

package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The box's side of the forwarding tests: the test binary as a server in
// the box, and as a program that probes what the box lets it reach.
func init() {
	// serve WS ADDR...: listen on each ADDR, say in WS/ready how each
	// went, and answer every connection: a greeting at once, then, once
	// the client has shut its writing side down, what it sent. Ends when
	// WS/stop appears (at most 30 s).
	helpers["serve"] = func(args []string) int {
		ws := args[0]
		var out strings.Builder
		for _, a := range args[1:] {
			ln, err := net.Listen("tcp", a)
			fmt.Fprintf(&out, "%s=%s\n", a, errName(err))
			if err != nil {
				continue
			}
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					go answer(c)
				}
			}()
		}
		if code := writeOut(filepath.Join(ws, "ready.tmp"), out.String()); code != 0 {
			return code
		}
		if err := os.Rename(filepath.Join(ws, "ready.tmp"), filepath.Join(ws, "ready")); err != nil {
			return 1
		}
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(ws, "stop")); err == nil {
				return 0
			}
		}
		return 0
	}
	// forwardbox WS PROGRAM ARGS...: run PROGRAM in a box with Forward,
	// WS writable, as permguard does: what it says goes to stderr
	helpers["forwardbox"] = func(args []string) int {
		p := Profile{Writable: Writable{Dirs: append([]string{args[0]}, DefaultDirs...), Files: DefaultFiles}, Forward: true}
		code, err := Run(p, args[1], args[1:], []string{"PATH=" + os.Getenv("PATH"), "HOME=" + args[0]})
		if err != nil {
			fmt.Fprintf(os.Stderr, "forwardbox: %v\n", err)
			return 125
		}
		return code
	}
	// probe OUT DIAL BINDIP: write to OUT what a connection to DIAL, a
	// listener on BINDIP (- for none) and one on port 80 gave
	helpers["probe"] = func(args []string) int {
		var out strings.Builder
		c, err := net.DialTimeout("tcp", args[1], 2*time.Second)
		if err == nil {
			c.Close()
		}
		fmt.Fprintf(&out, "dial=%s\n", errName(err))
		if args[2] != "-" {
			ln, err := net.Listen("tcp", net.JoinHostPort(args[2], "0"))
			if err == nil {
				ln.Close()
			}
			fmt.Fprintf(&out, "bind-machine-ip=%s\n", errName(err))
		}
		ln, err := net.Listen("tcp", "127.0.0.1:80")
		if err == nil {
			ln.Close()
		}
		fmt.Fprintf(&out, "bind-low=%s\n", errName(err))
		return writeOut(args[0], out.String())
	}
}

const greeting = "hello from the box\n"

func answer(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, greeting); err != nil {
		return
	}
	b, err := io.ReadAll(c)
	if err != nil {
		return
	}
	_, _ = io.WriteString(c, "you said: "+string(b))
}

// freePort is a port from 1024 up that no one on the machine holds now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	must(t, err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// ask connects to addr, writes req, shuts its writing side down and
// reads the whole reply.
func ask(addr, req string) (string, error) {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return "", err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := io.WriteString(c, req); err != nil {
		return "", err
	}
	if err := c.(*net.TCPConn).CloseWrite(); err != nil {
		return "", err
	}
	b, err := io.ReadAll(c)
	return string(b), err
}

// askUntil asks until the reply is the box's whole answer, for at most
// 5 s: a server is reachable only once the init has seen it listen.
func askUntil(addr, req string) (string, error) {
	want := greeting + "you said: " + req
	var got string
	var err error
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got, err = ask(addr, req); err == nil && got == want {
			return got, nil
		}
	}
	if err == nil {
		err = fmt.Errorf("reply %q, want %q", got, want)
	}
	return got, err
}

// lockedBuffer is forwardLog for a test: the forwarder's goroutines
// write it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// captureForwardLog sends what the forwarder says to a buffer for the
// rest of the test.
func captureForwardLog(t *testing.T) *lockedBuffer {
	log := &lockedBuffer{}
	old := forwardLog
	forwardLog = log
	t.Cleanup(func() { forwardLog = old })
	return log
}

// runningBox is Run of the test binary as a helper, in the background.
type runningBox struct {
	ws   string
	done chan struct{}
	code int
	err  error
}

// startBox runs the helper args(ws) in a box whose workspace ws is its
// own, with Forward as given.
func startBox(t *testing.T, forward bool, args func(ws string) []string) *runningBox {
	t.Helper()
	skipUnless(t, "build")
	self, err := os.Executable()
	must(t, err)
	ws := scratchDir(t)
	b := &runningBox{ws: ws, done: make(chan struct{})}
	p := Profile{Writable: Writable{Dirs: append([]string{ws}, DefaultDirs...), Files: DefaultFiles}, Forward: forward}
	argv := append([]string{self, helperArg}, args(ws)...)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + ws}
	go func() {
		defer close(b.done)
		b.code, b.err = Run(p, self, argv, env)
	}()
	t.Cleanup(func() {
		_ = os.WriteFile(filepath.Join(ws, "stop"), nil, 0o644)
		<-b.done
	})
	return b
}

// serveArgs are the arguments of the helper serve on addrs.
func serveArgs(addrs ...string) func(ws string) []string {
	return func(ws string) []string { return append([]string{"serve", ws}, addrs...) }
}

// wait waits for the box to end, at most 20 s, and fails unless the
// program exited 0.
func (b *runningBox) wait(t *testing.T) {
	t.Helper()
	select {
	case <-b.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("the box did not end within 20 s")
	}
	if b.err != nil || b.code != 0 {
		t.Fatalf("Run: %d, %v; want 0, nil", b.code, b.err)
	}
}

// stop tells the server in the box to end, and waits for the box.
func (b *runningBox) stop(t *testing.T) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(b.ws, "stop"), nil, 0o644))
	b.wait(t)
}

// ready waits for the server in the box to listen, and returns how each
// of its listeners went.
func (b *runningBox) ready(t *testing.T) map[string]string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		select {
		case <-b.done:
			t.Fatalf("the box ended before its server listened: %d, %v", b.code, b.err)
		default:
		}
		if _, err := os.Stat(filepath.Join(b.ws, "ready")); err == nil {
			return results(t, filepath.Join(b.ws, "ready"))
		}
	}
	t.Fatalf("the server in the box did not listen within 10 s")
	return nil
}

// machineIP is an address of this machine's other than the loopback's,
// "" if it has none.
func machineIP() string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && n.IP.IsGlobalUnicast() {
			return n.IP.String()
		}
	}
	return ""
}

func refused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

// TestForwardReachesServer: a server in a box with Forward, on the
// box's loopback, on 0.0.0.0 or on [::], is reached from the machine's
// 127.0.0.1 at the same port; the client writes its request and shuts
// its writing side down, and still reads the whole reply (half-close).
// Each port forwarded is said once. Not from the machine's other
// addresses. Without Forward, the control, every connection is refused.
func TestForwardReachesServer(t *testing.T) {
	for _, forward := range []bool{true, false} {
		t.Run(fmt.Sprintf("forward=%v", forward), func(t *testing.T) {
			log := captureForwardLog(t)
			kinds := []string{"loopback", "any4", "any6"}
			hosts := map[string]string{"loopback": "127.0.0.1", "any4": "0.0.0.0", "any6": "::"}
			ports := map[string]int{}
			var addrs []string
			for _, k := range kinds {
				ports[k] = freePort(t)
				addrs = append(addrs, net.JoinHostPort(hosts[k], strconv.Itoa(ports[k])))
			}
			b := startBox(t, forward, serveArgs(addrs...))
			listened := b.ready(t)
			if !forward {
				// more than the init needs to see them, had it looked
				time.Sleep(3 * forwardPoll)
			}
			for i, k := range kinds {
				if listened[addrs[i]] != "ok" {
					if k == "any6" {
						t.Logf("no IPv6 in the box (%s): not tried", listened[addrs[i]])
						continue
					}
					t.Fatalf("the server in the box could not listen on %s: %s", addrs[i], listened[addrs[i]])
				}
				outside := net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[k]))
				req := "request to " + k + "\n"
				if forward {
					got, err := askUntil(outside, req)
					if err != nil {
						t.Errorf("%s: the server in the box on %s is not reached at %s: %q, %v", k, addrs[i], outside, got, err)
					}
					continue
				}
				if got, err := ask(outside, req); !refused(err) {
					t.Errorf("%s: without Forward, %s answered %q, %v; want the connection refused", k, outside, got, err)
				}
			}
			if ip := machineIP(); ip != "" {
				other := net.JoinHostPort(ip, strconv.Itoa(ports["loopback"]))
				if got, err := ask(other, "x"); !refused(err) {
					t.Errorf("the box's server is reached at %s, the machine's other address: %q, %v; want only 127.0.0.1", other, got, err)
				}
			} else {
				t.Log("the machine has no address but the loopback's: not tried from another")
			}
			b.stop(t)
			for i, k := range kinds {
				line := fmt.Sprintf("permguard: hint: the box's server on port %d is reached at 127.0.0.1:%d\n", ports[k], ports[k])
				n := strings.Count(log.String(), line)
				switch {
				case listened[addrs[i]] != "ok":
				case forward && n != 1:
					t.Errorf("%q said %d times, want once; said:\n%s", line, n, log)
				case !forward && n != 0:
					t.Errorf("without Forward, said %q", line)
				}
			}
		})
	}
}

// TestForwardTakenPort: a port a process of the machine holds on
// 127.0.0.1 is not forwarded, with one warning: connections there go
// on reaching that process, and the box runs on, its other ports
// reachable. The server in the box listens on the same port all the
// same: its network is its own.
func TestForwardTakenPort(t *testing.T) {
	log := captureForwardLog(t)
	taken, err := net.Listen("tcp4", "127.0.0.1:0")
	must(t, err)
	defer taken.Close()
	go func() {
		for {
			c, err := taken.Accept()
			if err != nil {
				return
			}
			_, _ = io.WriteString(c, "the machine's own\n")
			c.Close()
		}
	}()
	tp := taken.Addr().(*net.TCPAddr).Port
	free := freePort(t)
	b := startBox(t, true, serveArgs(net.JoinHostPort("127.0.0.1", strconv.Itoa(tp)), net.JoinHostPort("127.0.0.1", strconv.Itoa(free))))
	listened := b.ready(t)
	for a, r := range listened {
		if r != "ok" {
			t.Fatalf("the server in the box could not listen on %s: %s", a, r)
		}
	}
	if got, err := askUntil(net.JoinHostPort("127.0.0.1", strconv.Itoa(free)), "x"); err != nil {
		t.Fatalf("the box's free port is not reached: %q, %v", got, err)
	}
	// both ports were seen in the same look
	c, err := net.DialTimeout("tcp", taken.Addr().String(), time.Second)
	must(t, err)
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	got, _ := io.ReadAll(c)
	c.Close()
	if string(got) != "the machine's own\n" {
		t.Errorf("the taken port answered %q, want the machine's own listener", got)
	}
	b.stop(t)
	warning := fmt.Sprintf("permguard: warning: the box's server on port %d cannot be reached from outside: port %d is taken on this machine\n", tp, tp)
	if n := strings.Count(log.String(), warning); n != 1 {
		t.Errorf("%q said %d times, want once; said:\n%s", warning, n, log)
	}
	if strings.Contains(log.String(), fmt.Sprintf("port %d is reached", tp)) {
		t.Errorf("the taken port is said to be reachable:\n%s", log)
	}
}

// TestForwardOutboundClosed: with Forward, the box still reaches
// nothing of the machine's: a connection to a listener on the
// machine's 127.0.0.1 fails, and so does a listener on the machine's
// other address (the box has none of them); no port below 1024 can be
// listened on. Unconfined, the control, the connection and the listener
// succeed.
func TestForwardOutboundClosed(t *testing.T) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	must(t, err)
	defer ln.Close()
	var mu sync.Mutex
	reached := 0
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			reached++
			mu.Unlock()
			c.Close()
		}
	}()
	ip := machineIP()
	if ip == "" {
		ip = "-"
	}
	for _, confined := range []bool{true, false} {
		t.Run(fmt.Sprintf("confined=%v", confined), func(t *testing.T) {
			mu.Lock()
			reached = 0
			mu.Unlock()
			var got map[string]string
			if confined {
				b := startBox(t, true, func(ws string) []string {
					return []string{"probe", filepath.Join(ws, "out"), ln.Addr().String(), ip}
				})
				b.wait(t)
				got = results(t, filepath.Join(b.ws, "out"))
			} else {
				out := filepath.Join(t.TempDir(), "out")
				cmd := helperCmd("probe", out, ln.Addr().String(), ip)
				cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
				must(t, cmd.Run())
				got = results(t, out)
			}
			t.Logf("%v", got)
			mu.Lock()
			n := reached
			mu.Unlock()
			if confined {
				if got["dial"] == "ok" || n > 0 {
					t.Errorf("BREACH: the box connected to the machine's 127.0.0.1 (%s, %d connections)", got["dial"], n)
				}
				if ip != "-" && got["bind-machine-ip"] != "EADDRNOTAVAIL" {
					t.Errorf("the box listening on the machine's %s: %s, want EADDRNOTAVAIL", ip, got["bind-machine-ip"])
				}
				if got["bind-low"] == "ok" {
					t.Errorf("the box listened on port 80")
				}
				return
			}
			if got["dial"] != "ok" || n == 0 {
				t.Errorf("unconfined, the connection failed (%s): the check cannot tell", got["dial"])
			}
			if ip != "-" && got["bind-machine-ip"] != "ok" {
				t.Errorf("unconfined, listening on %s failed (%s): the check cannot tell", ip, got["bind-machine-ip"])
			}
		})
	}
}

// TestForwardEndsWithBox: once Run has returned, nothing of the box is
// reachable: the port refuses, a connection that was open is closed,
// and no goroutine of the forwarding is left.
func TestForwardEndsWithBox(t *testing.T) {
	captureForwardLog(t)
	port := freePort(t)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	b := startBox(t, true, serveArgs(addr))
	b.ready(t)
	if got, err := askUntil(addr, "x"); err != nil {
		t.Fatalf("the box's server is not reached: %q, %v", got, err)
	}
	// a connection open when the box ends: the server has greeted it
	// and waits for the rest
	open, err := net.DialTimeout("tcp", addr, time.Second)
	must(t, err)
	defer open.Close()
	must(t, open.SetDeadline(time.Now().Add(5*time.Second)))
	line := make([]byte, len(greeting))
	if _, err := io.ReadFull(open, line); err != nil {
		t.Fatalf("no greeting: %v", err)
	}
	b.stop(t)
	// immediately: Run returns once every listener is closed
	if _, err := net.DialTimeout("tcp", addr, time.Second); !refused(err) {
		t.Errorf("after the box, %s: %v; want the connection refused", addr, err)
	}
	if n, err := open.Read(line); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("the connection open when the box ended is still open: read %d, %v", n, err)
	}
	buf := make([]byte, 1<<20)
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "(*forwarder).") || strings.Contains(g, "sandbox.carry") {
			t.Errorf("a goroutine of the forwarding is left after Run:\n%s", g)
		}
	}
}

// TestForwardAtMost32Ports: of 34 ports a box listens on, 32 are
// reachable and said so, and the init says once that the rest are not.
func TestForwardAtMost32Ports(t *testing.T) {
	skipUnless(t, "build")
	self, err := os.Executable()
	must(t, err)
	ws := scratchDir(t)
	var ports []int
	var lns []net.Listener
	for range maxForwardedPorts + 2 {
		ln, err := net.Listen("tcp4", "127.0.0.1:0")
		must(t, err)
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	args := []string{"forwardbox", ws, self, helperArg, "serve", ws}
	for i, ln := range lns {
		ln.Close()
		args = append(args, net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[i])))
	}
	var stderr lockedBuffer
	cmd := helperCmd(args...)
	cmd.Stderr = &stderr
	must(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = os.WriteFile(filepath.Join(ws, "stop"), nil, 0o644)
		<-done
	})
	b := &runningBox{ws: ws, done: make(chan struct{})}
	b.ready(t)
	// every port the box will forward is said within a few looks
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if strings.Count(stderr.String(), "is reached at") >= maxForwardedPorts {
			break
		}
	}
	time.Sleep(3 * forwardPoll)
	var reachable, not []int
	for _, p := range ports {
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(p))
		switch got, err := ask(addr, "x"); {
		case !strings.Contains(stderr.String(), fmt.Sprintf("port %d is reached", p)):
			if listening(p) {
				t.Errorf("port %d, not said reachable, is listened on", p)
			}
			not = append(not, p)
		case got != greeting+"you said: x":
			t.Errorf("port %d, said reachable, answered %q, %v", p, got, err)
		default:
			reachable = append(reachable, p)
		}
	}
	must(t, os.WriteFile(filepath.Join(ws, "stop"), nil, 0o644))
	select {
	case err := <-done:
		done <- err
		if err != nil {
			t.Fatalf("the box: %v\n%s", err, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the box did not end within 20 s")
	}
	said := stderr.String()
	if len(reachable) != maxForwardedPorts || len(not) != 2 {
		t.Errorf("%d ports reachable, %d not; want %d and 2:\n%s", len(reachable), len(not), maxForwardedPorts, said)
	}
	if n := strings.Count(said, "is reached at"); n != maxForwardedPorts {
		t.Errorf("%d ports said reachable, want %d:\n%s", n, maxForwardedPorts, said)
	}
	var warned []int
	for _, p := range not {
		if strings.Contains(said, fmt.Sprintf("permguard: warning: the box's server on port %d cannot be reached from outside, nor any the box listens on from now on: at most 32 ports of a box are\n", p)) {
			warned = append(warned, p)
		}
	}
	if len(warned) != 1 || strings.Count(said, "warning") != 1 {
		t.Errorf("the ports beyond 32 (%v) are warned of %d times, want once:\n%s", not, strings.Count(said, "warning"), said)
	}
}

// TestForwardWithNetworkRefused: Forward with Network is refused before
// anything runs: such a box's servers are on the machine's network.
func TestForwardWithNetworkRefused(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	_, err := Run(Profile{Forward: true, Network: true}, "/bin/sh", []string{"sh", "-c", "echo > " + marker}, nil)
	if err == nil || errors.Is(err, ErrNoNamespaces) {
		t.Errorf("Run: %v, want an error that it cannot be", err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the program ran")
	}
}

// fakeInit is the init's end of a forwarder's socketpair, played by the
// test: what the forwarder does with whatever comes over it.
type fakeInit struct {
	fd  int
	f   *forwarder
	log *lockedBuffer
}

func newFakeInit(t *testing.T) *fakeInit {
	t.Helper()
	parent, child, err := forwardPair()
	must(t, err)
	log := &lockedBuffer{}
	f, err := newForwarder(parent, log)
	must(t, err)
	fd, err := unix.Dup(int(child.Fd()))
	must(t, err)
	child.Close()
	fi := &fakeInit{fd: fd, f: f, log: log}
	f.start()
	t.Cleanup(func() {
		f.stop()
		unix.Close(fd)
	})
	return fi
}

func (fi *fakeInit) send(t *testing.T, m forwardMsg, fds ...int) {
	t.Helper()
	var oob []byte
	if len(fds) > 0 {
		oob = unix.UnixRights(fds...)
	}
	must(t, unix.Sendmsg(fi.fd, m.bytes(), oob, nil, 0))
}

// sync returns once the forwarder has dealt with every message sent
// before: it reads them one after the other, and has read the last.
func (fi *fakeInit) sync(t *testing.T) {
	t.Helper()
	fi.send(t, forwardMsg{kind: 'X'})
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if n, err := unix.IoctlGetInt(fi.fd, unix.SIOCOUTQ); err == nil && n == 0 {
			return
		}
	}
	t.Fatalf("the forwarder does not read")
}

// answer answers each request to connect with a connection to backend,
// until the socketpair ends.
func (fi *fakeInit) answer(backend string) {
	buf := make([]byte, forwardMsgLen)
	for {
		n, err := unix.Read(fi.fd, buf)
		if err != nil || n == 0 {
			return
		}
		m, ok := parseForwardMsg(buf[:n])
		if !ok || m.kind != msgConnect {
			continue
		}
		c, err := net.Dial("tcp", backend)
		reply := forwardMsg{kind: msgConnected, id: m.id, port: m.port}
		if err != nil {
			_, _ = unix.Write(fi.fd, reply.bytes())
			continue
		}
		f, _ := c.(*net.TCPConn).File()
		c.Close()
		reply.ok = true
		_ = unix.Sendmsg(fi.fd, reply.bytes(), unix.UnixRights(int(f.Fd())), nil, 0)
		f.Close()
	}
}

// listening reports whether something accepts connections at port on
// 127.0.0.1.
func listening(port int) bool {
	c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(int(port))), time.Second)
	if err == nil {
		c.Close()
	}
	return err == nil
}

// TestForwarderPorts: the parent listens for no port below 1024 (a box
// cannot listen there, but its init's word is not taken for it), for
// each port once, and for at most 32.
func TestForwarderPorts(t *testing.T) {
	fi := newFakeInit(t)
	// a port below 1024 that no one holds here; as root, the parent could
	// listen there
	low := 0
	for p := 1023; p > 900 && low == 0; p-- {
		if !listening(p) {
			low = p
		}
	}
	fi.send(t, forwardMsg{kind: msgListen, port: uint16(low)})
	// held together while chosen, so that no two are the same
	var ports []int
	var lns []net.Listener
	for range maxForwardedPorts + 1 {
		ln, err := net.Listen("tcp4", "127.0.0.1:0")
		must(t, err)
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	for _, p := range ports {
		fi.send(t, forwardMsg{kind: msgListen, port: uint16(p)})
		fi.send(t, forwardMsg{kind: msgListen, port: uint16(p)})
	}
	fi.sync(t)
	if listening(low) {
		t.Errorf("port %d, below 1024, is listened on", low)
	}
	for i, p := range ports {
		if got, want := listening(p), i < maxForwardedPorts; got != want {
			t.Errorf("port %d, the %d-th: listened on %v, want %v", p, i+1, got, want)
		}
	}
	for _, p := range ports[:maxForwardedPorts] {
		if n := strings.Count(fi.log.String(), fmt.Sprintf("port %d is reached", p)); n != 1 {
			t.Errorf("port %d said reachable %d times, want once:\n%s", p, n, fi.log)
		}
	}
	// nothing else: the port said twice is not tried twice
	if n := strings.Count(fi.log.String(), "\n"); n != maxForwardedPorts {
		t.Errorf("%d lines said, want %d:\n%s", n, maxForwardedPorts, fi.log)
	}
}

// TestForwarderConnections: at most 256 connections are carried at
// once; one more is closed at once, and once one ends another is
// carried again.
func TestForwarderConnections(t *testing.T) {
	fi := newFakeInit(t)
	backend, err := net.Listen("tcp4", "127.0.0.1:0")
	must(t, err)
	defer backend.Close()
	var held []net.Conn
	var mu sync.Mutex
	defer func() {
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
	}()
	go func() {
		for {
			c, err := backend.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
			// greets, and ends when the client does, as a server does
			go func() {
				_, _ = io.WriteString(c, "hi\n")
				_, _ = io.Copy(io.Discard, c)
				c.Close()
			}()
		}
	}()
	go fi.answer(backend.Addr().String())
	port := freePort(t)
	fi.send(t, forwardMsg{kind: msgListen, port: uint16(port)})
	fi.sync(t)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	greeted := func() (net.Conn, error) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return nil, err
		}
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		b := make([]byte, 3)
		if _, err := io.ReadFull(c, b); err != nil {
			c.Close()
			return nil, err
		}
		return c, nil
	}
	var clients []net.Conn
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	for i := range maxForwardedConns {
		c, err := greeted()
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		clients = append(clients, c)
	}
	if c, err := greeted(); err == nil {
		c.Close()
		t.Fatalf("connection %d was carried, want it closed", maxForwardedConns+1)
	}
	clients[0].Close()
	var again error
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var c net.Conn
		if c, again = greeted(); again == nil {
			clients[0] = c
			break
		}
	}
	if again != nil {
		t.Errorf("once a connection ended, another is not carried: %v", again)
	}
}

// TestForwarderTakesOnlyTCP: what the init passes back for a connection
// must be one TCP socket: a pipe, a Unix socket or two descriptors close
// the client's connection, and no descriptor of them stays open in the
// parent; nor one passed with a message that passes none.
func TestForwarderTakesOnlyTCP(t *testing.T) {
	fi := newFakeInit(t)
	port := freePort(t)
	fi.send(t, forwardMsg{kind: msgListen, port: uint16(port)})
	fi.sync(t)
	openFds := func() int {
		ents, _ := os.ReadDir("/proc/self/fd")
		return len(ents)
	}
	before := openFds()
	pipe := func() []int {
		var p [2]int
		must(t, unix.Pipe2(p[:], unix.O_CLOEXEC))
		return p[:]
	}
	socketpair := func() []int {
		p, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		must(t, err)
		return p[:]
	}
	passes := []struct {
		name string
		fds  func() []int // made; the first n passed
		n    int
	}{{"pipe", pipe, 1}, {"unix socket", socketpair, 1}, {"two descriptors", socketpair, 2}}
	for _, pass := range passes {
		name := pass.name
		c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), time.Second)
		must(t, err)
		buf := make([]byte, forwardMsgLen)
		n, err := unix.Read(fi.fd, buf)
		must(t, err)
		m, _ := parseForwardMsg(buf[:n])
		if m.kind != msgConnect || m.port != uint16(port) {
			t.Fatalf("%s: the parent asked %+v, want a connection to %d", name, m, port)
		}
		fds := pass.fds()
		fi.send(t, forwardMsg{kind: msgConnected, ok: true, id: m.id, port: m.port}, fds[:pass.n]...)
		// and a message that takes none
		fi.send(t, forwardMsg{kind: msgListen, port: 80}, fds[:pass.n]...)
		// what a carried connection would bring the client
		_, _ = unix.Write(fds[1], []byte("carried\n"))
		_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if b, err := io.ReadAll(c); len(b) > 0 || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("%s passed back: the client's connection is carried (read %q, %v)", name, b, err)
		}
		c.Close()
		closeFds(fds)
	}
	fi.sync(t)
	var now int
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if now = openFds(); now <= before {
			break
		}
	}
	if now > before {
		t.Errorf("%d descriptors open after, %d before: the parent keeps what the init passed", now, before)
	}
}

// TestParseListener reads lines of /proc/net/tcp and tcp6 as a
// little-endian machine's kernel writes them (amd64, arm64: those the
// seccomp filter knows), and this machine's own.
func TestParseListener(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		addr       string
		port       uint16
		ok         bool
	}{
		{name: "loopback", line: "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "127.0.0.1", port: 8080, ok: true},
		{name: "any4", line: "   1: 00000000:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "127.0.0.1", port: 3000, ok: true},
		{name: "another loopback", line: "   1: 0200007F:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "127.0.0.2", port: 3000, ok: true},
		{name: "established", line: "   2: 0100007F:1F90 0100007F:D2A4 01 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0"},
		{name: "not loopback", line: "   3: 0500000A:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0"},
		{name: "any6", line: "   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "::1", port: 8080, ok: true},
		{name: "loopback6", line: "   0: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "::1", port: 8080, ok: true},
		{name: "v4-mapped", line: "   0: 0000000000000000FFFF00000100007F:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0", addr: "127.0.0.1", port: 8080, ok: true},
		{name: "header", line: "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"},
		{name: "empty", line: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, port, ok := parseListener(tc.line)
			if ok != tc.ok || (ok && (addr.String() != tc.addr || port != tc.port)) {
				t.Errorf("parseListener = %v %d %v, want %s %d %v", addr, port, ok, tc.addr, tc.port, tc.ok)
			}
		})
	}
}

// The kernel's own answers, for listeners made here: the socket
// diagnostics and /proc/self/net agree, and see each listener at the
// address it is reached at.
func TestBoxListeners(t *testing.T) {
	diag, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
	must(t, err)
	defer unix.Close(diag)
	want := map[uint16]string{}
	for _, c := range []struct{ network, addr, at string }{
		{"tcp4", "127.0.0.1:0", "127.0.0.1"}, {"tcp4", "0.0.0.0:0", "127.0.0.1"}, {"tcp6", "[::]:0", "::1"}, {"tcp6", "[::1]:0", "::1"},
	} {
		ln, err := net.Listen(c.network, c.addr)
		if err != nil && c.network == "tcp6" {
			t.Logf("no IPv6 here: %v", err)
			continue
		}
		must(t, err)
		defer ln.Close()
		want[uint16(ln.Addr().(*net.TCPAddr).Port)] = c.at
	}
	at, err := diagListeners(diag)
	must(t, err)
	// a socket that is no diag socket: the look falls back to /proc
	udp, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	must(t, err)
	b := &boxPorts{diag: udp}
	fallback := b.look()
	if b.diag != -1 {
		t.Errorf("a look through a socket that is no diag socket did not fall back to /proc")
	}
	for name, got := range map[string]map[uint16]netip.Addr{"diag": at, "proc": procListeners(), "fallback": fallback} {
		for port, a := range want {
			if got[port].String() != a {
				t.Errorf("%s: port %d listened on at %v, want %s", name, port, got[port], a)
			}
		}
	}
}
