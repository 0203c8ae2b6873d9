package classify

import (
	"slices"
	"testing"
)

// Seed families, for the engine's tests only, never registered: the
// tables of the servers people run are mcp_*.go, written from the
// servers' own schemas, and checked by their own tests, which must not
// see these. withSeedFamilies puts them beside the tables for one test.
// The first three stand in for a server no table names yet (once one
// does, the tests run against it, and must still hold); the seed-*
// families are no server anyone runs: each gives a role the tests need a
// tool for, with a rule that lets the arguments decide.
var seedFamilies = []mcpFamily{
	{
		name: "desktop-commander", servers: []string{"desktop-commander"},
		source: "test seed, after npm @wonderwhy-er/desktop-commander (execute_command, start_process)",
		tools: map[string]mcpTool{
			"execute_command": {rule: r("mcp-seed-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "timeout_ms": argIgnored, "shell": argIgnored}},
			"start_process": {rule: r("mcp-seed-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "timeout_ms": argIgnored, "shell": argIgnored}},
		},
	},
	{
		name: "filesystem", servers: []string{"filesystem"},
		source: "test seed, after npm @modelcontextprotocol/server-filesystem (write_file, read_text_file, move_file)",
		tools: map[string]mcpTool{
			"write_file":     {rule: r("mcp-seed-write", Low, "writes a file"), args: map[string]argRole{"path": argPathWrite, "content": argIgnored}},
			"read_text_file": {rule: r("mcp-seed-read", Minimal, "reads a file"), args: map[string]argRole{"path": argPathRead, "head": argIgnored, "tail": argIgnored}},
			"move_file":      {rule: r("mcp-seed-move", Low, "moves a file"), args: map[string]argRole{"source": argPathMoveFrom, "destination": argPathMoveTo}},
		},
	},
	{
		name: "github", servers: []string{"github"},
		source: "test seed, after npm @modelcontextprotocol/server-github (create_or_update_file)",
		tools: map[string]mcpTool{
			// the path is in the remote repository, not on this disk
			"create_or_update_file": {rule: r("mcp-seed-remote-write", High, "writes to a remote repository"),
				args: map[string]argRole{"owner": argIgnored, "repo": argIgnored, "path": argIgnored, "content": argIgnored,
					"message": argIgnored, "branch": argIgnored, "sha": argIgnored}},
		},
	},
	{
		name: "seed-shell", servers: []string{"seed-shell"}, source: "test seed: a shell tool with a directory",
		tools: map[string]mcpTool{
			"run": {rule: r("mcp-seed-shell", Minimal, "runs a shell command, judged as one"),
				args: map[string]argRole{"command": argCommand, "cwd": argDir, "out": argPathWrite}},
		},
	},
	{
		name: "seed-files", servers: []string{"seed-files"}, source: "test seed: deletes, lists, edits in lists, URLs",
		tools: map[string]mcpTool{
			"delete_path": {rule: r("mcp-seed-delete", Low, "deletes a file"), args: map[string]argRole{"path": argPathDelete}},
			"list_dir":    {rule: r("mcp-seed-read", Minimal, "reads a file"), args: map[string]argRole{"path": argPathList}},
			"edit_files":  {rule: r("mcp-seed-write", Low, "writes a file"), args: map[string]argRole{"edits.path": argPathWrite, "edits.text": argIgnored}},
			"fetch":       {rule: r("mcp-seed-fetch", Minimal, "fetches a page"), args: map[string]argRole{"url": argURL}},
			"move_many":   {rule: r("mcp-seed-move", Low, "moves a file"), args: map[string]argRole{"sources": argPathMoveFrom, "to": argPathMoveTo}},
		},
	},
	{
		name: "seed-git", servers: []string{"seed-git"}, source: "test seed: repository tools as git command lines",
		tools: map[string]mcpTool{
			"git_checkout": {rule: r("mcp-seed-git", Low, "runs a git command"), args: map[string]argRole{"repo_path": argRepo, "branch_name": argGitRef},
				git: []string{"git", "checkout", "{branch_name}"}},
			"git_reset_hard": {rule: r("mcp-seed-git", Low, "runs a git command"), args: map[string]argRole{"repo_path": argRepo, "target": argGitRef},
				git: []string{"git", "reset", "--hard", "{target}"}},
			// a template without its "git" is read as one too
			"git_add": {rule: r("mcp-seed-git", Low, "runs a git command"), args: map[string]argRole{"repo_path": argRepo, "files": argIgnored},
				git: []string{"add", "--", "{files...}"}},
		},
	},
}

// withSeedFamilies makes the families the tables (every mcp_*.go) and the
// seeds whose servers no table names, until the test ends. Tests that use
// it must not run in parallel.
func withSeedFamilies(tb testing.TB) {
	tb.Helper()
	build := mcpFamilies.build
	mcpFamilies = lazy[[]mcpFamily]{build: func() []mcpFamily {
		fams := build()
		for _, seed := range seedFamilies {
			claimed := slices.ContainsFunc(fams, func(f mcpFamily) bool { return slices.Contains(f.servers, seed.servers[0]) })
			if !claimed {
				fams = append(fams, seed)
			}
		}
		return fams
	}}
	tb.Cleanup(func() { mcpFamilies = lazy[[]mcpFamily]{build: build} })
}
