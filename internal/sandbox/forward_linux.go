//go:build linux

package sandbox

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A box with Profile.Forward keeps everything of a box without the
// network (its own network namespace with nothing but its own loopback)
// and lets the machine reach the servers in it, inbound only: a
// development server the person opens in a browser.
//
// The init watches its network namespace's TCP sockets (the kernel's
// socket diagnostics, every forwardPoll) and tells permguard, the
// parent in the machine's network namespace, of each port from
// forwardMinPort up that a socket listens on. The parent listens on the
// machine's 127.0.0.1 at that port; for each connection it accepts
// there, it asks the init for one, the init connects to the port inside
// the box and passes the connected socket back (SCM_RIGHTS), and the
// parent copies the bytes between the two both ways, passing the end
// of each way on. They talk over a SOCK_SEQPACKET socketpair made
// before the init starts, its descriptor forwardFd in the init.
//
// What the box can make of it is a listener on the machine's loopback:
// never on another address, never below port 1024, at most
// maxForwardedPorts of them, on a port no one on the machine holds
// already. Nothing in it ever connects out: the parent connects to
// nothing, and what it copies comes from a connection someone on the
// machine made. The program never holds the socketpair: the init's end
// is close-on-exec, and the init is not dumpable, so the program, the
// same user in the same namespaces, cannot take it by pidfd_getfd or
// /proc/1/fd nor trace the init to use it (Init); it cannot make a Unix
// socket of its own to talk to the parent either (the seccomp filter),
// and a signal to the init ends its own box at most. Were the socketpair
// taken all the same, the parent believes no more of what comes over it
// than this: ports are checked again, a socket passed back must be a
// TCP one, and every other descriptor is closed. The init's goroutine
// starts after the seccomp filter and Landlock, which bind every thread
// of the init: a dump on the diag socket it made before them, a TCP
// connect and sendmsg on an inherited socket are all it needs.

const (
	forwardMinPort    = 1024
	maxForwardedPorts = 32
	// at most this many connections are carried at once; one more is
	// closed as soon as it is accepted
	maxForwardedConns = 256
	// how often the init looks for new listeners: a server is reachable
	// from outside at most this long after it listens
	forwardPoll = 100 * time.Millisecond
	// a server in the box whose backlog is full does not answer at once
	forwardConnectTimeout = 5 * time.Second
	forwardReplyTimeout   = 10 * time.Second
)

// forwardLog is where the parent says which ports of the box are
// reachable and which cannot be: permguard's stderr, which is the
// program's too.
var forwardLog io.Writer = os.Stderr

// The messages over the socketpair, each one packet of forwardMsgLen
// bytes: kind, ok, port (2 bytes), id (4 bytes), big-endian.
const (
	msgListen     = 'L' // init to parent: a server in the box listens on port
	msgConnect    = 'C' // parent to init: connect to port for connection id
	msgConnected  = 'R' // init to parent: connection id, ok with the socket passed, or not
	forwardMsgLen = 8
)

type forwardMsg struct {
	kind byte
	ok   bool
	port uint16
	id   uint32
}

func (m forwardMsg) bytes() []byte {
	b := make([]byte, forwardMsgLen)
	b[0] = m.kind
	if m.ok {
		b[1] = 1
	}
	binary.BigEndian.PutUint16(b[2:], m.port)
	binary.BigEndian.PutUint32(b[4:], m.id)
	return b
}

func parseForwardMsg(b []byte) (forwardMsg, bool) {
	if len(b) != forwardMsgLen {
		return forwardMsg{}, false
	}
	return forwardMsg{kind: b[0], ok: b[1] == 1, port: binary.BigEndian.Uint16(b[2:]), id: binary.BigEndian.Uint32(b[4:])}, true
}

// forwardPair makes the socketpair: the parent's end and the init's,
// both close-on-exec (exec.Cmd's ExtraFiles hands the init's over
// without the mark, and the init sets it again).
func forwardPair() (parent, child *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot make the box's servers reachable: %v", err)
	}
	return os.NewFile(uintptr(fds[0]), "forward"), os.NewFile(uintptr(fds[1]), "forward"), nil
}

// forwarder is the parent's side.
type forwarder struct {
	ch         *net.UnixConn
	log        io.Writer
	slots      chan struct{} // one per connection carried
	readerDone chan struct{}
	wg         sync.WaitGroup // the listeners' and the connections' goroutines

	mu        sync.Mutex
	stopped   bool
	ports     map[uint16]bool // every port tried, listened on or not
	listeners []net.Listener
	pending   map[uint32]chan *os.File
	nextID    uint32
	open      map[net.Conn]bool
}

// unixConnOf takes one end of the socketpair (and closes end).
func unixConnOf(end *os.File) (*net.UnixConn, error) {
	c, err := net.FileConn(end)
	end.Close()
	if err != nil {
		return nil, fmt.Errorf("cannot make the box's servers reachable: %v", err)
	}
	uc, ok := c.(*net.UnixConn)
	if !ok {
		c.Close()
		return nil, fmt.Errorf("cannot make the box's servers reachable: %T is no Unix socket", c)
	}
	return uc, nil
}

// newForwarder takes the parent's end of the socketpair (and closes
// end); start begins to serve it.
func newForwarder(end *os.File, log io.Writer) (*forwarder, error) {
	uc, err := unixConnOf(end)
	if err != nil {
		return nil, err
	}
	return &forwarder{ch: uc, log: log, slots: make(chan struct{}, maxForwardedConns), readerDone: make(chan struct{}),
		ports: map[uint16]bool{}, pending: map[uint32]chan *os.File{}, open: map[net.Conn]bool{}}, nil
}

func (f *forwarder) start() { go f.read() }

// stop closes every listener and connection and returns once every
// goroutine of f has ended: when the box has ended, nothing of it is
// reachable any more.
func (f *forwarder) stop() {
	f.ch.Close()
	<-f.readerDone // no new listener after this
	f.mu.Lock()
	f.stopped = true
	for _, ln := range f.listeners {
		ln.Close()
	}
	for c := range f.open {
		c.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
}

// read reads the init's messages until the socketpair ends.
func (f *forwarder) read() {
	defer close(f.readerDone)
	buf := make([]byte, forwardMsgLen+1) // a longer packet is cut short and refused
	oob := make([]byte, unix.CmsgSpace(4))
	for {
		n, oobn, flags, _, err := f.ch.ReadMsgUnix(buf, oob)
		if err != nil || (n == 0 && oobn == 0) {
			return // the init has ended (an empty packet is the end of a SOCK_SEQPACKET)
		}
		fds := passedFds(oob[:oobn])
		m, ok := parseForwardMsg(buf[:n])
		if !ok || flags&unix.MSG_TRUNC != 0 {
			closeFds(fds)
			continue
		}
		switch m.kind {
		case msgListen:
			closeFds(fds)
			f.listen(m.port)
		case msgConnected:
			f.deliver(m, fds)
		default:
			closeFds(fds)
		}
	}
}

// passedFds are the descriptors a message passed (SCM_RIGHTS); the
// kernel closes those that did not fit, and net has received them
// close-on-exec.
func passedFds(oob []byte) []int {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return nil
	}
	var fds []int
	for i := range msgs {
		if got, err := unix.ParseUnixRights(&msgs[i]); err == nil {
			fds = append(fds, got...)
		}
	}
	return fds
}

func closeFds(fds []int) {
	for _, fd := range fds {
		_ = unix.Close(fd)
	}
}

// listen listens on the machine's 127.0.0.1 at port, for the server in
// the box on that port: once per port, at most maxForwardedPorts ports,
// none below forwardMinPort. A port taken on the machine is skipped,
// with a warning: the box's server is not reachable, and whatever
// holds the port keeps it.
func (f *forwarder) listen(port uint16) {
	f.mu.Lock()
	if f.stopped || port < forwardMinPort || f.ports[port] || len(f.ports) >= maxForwardedPorts {
		f.mu.Unlock()
		return
	}
	f.ports[port] = true
	f.mu.Unlock()
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(context.Background(), "tcp4", net.JoinHostPort("127.0.0.1", strconv.Itoa(int(port))))
	if err != nil {
		why := err.Error()
		if errors.Is(err, syscall.EADDRINUSE) {
			why = fmt.Sprintf("port %d is taken on this machine", port)
		}
		fmt.Fprintf(f.log, "permguard: warning: the box's server on port %d cannot be reached from outside: %s\n", port, why)
		return
	}
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		ln.Close()
		return
	}
	f.listeners = append(f.listeners, ln)
	f.wg.Add(1)
	f.mu.Unlock()
	fmt.Fprintf(f.log, "permguard: hint: the box's server on port %d is reached at 127.0.0.1:%d\n", port, port)
	go f.accept(ln, port)
}

func (f *forwarder) accept(ln net.Listener, port uint16) {
	defer f.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			// out of descriptors, say: the box has not ended, try again
			time.Sleep(10 * time.Millisecond)
			continue
		}
		select {
		case f.slots <- struct{}{}:
		default:
			c.Close()
			continue
		}
		f.wg.Add(1)
		go f.serve(c.(*net.TCPConn), port)
	}
}

// serve carries one connection accepted outside to the box's port.
func (f *forwarder) serve(client *net.TCPConn, port uint16) {
	defer f.wg.Done()
	defer func() { <-f.slots }()
	if !f.track(client) {
		return
	}
	defer f.untrack(client)
	box := f.connect(port)
	if box == nil {
		return
	}
	if !f.track(box) {
		return
	}
	defer f.untrack(box)
	carry(client, box)
}

// track records c, to be closed when the box ends; false, and c
// closed, if it has ended already.
func (f *forwarder) track(c net.Conn) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		c.Close()
		return false
	}
	f.open[c] = true
	return true
}

func (f *forwarder) untrack(c net.Conn) {
	f.mu.Lock()
	delete(f.open, c)
	f.mu.Unlock()
	c.Close()
}

// halfCloser is a connection whose writing side can be shut down alone.
type halfCloser interface {
	net.Conn
	CloseWrite() error
}

// connect asks the init for a connection to port in the box; nil if
// there is none (nothing listens there now, the init has ended, or it
// did not answer in time).
func (f *forwarder) connect(port uint16) halfCloser {
	ch := make(chan *os.File, 1)
	f.mu.Lock()
	f.nextID++
	id := f.nextID
	f.pending[id] = ch
	f.mu.Unlock()
	if _, _, err := f.ch.WriteMsgUnix(forwardMsg{kind: msgConnect, port: port, id: id}.bytes(), nil, nil); err != nil {
		f.mu.Lock()
		delete(f.pending, id)
		f.mu.Unlock()
		return nil
	}
	file := f.await(id, ch)
	if file == nil {
		return nil
	}
	defer file.Close()
	c, err := net.FileConn(file)
	if err != nil {
		return nil
	}
	// a TCP socket, nothing else: not a Unix socket, not a file
	if _, ok := c.(*net.TCPConn); !ok {
		c.Close()
		return nil
	}
	return c.(halfCloser)
}

func (f *forwarder) await(id uint32, ch chan *os.File) *os.File {
	t := time.NewTimer(forwardReplyTimeout)
	defer t.Stop()
	select {
	case file := <-ch:
		return file
	case <-t.C:
	case <-f.readerDone:
	}
	f.mu.Lock()
	_, waiting := f.pending[id]
	delete(f.pending, id)
	f.mu.Unlock()
	if !waiting {
		// delivered meanwhile: deliver sends once it has let go of mu
		if file := <-ch; file != nil {
			file.Close()
		}
	}
	return nil
}

// deliver hands the socket of a reply to the connection waiting for it.
func (f *forwarder) deliver(m forwardMsg, fds []int) {
	f.mu.Lock()
	ch, waiting := f.pending[m.id]
	delete(f.pending, m.id)
	f.mu.Unlock()
	if !waiting || !m.ok || len(fds) != 1 {
		closeFds(fds)
		if waiting {
			ch <- nil
		}
		return
	}
	ch <- os.NewFile(uintptr(fds[0]), "box connection")
}

// carry copies a to b and b to a. The end of one way is passed on
// (half-close): a client that shuts its writing side down still reads
// the reply. An error either way ends both.
func carry(a, b halfCloser) {
	done := make(chan struct{})
	one := func(dst, src halfCloser) {
		if _, err := io.Copy(dst, src); err != nil {
			a.Close()
			b.Close()
			return
		}
		_ = dst.CloseWrite()
	}
	go func() {
		one(b, a)
		close(done)
	}()
	one(a, b)
	<-done
}

// boxPorts is the init's side.
type boxPorts struct {
	ch *net.UnixConn
	// lookMu: one look at a time, for the diag socket answers one dump
	// after the other
	lookMu sync.Mutex
	diag   int // the NETLINK_SOCK_DIAG socket; -1: /proc/self/net instead
	mu     sync.Mutex
	at     map[uint16]netip.Addr // where in the box each port is listened on, as last seen
}

// newBoxPorts takes the init's end of the socketpair (and closes end),
// and makes the socket it looks at the box's listeners through. It must
// run before the seccomp filter, which refuses NETLINK_SOCK_DIAG: the
// program cannot make one, and this one is close-on-exec.
func newBoxPorts(end *os.File) (*boxPorts, error) {
	uc, err := unixConnOf(end)
	if err != nil {
		return nil, err
	}
	diag, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
	if err != nil {
		diag = -1
	}
	return &boxPorts{ch: uc, diag: diag, at: map[uint16]netip.Addr{}}, nil
}

// serve watches the box's listeners and answers the parent's requests
// until the parent goes; the init's end ends it.
func (b *boxPorts) serve() {
	go b.watch()
	buf := make([]byte, forwardMsgLen+1)
	for {
		n, err := b.ch.Read(buf)
		if err != nil || n == 0 {
			return
		}
		if m, ok := parseForwardMsg(buf[:n]); ok && m.kind == msgConnect {
			go b.connect(m)
		}
	}
}

// look returns the TCP ports listened on in the box, each with the
// address to connect to it at. The kernel's socket diagnostics answer
// for the listeners alone, in about 35 µs; /proc/self/net/tcp, the
// fallback where they cannot be had, walks the machine's whole table of
// connections, every namespace's, for every read: 3.6 ms for each of
// tcp and tcp6 on a machine with 262,144 buckets.
func (b *boxPorts) look() map[uint16]netip.Addr {
	b.lookMu.Lock()
	defer b.lookMu.Unlock()
	if b.diag >= 0 {
		if at, err := diagListeners(b.diag); err == nil {
			return at
		}
		unix.Close(b.diag)
		b.diag = -1
	}
	return procListeners()
}

// watch tells the parent of each new port listened on in the box. It
// looks every forwardPoll, or less often where a look costs more than a
// fiftieth of that: the init, idle as the box's server runs for hours,
// takes at most 2% of a processor.
func (b *boxPorts) watch() {
	told := map[uint16]bool{}
	warned := false
	for {
		start := time.Now()
		at := b.look()
		took := time.Since(start)
		b.mu.Lock()
		b.at = at
		b.mu.Unlock()
		ports := make([]uint16, 0, len(at))
		for p := range at {
			ports = append(ports, p)
		}
		slices.Sort(ports)
		for _, p := range ports {
			if p < forwardMinPort || told[p] {
				continue
			}
			if len(told) >= maxForwardedPorts {
				if !warned {
					fmt.Fprintf(os.Stderr, "permguard: warning: the box's server on port %d cannot be reached from outside, nor any the box listens on from now on: at most %d ports of a box are\n", p, maxForwardedPorts)
					warned = true
				}
				continue
			}
			told[p] = true
			if _, err := b.ch.Write(forwardMsg{kind: msgListen, port: p}.bytes()); err != nil {
				return
			}
		}
		time.Sleep(max(forwardPoll, 50*took))
	}
}

// connect connects to m.port in the box and passes the socket to the
// parent; the init keeps no copy.
func (b *boxPorts) connect(m forwardMsg) {
	reply := forwardMsg{kind: msgConnected, port: m.port, id: m.id}
	b.mu.Lock()
	addr, ok := b.at[m.port]
	b.mu.Unlock()
	if !ok {
		// listened on since the last look, or again after a restart
		addr, ok = b.look()[m.port]
	}
	if !ok || m.port < forwardMinPort {
		_, _ = b.ch.Write(reply.bytes())
		return
	}
	d := net.Dialer{Timeout: forwardConnectTimeout}
	c, err := d.Dial("tcp", netip.AddrPortFrom(addr, m.port).String())
	if err != nil {
		_, _ = b.ch.Write(reply.bytes())
		return
	}
	defer c.Close()
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err == nil {
		var werr error
		err = raw.Control(func(fd uintptr) {
			reply.ok = true
			_, _, werr = b.ch.WriteMsgUnix(reply.bytes(), unix.UnixRights(int(fd)), nil)
		})
		if err == nil {
			err = werr
		}
	}
	if err != nil && !reply.ok {
		_, _ = b.ch.Write(reply.bytes())
	}
}

// diagSeq numbers the dumps asked of a diag socket, so that what is
// left of one that failed is not read as the next one's.
var diagSeq atomic.Uint32

// diagListeners asks the socket diagnostics of the diag socket's network
// namespace for its TCP sockets in state LISTEN, IPv4 first.
func diagListeners(diag int) (map[uint16]netip.Addr, error) {
	at := map[uint16]netip.Addr{}
	buf := make([]byte, 64<<10)
	for _, family := range []byte{unix.AF_INET, unix.AF_INET6} {
		seq := diagSeq.Add(1)
		// struct nlmsghdr, then struct inet_diag_req_v2: family,
		// protocol, extensions, padding, the states wanted, and the
		// socket id, zero: every socket
		req := make([]byte, unix.SizeofNlMsghdr+56)
		binary.NativeEndian.PutUint32(req[0:], uint32(len(req)))
		binary.NativeEndian.PutUint16(req[4:], unix.SOCK_DIAG_BY_FAMILY)
		binary.NativeEndian.PutUint16(req[6:], unix.NLM_F_REQUEST|unix.NLM_F_DUMP)
		binary.NativeEndian.PutUint32(req[8:], seq)
		req[16], req[17] = family, unix.IPPROTO_TCP
		binary.NativeEndian.PutUint32(req[20:], 1<<unix.BPF_TCP_LISTEN)
		if err := unix.Sendto(diag, req, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
			return nil, err
		}
		if err := readDiag(diag, buf, seq, at); err != nil {
			return nil, err
		}
	}
	return at, nil
}

// readDiag reads the answer to dump seq into at, until its end.
func readDiag(diag int, buf []byte, seq uint32, at map[uint16]netip.Addr) error {
	for {
		n, _, err := unix.Recvfrom(diag, buf, 0)
		if err != nil {
			return err
		}
		for b := buf[:n]; len(b) >= unix.SizeofNlMsghdr; {
			size := binary.NativeEndian.Uint32(b)
			if size < unix.SizeofNlMsghdr || int(size) > len(b) {
				return errors.New("a netlink message cut short")
			}
			kind, data := binary.NativeEndian.Uint16(b[4:]), b[unix.SizeofNlMsghdr:size]
			if binary.NativeEndian.Uint32(b[8:]) == seq {
				switch kind {
				case unix.NLMSG_DONE:
					return nil
				case unix.NLMSG_ERROR:
					return errors.New("the socket diagnostics refused the dump")
				case unix.SOCK_DIAG_BY_FAMILY:
					if addr, port, ok := parseDiagMsg(data); ok {
						if _, seen := at[port]; !seen {
							at[port] = addr
						}
					}
				}
			}
			b = b[min(len(b), int(size+3)&^3):]
		}
	}
}

// parseDiagMsg reads a struct inet_diag_msg: a listening socket, and
// the loopback address to reach it at.
func parseDiagMsg(m []byte) (netip.Addr, uint16, bool) {
	// family, state, timer, retransmits; then the socket id: source
	// port, destination port (big-endian), source address (16 bytes,
	// an IPv4 one in the first 4), ...
	if len(m) < 24 || m[1] != unix.BPF_TCP_LISTEN {
		return netip.Addr{}, 0, false
	}
	var addr netip.Addr
	switch m[0] {
	case unix.AF_INET:
		addr = netip.AddrFrom4([4]byte(m[8:12]))
	case unix.AF_INET6:
		addr = netip.AddrFrom16([16]byte(m[8:24]))
	default:
		return netip.Addr{}, 0, false
	}
	return reachAt(addr, binary.BigEndian.Uint16(m[4:6]))
}

// procListeners reads the listening sockets of this process's network
// namespace from /proc/self/net/tcp and tcp6, IPv4 first.
func procListeners() map[uint16]netip.Addr {
	at := map[uint16]netip.Addr{}
	for _, p := range []string{"/proc/self/net/tcp", "/proc/self/net/tcp6"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			addr, port, ok := parseListener(line)
			if _, seen := at[port]; ok && !seen {
				at[port] = addr
			}
		}
	}
	return at
}

// reachAt is where a listener on addr and port is connected to: the
// loopback for the unspecified address, none off the loopback (a socket
// bound with IP_FREEBIND: nothing reaches it).
func reachAt(addr netip.Addr, port uint16) (netip.Addr, uint16, bool) {
	addr = addr.Unmap()
	switch {
	case addr.IsUnspecified() && addr.Is4():
		addr = netip.AddrFrom4([4]byte{127, 0, 0, 1})
	case addr.IsUnspecified():
		addr = netip.IPv6Loopback()
	case !addr.IsLoopback():
		return netip.Addr{}, 0, false
	}
	return addr, port, true
}

// parseListener reads a line of /proc/net/tcp or tcp6: a socket that
// listens (state 0A), and the loopback address to reach it at (the
// unspecified address is reached at the loopback's).
func parseListener(line string) (netip.Addr, uint16, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || f[3] != "0A" {
		return netip.Addr{}, 0, false
	}
	host, portHex, ok := strings.Cut(f[1], ":")
	if !ok {
		return netip.Addr{}, 0, false
	}
	port, err := strconv.ParseUint(portHex, 16, 16)
	if err != nil {
		return netip.Addr{}, 0, false
	}
	raw, err := hex.DecodeString(host)
	if err != nil || (len(raw) != 4 && len(raw) != 16) {
		return netip.Addr{}, 0, false
	}
	// the kernel prints each 32-bit word of the address as a number, as
	// the machine holds it
	ip := make([]byte, len(raw))
	for i := 0; i < len(raw); i += 4 {
		binary.NativeEndian.PutUint32(ip[i:], binary.BigEndian.Uint32(raw[i:]))
	}
	addr, _ := netip.AddrFromSlice(ip)
	return reachAt(addr, uint16(port))
}
