package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/install"
)

// TestInstallTargetsHaveScripts: every agent install knows has a
// testscript that installs it, so that a new dialect's target cannot be
// half there (internal/install checks the rest).
func TestInstallTargetsHaveScripts(t *testing.T) {
	scripts, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testscripts: %v", err)
	}
	var all strings.Builder
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	for _, name := range install.Names() {
		if !regexp.MustCompile(`permguard install ` + regexp.QuoteMeta(name) + `\b`).MatchString(all.String()) {
			t.Errorf("%s: no testscript runs permguard install %s", name, name)
		}
	}
}
