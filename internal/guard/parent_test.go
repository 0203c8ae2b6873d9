package guard

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestParentProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	got := ParentProcess()
	pid, start, ok := strings.Cut(got, "@")
	if !ok || pid != strconv.Itoa(os.Getppid()) || start == "" || strings.Trim(start, "0123456789") != "" {
		t.Errorf("ParentProcess() = %q, want %d@<start time>", got, os.Getppid())
	}
	if again := ParentProcess(); again != got {
		t.Errorf("ParentProcess() changed: %q, then %q", got, again)
	}
}
