//go:build unix

package guard

import (
	"os"
	"syscall"
)

// openNonBlocking opens p for reading without waiting: a name replaced
// by a pipe after it was checked opens at once instead of hanging.
func openNonBlocking(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
