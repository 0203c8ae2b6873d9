package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// FuzzHook: whatever the bytes on stdin and whatever --agent, permguard
// hook exits 0 or 2, never panics (an internal error would say so on
// stderr), and stdout is empty or exactly one JSON object and a newline.
// Seeded with every payload in testdata/payloads.
func FuzzHook(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/payloads/*/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0))
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","permission_mode":"x","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`), uint8(1))
	f.Add([]byte("\x00\xff{"), uint8(2))
	dir := f.TempDir()
	env := map[string]string{"HOME": "/home/dev", "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state")}
	agents := hook.Agents()
	f.Fuzz(func(t *testing.T, data []byte, agent uint8) {
		ios, in, out, errOut := testStreams()
		in.Write(data)
		opts := &HookOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(env), Getwd: fixedWd("/home/dev/proj"), Now: time.Now, Classify: classify.Classify}, Args: []string{"--agent", string(agents[int(agent)%len(agents)])}}
		err := hookRun(opts)
		if err != nil && !errors.Is(err, ErrBlocked) {
			t.Fatalf("hookRun = %v: would exit %d", err, exitCode(err))
		}
		if strings.Contains(errOut.String(), "internal error") {
			t.Fatalf("internal error on %q:\n%s", data, errOut.String())
		}
		stdout := out.Bytes()
		if len(stdout) == 0 {
			// Only Codex is answered "allow" with silence (no hookAllow
			// defer here); every other answer is JSON or exit 2.
			if err == nil {
				call, derr := hook.Decode(data, hook.Agent(opts.Args[1]))
				if derr != nil || call.Agent != hook.Codex {
					t.Fatalf("exit 0 with nothing on stdout for %q (agent %s)", data, opts.Args[1])
				}
			}
			return
		}
		if !bytes.HasSuffix(stdout, []byte("\n")) || bytes.Count(stdout, []byte("\n")) != 1 {
			t.Fatalf("stdout is not one line: %q", stdout)
		}
		var obj map[string]any
		if err := json.Unmarshal(stdout, &obj); err != nil {
			t.Fatalf("stdout is not one JSON object: %q: %v", stdout, err)
		}
	})
}
