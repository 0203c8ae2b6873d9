package hook

import (
	"encoding/json"
	"fmt"
)

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
			// code.claude.com/docs: slash commands and skills run their
			// inline !`cmd` when loaded (with no hook before 2.1.332);
			// a sub-agent's frontmatter may carry hooks:, and a plugin
			// its hooks and MCP servers. Output styles are prompts only.
			Later: []string{".claude/commands/", ".claude/skills/", ".claude/agents/", ".claude/plugins/"},
		},
		// On Linux and in containers the OAuth login is a plain file,
		// .credentials.json in the user's directory (Claude Code's
		// authentication docs; macOS keeps it in the Keychain instead).
		// ~/.claude.json keeps the account, an API key approved at login
		// (primaryApiKey) and the user's MCP servers with their env
		// tokens (code.claude.com/docs: settings, "Configuration files").
		Secrets: Secrets{
			Home: []string{".claude/.credentials.json", ".claude.json"},
			Vars: []SecretDir{{Var: "CLAUDE_CONFIG_DIR", Paths: []string{".credentials.json", ".claude.json"}}},
		},
	}},
	decode: decodeClaude,
	encode: encodeClaude,
	canAsk: claudeCanAsk,
}

// SkillShellEvent is Claude Code's hook event for a skill's or slash
// command's inline shell (a !`cmd` in its text), which runs when the skill
// is loaded, with no PreToolUse of its own (2.1.332; docs/agents.md §1).
const SkillShellEvent = "PreSkillShellCommand"

// claudeEvent reports whether event is one Claude Code asks a hook about
// before something runs.
func claudeEvent(event string) bool { return event == "PreToolUse" || event == SkillShellEvent }

var (
	vscodeSignature = signature{Claude, VSCode, func(f fields) bool { return f.has("hookEventName") }}
	claudeSignature = signature{Claude, "", func(f fields) bool {
		return claudeEvent(f.str("hook_event_name")) && f.has("permission_mode")
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
//
// auto (2.1.332) puts a hook's ask to the person, and a No stops the
// call; its classifier cannot lift the ask ("a classifier allow
// re-surfaces as this ask"). Headless (-p, whose payload is the same)
// denies it, as in default mode. A deny would take the question away from
// a person who is there.
//
// A skill's inline shell is never asked about: Claude Code blocks on a
// hook's ask there ("the hook asked for approval, which a skill can't wait
// for").
func claudeCanAsk(c *Call) bool {
	if c.SkillShell() {
		return false
	}
	switch c.Mode {
	case "default", "acceptEdits", "plan", "auto":
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
	if c.SkillShell() {
		return decodeSkillShell(c, f, input)
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	if c.Variant == "" && c.Kind == KindShell && c.Tool == "Bash" {
		c.Input = input
	}
	return nil
}

// decodeSkillShell reads a PreSkillShellCommand payload: the shell tool
// that would run the command (Bash or PowerShell, nothing else), the
// command, and the skill it comes from. Its input is not kept: Claude Code
// blocks a skill's command when a hook changes it.
func decodeSkillShell(c *Call, f fields, input fields) error {
	if c.Tool != "Bash" && c.Tool != "PowerShell" {
		return fmt.Errorf("a %s payload names the tool %q, not Bash or PowerShell", SkillShellEvent, c.Tool)
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	if c.Kind != KindShell {
		return fmt.Errorf("a %s payload has no command", SkillShellEvent)
	}
	c.Skill = f.str("command_name")
	return nil
}

// SkillShell reports whether c is a skill's inline shell command (Claude
// Code's PreSkillShellCommand), which can neither be asked about nor
// rewritten.
func (c *Call) SkillShell() bool { return c != nil && c.Agent == Claude && c.Event == SkillShellEvent }

// CanRewrite reports whether c's agent runs a shell call rewritten by the
// hook, replacing the tool's whole input: Claude Code's and Codex's
// updatedInput with an allow (Codex 0.169.0: "hook returned updatedInput
// without string field `command`" is its only check), Gemini CLI's
// hookSpecificOutput.tool_input (0.61.0 builds the tool anew from it), and
// the generic dialect's updated_input to a caller that sent
// "can_rewrite": true (opencode's plugin, which writes it into the args
// opencode 1.18.33 runs the tool with, and pi's extension for pi's bash
// tool, which writes it into the input pi 0.73.1 runs the tool with).
// Cursor's preToolUse could too, but permguard does not send one there yet
// (docs/agents.md).
//
// A skill's inline shell cannot be rewritten: Claude Code 2.1.332 blocks
// it when a hook hands back any updatedInput.
func CanRewrite(c *Call) bool {
	if c == nil || c.Kind != KindShell || c.Input == nil || c.PowerShell || c.Variant != "" || c.SkillShell() {
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

// Rewrites reports whether agent's hook can have a shell call run
// rewritten (CanRewrite says it for one call): Claude Code's, Codex's,
// Gemini CLI's, and the generic dialect's extensions for pi and
// opencode.
func Rewrites(agent Agent) bool {
	switch agent {
	case Claude, Codex, Gemini, Generic:
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
//
// The reply names the event it answers: PreToolUse, or
// PreSkillShellCommand for a skill's inline shell.
func encodeClaude(r Reply) Output {
	event := "PreToolUse"
	if r.event == SkillShellEvent {
		event = SkillShellEvent
	}
	switch r.Decision {
	case Allow:
		if r.UpdatedInput != nil && event == "PreToolUse" {
			return Output{Stdout: claudeRewrite(r.Reason, r.UpdatedInput), Exit: ExitOK}
		}
		if r.UpdatedInput != nil {
			// never sent (CanRewrite); were it, Claude Code would block
			// the command, and an allow must not claim it runs
			return denyWithExit(claudeReply(event, "deny", r.Reason), r.Reason)
		}
		if r.Quiet {
			return Output{Exit: ExitOK}
		}
		return Output{Stdout: claudeReply(event, "allow", r.Reason), Exit: ExitOK}
	case Ask:
		return Output{Stdout: claudeReply(event, "ask", r.Reason), Exit: ExitOK}
	}
	return denyWithExit(claudeReply(event, "deny", r.Reason), r.Reason)
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

func claudeReply(event, decision, reason string) []byte {
	type specific struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	}
	return encode(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{event, decision, reason}})
}
