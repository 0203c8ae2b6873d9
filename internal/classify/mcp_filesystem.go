package classify

// The filesystem family: @modelcontextprotocol/server-filesystem.

// The reference filesystem server: reads, writes, edits, moves and lists
// files in the directories it was started with. Each path is judged by the
// same path policy as the agent's own file tools (design §2.6, §2.9).
func mcpFilesystemFamily() mcpFamily {
	read := r("mcp-filesystem-read", Minimal, "reads files")
	list := r("mcp-filesystem-list", Minimal, "lists directories or shows a file's details, but no content")
	write := r("mcp-filesystem-write", Low, "writes or edits a file, or creates a directory")
	move := r("mcp-filesystem-move", Low, "moves or renames a file or directory")
	return mcpFamily{
		name:    "filesystem",
		servers: []string{"filesystem", "fs"},
		source:  "npm @modelcontextprotocol/server-filesystem 2026.8.31",
		tools: map[string]mcpTool{
			"create_directory":          {rule: write, args: roles(argRoles{"path": argPathWrite}, "")},
			"directory_tree":            {rule: list, args: roles(argRoles{"path": argPathList}, "excludePatterns")},
			"edit_file":                 {rule: write, args: roles(argRoles{"path": argPathWrite}, "dryRun edits.newText edits.oldText")},
			"get_file_info":             {rule: list, args: roles(argRoles{"path": argPathList}, "")},
			"list_allowed_directories":  {rule: list},
			"list_directory":            {rule: list, args: roles(argRoles{"path": argPathList}, "")},
			"list_directory_with_sizes": {rule: list, args: roles(argRoles{"path": argPathList}, "sortBy")},
			"move_file":                 {rule: move, args: roles(argRoles{"destination": argPathMoveTo, "source": argPathMoveFrom}, "")},
			"read_file":                 {rule: read, args: roles(argRoles{"path": argPathRead}, "head tail")},
			"read_media_file":           {rule: read, args: roles(argRoles{"path": argPathRead}, "")},
			"read_multiple_files":       {rule: read, args: roles(argRoles{"paths": argPathRead}, "")},
			"read_text_file":            {rule: read, args: roles(argRoles{"path": argPathRead}, "head tail")},
			"search_files":              {rule: list, args: roles(argRoles{"path": argPathList}, "excludePatterns pattern")},
			"write_file":                {rule: write, args: roles(argRoles{"path": argPathWrite}, "content")},
		},
	}
}
