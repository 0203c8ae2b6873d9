//go:build !unix

package guard

import "os"

// otherNames reports a file with more than one hard link; where the
// count cannot be read, none is assumed (Windows: links need privileges
// an agent's user rarely has).
func otherNames(os.FileInfo) bool { return false }

// fileID is the identity of a file, where it can be read.
func fileID(os.FileInfo) ([2]uint64, bool) { return [2]uint64{}, false }
