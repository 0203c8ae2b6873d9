package hook

// Codex is OpenAI Codex CLI's dialect (docs/agents.md §4): Claude Code's
// payload with a turn_id, and Claude Code's deny.
const Codex Agent = "codex"

var codex = &Dialect{
	Agent:   Codex,
	Display: "Codex",
	Targets: []InstallTarget{{
		Name: "codex", User: "hooks.json", UserDirVar: "CODEX_HOME", UserDir: ".codex", Project: ".codex/hooks.json",
		Events: []string{"PreToolUse"},
		Entry: func(_, cmd string) map[string]any {
			return map[string]any{"matcher": ".*", "hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 30, "statusMessage": "permguard"}}}
		},
		Fallback:     exitTwoSaying,
		NoAsk:        "Codex cannot ask, so anything more is blocked",
		AfterInstall: "Codex runs a new hook only once you trust it: open /hooks in Codex",
		// config.toml can turn hooks off and names MCP servers; a
		// project's .codex/ holds both files. CODEX_HOME replaces
		// ~/.codex (developers.openai.com/codex/environment-variables).
		Protect: Protect{
			What:    "Codex's configuration and hooks",
			User:    []string{".codex/hooks.json", ".codex/config.toml"},
			Project: []string{".codex/", ".codex/hooks.json", ".codex/config.toml"},
			Vars:    map[string][]string{"CODEX_HOME": {"hooks.json", "config.toml"}},
			// deleting another file there (a cache, a __pycache__) leaves
			// the two files above, which are what a delete must not reach
			WriteOnly: []string{".codex/"},
			// developers.openai.com/codex/plugins/build: a plugin
			// (.codex-plugin/plugin.json, kept in a marketplace such as
			// .agents/plugins) carries hooks, commands that run later.
			// Its skills are text for the model, whose tool calls the
			// guard sees, as .agents/skills are. (.codex/ is guarded
			// whole, above.)
			Later: []string{".agents/plugins/", ".codex-plugin/"},
		},
		// codex login writes the API key or the ChatGPT tokens to
		// auth.json in CODEX_HOME (developers.openai.com/codex/auth,
		// "credential storage"; the file store is the default).
		Secrets: Secrets{
			Home: []string{".codex/auth.json"},
			Vars: []SecretDir{{Var: "CODEX_HOME", Paths: []string{"auth.json"}}},
		},
	}},
	decode: decodeCodex,
	encode: encodeCodex,
	// Codex has no ask: a call that needs approval is denied.
	canAsk: never,
}

var codexSignature = signature{Codex, "", func(f fields) bool {
	return f.str("hook_event_name") == "PreToolUse" && f.has("turn_id")
}}

// encodeCodex answers an allow with nothing: an allow without
// updatedInput is invalid there. A deny is the JSON with status 0, which
// Codex 0.169.0 honours (make e2e-agents), so that status 2 is left to the
// entry's fallback and means only that permguard did not answer.
func encodeCodex(r Reply) Output {
	if r.Decision == Allow {
		if r.UpdatedInput != nil {
			return Output{Stdout: claudeRewrite(r.Reason, r.UpdatedInput), Exit: ExitOK}
		}
		return Output{Exit: ExitOK}
	}
	return Output{Stdout: claudeReply("PreToolUse", "deny", r.Reason), Exit: ExitOK}
}

// decodeCodex is the common payload, keeping a shell call's input for a
// rewrite ([CanRewrite]).
func decodeCodex(c *Call, f fields) error {
	input, err := readCommon(c, f)
	if err != nil {
		return err
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	if c.Kind == KindShell {
		c.Input = input
	}
	return nil
}
