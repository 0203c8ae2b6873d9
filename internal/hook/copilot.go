package hook

import "errors"

// Copilot is GitHub Copilot CLI's dialect (docs/agents.md §5): a
// camelCase preToolUse payload, or a snake_case PreToolUse one.
const Copilot Agent = "copilot"

// Snake is Copilot's PascalCase PreToolUse payload, in snake_case.
const Snake = "snake"

var copilot = &Dialect{
	Agent:   Copilot,
	Display: "Copilot",
	Targets: []InstallTarget{{
		// Copilot reads hooks from the repository only.
		Name: "copilot", Project: ".github/hooks/permguard.json",
		Top:    map[string]any{"version": 1},
		Events: []string{"preToolUse"},
		Entry: func(_, cmd string) map[string]any {
			return map[string]any{"type": "command", "bash": cmd, "timeoutSec": 30}
		},
		Fallback: copilotFallback,
		// Copilot runs every hook file in the directory
		// (permguard's own file, Project above, is guarded against deletes
		// too; deleting another hook file leaves it in place). It also
		// reads hooks from ~/.copilot/hooks/ and from the "hooks" key of
		// ~/.copilot/config.json, and settings (disableAllHooks among
		// them) from ~/.copilot/settings.json, .github/copilot/settings.json
		// and settings.local.json beside it; COPILOT_HOME replaces
		// ~/.copilot (docs.github.com: hooks reference, "Hooks
		// locations"; CLI configuration directory reference).
		Protect: Protect{What: "GitHub Copilot's hooks and settings",
			Project:   []string{".github/hooks/", ".github/copilot/settings.json", ".github/copilot/settings.local.json"},
			User:      []string{".copilot/hooks/", ".copilot/settings.json", ".copilot/config.json"},
			Vars:      map[string][]string{"COPILOT_HOME": {"hooks/", "settings.json", "config.json"}},
			WriteOnly: []string{".github/hooks/", ".copilot/hooks/", "hooks/", ".copilot/config.json", "config.json"},
			// docs.github.com, Copilot CLI: a custom agent's frontmatter
			// may name MCP servers, and mcp-config.json does, programs
			// that start with the next session; installed plugins carry
			// hooks
			Later: []string{".github/agents/", ".copilot/agents/", ".copilot/mcp-config.json", ".copilot/installed-plugins/"}},
		// Copilot CLI keeps its token in the system keychain, and in
		// ~/.copilot/config.json when there is none and the user accepts
		// plain text (docs.github.com, "Troubleshooting Copilot CLI
		// authentication"); the editors' Copilot plugins keep theirs in
		// ~/.config/github-copilot (hosts.json, apps.json).
		Secrets: Secrets{
			Home: []string{".copilot/config.json", ".config/github-copilot/"},
			Vars: []SecretDir{{Var: "XDG_CONFIG_HOME", Paths: []string{"github-copilot/"}}},
		},
	}},
	decode: decodeCopilot,
	encode: encodeCopilot,
	canAsk: always,
}

var (
	copilotSignature = signature{Copilot, "", func(f fields) bool { return f.has("toolName") && f.has("toolArgs") }}
	// Copilot's PascalCase event copies Claude Code's payload but for an
	// ISO timestamp; Claude Code's own has a permission_mode, tried first.
	copilotSnakeSignature = signature{Copilot, Snake, func(f fields) bool {
		return f.str("hook_event_name") == "PreToolUse" && isISOTime(f.str("timestamp"))
	}}
)

func isISOTime(s string) bool {
	return len(s) >= 20 && s[4] == '-' && s[7] == '-' && s[10] == 'T'
}

// decodeCopilot reads Copilot CLI's camelCase payload, whose toolArgs is
// a JSON string or an object, or its snake_case one.
func decodeCopilot(c *Call, f fields) error {
	if c.Variant == "" && !f.has("toolName") {
		// named by --agent copilot rather than detected
		c.Variant = Snake
	}
	if c.Variant == Snake {
		return decodeCommon(c, f)
	}
	c.Event = "preToolUse"
	c.SessionID = f.str("sessionId")
	c.Cwd = f.str("cwd")
	c.Tool = f.str("toolName")
	if c.Tool == "" {
		return errors.New("the payload has no toolName")
	}
	args, err := f.object("toolArgs")
	if err != nil {
		return err
	}
	return classifyTool(c, args)
}

// encodeCopilot denies with the JSON alone: exit 2 does not block a
// preToolUse hook.
func encodeCopilot(r Reply) Output {
	switch r.Decision {
	case Allow:
		if r.Quiet {
			return Output{Exit: ExitOK}
		}
		return Output{Stdout: encode(map[string]string{"permissionDecision": "allow"}), Exit: ExitOK}
	case Ask:
		return Output{Stdout: encode(map[string]string{"permissionDecision": "ask", "permissionDecisionReason": r.Reason}), Exit: ExitOK}
	}
	return Output{Stdout: encode(map[string]string{"permissionDecision": "deny", "permissionDecisionReason": r.Reason}), Exit: ExitOK}
}
