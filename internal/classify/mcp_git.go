package classify

// The git family: mcp-server-git.

// The reference git server (Python, published on PyPI only, so read from
// its repository). Each tool is the git command line it runs, judged as
// that command in the repository repo_path names (design §2, Git).
func mcpGitFamily() mcpFamily {
	read := r("mcp-git-read", Minimal, "reads the repository's state or history")
	change := r("mcp-git-change", Medium, "changes the repository: stages, commits, unstages, switches or creates branches, or creates a repository")
	return mcpFamily{
		name:    "git",
		servers: []string{"git"},
		source:  "mcp-server-git: modelcontextprotocol/servers src/git at 76d64c8 (0.6.2), and git_init from before eac56e7",
		tools: map[string]mcpTool{
			"git_add":      {rule: change, args: roles(argRoles{"files": argPathRead, "repo_path": argRepo}, ""), git: []string{"git", "add", "--", "{files...}"}},
			"git_branch":   {rule: read, args: roles(argRoles{"repo_path": argRepo}, "branch_type contains not_contains"), git: []string{"git", "branch", "--list"}},
			"git_checkout": {rule: change, args: roles(argRoles{"branch_name": argGitRef, "repo_path": argRepo}, ""), git: []string{"git", "checkout", "{branch_name}"}},
			// GitPython's index.commit runs the commit hooks, as git commit does.
			"git_commit": {rule: change, args: roles(argRoles{"repo_path": argRepo}, "message"), git: []string{"git", "commit", "-m", "{message}"}},
			// base_branch may be absent, and with it its word.
			"git_create_branch": {rule: change, args: roles(argRoles{"base_branch": argGitRef, "branch_name": argGitRef, "repo_path": argRepo}, ""), git: []string{"git", "branch", "{branch_name}", "{base_branch}"}},
			"git_diff":          {rule: read, args: roles(argRoles{"repo_path": argRepo, "target": argGitRef}, "context_lines"), git: []string{"git", "diff", "{target}"}},
			"git_diff_staged":   {rule: read, args: roles(argRoles{"repo_path": argRepo}, "context_lines"), git: []string{"git", "diff", "--cached"}},
			"git_diff_unstaged": {rule: read, args: roles(argRoles{"repo_path": argRepo}, "context_lines"), git: []string{"git", "diff"}},
			"git_init":          {rule: change, args: roles(argRoles{"repo_path": argRepo}, ""), git: []string{"git", "init"}},
			"git_log":           {rule: read, args: roles(argRoles{"repo_path": argRepo}, "end_timestamp max_count start_timestamp"), git: []string{"git", "log"}},
			"git_reset":         {rule: change, args: roles(argRoles{"repo_path": argRepo}, ""), git: []string{"git", "reset"}},
			"git_show":          {rule: read, args: roles(argRoles{"repo_path": argRepo, "revision": argGitRef}, ""), git: []string{"git", "show", "{revision}"}},
			"git_status":        {rule: read, args: roles(argRoles{"repo_path": argRepo}, ""), git: []string{"git", "status"}},
		},
	}
}
