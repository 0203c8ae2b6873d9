//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"syscall"
)

func owners(st fs.FileInfo) (uid, me int, ok bool) {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(sys.Uid), os.Geteuid(), true
}
