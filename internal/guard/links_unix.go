//go:build unix

package guard

import (
	"os"
	"syscall"
)

// otherNames reports a file with more than one hard link: a write to it
// changes the file under its other names too, wherever they are.
func otherNames(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}
