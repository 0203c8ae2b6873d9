package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Claude Code's and Codex's Bash calls and Gemini CLI's shell calls are
// rewritten; the rewrite keeps every field of the input but the command,
// and the reply is one allow in the agent's words.
func TestRewrite(t *testing.T) {
	tests := []struct {
		file    string
		agent   Agent
		rewrite bool
	}{
		{file: "claude/bash-test.json", agent: Auto, rewrite: true},
		{file: "claude/read-readme.json", agent: Auto, rewrite: false},
		{file: "claude/powershell.json", agent: Auto, rewrite: false},
		{file: "codex/bash-test.json", agent: Auto, rewrite: true},
		{file: "gemini/shell-test.json", agent: Auto, rewrite: true},
		{file: "cursor/pretool-shell.json", agent: Auto, rewrite: false},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("../../testdata/payloads", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(data, tt.agent)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if got := CanRewrite(c); got != tt.rewrite {
			t.Errorf("%s: CanRewrite = %v, want %v", tt.file, got, tt.rewrite)
		}
		if !tt.rewrite {
			continue
		}
		out := Encode(c, Reply{Decision: Allow, Reason: "r", UpdatedInput: Rewrite(c, "sandboxed 'x'"), Quiet: true})
		var got struct {
			Decision           string
			HookSpecificOutput struct {
				PermissionDecision string
				UpdatedInput       map[string]any
				ToolInput          map[string]any `json:"tool_input"`
			}
		}
		if err := json.Unmarshal(out.Stdout, &got); err != nil || out.Exit != ExitOK {
			t.Fatalf("%s: reply %q exit %d: %v", tt.file, out.Stdout, out.Exit, err)
		}
		decision, in := got.HookSpecificOutput.PermissionDecision, got.HookSpecificOutput.UpdatedInput
		if c.Agent == Gemini {
			decision, in = got.Decision, got.HookSpecificOutput.ToolInput
		}
		var orig map[string]any
		_ = json.Unmarshal(data, &struct {
			ToolInput *map[string]any `json:"tool_input"`
		}{&orig})
		if decision != "allow" || in["command"] != "sandboxed 'x'" || len(in) != len(orig) {
			t.Errorf("%s: reply %s, want an allow with the command replaced and the rest kept", tt.file, out.Stdout)
		}
		for k, v := range orig {
			if k != "command" && in[k] != v {
				t.Errorf("%s: %s = %v in the rewrite, %v as sent", tt.file, k, in[k], v)
			}
		}
	}
}
