//go:build !linux

package sandbox

// BoxAvailable reports that no box can be had: they are made of Linux's
// namespaces and Landlock.
func BoxAvailable() (ok bool, why string) {
	return false, "the boxes are made of Linux's namespaces and Landlock"
}
