//go:build !linux

package sandbox

import "fmt"

// ABI reports that only Linux has Landlock.
func ABI() (int, error) { return 0, fmt.Errorf("%w: it is a Linux feature", ErrUnavailable) }

// Restrict changes nothing: see ABI.
func Restrict(Writable) error { _, err := ABI(); return err }
