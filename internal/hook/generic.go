package hook

import "encoding/json"

// Generic is permguard's own dialect, for the agents that have no command
// hooks and reach permguard through a small extension (pi, opencode: see
// integrations/): {"tool_name", "tool_input", "cwd", "session_id"} in,
// {"decision": "allow|ask|deny", "reason"} out. Auto never detects it: it
// is only spoken when named.
//
// A caller that runs a shell call with the input permguard hands back says
// so with "can_rewrite": true (opencode's plugin, and pi's extension for
// pi's bash tool); to it, a sandboxed allow carries "updated_input". The
// other callers (a script, pi's extension for any other tool) never get an
// allow that holds only rewritten.
const Generic Agent = "generic"

var generic = &Dialect{
	Agent:     Generic,
	Display:   "the agent",
	OnlyNamed: true,
	// pi loads every .ts in its extensions directories; opencode every .js
	// or .ts in its plugin directories (docs/agents.md §6-7).
	Targets: []InstallTarget{
		{
			Name: "pi", Extension: true,
			User: "extensions/permguard.ts", UserDirVar: "PI_CODING_AGENT_DIR", UserDir: ".pi/agent",
			Project:      ".pi/extensions/permguard.ts",
			AfterInstall: "pi loads it when it starts, or at /reload",
			// pi reads <cwd>/.pi only (measured): started in a
			// subdirectory, it would run unguarded
			ProjectNote: "pi reads .pi/extensions only in the directory it starts in: start pi in %s, not in a subdirectory (or install for the user: permguard install pi)",
			// settings.json lists more extensions to load
			Protect: Protect{
				What:    "pi's extensions and settings",
				User:    []string{"extensions/", "settings.json"},
				Project: []string{".pi/extensions/", ".pi/settings.json"},
				// deleting another extension leaves permguard's (User and
				// Project above), which is guarded against deletes too
				WriteOnly: []string{"extensions/", ".pi/extensions/"},
			},
			// /login stores API keys and OAuth tokens in auth.json in
			// the agent directory (pi's README, "API Keys & OAuth";
			// AuthStorage honours PI_CODING_AGENT_DIR)
			Secrets: Secrets{
				Home: []string{".pi/agent/auth.json"},
				Vars: []SecretDir{{Var: "PI_CODING_AGENT_DIR", Paths: []string{"auth.json"}}},
			},
		},
		{
			Name: "opencode", Extension: true,
			User: "opencode/plugin/permguard.js", UserDirVar: "XDG_CONFIG_HOME", UserDir: ".config",
			Project:      ".opencode/plugin/permguard.js",
			NoAsk:        "opencode cannot ask, so anything more is blocked",
			AfterInstall: "opencode loads it when it starts",
			// opencode.json lists plugins too, and opencode reads both
			// spellings of the plugin directory. OPENCODE_CONFIG names one
			// more configuration file; OPENCODE_CONFIG_DIR one more
			// directory read like .opencode, its plugins and opencode.json;
			// OPENCODE_CONFIG_CONTENT is configuration itself, inline JSON
			// merged over the files, so it names no file (opencode's
			// config loader, opencode.ai/docs/config).
			Protect: Protect{
				What: "opencode's plugins and configuration",
				User: []string{"opencode/plugin/", "opencode/plugins/", "opencode/opencode.json",
					"opencode/opencode.jsonc", "opencode/config.json"},
				Project: []string{".opencode/plugin/", ".opencode/plugins/", "opencode.json", "opencode.jsonc"},
				Vars: map[string][]string{
					"OPENCODE_CONFIG":         {"."},
					"OPENCODE_CONFIG_DIR":     {"plugin/", "plugins/", "opencode.json", "opencode.jsonc"},
					"OPENCODE_CONFIG_CONTENT": nil,
				},
				WriteOnly: []string{"opencode/plugin/", "opencode/plugins/", ".opencode/plugin/", ".opencode/plugins/", "plugin/", "plugins/"},
				// opencode.ai/docs/commands: a command's template runs its
				// !`cmd` shell when the command is used; both spellings
				// of the directory are read
				Later: []string{".opencode/command/", ".opencode/commands/", "opencode/command/", "opencode/commands/"},
			},
			// opencode auth login writes providers' keys and tokens to
			// auth.json in its data directory, MCP servers' OAuth tokens
			// to mcp-auth.json beside it (opencode.ai/docs/providers,
			// "Credentials"; the data directory follows XDG_DATA_HOME)
			Secrets: Secrets{
				Home: []string{".local/share/opencode/auth.json", ".local/share/opencode/mcp-auth.json"},
				Vars: []SecretDir{{Var: "XDG_DATA_HOME", Paths: []string{"opencode/auth.json", "opencode/mcp-auth.json"}}},
			},
		},
	},
	decode: decodeGeneric,
	encode: encodeGeneric,
	// The extension asks through the agent's own UI where it has one (pi),
	// and blocks where it has none (opencode, pi without UI).
	canAsk: always,
}

// decodeGeneric is the common payload, keeping a shell call's input for a
// rewrite ([CanRewrite]) only when the caller says it applies one: a
// caller that ignored updated_input would run unconfined what was allowed
// only confined. The input must name its command as the string "command",
// the one field the rewrite replaces; "cmd" or an argument vector would
// leave the agent two commands to choose from.
func decodeGeneric(c *Call, f fields) error {
	input, err := readCommon(c, f)
	if err != nil {
		return err
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	var canRewrite bool
	if json.Unmarshal(f["can_rewrite"], &canRewrite) != nil {
		canRewrite = false
	}
	var command string
	raw := input["command"]
	if canRewrite && c.Kind == KindShell && len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &command) == nil {
		c.Input = input
	}
	return nil
}

// encodeGeneric always answers with the JSON, Quiet or not: the extension
// on the other end reads one object, and blocks on anything else, silence
// included.
func encodeGeneric(r Reply) Output {
	reply := func(decision string) []byte {
		return encode(map[string]string{"decision": decision, "reason": r.Reason})
	}
	switch r.Decision {
	case Allow:
		if r.UpdatedInput != nil {
			// the whole input, every field as sent but the command: the
			// caller runs the tool with it in place of its own
			return Output{Stdout: encode(struct {
				Decision     string                     `json:"decision"`
				Reason       string                     `json:"reason"`
				UpdatedInput map[string]json.RawMessage `json:"updated_input"`
			}{"allow", r.Reason, r.UpdatedInput}), Exit: ExitOK}
		}
		return Output{Stdout: reply("allow"), Exit: ExitOK}
	case Ask:
		// timeout_ms: the extension's dialog denies after promptTimeout,
		// as the terminal prompt does
		ask := map[string]any{"decision": "ask", "reason": r.Reason}
		if r.PromptTimeout > 0 {
			ask["timeout_ms"] = r.PromptTimeout.Milliseconds()
		}
		return Output{Stdout: encode(ask), Exit: ExitOK}
	}
	return denyWithExit(reply("deny"), r.Reason)
}
