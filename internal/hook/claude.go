package hook

import "encoding/json"

// Claude is Claude Code's dialect (docs/agents.md §1), which Factory
// Droid, VS Code agent hooks and Kimi speak too.
const Claude Agent = "claude"

// Variants of Claude Code's dialect: payloads that are read apart but
// answered in its way.
const (
	// VSCode is Claude Code's dialect as VS Code agent hooks send it
	// (camelCase hookEventName, sessionId).
	VSCode = "vscode"
	// Bare is a payload that names no hook event: a bare
	// {"tool_name": ..., "tool_input": ...}, as people write for check.
	// (Sent with --agent generic, the same shape is the [Generic] dialect.)
	Bare = "bare"
)

var claude = &Dialect{
	Agent:         Claude,
	Display:       "Claude Code",
	ProjectDirVar: "CLAUDE_PROJECT_DIR",
	Targets: []InstallTarget{{
		Name: "claude", User: "settings.json", UserDirVar: "CLAUDE_CONFIG_DIR", UserDir: ".claude", Project: ".claude/settings.json",
		// PreSkillShellCommand (2.1.332) runs before the inline shell of a
		// skill or slash command (!`cmd`), which no PreToolUse sees. Its
		// matcher is read against Bash or PowerShell; "*" takes a shell
		// tool added later too, which permguard then judges as unknown,
		// where a list of today's names would let it through. Older
		// versions skip the event with a warning and read the rest.
		Events: []string{"PreToolUse", "PreSkillShellCommand"},
		Unguarded: map[string]string{
			"PreSkillShellCommand": "the inline shell of skills and slash commands (!`cmd`) runs unguarded",
		},
		Entry: func(_, cmd string) map[string]any {
			return map[string]any{"matcher": "*", "hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 30}}}
		},
		Fallback: exitTwo,
		// disableAllHooks in any settings file turns every hook off;
		// ~/.claude.json and .mcp.json name MCP servers, programs that
		// start with the next session; .claude/hooks/ holds the scripts
		// hooks run (the hooks guide's convention). CLAUDE_CONFIG_DIR
		// moves the user's directory, .claude.json with it (Claude Code's
		// CHANGELOG: "Respect CLAUDE_CONFIG_DIR everywhere").
		Protect: Protect{
			What:      "Claude Code's settings and hooks",
			User:      []string{".claude/settings*.json", ".claude.json", ".claude/hooks/"},
			Project:   []string{".claude/settings*.json", ".mcp.json", ".claude/hooks/"},
			Vars:      map[string][]string{"CLAUDE_CONFIG_DIR": {"settings*.json", ".claude.json", "hooks/"}},
			WriteOnly: []string{".claude/hooks/", "hooks/"},
		},
	}},
	decode: decodeClaude,
	encode: encodeClaude,
	canAsk: claudeCanAsk,
}

var (
	vscodeSignature = signature{Claude, VSCode, func(f fields) bool { return f.has("hookEventName") }}
	claudeSignature = signature{Claude, "", func(f fields) bool {
		return f.str("hook_event_name") == "PreToolUse" && f.has("permission_mode")
	}}
	// Kimi, Factory and others that copy Claude Code
	claudeCopySignature = signature{Claude, "", func(f fields) bool {
		return f.str("hook_event_name") == "PreToolUse" && f.has("tool_name")
	}}
	// No agent sends this: it is what a person pipes into check. The hook
	// answers it as an unknown dialect.
	bareSignature = signature{Claude, Bare, func(f fields) bool {
		return f.str("hook_event_name") == "" && (f.has("tool_name") || f.has("tool_input"))
	}}
)

// claudeCanAsk: Claude Code shows a hook's ask in the modes where it asks
// at all. In bypassPermissions it drops an ask on the paths it treats as
// sensitive and lets the call run (measured: "Hook returned 'ask' …
// requires full permission pipeline"), and dontAsk denies what is not
// allowed already; a mode nobody measured, or none (the agents that copy
// Claude Code's payload), is not trusted to show it. VS Code's agent hooks
// send no mode and show the ask in their own confirmation.
func claudeCanAsk(c *Call) bool {
	switch c.Mode {
	case "default", "acceptEdits", "plan":
		return true
	case "":
		return c.Variant == VSCode
	}
	return false
}

func decodeClaude(c *Call, f fields) error {
	if c.Variant == "" && f.has("hookEventName") {
		// named by --agent claude rather than detected: VS Code's all the same
		c.Variant = VSCode
	}
	input, err := readCommon(c, f)
	if err != nil {
		return err
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	if c.Variant == "" && c.Kind == KindShell && c.Tool == "Bash" {
		c.Input = input
	}
	return nil
}

// CanRewrite reports whether c's agent runs a shell call rewritten by the
// hook, replacing the tool's whole input: Claude Code's and Codex's
// updatedInput with an allow (Codex 0.169.0: "hook returned updatedInput
// without string field `command`" is its only check), Gemini CLI's
// hookSpecificOutput.tool_input (0.61.0 builds the tool anew from it), and
// the generic dialect's updated_input to a caller that sent
// "can_rewrite": true (opencode's plugin, which writes it into the args
// opencode 1.18.33 runs the tool with). Cursor's preToolUse could too, but
// permguard does not send one there yet; pi's extension API has no rewrite
// (docs/agents.md).
func CanRewrite(c *Call) bool {
	if c == nil || c.Kind != KindShell || c.Input == nil || c.PowerShell || c.Variant != "" {
		return false
	}
	switch c.Agent {
	case Claude, Codex:
		return c.Tool == "Bash"
	case Gemini:
		return c.Tool == "run_shell_command"
	case Generic:
		// Input is kept only for a caller that applies the rewrite
		// (decodeGeneric), whatever its shell tool is called
		return true
	}
	return false
}

// Rewrite is c's input with its command replaced by command, every other
// field (description, timeout, run_in_background) as sent.
func Rewrite(c *Call, command string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(c.Input)+1)
	for k, v := range c.Input {
		out[k] = v
	}
	raw, _ := json.Marshal(command) // a string always encodes
	out["command"] = raw
	return out
}

// encodeClaude answers with an explicit allow and its reason, so that the
// agent does not prompt again.
func encodeClaude(r Reply) Output {
	switch r.Decision {
	case Allow:
		if r.UpdatedInput != nil {
			return Output{Stdout: claudeRewrite(r.Reason, r.UpdatedInput), Exit: ExitOK}
		}
		if r.Quiet {
			return Output{Exit: ExitOK}
		}
		return Output{Stdout: claudeReply("allow", r.Reason), Exit: ExitOK}
	case Ask:
		return Output{Stdout: claudeReply("ask", r.Reason), Exit: ExitOK}
	}
	return denyWithExit(claudeReply("deny", r.Reason), r.Reason)
}

// claudeRewrite allows the call with its input replaced.
func claudeRewrite(reason string, input map[string]json.RawMessage) []byte {
	type specific struct {
		HookEventName            string                     `json:"hookEventName"`
		PermissionDecision       string                     `json:"permissionDecision"`
		PermissionDecisionReason string                     `json:"permissionDecisionReason"`
		UpdatedInput             map[string]json.RawMessage `json:"updatedInput"`
	}
	return encode(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{"PreToolUse", "allow", reason, input}})
}

func claudeReply(decision, reason string) []byte {
	type specific struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	}
	return encode(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{"PreToolUse", decision, reason}})
}
