package hook

import (
	"bytes"
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
		// opencode's plugin says it applies a rewrite; pi's does not
		{file: "opencode/bash-npm-test.json", agent: Generic, rewrite: true},
		{file: "opencode/bash-go-test.json", agent: Generic, rewrite: false},
		{file: "pi/bash-git-status.json", agent: Generic, rewrite: false},
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
			UpdatedInput       map[string]any `json:"updated_input"`
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
		switch c.Agent {
		case Gemini:
			decision, in = got.Decision, got.HookSpecificOutput.ToolInput
		case Generic:
			decision, in = got.Decision, got.UpdatedInput
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

// A generic caller opts in with "can_rewrite": true, exactly, and only a
// shell call whose command is the string "command" is rewritten: the
// rewrite replaces that one field, and a caller that cannot apply it must
// never get an allow that holds only rewritten.
func TestRewriteGeneric(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		rewrite bool
	}{
		{"opted in", `{"tool_name":"bash","tool_input":{"command":"npm test","workdir":"sub"},"cwd":"/w","can_rewrite":true}`, true},
		{"not opted in", `{"tool_name":"bash","tool_input":{"command":"npm test"},"cwd":"/w"}`, false},
		{"opted out", `{"tool_name":"bash","tool_input":{"command":"npm test"},"cwd":"/w","can_rewrite":false}`, false},
		{"a string is no yes", `{"tool_name":"bash","tool_input":{"command":"npm test"},"cwd":"/w","can_rewrite":"true"}`, false},
		{"a number is no yes", `{"tool_name":"bash","tool_input":{"command":"npm test"},"cwd":"/w","can_rewrite":1}`, false},
		{"null is no yes", `{"tool_name":"bash","tool_input":{"command":"npm test"},"cwd":"/w","can_rewrite":null}`, false},
		{"in tool_input, where the model writes, it is no yes", `{"tool_name":"bash","tool_input":{"command":"npm test","can_rewrite":true},"cwd":"/w"}`, false},
		{"cmd instead of command", `{"tool_name":"bash","tool_input":{"cmd":"npm test"},"cwd":"/w","can_rewrite":true}`, false},
		{"a null command beside cmd", `{"tool_name":"bash","tool_input":{"command":null,"cmd":"npm test"},"cwd":"/w","can_rewrite":true}`, false},
		{"an argument vector", `{"tool_name":"bash","tool_input":{"command":["npm","test"]},"cwd":"/w","can_rewrite":true}`, false},
		{"not a shell call", `{"tool_name":"write","tool_input":{"filePath":"/w/a","content":"x"},"cwd":"/w","can_rewrite":true}`, false},
		{"powershell", `{"tool_name":"powershell","tool_input":{"command":"npm test"},"cwd":"/w","can_rewrite":true}`, false},
	}
	for _, tt := range tests {
		c, err := Decode([]byte(tt.payload), Generic)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := CanRewrite(c); got != tt.rewrite {
			t.Errorf("%s: CanRewrite = %v, want %v", tt.name, got, tt.rewrite)
		}
	}
}

// The generic allow with a rewrite is one object: decision, reason and the
// whole updated input; without one, nothing but decision and reason.
func TestEncodeGenericRewrite(t *testing.T) {
	c, err := Decode([]byte(`{"tool_name":"bash","tool_input":{"command":"npm test","timeout":5},"cwd":"/w","can_rewrite":true}`), Generic)
	if err != nil {
		t.Fatal(err)
	}
	out := Encode(c, Reply{Decision: Allow, Reason: "confined", UpdatedInput: Rewrite(c, "pg exec -- bash -c 'npm test'")})
	want := `{"decision":"allow","reason":"confined","updated_input":{"command":"pg exec -- bash -c 'npm test'","timeout":5}}` + "\n"
	if string(out.Stdout) != want || out.Stderr != "" || out.Exit != ExitOK {
		t.Errorf("Encode = %q, %q, exit %d; want %q", out.Stdout, out.Stderr, out.Exit, want)
	}
	// an ask or a deny never carries an input to run
	for _, d := range []Decision{Ask, Deny} {
		out := Encode(c, Reply{Decision: d, Reason: "r", UpdatedInput: Rewrite(c, "x")})
		if bytes.Contains(out.Stdout, []byte("updated_input")) {
			t.Errorf("Encode(%s) = %s: an input to run with a decision that does not run", d, out.Stdout)
		}
	}
}
