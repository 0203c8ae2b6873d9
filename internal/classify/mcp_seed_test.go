package classify

// Seed families, for the engine's tests only: the tables of the servers
// people run are mcp_*.go, written from the servers' own schemas. These
// stand in where no such table names the server; once one does, the
// tests below run against it, and must still hold. The seed-* families
// are no server anyone runs: each gives a role the tests need a tool for.
func init() {
	claimed := map[string]bool{}
	for _, f := range mcpFamilyTables {
		for _, s := range f().servers {
			claimed[s] = true
		}
	}
	for _, f := range seedFamilies {
		if !claimed[f.servers[0]] {
			mcpFamilyTables = append(mcpFamilyTables, func() mcpFamily { return f })
		}
	}
}

var seedFamilies = []mcpFamily{
	{
		name: "desktop-commander", servers: []string{"desktop-commander"},
		source: "test seed, after npm @wonderwhy-er/desktop-commander (execute_command, start_process)",
		tools: map[string]mcpTool{
			"execute_command": {rule: r("seed-mcp-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "timeout_ms": argIgnored, "shell": argIgnored}},
			"start_process": {rule: r("seed-mcp-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "timeout_ms": argIgnored, "shell": argIgnored}},
		},
	},
	{
		name: "filesystem", servers: []string{"filesystem"},
		source: "test seed, after npm @modelcontextprotocol/server-filesystem (write_file, read_text_file, move_file)",
		tools: map[string]mcpTool{
			"write_file":     {rule: r("seed-mcp-write", Low, "writes a file"), args: map[string]argRole{"path": argPathWrite, "content": argIgnored}},
			"read_text_file": {rule: r("seed-mcp-read", Minimal, "reads a file"), args: map[string]argRole{"path": argPathRead, "head": argIgnored, "tail": argIgnored}},
			"move_file":      {rule: r("seed-mcp-move", Low, "moves a file"), args: map[string]argRole{"source": argPathMoveFrom, "destination": argPathMoveTo}},
		},
	},
	{
		name: "github", servers: []string{"github"},
		source: "test seed, after npm @modelcontextprotocol/server-github (create_or_update_file)",
		tools: map[string]mcpTool{
			// the path is in the remote repository, not on this disk
			"create_or_update_file": {rule: r("seed-mcp-remote-write", High, "writes to a remote repository"),
				args: map[string]argRole{"owner": argIgnored, "repo": argIgnored, "path": argIgnored, "content": argIgnored,
					"message": argIgnored, "branch": argIgnored, "sha": argIgnored}},
		},
	},
	{
		name: "seed-shell", servers: []string{"seed-shell"}, source: "test seed: a shell tool with a directory",
		tools: map[string]mcpTool{
			"run": {rule: r("seed-mcp-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "cwd": argDir, "out": argPathWrite}},
		},
	},
	{
		name: "seed-files", servers: []string{"seed-files"}, source: "test seed: deletes, lists, edits in lists, URLs",
		tools: map[string]mcpTool{
			"delete_path": {rule: r("seed-mcp-delete", Low, "deletes a file"), args: map[string]argRole{"path": argPathDelete}},
			"list_dir":    {rule: r("seed-mcp-read", Minimal, "reads a file"), args: map[string]argRole{"path": argPathList}},
			"edit_files":  {rule: r("seed-mcp-write", Low, "writes a file"), args: map[string]argRole{"edits.path": argPathWrite, "edits.text": argIgnored}},
			"fetch":       {rule: r("seed-mcp-fetch", Minimal, "fetches a page"), args: map[string]argRole{"url": argURL}},
			"move_many":   {rule: r("seed-mcp-move", Low, "moves a file"), args: map[string]argRole{"sources": argPathMoveFrom, "to": argPathMoveTo}},
		},
	},
	{
		name: "seed-git", servers: []string{"seed-git"}, source: "test seed: repository tools as git command lines",
		tools: map[string]mcpTool{
			"git_checkout": {rule: r("seed-mcp-git", Low, "a git command"), args: map[string]argRole{"repo_path": argRepo, "branch_name": argGitRef},
				git: []string{"checkout", "{branch_name}"}},
			"git_reset_hard": {rule: r("seed-mcp-git", Low, "a git command"), args: map[string]argRole{"repo_path": argRepo, "target": argGitRef},
				git: []string{"git", "reset", "--hard", "{target}"}},
			"git_add": {rule: r("seed-mcp-git", Low, "a git command"), args: map[string]argRole{"repo_path": argRepo, "files": argIgnored},
				git: []string{"add", "--", "{files...}"}},
		},
	},
}
