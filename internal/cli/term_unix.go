//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package cli

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminal reports whether f is a terminal. It asks the terminal driver,
// so /dev/null (a character device, but no terminal) is not one.
// TODO: use golang.org/x/term once the prompt package brings it in.
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), ioctlReadTermios, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
