package hook

import (
	"errors"
	"fmt"
	"strings"
)

// Cursor is Cursor's dialect (docs/agents.md §3): one event per kind
// of call, and a permission in every answer.
const Cursor Agent = "cursor"

var cursor = &Dialect{
	Agent:         Cursor,
	Display:       "Cursor",
	ProjectDirVar: "CURSOR_PROJECT_DIR",
	Targets: []InstallTarget{{
		Name: "cursor", User: ".cursor/hooks.json", Project: ".cursor/hooks.json",
		Top:    map[string]any{"version": 1},
		Events: []string{"beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "preToolUse"},
		Entry: func(event, cmd string) map[string]any {
			// failClosed: a crash or a timeout blocks instead of letting
			// the call through
			e := map[string]any{"command": cmd, "timeout": 30, "failClosed": true}
			if event == "preToolUse" {
				// the shell and MCP events ask; preToolUse cannot, so it
				// only takes the file tools
				e["matcher"] = "Write|Delete|Read"
			}
			return e
		},
		Fallback: exitTwo,
		NoAsk:    "Cursor asks before anything more in a shell or MCP call, but cannot ask before a file is written, deleted or read, which is blocked",
		Protect: Protect{
			What:    "Cursor's hooks and MCP servers",
			User:    []string{".cursor/hooks.json", ".cursor/mcp.json"},
			Project: []string{".cursor/hooks.json", ".cursor/mcp.json"},
			// cursor.com/docs, background agents: environment.json's
			// install and start commands and terminals run in the
			// agent's machine before it works
			Later: []string{".cursor/environment.json"},
		},
		// cursor-agent keeps its login under authInfo in
		// ~/.cursor/cli-config.json, older releases in
		// ~/.config/cursor/auth.json; the editor keeps its tokens in the
		// state database of its globalStorage (cursor-agent's files as
		// their login and status commands read them; the editor's
		// storage is VS Code's layout under the name Cursor).
		Secrets: Secrets{
			Home: []string{".cursor/cli-config.json", ".config/cursor/auth.json",
				".config/Cursor/User/globalStorage/state.vscdb",
				"Library/Application Support/Cursor/User/globalStorage/state.vscdb"},
			Vars: []SecretDir{{Var: "XDG_CONFIG_HOME", Paths: []string{"cursor/auth.json", "Cursor/User/globalStorage/state.vscdb"}}},
		},
	}},
	decode: decodeCursor,
	encode: encodeCursor,
	canAsk: func(c *Call) bool { return c.Event == "beforeShellExecution" || c.Event == "beforeMCPExecution" },
}

var cursorSignature = signature{Cursor, "", func(f fields) bool {
	return f.has("cursor_version") || (f.has("conversation_id") && f.has("generation_id"))
}}

// decodeCursor reads Cursor's events.
func decodeCursor(c *Call, f fields) error {
	c.Event = f.str("hook_event_name")
	c.SessionID = f.str("conversation_id")
	c.Cwd = f.str("cwd")
	if roots := f.strs("workspace_roots"); len(roots) > 0 {
		c.Workspace = roots[0]
	}
	switch c.Event {
	case "beforeShellExecution":
		c.Kind, c.Tool = KindShell, "Shell"
		if !f.has("command") {
			return errors.New("beforeShellExecution has no command")
		}
		c.Command = f.str("command")
		if c.Command == "" {
			return errors.New("the command of beforeShellExecution is not a string")
		}
		return nil
	case "beforeMCPExecution":
		c.Kind, c.Tool = KindMCP, f.str("tool_name")
		if c.Tool == "" {
			return errors.New("beforeMCPExecution has no tool_name")
		}
		input, err := f.object("tool_input")
		if err != nil {
			return err
		}
		c.MCPTool, c.MCPArgs = c.Tool, mcpArgs(input)
		c.MCPServer = f.str("url")
		if c.MCPServer == "" {
			c.MCPServer = f.str("command")
		}
		c.Target = c.MCPServer
		return nil
	case "beforeReadFile":
		c.Kind, c.Tool = KindFileRead, "Read"
		if p := f.str("file_path"); p != "" {
			c.Paths = []string{p}
		}
		return nil
	case "preToolUse":
		c.Tool = f.str("tool_name")
		if c.Tool == "" {
			return errors.New("preToolUse has no tool_name")
		}
		input, err := f.object("tool_input")
		if err != nil {
			return err
		}
		if name, ok := strings.CutPrefix(c.Tool, "MCP:"); ok {
			c.Kind, c.MCPTool, c.MCPArgs = KindMCP, name, mcpArgs(input)
			return nil
		}
		return classifyTool(c, input)
	}
	return fmt.Errorf("the Cursor event %q is not one permguard answers (beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse)", c.Event)
}

// encodeCursor always answers in JSON: Cursor is installed with
// failClosed, so anything else would block.
func encodeCursor(r Reply) Output {
	switch r.Decision {
	case Allow:
		return Output{Stdout: encode(map[string]string{"permission": "allow"}), Exit: ExitOK}
	case Ask:
		return Output{Stdout: encode(map[string]string{"permission": "ask", "user_message": r.Summary, "agent_message": r.Reason}), Exit: ExitOK}
	}
	return denyWithExit(encode(map[string]string{"permission": "deny", "user_message": r.Summary, "agent_message": r.Reason}), r.Reason)
}
