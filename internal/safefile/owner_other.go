//go:build !unix

package safefile

import "io/fs"

// Elsewhere a file's owner is not in its mode bits: nothing is checked.
func owners(fs.FileInfo) (uid, me int, ok bool) { return 0, 0, false }
