//go:build unix

package guard

import (
	"errors"
	"os"
	"syscall"
)

// boxRunning reports whether a box runs in workspace now: every box
// holds a shared lock on the workspace directory for as long as it runs
// (sandbox.BuildHoles), so an exclusive lock cannot be had meanwhile. The
// lock is taken without waiting and let go at once.
func boxRunning(workspace string) bool {
	f, err := os.Open(workspace)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false
	}
	return errors.Is(err, syscall.EWOULDBLOCK)
}
