package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// toolKind says what a tool does, by its name lowercased. (A switch, not
// a map literal, which would be built at every start.) Names come from
// docs/agents.md: Claude Code, Codex, Gemini CLI, Cursor, Copilot,
// VS Code, Factory, pi, opencode, Cline. A name not here is unknown, and
// high. Some stay so on purpose (docs/agents.md §9.3): opencode's batch,
// which runs other tools; Claude Code's RemoteTrigger, which runs agents
// on Anthropic's side, out of this hook's sight, and Workflow, which runs a
// script; Codex's
// write_stdin, which types into a running command.
func toolKind(name string) (Kind, bool) {
	switch name {
	// shells
	case "bash", "powershell", "monitor", "execute", "shell", "exec_command", "local_shell",
		"run_shell_command", "run_terminal_cmd", "runterminalcommand", "execute_command":
		return KindShell, true
	// writes and edits
	case "write", "edit", "multiedit", "notebookedit", "create", "write_file", "replace", "editfiles",
		"createfile", "write_to_file", "replace_in_file", "apply_patch", "patch":
		return KindFileWrite, true
	// deletes
	case "delete", "deletefile":
		return KindFileDelete, true
	// reads
	case "read", "glob", "grep", "ls", "read_file", "read_many_files", "grep_search", "list_directory", "view",
		"find", "search_files", "list_files", "list":
		return KindFileRead, true
	// web
	case "webfetch", "websearch", "web_fetch", "google_web_search", "web_search", "codesearch":
		return KindWeb, true
	// the agent's bookkeeping
	case "todowrite", "todoread", "agent", "task", "exitplanmode", "enterplanmode", "askuserquestion",
		"write_todos", "ask_user", "spawn_agent", "update_plan", "question", "skill":
		return KindBookkeeping, true
	// Claude Code 2.1.330: tasks, schedules it only lists or deletes, plan
	// mode, worktrees (see bookkeepingUnless), teams, messages to the person
	case "taskcreate", "taskget", "tasklist", "taskupdate", "taskoutput", "taskstop", "killshell", "killbash",
		"bashoutput", "agentoutput":
		return KindBookkeeping, true
	// CronCreate schedules a prompt, which Claude Code runs later in a
	// session whose tool calls pass this hook like any other (design §3)
	case "croncreate", "cronlist", "crondelete", "schedulewakeup", "enterworktree", "exitworktree",
		"toolsearch", "listagents", "listpeers", "sendmessage", "teamcreate", "teamdelete", "subagenthandback",
		"sendusermessage", "brief", "pushnotification", "readnotifications", "setgoal", "proposegoal",
		"reportfindings", "endconversation", "waitformcpservers", "showonboardingrolepicker",
		"shareonboardingguide", "offerchromesetup":
		return KindBookkeeping, true
	// Claude Code 2.1.332: the answer of a -p --json-schema run, which
	// the agent only records; results, polls and MCP tasks it tracks; the
	// recap under a closing message; what an MCP App view has shared
	case "structuredoutput", "gettask", "poll", "wrapup", "mcptaskcheck", "mcptaskshowquestion",
		"mcptaskresumepolling", "refreshmcptools", "readwidgetcontext":
		return KindBookkeeping, true
	case "lsp":
		return KindFileRead, true
	// Claude Code: tools that send files or text to Anthropic's services
	case "artifact", "artifactcomments", "artifactdata", "artifactcheck", "projects", "sendfeedback":
		return KindWeb, true
	// Gemini CLI 0.61.0
	case "update_topic", "enter_plan_mode", "exit_plan_mode", "invoke_agent", "activate_skill", "complete_task",
		"list_background_processes", "read_background_output", "get_internal_docs", "tracker_create_task",
		"tracker_update_task", "tracker_get_task", "tracker_list_tasks", "tracker_add_dependency",
		"tracker_visualize":
		return KindBookkeeping, true
	// Codex 0.169.0
	case "send_input", "resume_agent", "wait_agent", "close_agent", "followup_task", "interrupt_agent",
		"list_agents", "send_message", "request_user_input", "tool_search":
		return KindBookkeeping, true
	// Codex 0.171.0: the thread's goal, which only the model's own turns
	// pursue
	case "create_goal", "get_goal", "update_goal":
		return KindBookkeeping, true
	case "view_image":
		return KindFileRead, true
	// opencode 1.18.33
	case "plan_enter", "plan_exit", "invalid":
		return KindBookkeeping, true
	// MCP resources, read through the agent's own tool (Claude Code,
	// Gemini CLI, Codex, opencode): see mcpResourceTool
	case "listmcpresourcestool", "readmcpresourcetool", "readmcpresourcedirtool", "listmcpresources",
		"readmcpresource", "readmcpresourcedir", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource":
		return KindMCP, true
	}
	return KindUnknown, false
}

// IsShellTool reports whether an agent's tool of this name runs a shell
// command (Claude Code's Bash, Gemini CLI's run_shell_command, ...).
func IsShellTool(name string) bool {
	k, _ := toolKind(strings.ToLower(name))
	return k == KindShell
}

// mcpResourceTool names, as an MCP tool, what an agent's own tool does
// with an MCP server's resources: they are judged as that server's tool.
func mcpResourceTool(name string) string {
	switch name {
	case "listmcpresourcestool", "listmcpresources", "list_mcp_resources":
		return "list_resources"
	case "list_mcp_resource_templates":
		return "list_resource_templates"
	case "readmcpresourcetool", "readmcpresource", "read_mcp_resource":
		return "read_resource"
	case "readmcpresourcedirtool", "readmcpresourcedir":
		return "read_resource_dir"
	}
	return ""
}

// bookkeepingUnless reports a bookkeeping tool whose input makes it more
// than bookkeeping. Such a call is unknown, and high.
func bookkeepingUnless(name string, in fields) bool {
	switch name {
	case "enterworktree":
		// Claude Code creates a worktree inside the project, under
		// .claude/worktrees; path moves the session into an existing one,
		// which may be anywhere.
		return in.str("path") != ""
	case "exitworktree":
		// remove refuses a worktree with uncommitted or unmerged work,
		// unless discard_changes, which throws that work away.
		return string(in["discard_changes"]) == "true"
	}
	return false
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
		c.MCPArgs = mcpArgs(input)
		return nil
	}
	if strings.EqualFold(name, "mcp") && input.str("tool") != "" {
		mcpProxy(c, input)
		return nil
	}
	kind, ok := toolKind(strings.ToLower(name))
	if !ok || bookkeepingUnless(strings.ToLower(name), input) {
		// a tool nobody knows is judged by what its arguments hold too:
		// it may be an MCP tool under a name that does not say so
		// (opencode's <server>_<tool>), or one that runs a command
		c.Kind = KindUnknown
		c.MCPArgs = mcpArgs(input)
		return nil
	}
	c.Kind = kind
	switch kind {
	case KindMCP:
		server := input.str("server")
		if server == "" {
			server = input.str("serverName")
		}
		c.MCPServer, c.MCPTool, c.Target = server, mcpResourceTool(strings.ToLower(name)), server
		c.MCPArgs = mcpArgs(input)
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

// mcpProxy reads a call of pi's MCP adapter (pi-mcp-adapter), whose one
// tool, mcp, calls the server's tool its input names, <server>_<tool>
// (chrome_devtools_take_screenshot), with the arguments of args, an
// object or a string of JSON: the call is that tool's, judged, shown and
// matched by the settings as it (agents.md §6). Arguments that are
// neither are the call's whole input, read as an unknown tool's.
func mcpProxy(c *Call, input fields) {
	tool := input.str("tool")
	c.Kind, c.Tool, c.MCPTool, c.Target = KindMCP, tool, tool, tool
	if args, err := input.object("args"); err == nil {
		c.MCPArgs = mcpArgs(args)
		return
	}
	c.MCPArgs = mcpArgs(input)
}

// shellInput reads the command of a shell tool: a string, or an argument
// vector (["bash", "-lc", "..."]) that is quoted back into one.
func shellInput(c *Call, input fields) error {
	c.PowerShell = strings.EqualFold(c.Tool, "powershell")
	key, err := input.oneOf("command", "cmd")
	if err != nil {
		return err
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
	if err := json.Unmarshal(stringStart(raw), &s); err == nil {
		c.Command = s
	} else {
		var argv []string
		if err := json.Unmarshal(raw, &argv); err != nil || len(argv) == 0 {
			return errors.New("tool_input.command is neither a string nor a list of strings")
		}
		c.Command = quoteArgv(argv)
	}
	k, err := input.oneOf("dir_path", "working_directory", "workdir", "cwd")
	if err != nil {
		return err
	}
	if d := input.str(k); d != "" && d != "." {
		c.Dir = d
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
		out = append(out, input.strs(k)...)
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
	k, err := input.oneOf("command", "input", "patch", "patchText")
	if err != nil {
		return err
	}
	if s := input.str(k); s != "" {
		text = s
	} else if raw, ok := input[k]; ok {
		var argv []string
		if json.Unmarshal(raw, &argv) == nil && len(argv) > 0 {
			text = argv[len(argv)-1] // ["apply_patch", "<patch>"]
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
