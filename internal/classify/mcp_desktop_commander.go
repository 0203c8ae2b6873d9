package classify

// The desktop-commander family: @wonderwhy-er/desktop-commander.

// Desktop Commander runs shell commands and long-lived processes and reads
// and writes files anywhere its settings allow. Its commands are judged as
// the same text in a shell call (design §2); its paths as the agent's own
// file tools' (design §2.6, §2.9). Tool names of older releases
// (execute_command, read_output, search_code, block_command, ...) are kept:
// people pin versions.
func mcpDesktopCommanderFamily() mcpFamily {
	read := r("mcp-desktop-commander-read", Minimal, "reads files, or searches their names and contents")
	list := r("mcp-desktop-commander-list", Minimal, "lists directories or shows a file's details, but no content")
	state := r("mcp-desktop-commander-state", Minimal, "reads the server's own state: its settings, searches, sessions, processes, prompts or usage")
	write := r("mcp-desktop-commander-write", Low, "writes or edits a file, or creates a directory")
	move := r("mcp-desktop-commander-move", Low, "moves or renames a file or directory")
	stop := r("mcp-desktop-commander-stop", Medium, "ends a command session the server started")
	block := r("mcp-desktop-commander-block", Medium, "adds a command to the server's list of blocked commands")
	// a command line, judged as the same text in a shell call would be (its
	// shell argument, when not a POSIX shell, is high)
	run := r("mcp-desktop-commander-run", Minimal, "runs a shell command on this machine")
	input := r("mcp-desktop-commander-input", High, "sends input to a running process, such as a shell or an interpreter, which runs it")
	kill := r("mcp-desktop-commander-kill", High, "ends any process on this machine by its process id")
	config := r("mcp-desktop-commander-config", High, "changes the server's own safety settings: the directories it may reach, the commands it blocks, the shell it runs")
	pdf := r("mcp-desktop-commander-pdf", High, "renders a PDF in a headless Chrome that it may first download, with options that can choose the browser program and its flags")
	send := r("mcp-desktop-commander-send", High, "sends usage data to the server's makers")
	return mcpFamily{
		name:    "desktop-commander",
		servers: []string{"desktop-commander", "desktop-commander-in-docker", "desktopcommander"},
		source:  "npm @wonderwhy-er/desktop-commander 0.2.52, and the tools 0.2.3, 0.1.39 and 0.1.19 had",
		tools: map[string]mcpTool{
			"block_command":    {rule: block, args: roles(nil, "command")},
			"create_directory": {rule: write, args: roles(argRoles{"path": argPathWrite}, "")},
			// 0.1.x gave the file's path as the first line of blockContent. Judged
			// as a path, the whole block stays under that file's directory, so a
			// file outside the workspace is still outside.
			"edit_block": {rule: write, args: roles(argRoles{"blockContent": argPathWrite, "file_path": argPathWrite}, "content expected_replacements new_string old_string origin range")},
			// The name of start_process up to 0.2.3.
			"execute_command":                    {rule: run, args: roles(argRoles{"command": argCommand, "shell": argShell}, "timeout_ms")},
			"force_terminate":                    {rule: stop, args: roles(nil, "pid")},
			"get_config":                         {rule: state, args: roles(nil, "origin")},
			"get_file_info":                      {rule: list, args: roles(argRoles{"path": argPathList}, "")},
			"get_more_search_results":            {rule: state, args: roles(nil, "length offset sessionId")},
			"get_prompts":                        {rule: state, args: roles(nil, "action promptId")},
			"get_recent_tool_calls":              {rule: state, args: roles(nil, "maxResults since toolName")},
			"get_usage_stats":                    {rule: state},
			"give_feedback_to_desktop_commander": {rule: send},
			// input is typed into the process, most often a shell or a REPL.
			"interact_with_process": {rule: input, args: roles(argRoles{"input": argCommand}, "pid timeout_ms verbose_timing wait_for_prompt")},
			// pid -1 signals every process, as kill -1 does, which is dangerous
			// there; a number is nothing a role can judge, so this tool is high
			// whatever the pid.
			"kill_process":             {rule: kill, args: roles(nil, "pid")},
			"list_allowed_directories": {rule: state},
			"list_blocked_commands":    {rule: state},
			"list_directory":           {rule: list, args: roles(argRoles{"path": argPathList}, "depth origin")},
			"list_processes":           {rule: state},
			"list_searches":            {rule: state},
			"list_sessions":            {rule: state},
			"move_file":                {rule: move, args: roles(argRoles{"destination": argPathMoveTo, "source": argPathMoveFrom}, "")},
			// isUrl makes path a URL that is fetched. A role cannot depend on
			// another argument, so isUrl is itself a URL: a call that carries it
			// is judged as a fetch, even isUrl: false.
			"read_file":           {rule: read, args: roles(argRoles{"isUrl": argURL, "path": argPathRead}, "length offset origin range sheet")},
			"read_multiple_files": {rule: read, args: roles(argRoles{"paths": argPathRead}, "")},
			"read_output":         {rule: state, args: roles(nil, "pid timeout_ms")},
			"read_process_output": {rule: state, args: roles(nil, "length offset pid timeout_ms verbose_timing")},
			"search_code":         {rule: read, args: roles(argRoles{"path": argPathRead}, "contextLines filePattern ignoreCase includeHidden maxResults pattern timeoutMs")},
			"search_files":        {rule: list, args: roles(argRoles{"path": argPathList}, "pattern timeoutMs")},
			"set_config_value":    {rule: config, args: roles(nil, "key origin value")},
			// shell is the program the command line is given to: a POSIX shell
			// keeps the command's verdict, any other (node, python3) is high.
			"start_process":   {rule: run, args: roles(argRoles{"command": argCommand, "shell": argShell}, "origin timeout_ms verbose_timing")},
			"start_search":    {rule: read, args: roles(argRoles{"path": argPathRead}, "contextLines earlyTermination filePattern ignoreCase includeHidden literalSearch maxResults origin pattern searchType timeout_ms")},
			"stop_search":     {rule: state, args: roles(nil, "sessionId")},
			"track_ui_event":  {rule: send, args: roles(nil, "component event")},
			"unblock_command": {rule: config, args: roles(nil, "command")},
			"write_file":      {rule: write, args: roles(argRoles{"path": argPathWrite}, "content mode origin")},
			// path is written when outputPath is not given; options (an open
			// object) goes to md-to-pdf, whose launch_options choose the browser.
			"write_pdf": {rule: pdf, args: roles(argRoles{"content.sourcePdfPath": argPathRead, "outputPath": argPathWrite, "path": argPathWrite}, "content content.markdown content.pageIndex content.pageIndexes content.type")},
		},
	}
}
