package classify

import "strings"

// Finding the family an MCP call's server is (design §3, "MCP servers
// permguard knows"): by the name the agent's configuration gives it, the
// command line or URL that starts it, or the tool's own name.

// mcpToolOf finds a tool in the families: by its server's name, or, for
// Cursor, by the command line or URL that starts the server; for Gemini's
// mcp_<server>_<tool> without its server, by each way of cutting the
// name in two.
func mcpToolOf(server, name string) (mcpTool, bool) {
	if f, ok := mcpFamilyFor(server); ok {
		t, ok := f.tools[name]
		return t, ok
	}
	if server == "" {
		for i := 1; i < len(name)-1; i++ {
			if name[i] != '_' {
				continue
			}
			if f, ok := mcpFamilyOf(name[:i]); ok {
				if t, ok := f.tools[name[i+1:]]; ok {
					return t, true
				}
			}
		}
	}
	return mcpTool{}, false
}

// mcpFamilyFor is mcpFamilyOf for a server's name, and for a command line
// that starts one ("npx -y @modelcontextprotocol/server-filesystem
// /home/u"): the first word that names a family's package. Options and
// paths are no package's name.
func mcpFamilyFor(server string) (mcpFamily, bool) {
	if f, ok := mcpFamilyOf(server); ok || !strings.ContainsAny(server, " \t") {
		return f, ok
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
// case, _ and spaces as -, and the words every package name wraps its name
// in dropped ("@modelcontextprotocol/server-filesystem",
// "mcp-server-git", "github-mcp-server", "desktop_commander").
func normServer(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
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
