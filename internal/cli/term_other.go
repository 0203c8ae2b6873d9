//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package cli

import "os"

// isTerminal reports whether f looks like a terminal: a character device.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
