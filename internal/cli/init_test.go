package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestInitWork: every tool call an agent makes starts permguard once, and
// package initialization runs on every start whatever the command, so
// permguard's own packages must not build tables, maps or regexps at init
// (issue 15: the classifier's init alone was 95 KB in 975 allocations).
// The test binary runs as permguard (see TestMain) with the runtime's
// init trace on, and each package's allocations are held to a budget.
// internal/cli is left out: in this binary its init includes its tests'.
func TestInitWork(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test binary runs as permguard through a symbolic link")
	}
	budget := map[string]int{ // bytes allocated by the package's init
		"classify": 1 << 10,
		"hook":     4 << 10,
		"guard":    1 << 10,
		"settings": 1 << 10,
		"audit":    1 << 10,
		"person":   1 << 10,
	}
	bin := filepath.Join(t.TempDir(), "permguard")
	if err := os.Symlink(os.Args[0], bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("permguard version: %v\n%s", err, stderr.String())
	}
	// init example.com/pkg @0.1 ms, 0.01 ms clock, 16 bytes, 1 allocs
	line := regexp.MustCompile(`(?m)^init (\S+) @.* clock, (\d+) bytes, (\d+) allocs$`)
	seen := 0
	for _, m := range line.FindAllStringSubmatch(stderr.String(), -1) {
		seen++
		name := m[1][strings.LastIndex(m[1], "/")+1:]
		max, ours := budget[name]
		if !ours || !strings.Contains(m[1], "/internal/") {
			continue
		}
		if n, _ := strconv.Atoi(m[2]); n > max {
			t.Errorf("package %s allocates %d bytes in %s allocations at init, over its budget of %d: build tables on first use or as static data", m[1], n, m[3], max)
		}
	}
	if seen == 0 {
		t.Fatalf("no init trace on stderr:\n%s", stderr.String())
	}
}
