package cli

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// BenchmarkHookInProcess is one hook call without process start-up: read,
// decode, settings, classify, encode. The rest of the whole-process budget
// (scripts/bench-hook.py) is the Go runtime starting.
func BenchmarkHookInProcess(b *testing.B) {
	data, err := os.ReadFile("../../testdata/payloads/claude/bash-test.json")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	env := envFunc(map[string]string{"HOME": "/home/dev", "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state")})
	b.ReportAllocs()
	for b.Loop() {
		ios, in, _, _ := TestIO()
		in.Write(data)
		opts := &HookOptions{callOptions: callOptions{IO: ios, Getenv: env, Getwd: fixedWd("/home/dev/proj"), Now: time.Now, Classify: classify.Classify}}
		if err := hookRun(opts); err != nil {
			b.Fatal(err)
		}
	}
}
