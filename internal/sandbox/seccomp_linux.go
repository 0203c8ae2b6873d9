//go:build linux

package sandbox

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A program in the build profile must not reach a Unix socket outside
// it: the container engine's (root on the host), the user's D-Bus and
// systemd, an ssh or gpg agent, a tmux server all run commands for
// whoever connects, and neither the network namespace (it covers
// abstract sockets only) nor Landlock (it governs files, not connect)
// stops a connect to a socket file. So creating a Unix socket fails
// with EACCES; socketpair, which connects to nothing, still works.
// io_uring can create sockets without the socket system call, and the
// x32 and 32-bit entry points have numbers of their own: all refused.

// auditArch is the seccomp architecture of the running kernel's native
// system calls.
var auditArch = map[string]uint32{
	"amd64": unix.AUDIT_ARCH_X86_64,
	"arm64": unix.AUDIT_ARCH_AARCH64,
}

// denyUnixSockets installs the filter: it survives exec and is inherited
// by every child.
func denyUnixSockets() error {
	arch, ok := auditArch[runtime.GOARCH]
	if !ok {
		return fmt.Errorf("cannot keep the build from Unix sockets on %s", runtime.GOARCH)
	}
	const (
		ldW   = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		ret   = unix.BPF_RET | unix.BPF_K
		deny  = unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)
		allow = unix.SECCOMP_RET_ALLOW
		// offsets in struct seccomp_data: nr, arch, args[0] (its low
		// word on these little-endian machines)
		offNr, offArch, offArg0 = 0, 4, 16
	)
	prog := []unix.SockFilter{
		{Code: ldW, K: offArch},
		{Code: jeq, K: arch, Jt: 0, Jf: 6},             // another ABI: deny
		{Code: ldW, K: offNr},                          //
		{Code: jge, K: 0x40000000, Jt: 4, Jf: 0},       // x32: deny
		{Code: jeq, K: unix.SYS_IO_URING_SETUP, Jt: 3}, // deny
		{Code: jeq, K: unix.SYS_SOCKET, Jt: 0, Jf: 3},  // not socket: allow
		{Code: ldW, K: offArg0},                        //
		{Code: jeq, K: unix.AF_UNIX, Jt: 0, Jf: 1},     // AF_UNIX: deny
		{Code: ret, K: deny},
		{Code: ret, K: allow},
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("cannot set no_new_privs: %v", err)
	}
	// TSYNC: every thread of this process, not only the caller, so the
	// program has the filter whichever thread starts it (as root's init
	// does, from PID 1)
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return fmt.Errorf("cannot keep the build from Unix sockets (seccomp): %v", errno)
	}
	runtime.KeepAlive(prog)
	return nil
}
