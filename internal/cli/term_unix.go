//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTerminal reports whether f is a terminal. It asks the terminal driver,
// so /dev/null (a character device, but no terminal) is not one.
func isTerminal(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var ioErr error
	// Control, not Fd: Fd would put the stream in blocking mode for good.
	if err := rc.Control(func(fd uintptr) { _, ioErr = unix.IoctlGetTermios(int(fd), ioctlReadTermios) }); err != nil {
		return false
	}
	return ioErr == nil
}
