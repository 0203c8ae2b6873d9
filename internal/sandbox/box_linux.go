//go:build linux

package sandbox

import "fmt"

// BoxAvailable reports whether the boxes can be had here, and if not
// why: the namespaces and Landlock they are made of, judged from the
// kernel's settings alone, without making any (cheap enough for doctor
// and the status line).
func BoxAvailable() (ok bool, why string) {
	if err := NamespacesAllowed(); err != nil {
		return false, err.Error()
	}
	v, err := ABI()
	if err != nil {
		return false, err.Error()
	}
	return true, fmt.Sprintf("user, mount, PID and network namespaces, Landlock ABI %d", v)
}
