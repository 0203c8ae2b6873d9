package hook

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
		Events: []string{"PreToolUse"},
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
			What:    "Claude Code's settings and hooks",
			User:    []string{".claude/settings*.json", ".claude.json", ".claude/hooks/"},
			Project: []string{".claude/settings*.json", ".mcp.json", ".claude/hooks/"},
			Vars:    map[string][]string{"CLAUDE_CONFIG_DIR": {"settings*.json", ".claude.json", "hooks/"}},
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
	return decodeCommon(c, f)
}

// encodeClaude answers with an explicit allow and its reason, so that the
// agent does not prompt again.
func encodeClaude(r Reply) Output {
	switch r.Decision {
	case Allow:
		if r.Quiet {
			return Output{Exit: ExitOK}
		}
		return Output{Stdout: claudeReply("allow", r.Reason), Exit: ExitOK}
	case Ask:
		return Output{Stdout: claudeReply("ask", r.Reason), Exit: ExitOK}
	}
	return denyWithExit(claudeReply("deny", r.Reason), r.Reason)
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
