package classify

// The fetch family: mcp-server-fetch.

// The reference fetch server (Python, published on PyPI only, so read from
// its repository): one tool that fetches a URL, as WebFetch does (design
// §3: network, high).
func mcpFetchFamily() mcpFamily {
	fetch := r("mcp-fetch", High, "fetches a URL from the network")
	return mcpFamily{
		name:    "fetch",
		servers: []string{"fetch"},
		source:  "mcp-server-fetch: modelcontextprotocol/servers src/fetch at 76d64c8 (0.6.3)",
		tools: map[string]mcpTool{
			"fetch": {rule: fetch, args: roles(argRoles{"url": argURL}, "max_length raw start_index")},
		},
	}
}
