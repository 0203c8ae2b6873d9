package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
		ios, in, _, _ := testStreams()
		in.Write(data)
		opts := &HookOptions{callOptions: callOptions{IO: ios, Getenv: env, Getwd: fixedWd("/home/dev/proj"), Now: time.Now, Classify: classify.Classify}}
		if err := hookRun(opts); err != nil {
			b.Fatal(err)
		}
	}
}

// hugeFieldPayloads are tool calls with one field as large as a payload
// may be (issue 22, item 9): an 8 MiB file_path took 3.3 s and 191 MB.
// Each must now cost little: it is past a limit, found before any work.
func hugeFieldPayloads() map[string][]byte {
	const n = 8<<20 - 1024
	input := func(tool string, in map[string]any) []byte {
		data, err := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "session_id": "s", "cwd": "/home/dev/proj",
			"permission_mode": "default", "tool_name": tool, "tool_input": in})
		if err != nil {
			panic(err)
		}
		return data
	}
	return map[string][]byte{
		"write-file-path": input("Write", map[string]any{"file_path": "/home/dev/proj/" + strings.Repeat("a/", n/2), "content": "x"}),
		"read-file-path":  input("Read", map[string]any{"file_path": "/home/dev/proj/" + strings.Repeat("a", n)}),
		"bash-command":    input("Bash", map[string]any{"command": strings.Repeat("x.tar ", n/6)}),
		"read-many-paths": input("read_many_files", map[string]any{"paths": slices.Repeat([]string{"src/a/b/c.go"}, n/16)}),
		"web-fetch-url":   input("WebFetch", map[string]any{"url": "https://example.com/" + strings.Repeat("a/", n/2)}),
		"bash-cwd":        input("Bash", map[string]any{"command": "ls", "cwd": "/" + strings.Repeat("a/", n/2)}),
		// an MCP argument is kept cut to a command's bound, and read
		"mcp-argument":  input("mcp__notes__search", map[string]any{"query": strings.Repeat("a ", n/2)}),
		"mcp-arguments": input("mcp__notes__search", map[string]any{"xs": slices.Repeat([]string{"src/a/b/c.go"}, 19000)}),
		// the reference: as large a payload, in a field nothing judges
		"write-content":   input("Write", map[string]any{"file_path": "/home/dev/proj/a.txt", "content": strings.Repeat("a/", n/2)}),
		"deep-tool-input": []byte(`{"tool_name":"Read","tool_input":{"file_path":"x","x":` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `}}`),
	}
}

// BenchmarkHookHugeField is one hook call for each of hugeFieldPayloads,
// in process: decode, settings, judging, reply and the audit record.
func BenchmarkHookHugeField(b *testing.B) {
	dir := b.TempDir()
	env := envFunc(map[string]string{"HOME": "/home/dev", "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state")})
	for name, data := range hugeFieldPayloads() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ios, in, _, _ := testStreams()
				in.Write(data)
				opts := &HookOptions{callOptions: callOptions{IO: ios, Getenv: env, Getwd: fixedWd("/home/dev/proj"), Now: time.Now, Classify: classify.Classify}}
				hookRun(opts)
			}
		})
	}
}
