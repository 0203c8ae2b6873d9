package classify

import "strings"

// MCP tools by what their arguments are (design §3, issue 23). A server
// people run is a family here: the tools it has and, for each, what each
// argument is (a shell command, a path read or written, a URL, ...), as
// the server's own published tool schemas say. The table is data, one
// file per family (mcp_*.go), checked when loaded (TestMCPFamilies); the
// judging is mcp.go's. A tool of a server not in the table is judged by
// what its arguments hold (mcp.go, unknown servers).

// argRole is what an MCP tool's argument is.
type argRole uint8

const (
	argIgnored      argRole = iota // content, a message, a title, a pattern: changes nothing by itself
	argCommand                     // a shell command line, judged as the same text in a shell call (design §2)
	argDir                         // the directory argCommand runs in (and where relative paths start)
	argPathRead                    // a file or directory whose content is read
	argPathList                    // a directory whose names are listed (a read that shows no content)
	argPathWrite                   // a file created, overwritten or edited
	argPathDelete                  // a file or directory deleted
	argPathMoveFrom                // a file or directory moved away (a delete of its old name)
	argPathMoveTo                  // where it is moved to (a write)
	argURL                         // a URL fetched, or a page a browser goes to: the network
	argRepo                        // the repository a git tool works in (git -C REPO)
	argGitRef                      // a branch, tag or commit a git tool names
	argShell                       // the program that runs argCommand: a POSIX shell keeps its verdict, any other is high
	argStdin                       // text argCommand reads on its standard input: judged as that command fed it (a heredoc)
	argArgv                        // a list that is one command's words: joined (quoteArgv) and judged once as argCommand is
	argJS                          // JavaScript a browser or Node runs: judged as node -e CODE
)

var argRoleNames = [...]string{
	argIgnored: "ignored", argCommand: "command", argDir: "dir", argPathRead: "path-read", argPathList: "path-list",
	argPathWrite: "path-write", argPathDelete: "path-delete", argPathMoveFrom: "path-move-from",
	argPathMoveTo: "path-move-to", argURL: "url", argRepo: "repo", argGitRef: "git-ref", argShell: "shell",
	argStdin: "stdin", argArgv: "argv", argJS: "js",
}

func (r argRole) String() string {
	if int(r) < len(argRoleNames) {
		return argRoleNames[r]
	}
	return "argRole?"
}

// mcpTool is one tool of a family.
type mcpTool struct {
	// rule is what the tool does whatever its arguments: a read
	// (Minimal), a write in the workspace (Low), a remote write (High),
	// ... Its arguments can only raise it.
	rule rule
	// args maps an argument's key, with array indexes dropped
	// ("edits.path" for "edits[0].path"), to what it is. An argument not
	// here is judged as an unknown server's would be (mcp.go).
	args map[string]argRole
	// git, for a git family's tool, is the git command line it is, as
	// words; "{key}" is replaced by that argument's value ("{key...}" by
	// each value of a list). It is judged as that command in the
	// repository argRepo names.
	git []string
}

// mcpFamily is one MCP server people run.
type mcpFamily struct {
	name string // "filesystem"
	// servers are the names people configure it under, normalized
	// (normServer): the key in .mcp.json is the user's choice, so every
	// name its README and common configurations use.
	servers []string
	// source says where the tool schemas were read: the package and
	// version ("npm @modelcontextprotocol/server-filesystem 2025.8.21").
	source string
	// remote marks a family that acts on a service with the server's own
	// credentials (GitHub, Slack), not on this machine: its paths and
	// commands are the service's, and its tools' names (create_issue,
	// search_code) are every tracker's and forge's, so a server is not
	// taken for it by a tool's name alone (mcpToolNamed).
	remote bool
	tools  map[string]mcpTool
}

// mcpFamilies is every family, from the mcp_*.go files.
var mcpFamilies = lazy[[]mcpFamily]{build: func() []mcpFamily {
	var out []mcpFamily
	for _, f := range mcpFamilyTables {
		out = append(out, f())
	}
	return out
}}

// mcpFamilyTables are the families' tables, from the mcp_*.go files: a
// list the compiler lays out as data, where each file adding itself at
// init would cost every start of permguard (TestInitWork).
var mcpFamilyTables = []func() mcpFamily{
	mcpMemoryFamily,
	mcpSequentialThinkingFamily,
	mcpEverythingFamily,
	mcpPlaywrightFamily,
	mcpPuppeteerFamily,
	mcpChromeDevtoolsFamily,
	mcpDesktopCommanderFamily,
	mcpFetchFamily,
	mcpFilesystemFamily,
	mcpGitFamily,
	mcpGithubFamily,
	mcpSlackFamily,
	mcpNotionFamily,
	mcpSentryFamily,
	mcpContext7Family,
	mcpCommandsFamily,
	mcpCodexShellFamily,
	mcpShellFamily,
}

// argKey drops a key's array indexes: "edits[0].path" is "edits.path".
func argKey(k string) string {
	if !strings.Contains(k, "[") {
		return k
	}
	var b strings.Builder
	skip := false
	for i := 0; i < len(k); i++ {
		switch {
		case k[i] == '[':
			skip = true
		case k[i] == ']':
			skip = false
		case !skip:
			b.WriteByte(k[i])
		}
	}
	return b.String()
}
