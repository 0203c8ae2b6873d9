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
//
// No confined program, in the build profile or under Landlock alone,
// may type into a terminal: TIOCSTI pushes characters into a terminal's
// input, which the shell outside reads as the user's once the program
// has ended, and TIOCLINUX's paste does the same on a virtual console.
// Both fail with EPERM, whatever the kernel's dev.tty.legacy_tiocsti
// says (root, and any process on its controlling terminal, may use
// TIOCSTI where it is 1). The program has no controlling terminal
// either (session_linux.go); this refuses the ioctl on every terminal
// it can reach, its inherited descriptors included.

// abi is what the filter knows of the running kernel's system call
// entry points: the native one, and the 32-bit one next to it.
type abi struct {
	native, compat     uint32 // AUDIT_ARCH_*
	ioctl, compatIoctl uint32 // ioctl's number in each
	x32                bool   // amd64's x32 numbers (bit 30) exist
}

var abis = map[string]abi{
	"amd64": {native: unix.AUDIT_ARCH_X86_64, compat: unix.AUDIT_ARCH_I386, ioctl: unix.SYS_IOCTL, compatIoctl: 54, x32: true},
	"arm64": {native: unix.AUDIT_ARCH_AARCH64, compat: unix.AUDIT_ARCH_ARM, ioctl: unix.SYS_IOCTL, compatIoctl: 54},
}

const (
	x32Bit = 0x40000000
	// x32's ioctl (compat_sys_ioctl); its native number 16 with the x32
	// bit set is refused by the kernel, and matched here all the same
	x32Ioctl = x32Bit | 514
)

// insn is one instruction of a filter being assembled: jumps name
// labels, resolved by assemble.
type insn struct {
	label  string // this instruction's
	code   uint16
	k      uint32
	jt, jf string // "" is the next instruction
}

const (
	ldW  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	jeq  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	jge  = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
	retK = unix.BPF_RET | unix.BPF_K
	// offsets in struct seccomp_data: nr, arch, args[0], args[1] and
	// args[2] (their low words on these little-endian machines; ioctl's
	// request is an unsigned int, so the kernel reads only that word too),
	// and args[2]'s high word
	offNr, offArch, offArg0, offArg1, offArg2, offArg2High = 0, 4, 16, 24, 32, 36
)

// terminalRules end a filter: at label "ioctl" with a system call that
// is ioctl, they refuse TIOCSTI and TIOCLINUX and allow the rest. With
// refuseSteal, they also refuse TIOCSCTTY with argument 1, which lets a
// process with CAP_SYS_ADMIN take a terminal that another session (the
// shell's outside) holds as its controlling terminal; with 0, the one
// a test suite gives the terminal it made, it takes none that is held.
func terminalRules(refuseSteal bool) []insn {
	prog := []insn{
		{label: "ioctl", code: ldW, k: offArg1},
		{code: jeq, k: unix.TIOCSTI, jt: "eperm"},
		{code: jeq, k: unix.TIOCLINUX, jt: "eperm"},
	}
	if refuseSteal {
		prog = append(prog,
			insn{code: jeq, k: unix.TIOCSCTTY, jf: "allow"},
			insn{code: ldW, k: offArg2},
			insn{code: jeq, k: 1, jf: "allow"},
			insn{code: ldW, k: offArg2High},
			insn{code: jeq, k: 0, jt: "eperm", jf: "allow"})
	}
	return append(prog, []insn{
		{label: "allow", code: retK, k: unix.SECCOMP_RET_ALLOW},
		{label: "eperm", code: retK, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)},
		{label: "eacces", code: retK, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)},
	}...)
}

// buildFilter is the build profile's: the native ABI only, no io_uring,
// no terminal input, no kernel keys, and sockets of the listed families
// only. The families are an allow-list, not Unix alone refused (red team
// RT-8): AF_VSOCK reaches the hypervisor's services and the machine's
// vsock listeners, which no network namespace covers, and the kernel
// keeps adding families. A build needs IP (the box's own loopback, or
// the network of an install at medium) and NETLINK_ROUTE, which
// getaddrinfo and getifaddrs read the interfaces through; netlink's
// other protocols (audit, uevents, sock_diag, ...) are refused. Another
// family fails with EAFNOSUPPORT, as on a kernel without it, so that
// programs that probe fall back; a Unix socket still fails with EACCES.
//
// The kernel's key management calls are refused too (red team RT-14):
// the init joins a session keyring of its own before the program runs,
// and without keyctl the program cannot name another by its number
// either, nor ask the user's keyring for a key. ENOSYS, as on a kernel
// without keys: libraries that keep tokens there fall back to files.
func buildFilter(a abi) []insn {
	prog := append([]insn{
		{code: ldW, k: offArch},
		{code: jeq, k: a.native, jf: "eacces"},
		{code: ldW, k: offNr},
		{code: jge, k: x32Bit, jt: "eacces"},
		{code: jeq, k: unix.SYS_IO_URING_SETUP, jt: "eacces"},
		{code: jeq, k: a.ioctl, jt: "ioctl"},
		{code: jeq, k: unix.SYS_ADD_KEY, jt: "enosys"},
		{code: jeq, k: unix.SYS_KEYCTL, jt: "enosys"},
		{code: jeq, k: unix.SYS_REQUEST_KEY, jt: "enosys"},
		{code: jeq, k: unix.SYS_SOCKET, jf: "allow"},
		{code: ldW, k: offArg0},
		{code: jeq, k: unix.AF_INET, jt: "allow"},
		{code: jeq, k: unix.AF_INET6, jt: "allow"},
		{code: jeq, k: unix.AF_UNIX, jt: "eacces"},
		{code: jeq, k: unix.AF_NETLINK, jf: "eafnosupport"},
		{code: ldW, k: offArg2},
		{code: jeq, k: unix.NETLINK_ROUTE, jt: "allow", jf: "eprotonosupport"},
	}, terminalRules(false)...)
	return append(prog, []insn{
		{label: "enosys", code: retK, k: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)},
		{label: "eafnosupport", code: retK, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EAFNOSUPPORT)},
		{label: "eprotonosupport", code: retK, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EPROTONOSUPPORT)},
	}...)
}

// terminalFilter is Landlock alone's: a program there may use what it
// could before (Unix sockets, 32-bit programs), but no entry point's
// ioctl types into a terminal, and none takes the caller's terminal from
// its session: root keeps CAP_SYS_ADMIN there, and the terminal it
// inherited is open from before Landlock, whose ioctl rule does not
// reach it. (In the build profile the program has no CAP_SYS_ADMIN of
// the machine's, and terminals made inside need TIOCSCTTY 1: Go's
// Setctty passes it.)
func terminalFilter(a abi) []insn {
	prog := []insn{
		{code: ldW, k: offArch},
		{code: jeq, k: a.native, jt: "native"},
		{code: jeq, k: a.compat, jt: "compat", jf: "eacces"},
		{label: "compat", code: ldW, k: offNr},
		{code: jeq, k: a.compatIoctl, jt: "ioctl", jf: "allow"},
		{label: "native", code: ldW, k: offNr},
	}
	if a.x32 {
		prog = append(prog,
			insn{code: jeq, k: x32Ioctl, jt: "ioctl"},
			insn{code: jeq, k: x32Bit | a.ioctl, jt: "ioctl"})
	}
	prog = append(prog, insn{code: jeq, k: a.ioctl, jt: "ioctl", jf: "allow"})
	return append(prog, terminalRules(true)...)
}

// assemble resolves the labels of prog into the kernel's relative jumps.
func assemble(prog []insn) ([]unix.SockFilter, error) {
	at := map[string]int{}
	for i, in := range prog {
		if in.label != "" {
			at[in.label] = i
		}
	}
	out := make([]unix.SockFilter, len(prog))
	for i, in := range prog {
		off := func(label string) (uint8, error) {
			if label == "" {
				return 0, nil
			}
			j, ok := at[label]
			if !ok || j <= i || j-i-1 > 255 {
				return 0, fmt.Errorf("seccomp filter: no jump from %d to %q", i, label)
			}
			return uint8(j - i - 1), nil
		}
		jt, err := off(in.jt)
		if err != nil {
			return nil, err
		}
		jf, err := off(in.jf)
		if err != nil {
			return nil, err
		}
		out[i] = unix.SockFilter{Code: in.code, Jt: jt, Jf: jf, K: in.k}
	}
	return out, nil
}

// denyBuild installs the build profile's filter.
func denyBuild() error {
	a, ok := abis[runtime.GOARCH]
	if !ok {
		return fmt.Errorf("cannot keep the build from Unix sockets and terminals on %s", runtime.GOARCH)
	}
	return install(buildFilter(a))
}

// DenyTerminalInput installs, for this process and every program it
// starts from now on, a seccomp filter that refuses TIOCSTI and
// TIOCLINUX on every system call entry point (exec --sandbox with
// Landlock alone); the rest is as before. It needs no privilege, and
// sets no_new_privs, which Landlock sets anyway.
func DenyTerminalInput() error {
	a, ok := abis[runtime.GOARCH]
	if !ok {
		return fmt.Errorf("cannot keep the program from typing into the terminal on %s (seccomp)", runtime.GOARCH)
	}
	return install(terminalFilter(a))
}

// install loads prog as a seccomp filter on every thread of this
// process: it survives exec and is inherited by every child.
func install(prog []insn) error {
	code, err := assemble(prog)
	if err != nil {
		return err
	}
	fprog := unix.SockFprog{Len: uint16(len(code)), Filter: &code[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("cannot set no_new_privs: %v", err)
	}
	// TSYNC: every thread of this process, not only the caller, so the
	// program has the filter whichever thread starts it (as root's init
	// does, from PID 1)
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return fmt.Errorf("cannot install the sandbox's seccomp filter: %v", errno)
	}
	runtime.KeepAlive(code)
	return nil
}
