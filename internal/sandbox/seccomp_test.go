//go:build linux

package sandbox

import (
	"encoding/binary"
	"fmt"
	"testing"

	"golang.org/x/sys/unix"
)

// run interprets the classic BPF of a seccomp filter (the instructions
// the filters here use) over one system call, as the kernel would.
func run(t *testing.T, prog []unix.SockFilter, arch, nr uint32, args ...uint64) uint32 {
	t.Helper()
	var data [64]byte
	binary.LittleEndian.PutUint32(data[0:], nr)
	binary.LittleEndian.PutUint32(data[4:], arch)
	for i, a := range args {
		binary.LittleEndian.PutUint64(data[16+8*i:], a)
	}
	var acc uint32
	for pc := 0; pc < len(prog); pc++ {
		in := prog[pc]
		switch in.Code {
		case ldW:
			acc = binary.LittleEndian.Uint32(data[in.K:])
		case jeq, jge:
			if in.Code == jeq && acc == in.K || in.Code == jge && acc >= in.K {
				pc += int(in.Jt)
			} else {
				pc += int(in.Jf)
			}
		case retK:
			return in.K
		default:
			t.Fatalf("instruction %d: code %#x not interpreted", pc, in.Code)
		}
	}
	t.Fatalf("the filter ran off its end")
	return 0
}

// TestFilters: what each filter decides for the system calls it is
// about, on every entry point of both architectures (the test cannot
// make 32-bit or x32 calls for real).
func TestFilters(t *testing.T) {
	const (
		allow  = unix.SECCOMP_RET_ALLOW
		eperm  = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
		eacces = unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)
		enosys = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
		// the families outside the build profile's list
		eafnosupport    = unix.SECCOMP_RET_ERRNO | uint32(unix.EAFNOSUPPORT)
		eprotonosupport = unix.SECCOMP_RET_ERRNO | uint32(unix.EPROTONOSUPPORT)
	)
	type call struct {
		name string
		arch func(abi) uint32
		nr   func(abi) uint32
		args []uint64
		// what the build profile's and Landlock alone's filters say
		build, terminal uint32
	}
	native := func(a abi) uint32 { return a.native }
	compat := func(a abi) uint32 { return a.compat }
	ioctl := func(a abi) uint32 { return a.ioctl }
	nr := func(n uint32) func(abi) uint32 { return func(abi) uint32 { return n } }
	calls := []call{
		{name: "TIOCSTI", arch: native, nr: ioctl, args: []uint64{0, unix.TIOCSTI}, build: eperm, terminal: eperm},
		{name: "TIOCLINUX", arch: native, nr: ioctl, args: []uint64{0, unix.TIOCLINUX}, build: eperm, terminal: eperm},
		// the kernel reads the request as an unsigned int
		{name: "TIOCSTI with high bits", arch: native, nr: ioctl, args: []uint64{0, 1<<32 | unix.TIOCSTI}, build: eperm, terminal: eperm},
		{name: "TCGETS", arch: native, nr: ioctl, args: []uint64{0, unix.TCGETS}, build: allow, terminal: allow},
		{name: "TIOCSCTTY 0", arch: native, nr: ioctl, args: []uint64{0, unix.TIOCSCTTY, 0}, build: allow, terminal: allow},
		// Go's Setctty, for a terminal made inside the build profile; root
		// taking the caller's terminal from its session under Landlock alone
		{name: "TIOCSCTTY 1", arch: native, nr: ioctl, args: []uint64{0, unix.TIOCSCTTY, 1}, build: allow, terminal: eperm},
		{name: "TIOCSCTTY 1<<32|1", arch: native, nr: ioctl, args: []uint64{0, unix.TIOCSCTTY, 1<<32 | 1}, build: allow, terminal: allow},
		{name: "32-bit TIOCSCTTY 1", arch: compat, nr: func(a abi) uint32 { return a.compatIoctl }, args: []uint64{0, unix.TIOCSCTTY, 1}, build: eacces, terminal: eperm},
		{name: "socket AF_UNIX", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_UNIX}, build: eacces, terminal: allow},
		{name: "socket AF_INET", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_INET}, build: allow, terminal: allow},
		{name: "socket AF_INET6", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_INET6}, build: allow, terminal: allow},
		// red team RT-8: families outside the list, vsock first
		{name: "socket AF_VSOCK", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_VSOCK}, build: eafnosupport, terminal: allow},
		{name: "socket AF_PACKET", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_PACKET}, build: eafnosupport, terminal: allow},
		{name: "socket AF_ALG", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_ALG}, build: eafnosupport, terminal: allow},
		{name: "socket AF_NETLINK route", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE}, build: allow, terminal: allow},
		{name: "socket AF_NETLINK audit", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_AUDIT}, build: eprotonosupport, terminal: allow},
		{name: "socket AF_NETLINK sock_diag", arch: native, nr: nr(unix.SYS_SOCKET), args: []uint64{unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_SOCK_DIAG}, build: eprotonosupport, terminal: allow},
		// socketpair connects to nothing: a Unix pair still works
		{name: "socketpair AF_UNIX", arch: native, nr: nr(unix.SYS_SOCKETPAIR), args: []uint64{unix.AF_UNIX}, build: allow, terminal: allow},
		// red team RT-14: the kernel's keys
		{name: "add_key", arch: native, nr: nr(unix.SYS_ADD_KEY), build: enosys, terminal: allow},
		{name: "keyctl", arch: native, nr: nr(unix.SYS_KEYCTL), build: enosys, terminal: allow},
		{name: "request_key", arch: native, nr: nr(unix.SYS_REQUEST_KEY), build: enosys, terminal: allow},
		{name: "io_uring_setup", arch: native, nr: nr(unix.SYS_IO_URING_SETUP), build: eacces, terminal: allow},
		{name: "read", arch: native, nr: nr(unix.SYS_READ), build: allow, terminal: allow},
		{name: "32-bit TIOCSTI", arch: compat, nr: func(a abi) uint32 { return a.compatIoctl }, args: []uint64{0, unix.TIOCSTI}, build: eacces, terminal: eperm},
		{name: "32-bit TCGETS", arch: compat, nr: func(a abi) uint32 { return a.compatIoctl }, args: []uint64{0, unix.TCGETS}, build: eacces, terminal: allow},
		{name: "32-bit read", arch: compat, nr: nr(3), build: eacces, terminal: allow},
		{name: "another architecture", arch: func(abi) uint32 { return unix.AUDIT_ARCH_PPC64LE }, nr: ioctl, build: eacces, terminal: eacces},
	}
	for goarch, a := range abis {
		cs := calls
		if a.x32 {
			cs = append(cs,
				call{name: "x32 TIOCSTI", arch: native, nr: nr(x32Ioctl), args: []uint64{0, unix.TIOCSTI}, build: eacces, terminal: eperm},
				call{name: "x32 TIOCSTI by the 64-bit number", arch: native, nr: nr(x32Bit | a.ioctl), args: []uint64{0, unix.TIOCSTI}, build: eacces, terminal: eperm},
				call{name: "x32 TCGETS", arch: native, nr: nr(x32Ioctl), args: []uint64{0, unix.TCGETS}, build: eacces, terminal: allow})
		}
		build, err := assemble(buildFilter(a))
		if err != nil {
			t.Fatal(err)
		}
		term, err := assemble(terminalFilter(a))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			name := fmt.Sprintf("%s %s", goarch, c.name)
			if got := run(t, build, c.arch(a), c.nr(a), c.args...); got != c.build {
				t.Errorf("%s: the build profile's filter says %#x, want %#x", name, got, c.build)
			}
			if got := run(t, term, c.arch(a), c.nr(a), c.args...); got != c.terminal {
				t.Errorf("%s: Landlock alone's filter says %#x, want %#x", name, got, c.terminal)
			}
		}
	}
}

// A jump to a label that is not ahead is refused, not mis-assembled.
func TestAssembleBadJump(t *testing.T) {
	for _, prog := range [][]insn{
		{{code: jeq, jt: "nowhere"}, {code: retK}},
		{{label: "back", code: retK}, {code: jeq, jt: "back"}},
	} {
		if _, err := assemble(prog); err == nil {
			t.Errorf("assemble(%+v) = nil error", prog)
		}
	}
}
