package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// TestBoxHidesAgentSecrets: every login file the hook registry lists for
// an agent (its dialect's Secrets) is hidden in the boxes, so code run in
// a box cannot read an agent's token that a command of its own could not.
func TestBoxHidesAgentSecrets(t *testing.T) {
	home := t.TempDir()
	var want []string
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			for _, p := range tg.Secrets.Home {
				// a pattern element stands for a file it matches
				f := filepath.Join(home, strings.ReplaceAll(p, "*", "-v2"))
				if strings.HasSuffix(p, "/") {
					if err := os.MkdirAll(f, 0o700); err != nil {
						t.Fatal(err)
					}
				} else {
					if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(f, []byte("token"), 0o600); err != nil {
						t.Fatal(err)
					}
				}
				want = append(want, f)
			}
		}
	}
	if len(want) < 7 {
		t.Fatalf("only %d agent secrets in the registry", len(want))
	}
	hidden := sandbox.Secrets(home, "")
	for _, f := range want {
		if !slices.ContainsFunc(hidden, func(h string) bool { return f == h || strings.HasPrefix(f, strings.TrimSuffix(h, "/")+"/") }) {
			t.Errorf("%s: an agent's login the registry lists is not hidden in the boxes (sandbox secretPaths)", strings.TrimPrefix(f, home+"/"))
		}
	}
}
