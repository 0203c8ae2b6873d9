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

// fileID is the identity of the file fi describes: device and inode.
func fileID(fi os.FileInfo) ([2]uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return [2]uint64{}, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true
}
