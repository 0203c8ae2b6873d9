package cli

import (
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// Every project file an agent reads for its hooks or settings lies in a
// read-only hole of the build profile, so that a confined build can
// neither change nor create it: an agent added to the registry without
// a hole fails here.
func TestHolesCoverAgentFiles(t *testing.T) {
	holes := sandbox.HoleNames()
	covered := func(p string) bool {
		for _, h := range holes {
			if p == h || (strings.HasSuffix(h, "/") && strings.HasPrefix(p, h)) {
				return true
			}
		}
		return false
	}
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			for _, p := range tg.Protect.Project {
				if !covered(p) {
					t.Errorf("%s: the project file %s is in no hole of the build profile (sandbox.HoleNames)", tg.Name, p)
				}
			}
		}
	}
}
