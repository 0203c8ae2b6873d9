//go:build !unix

package guard

import "os"

// openNonBlocking opens p for reading (Windows has no pipes in the file
// system's names that an open would wait on).
func openNonBlocking(p string) (*os.File, error) { return os.Open(p) }
