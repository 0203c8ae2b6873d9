//go:build !linux

package sandbox

import (
	"os"
	"path/filepath"
)

// BuildHoles returns the holes of workspace that exist, and names the
// rest missing: without a mount namespace nothing is mounted over them,
// so no placeholder is made.
func BuildHoles(workspace string) *Holes {
	h := &Holes{unlock: func(bool) bool { return false }}
	if workspace == "" || workspace == "/" {
		return h
	}
	for _, s := range holeSpecs(workspace) {
		p := filepath.Join(workspace, s.rel)
		if _, err := os.Stat(p); err == nil {
			h.Paths = append(h.Paths, p)
		} else {
			h.Missing = append(h.Missing, p)
		}
	}
	return h
}

// Remove does nothing: BuildHoles made nothing.
func (h *Holes) Remove() {}
