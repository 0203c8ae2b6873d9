//go:build unix

package safefile

import (
	"errors"
	"os"
	"syscall"
)

const (
	oNonblock  = syscall.O_NONBLOCK
	oNoFollow  = syscall.O_NOFOLLOW
	oDirectory = syscall.O_DIRECTORY
)

// linkError turns the ELOOP of an O_NOFOLLOW open of a symbolic link into
// a [*NotRegularError] that says so.
func linkError(path string, link Link, err error) error {
	if link == NoFollow && errors.Is(err, syscall.ELOOP) {
		if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&os.ModeSymlink != 0 {
			return &NotRegularError{Path: path, What: "a symbolic link", Want: "a regular file"}
		}
	}
	return err
}

// fifoError turns the ENXIO of a non-blocking open for writing of a FIFO
// that nobody reads into a [*NotRegularError].
func fifoError(path string, err error) error {
	if errors.Is(err, syscall.ENXIO) {
		if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&os.ModeNamedPipe != 0 {
			return &NotRegularError{Path: path, What: "a FIFO", Want: "a regular file"}
		}
	}
	return err
}

// preOpen has nothing to do here: the open itself refuses a link.
func preOpen(string, Link) error { return nil }
