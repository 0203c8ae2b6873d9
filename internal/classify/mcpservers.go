package classify

import "strings"

// Finding the family an MCP call's server is (design §3, "MCP servers
// permguard knows"): by the name the agent's configuration gives it, the
// command line or URL that starts it, or the tool's own name.

// mcpMatch says how a call's tool was found in the tables.
type mcpMatch uint8

const (
	mcpNotFound   mcpMatch = iota
	mcpByServer            // the server is a family's, which has the tool
	mcpByToolName          // the server is no family that has it, but exactly one family has a tool of this name
)

// mcpToolOf finds a tool in the families: by its server's name, or, for
// Cursor, by the command line or URL that starts the server; for Gemini's
// mcp_<server>_<tool> without its server (and opencode's and pi's
// <server>_<tool>), by each way of cutting the name in two. Failing
// that, a tool name only one family has (start_process,
// browser_run_code_unsafe, read_text_file) is that family's tool, under
// whatever name the person gave the server, found by its name alone.
func mcpToolOf(server, name string) (mcpTool, mcpMatch) {
	if f, ok := mcpFamilyFor(server); ok {
		if t, ok := f.tools[name]; ok {
			return t, mcpByServer
		}
	} else if server == "" {
		for i := 1; i < len(name)-1; i++ {
			if name[i] != '_' {
				continue
			}
			if f, ok := mcpFamilyOf(name[:i]); ok {
				if t, ok := f.tools[name[i+1:]]; ok {
					return t, mcpByServer
				}
			}
		}
	}
	if t, ok := mcpToolNamed(name); ok {
		return t, mcpByToolName
	}
	if server == "" {
		for i := 1; i < len(name)-1; i++ {
			if name[i] == '_' {
				if t, ok := mcpToolNamed(name[i+1:]); ok {
					return t, mcpByToolName
				}
			}
		}
	}
	return mcpTool{}, mcpNotFound
}

// mcpToolNamed returns the tool called name when exactly one family has a
// tool of that name, of the families that act on this machine (a remote
// service's tool names are every service's).
func mcpToolNamed(name string) (mcpTool, bool) {
	var found mcpTool
	n := 0
	for _, f := range mcpFamilies.get() {
		if t, ok := f.tools[name]; ok {
			found, n = t, n+1
			if f.remote {
				return mcpTool{}, false
			}
		}
	}
	return found, n == 1
}

// mcpFamilyFor is mcpFamilyOf for a server's name as an agent gives it:
// Claude Code's plugin servers, plugin_<plugin>_<server>, are their
// server; a URL (Cursor's url) is the family one of its host's labels or
// path's segments names (https://api.githubcopilot.com/mcp/ is github's);
// a command line that starts one ("npx -y
// @modelcontextprotocol/server-filesystem /home/u") is the family its
// first word that names a family's package names. Options and paths are
// no package's name.
func mcpFamilyFor(server string) (mcpFamily, bool) {
	if f, ok := mcpFamilyOf(server); ok {
		return f, true
	}
	if rest, ok := strings.CutPrefix(server, "plugin_"); ok {
		for i := 0; i < len(rest)-1; i++ {
			if rest[i] == '_' {
				if f, ok := mcpFamilyOf(rest[i+1:]); ok {
					return f, true
				}
			}
		}
	}
	if _, after, ok := strings.Cut(server, "://"); ok && !strings.ContainsAny(server, " \t") {
		host, p, _ := strings.Cut(after, "/")
		if i := strings.LastIndexByte(host, '@'); i >= 0 {
			host = host[i+1:] // user:password@
		}
		if i := strings.LastIndexByte(host, ':'); i >= 0 {
			host = host[:i] // :port
		}
		if i := strings.IndexAny(p, "?#"); i >= 0 {
			p = p[:i]
		}
		for _, name := range append(strings.Split(host, "."), strings.Split(p, "/")...) {
			if f, ok := mcpFamilyOf(name); ok {
				return f, true
			}
		}
		return mcpFamily{}, false
	}
	if !strings.ContainsAny(server, " \t") {
		return mcpFamily{}, false
	}
	for _, word := range strings.Fields(server) {
		if strings.ContainsAny(word[:1], "-/.~$") {
			continue
		}
		if f, ok := mcpFamilyOf(word); ok {
			return f, true
		}
	}
	return mcpFamily{}, false
}

// normServer normalizes a server's name for the families' lists: lower
// case, _ and spaces as -, a version dropped (@latest, @1.2.3), and the
// words every package name wraps its name in dropped
// ("@modelcontextprotocol/server-filesystem", "mcp-server-git",
// "github-mcp-server", "desktop_commander"). A package whose own name is
// only such words is its scope's: @playwright/mcp is playwright.
func normServer(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.LastIndexByte(s, '@'); i > 0 {
		s = s[:i]
	}
	segs := strings.Split(s, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if n := normName(strings.TrimPrefix(segs[i], "@")); n != "" && n != "mcp" && n != "server" {
			return n
		}
	}
	return ""
}

// normName is one segment of a package's name without the words around
// its name.
func normName(s string) string {
	s = strings.NewReplacer("_", "-", " ", "-", ".", "-").Replace(s)
	for _, p := range []string{"mcp-server-", "server-", "mcp-"} {
		s = strings.TrimPrefix(s, p)
	}
	for _, p := range []string{"-mcp-server", "-server", "-mcp"} {
		s = strings.TrimSuffix(s, p)
	}
	return s
}

// mcpFamilyOf returns the family a server's name is, if any.
func mcpFamilyOf(server string) (mcpFamily, bool) {
	n := normServer(server)
	for _, f := range mcpFamilies.get() {
		for _, s := range f.servers {
			if s == n {
				return f, true
			}
		}
	}
	return mcpFamily{}, false
}
