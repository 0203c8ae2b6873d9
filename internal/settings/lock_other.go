//go:build !unix

package settings

import (
	"errors"
	"os"
)

// Without flock, writers are not serialized; refuse rather than lose an
// update silently.
func tryLock(*os.File) (bool, error) {
	return false, errors.New("file locking is not supported on this system")
}

func unlockFile(*os.File) {}
