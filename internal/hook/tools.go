package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// toolKinds maps a tool's name, lowercased, to what it does. Names come
// from docs/agents.md: Claude Code, Codex, Gemini CLI, Cursor, Copilot,
// VS Code, Factory, pi, opencode, Cline. A name not here is unknown, and
// high. Some stay so on purpose (docs/agents.md §9.3): opencode's batch,
// which runs other tools; Claude Code's RemoteTrigger, which runs agents
// on Anthropic's side, out of this hook's sight, and Workflow, which runs a
// script; Codex's
// write_stdin, which types into a running command.
var toolKinds = map[string]Kind{
	// shells
	"bash": KindShell, "powershell": KindShell, "monitor": KindShell, "execute": KindShell, "shell": KindShell,
	"exec_command": KindShell, "local_shell": KindShell, "run_shell_command": KindShell, "run_terminal_cmd": KindShell,
	"runterminalcommand": KindShell, "execute_command": KindShell,
	// writes and edits
	"write": KindFileWrite, "edit": KindFileWrite, "multiedit": KindFileWrite, "notebookedit": KindFileWrite,
	"create": KindFileWrite, "write_file": KindFileWrite, "replace": KindFileWrite, "editfiles": KindFileWrite,
	"createfile": KindFileWrite, "write_to_file": KindFileWrite, "replace_in_file": KindFileWrite, "apply_patch": KindFileWrite,
	"patch": KindFileWrite,
	// deletes
	"delete": KindFileDelete, "deletefile": KindFileDelete,
	// reads
	"read": KindFileRead, "glob": KindFileRead, "grep": KindFileRead, "ls": KindFileRead, "read_file": KindFileRead,
	"read_many_files": KindFileRead, "grep_search": KindFileRead, "list_directory": KindFileRead, "view": KindFileRead,
	"find": KindFileRead, "search_files": KindFileRead, "list_files": KindFileRead, "list": KindFileRead,
	// web
	"webfetch": KindWeb, "websearch": KindWeb, "web_fetch": KindWeb, "google_web_search": KindWeb, "web_search": KindWeb,
	"codesearch": KindWeb,
	// the agent's bookkeeping
	"todowrite": KindBookkeeping, "todoread": KindBookkeeping, "agent": KindBookkeeping, "task": KindBookkeeping,
	"exitplanmode": KindBookkeeping, "enterplanmode": KindBookkeeping, "askuserquestion": KindBookkeeping,
	"write_todos": KindBookkeeping, "ask_user": KindBookkeeping, "spawn_agent": KindBookkeeping, "update_plan": KindBookkeeping,
	"question": KindBookkeeping, "skill": KindBookkeeping,
	// Claude Code 2.1.330: tasks, schedules it only lists or deletes, plan
	// mode, worktrees (see bookkeepingUnless), teams, messages to the person
	"taskcreate": KindBookkeeping, "taskget": KindBookkeeping, "tasklist": KindBookkeeping,
	"taskupdate": KindBookkeeping, "taskoutput": KindBookkeeping, "taskstop": KindBookkeeping,
	"killshell": KindBookkeeping, "killbash": KindBookkeeping, "bashoutput": KindBookkeeping, "agentoutput": KindBookkeeping,
	// CronCreate schedules a prompt, which Claude Code runs later in a
	// session whose tool calls pass this hook like any other (design §3)
	"croncreate": KindBookkeeping, "cronlist": KindBookkeeping, "crondelete": KindBookkeeping, "schedulewakeup": KindBookkeeping,
	"enterworktree": KindBookkeeping, "exitworktree": KindBookkeeping, "toolsearch": KindBookkeeping,
	"listagents": KindBookkeeping, "listpeers": KindBookkeeping, "sendmessage": KindBookkeeping,
	"teamcreate": KindBookkeeping, "teamdelete": KindBookkeeping, "subagenthandback": KindBookkeeping,
	"sendusermessage": KindBookkeeping, "brief": KindBookkeeping, "pushnotification": KindBookkeeping,
	"readnotifications": KindBookkeeping, "setgoal": KindBookkeeping, "proposegoal": KindBookkeeping,
	"reportfindings": KindBookkeeping, "endconversation": KindBookkeeping, "waitformcpservers": KindBookkeeping,
	"showonboardingrolepicker": KindBookkeeping, "shareonboardingguide": KindBookkeeping, "offerchromesetup": KindBookkeeping,
	"lsp": KindFileRead,
	// Claude Code: tools that send files or text to Anthropic's services
	"artifact": KindWeb, "projects": KindWeb, "sendfeedback": KindWeb,
	// Gemini CLI 0.61.0
	"update_topic": KindBookkeeping, "enter_plan_mode": KindBookkeeping, "exit_plan_mode": KindBookkeeping,
	"invoke_agent": KindBookkeeping, "activate_skill": KindBookkeeping, "complete_task": KindBookkeeping,
	"list_background_processes": KindBookkeeping, "read_background_output": KindBookkeeping,
	"get_internal_docs": KindBookkeeping, "tracker_create_task": KindBookkeeping, "tracker_update_task": KindBookkeeping,
	"tracker_get_task": KindBookkeeping, "tracker_list_tasks": KindBookkeeping, "tracker_add_dependency": KindBookkeeping,
	"tracker_visualize": KindBookkeeping,
	// Codex 0.169.0
	"send_input": KindBookkeeping, "resume_agent": KindBookkeeping, "wait_agent": KindBookkeeping,
	"close_agent": KindBookkeeping, "followup_task": KindBookkeeping, "interrupt_agent": KindBookkeeping,
	"list_agents": KindBookkeeping, "send_message": KindBookkeeping, "request_user_input": KindBookkeeping,
	"tool_search": KindBookkeeping, "view_image": KindFileRead,
	// opencode 1.18.33
	"plan_enter": KindBookkeeping, "plan_exit": KindBookkeeping, "invalid": KindBookkeeping,
	// MCP resources, read through the agent's own tool (Claude Code,
	// Gemini CLI, Codex, opencode): see mcpResourceTools
	"listmcpresourcestool": KindMCP, "readmcpresourcetool": KindMCP, "readmcpresourcedirtool": KindMCP,
	"listmcpresources": KindMCP, "readmcpresource": KindMCP, "list_mcp_resources": KindMCP,
	"list_mcp_resource_templates": KindMCP, "read_mcp_resource": KindMCP,
}

// mcpResourceTools names, as an MCP tool, what an agent's own tool does
// with an MCP server's resources: they are judged as that server's tool.
var mcpResourceTools = map[string]string{
	"listmcpresourcestool": "list_resources", "listmcpresources": "list_resources", "list_mcp_resources": "list_resources",
	"list_mcp_resource_templates": "list_resource_templates",
	"readmcpresourcetool":         "read_resource", "readmcpresource": "read_resource", "read_mcp_resource": "read_resource",
	"readmcpresourcedirtool": "read_resource_dir",
}

// bookkeepingUnless: the bookkeeping tools whose input can make them more
// than bookkeeping. Such a call is unknown, and high.
var bookkeepingUnless = map[string]func(fields) bool{
	// Claude Code creates a worktree inside the project, under
	// .claude/worktrees; path moves the session into an existing one,
	// which may be anywhere.
	"enterworktree": func(in fields) bool { return in.str("path") != "" },
	// remove refuses a worktree with uncommitted or unmerged work, unless
	// discard_changes, which throws that work away.
	"exitworktree": func(in fields) bool { return string(in["discard_changes"]) == "true" },
}

// pathKeys are the tool_input fields that name a file, in the order tried.
var pathKeys = []string{"file_path", "notebook_path", "path", "dir_path", "filePath", "target_file"}

// classifyTool fills the kind and the kind's fields of c from its input.
func classifyTool(c *Call, input fields) error {
	name := c.Tool
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		// mcp__server__tool; plugin servers are mcp__plugin_p_s__tool
		server, tool, found := strings.Cut(rest, "__")
		if !found {
			tool = rest
		}
		c.Kind, c.MCPServer, c.MCPTool, c.Target = KindMCP, server, tool, server
		return nil
	}
	kind, ok := toolKinds[strings.ToLower(name)]
	if !ok {
		c.Kind = KindUnknown
		return nil
	}
	if risky, ok := bookkeepingUnless[strings.ToLower(name)]; ok && risky(input) {
		c.Kind = KindUnknown
		return nil
	}
	c.Kind = kind
	switch kind {
	case KindMCP:
		server := input.str("server")
		if server == "" {
			server = input.str("serverName")
		}
		c.MCPServer, c.MCPTool, c.Target = server, mcpResourceTools[strings.ToLower(name)], server
	case KindShell:
		return shellInput(c, input)
	case KindFileWrite:
		if strings.EqualFold(name, "apply_patch") || strings.EqualFold(name, "patch") {
			return patchInput(c, input)
		}
		c.Paths = paths(input)
	case KindFileRead, KindFileDelete:
		c.Paths = paths(input)
	case KindWeb:
		c.Target = input.str("url")
		if c.Target == "" {
			c.Target = input.str("query")
		}
	}
	return nil
}

// shellInput reads the command of a shell tool: a string, or an argument
// vector (["bash", "-lc", "..."]) that is quoted back into one.
func shellInput(c *Call, input fields) error {
	c.PowerShell = strings.EqualFold(c.Tool, "powershell")
	key := "command"
	if !input.has(key) && input.has("cmd") {
		key = "cmd"
	}
	raw, ok := input[key]
	if !ok || string(raw) == "null" {
		if strings.EqualFold(c.Tool, "monitor") && input.has("ws") {
			c.Kind = KindWeb // Monitor watching a WebSocket
			if ws, err := input.object("ws"); err == nil {
				c.Target = ws.str("url")
			}
			return nil
		}
		return fmt.Errorf("the %s tool call has no tool_input.command", c.Tool)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		c.Command = s
	} else {
		var argv []string
		if err := json.Unmarshal(raw, &argv); err != nil || len(argv) == 0 {
			return errors.New("tool_input.command is neither a string nor a list of strings")
		}
		c.Command = quoteArgv(argv)
	}
	for _, k := range []string{"dir_path", "working_directory", "workdir", "cwd"} {
		if d := input.str(k); d != "" && d != "." {
			c.Dir = d
			break
		}
	}
	return nil
}

// paths returns the files a tool call names.
func paths(input fields) []string {
	var out []string
	for _, k := range pathKeys {
		if p := input.str(k); p != "" {
			out = append(out, p)
		}
	}
	for _, k := range []string{"paths", "file_paths", "files"} {
		var list []string
		if raw, ok := input[k]; ok && json.Unmarshal(raw, &list) == nil {
			out = append(out, list...)
		}
	}
	return out
}

// patchInput reads Codex's apply_patch and opencode's patch and
// apply_patch: the patch text is in tool_input.command (or input, patch,
// or opencode's patchText), and the files it touches are
// in its "*** Add File:", "*** Update File:", "*** Delete File:" and
// "*** Move to:" headers. A patch that deletes files is a delete.
func patchInput(c *Call, input fields) error {
	text := ""
	for _, k := range []string{"command", "input", "patch", "patchText"} {
		if s := input.str(k); s != "" {
			text = s
			break
		}
		var argv []string
		if raw, ok := input[k]; ok && json.Unmarshal(raw, &argv) == nil && len(argv) > 0 {
			text = argv[len(argv)-1] // ["apply_patch", "<patch>"]
			break
		}
	}
	if text == "" {
		return fmt.Errorf("the %s call holds no patch", c.Tool)
	}
	var writes, deletes []string
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		for _, h := range []string{"*** Add File: ", "*** Update File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, h); ok {
				writes = append(writes, strings.TrimSpace(p))
			}
		}
		if p, ok := strings.CutPrefix(line, "*** Delete File: "); ok {
			deletes = append(deletes, strings.TrimSpace(p))
		}
	}
	if len(deletes) > 0 {
		// one kind per call: the deletes are the stronger claim, and the
		// writes go with them (a delete is judged at least as a write)
		c.Kind, c.Paths = KindFileDelete, append(deletes, writes...)
		return nil
	}
	c.Paths = writes
	return nil
}

// quoteArgv joins an argument vector into the shell command that runs
// exactly it, single-quoting every word that needs it.
func quoteArgv(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		// A bare NAME=value first word would be an assignment, not a program.
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" &&
			(i > 0 || !strings.Contains(a, "=")) {
			b.WriteString(a)
			continue
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(a, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}
