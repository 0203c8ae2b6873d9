//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// Elsewhere there are no FIFOs to block on in the places permguard reads,
// and no O_NOFOLLOW: a link is looked for before the open instead.
const (
	oNonblock  = 0
	oNoFollow  = 0
	oDirectory = 0
)

func preOpen(path string, link Link) error {
	if link == NoFollow {
		if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			return &NotRegularError{Path: path, What: "a symbolic link", Want: "a regular file"}
		}
	}
	return nil
}

func linkError(_ string, _ Link, err error) error { return err }
func fifoError(_ string, err error) error         { return err }
