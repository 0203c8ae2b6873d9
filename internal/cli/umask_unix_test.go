//go:build unix

package cli_test

import "syscall"

// The scripts' files are written with testscript's modes (0666, 0777) less
// the umask, and permguard refuses its own files that group or others can
// write (design §5): under a umask of 002 every script's settings would be
// refused. A script that tests a mode sets it with chmod.
func init() { syscall.Umask(0o022) }
