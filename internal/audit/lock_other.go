//go:build !unix

package audit

import (
	"errors"
	"os"
)

// Without flock two processes may both rotate a full log; the second
// rename then replaces the first generation. Rare, and only on systems
// permguard does not support for hooks.
func lockFile(*os.File) error { return errors.New("file locking is not supported on this system") }
func unlockFile(*os.File)     {}
