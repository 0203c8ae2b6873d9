package classify

// The bookkeeping families: memory, sequential-thinking and the test server everything.

// The reference memory server: a knowledge graph kept in a file of its
// own. Like the agent's todo list, it runs nothing and changes no file
// the user works on.
func mcpMemoryFamily() mcpFamily {
	book := r("mcp-memory", Minimal, "keeps the memory server's knowledge graph, the agent's own notes")
	return mcpFamily{
		name:    "memory",
		servers: []string{"memory"},
		source:  "npm @modelcontextprotocol/server-memory 2026.8.31",
		tools: map[string]mcpTool{
			"add_observations":    {rule: book, args: roles(nil, "observations.contents observations.entityName")},
			"create_entities":     {rule: book, args: roles(nil, "entities.entityType entities.name entities.observations")},
			"create_relations":    {rule: book, args: roles(nil, "relations.from relations.relationType relations.to")},
			"delete_entities":     {rule: book, args: roles(nil, "entityNames")},
			"delete_observations": {rule: book, args: roles(nil, "deletions.entityName deletions.observations")},
			"delete_relations":    {rule: book, args: roles(nil, "relations.from relations.relationType relations.to")},
			"open_nodes":          {rule: book, args: roles(nil, "names")},
			"read_graph":          {rule: book},
			"search_nodes":        {rule: book, args: roles(nil, "query")},
		},
	}
}

// The reference sequential-thinking server: the agent's own thoughts,
// kept in the server's memory.
func mcpSequentialThinkingFamily() mcpFamily {
	book := r("mcp-sequential-thinking", Minimal, "records a step of the agent's own reasoning")
	return mcpFamily{
		name:    "sequential-thinking",
		servers: []string{"sequential-thinking", "sequentialthinking"},
		source:  "npm @modelcontextprotocol/server-sequential-thinking 2026.8.31",
		tools: map[string]mcpTool{
			"sequentialthinking": {rule: book, args: roles(nil, "branchFromThought branchId isRevision needsMoreThoughts nextThoughtNeeded revisesThought thought thoughtNumber totalThoughts")},
		},
	}
}

// The reference test server, which shows each feature of the protocol.
// Two of its tools are not bookkeeping: get-env returns the server's
// environment, as printenv does, and gzip-file-as-resource fetches the
// URL it is given.
func mcpEverythingFamily() mcpFamily {
	book := r("mcp-everything", Minimal, "is a demonstration tool of the test server: it runs nothing and changes no file")
	env := r("mcp-everything-env", High, "returns the server's environment variables, which often hold secrets")
	fetch := r("mcp-everything-fetch", High, "fetches a URL to compress it")
	return mcpFamily{
		name:    "everything",
		servers: []string{"everything"},
		source:  "npm @modelcontextprotocol/server-everything 2026.8.31, with a client that has roots, sampling and elicitation",
		tools: map[string]mcpTool{
			"echo":                              {rule: book, args: roles(nil, "message")},
			"get-annotated-message":             {rule: book, args: roles(nil, "includeImage messageType")},
			"get-env":                           {rule: env},
			"get-resource-links":                {rule: book, args: roles(nil, "count")},
			"get-resource-reference":            {rule: book, args: roles(nil, "resourceId resourceType")},
			"get-roots-list":                    {rule: book},
			"get-structured-content":            {rule: book, args: roles(nil, "location")},
			"get-sum":                           {rule: book, args: roles(nil, "a b")},
			"get-tiny-image":                    {rule: book},
			"gzip-file-as-resource":             {rule: fetch, args: roles(argRoles{"data": argURL}, "name outputType")},
			"simulate-research-query":           {rule: book, args: roles(nil, "ambiguous topic")},
			"toggle-simulated-logging":          {rule: book},
			"toggle-subscriber-updates":         {rule: book},
			"trigger-elicitation-request":       {rule: book},
			"trigger-elicitation-request-async": {rule: book},
			"trigger-long-running-operation":    {rule: book, args: roles(nil, "duration steps")},
			"trigger-sampling-request":          {rule: book, args: roles(nil, "maxTokens prompt")},
			"trigger-sampling-request-async":    {rule: book, args: roles(nil, "maxTokens prompt")},
			"trigger-url-elicitation":           {rule: book, args: roles(nil, "elicitationId errorPath message url")},
		},
	}
}
