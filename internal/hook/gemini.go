package hook

import (
	"encoding/json"
	"strings"
)

// Gemini is Gemini CLI's dialect (docs/agents.md §2): the BeforeTool
// event.
const Gemini Agent = "gemini"

var gemini = &Dialect{
	Agent:         Gemini,
	Display:       "Gemini CLI",
	ProjectDirVar: "GEMINI_PROJECT_DIR",
	Targets: []InstallTarget{{
		Name: "gemini", User: ".gemini/settings.json", UserDirVar: "GEMINI_CLI_HOME", Project: ".gemini/settings.json",
		Events: []string{"BeforeTool"},
		Entry: func(_, cmd string) map[string]any {
			// Gemini's timeout is in milliseconds
			return map[string]any{"matcher": ".*", "hooks": []any{map[string]any{"name": "permguard", "type": "command", "command": cmd, "timeout": 30000}}}
		},
		Fallback: exitTwoSaying,
		// Gemini reads its settings through strip-json-comments
		JSONC: true,
		NoAsk: "Gemini CLI cannot ask, so anything more is blocked",
		// extensions bring hooks and MCP servers of their own;
		// .gemini/hooks/ holds the scripts hooks run (docs/hooks). Gemini
		// reads ~/.gemini under GEMINI_CLI_HOME instead of the home
		// directory when it is set (docs/reference/configuration.md).
		// GEMINI_CLI_SYSTEM_SETTINGS_PATH names the system settings file,
		// read over the user's and the project's, and
		// GEMINI_CLI_SYSTEM_DEFAULTS_PATH the system defaults (the same
		// page, "Settings files").
		Protect: Protect{
			What: "Gemini CLI's settings and hooks",
			// .gemini/.env: Gemini CLI loads it into its own environment,
			// which its hooks inherit, so a PERMGUARD_ variable set there
			// reaches permguard (geminicli.com/docs, authentication,
			// "persisting environment variables with .env files").
			User:    []string{".gemini/settings.json", ".gemini/extensions/", ".gemini/hooks/", ".gemini/.env"},
			Project: []string{".gemini/settings.json", ".gemini/extensions/", ".gemini/hooks/", ".gemini/.env"},
			Vars: map[string][]string{"GEMINI_CLI_HOME": {".gemini/settings.json", ".gemini/extensions/", ".gemini/hooks/", ".gemini/.env"},
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH": {"."}, "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": {"."}},
			WriteOnly: []string{".gemini/hooks/", ".gemini/extensions/"},
			// geminicli.com/docs/cli/custom-commands: a command's !{...}
			// runs shell when the command is used
			Later: []string{".gemini/commands/"},
		},
		// "Login with Google" caches its tokens in oauth_creds.json and
		// the account in google_accounts.json; MCP servers' OAuth tokens
		// go to mcp-oauth-tokens*.json; ~/.gemini/.env is where the docs
		// tell users to put GEMINI_API_KEY (docs/get-started/authentication.md,
		// packages/core/src/code_assist/oauth2.ts, mcp/token-storage).
		Secrets: Secrets{
			Home: []string{".gemini/oauth_creds.json", ".gemini/google_accounts.json", ".gemini/mcp-oauth-tokens*.json", ".gemini/.env"},
			Vars: []SecretDir{{Var: "GEMINI_CLI_HOME", Paths: []string{".gemini/oauth_creds.json", ".gemini/google_accounts.json", ".gemini/mcp-oauth-tokens*.json", ".gemini/.env"}}},
		},
	}},
	decode: decodeGemini,
	encode: encodeGemini,
	// Gemini CLI's ask hangs a headless run for good, and overrides its
	// own policy's deny (measured): an ask-level call is denied, with a
	// reason that tells the model to ask the person.
	canAsk: never,
}

var geminiSignature = signature{Gemini, "", func(f fields) bool { return f.str("hook_event_name") == "BeforeTool" }}

// decodeGemini reads the common payload, and MCP tools by Gemini's own
// marks: an mcp_context, or an mcp_ prefix that is not Claude Code's mcp__.
func decodeGemini(c *Call, f fields) error {
	input, err := readCommon(c, f)
	if err != nil {
		return err
	}
	if mc, err := f.object("mcp_context"); err == nil && mc.has("server_name") {
		c.Kind, c.MCPServer, c.MCPTool = KindMCP, mc.str("server_name"), mc.str("tool_name")
		c.Target = c.MCPServer
		c.MCPArgs = mcpArgs(input)
		return nil
	}
	if tool, ok := strings.CutPrefix(c.Tool, "mcp_"); ok && !strings.HasPrefix(tool, "_") {
		// mcp_<server>_<tool>, where either may hold "_": the server
		// cannot be told here (the classifier tries the known ones)
		c.Kind, c.MCPTool = KindMCP, tool
		c.MCPArgs = mcpArgs(input)
		return nil
	}
	if err := classifyTool(c, input); err != nil {
		return err
	}
	if c.Kind == KindShell {
		c.Input = input // for a rewrite: dir_path and is_background kept
	}
	return nil
}

func encodeGemini(r Reply) Output {
	switch r.Decision {
	case Allow:
		if r.UpdatedInput != nil {
			// Gemini CLI runs the tool built from tool_input alone when a
			// hook sends one, so it is the whole input, not a patch
			type specific struct {
				HookEventName string                     `json:"hookEventName"`
				ToolInput     map[string]json.RawMessage `json:"tool_input"`
			}
			return Output{Stdout: encode(struct {
				Decision           string   `json:"decision"`
				Reason             string   `json:"reason"`
				HookSpecificOutput specific `json:"hookSpecificOutput"`
			}{"allow", r.Reason, specific{"BeforeTool", r.UpdatedInput}}), Exit: ExitOK}
		}
		if r.Quiet {
			return Output{Exit: ExitOK}
		}
		return Output{Stdout: encode(map[string]string{"decision": "allow"}), Exit: ExitOK}
	}
	// Exit 0: Gemini CLI reads the JSON then, and shows a block as one. On
	// exit 2 it reports "hook failed" to the person, however right the
	// block.
	return Output{Stdout: encode(map[string]string{"decision": "deny", "reason": r.Reason}), Exit: ExitOK}
}
