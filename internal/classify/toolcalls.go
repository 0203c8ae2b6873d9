package classify

import (
	"strings"
	"unicode"
)

// This file judges tool calls that are not shell commands (design §3):
// file reads, writes and deletes, web access, an agent's bookkeeping, MCP
// tools, and tools nobody knows. Shell commands go through [Classify].

var (
	ruleToolRead    = rule{id: "tool-read", level: Minimal, why: "reads files", effect: EffectRead}
	ruleToolWrite   = rule{id: "tool-write", level: Low, why: "writes a file in the workspace", effect: EffectWrite}
	ruleToolDelete  = rule{id: "tool-delete", level: Low, why: "deletes a file in the workspace", effect: EffectDelete}
	ruleToolNoPath  = rule{id: "tool-no-path", level: High, why: "changes a file whose path the tool call does not give", effect: EffectWrite}
	ruleToolWeb     = rule{id: "tool-web", level: High, why: "reaches the network", effect: EffectSend}
	ruleToolSink    = rule{id: "tool-sink", level: Minimal, why: "writes to a device that discards what it is given", effect: EffectWrite}
	ruleToolBook    = rule{id: "tool-bookkeeping", level: Minimal, why: "is the agent's own bookkeeping: it runs nothing and changes no file"}
	ruleToolUnknown = rule{id: "tool-unknown", level: High, why: "is a tool permguard does not know"}
	ruleMCPRead     = rule{id: "mcp-read", level: Minimal, why: "is an MCP tool whose name says it only reads (search, list, get, describe, status, read)"}
	ruleMCPOther    = rule{id: "mcp-tool", level: Medium, why: "is an MCP tool that may change things"}
	ruleMCPDestroy  = rule{id: "mcp-destroy", level: High, why: "is an MCP tool whose name says it deletes (delete, destroy, drop, remove, purge)", effect: EffectDelete}
)

var (
	mcpReadVerbs = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"search": true, "list": true, "get": true, "describe": true, "status": true, "read": true, "find": true, "show": true, "view": true, "lookup": true}
	}}
	mcpDestroyWords = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"delete": true, "destroy": true, "drop": true, "remove": true, "purge": true, "truncate": true, "wipe": true, "erase": true}
	}}
)

// mcpRule judges an MCP tool by the words of its name: read_file,
// listIssues, search-docs read; delete_branch destroys; the rest may
// change things. A destroying word anywhere wins over a reading verb.
func mcpRule(name string) rule {
	words := nameWords(name)
	for _, w := range words {
		if mcpDestroyWords.get()[w] {
			return ruleMCPDestroy
		}
	}
	if len(words) > 0 && mcpReadVerbs.get()[words[0]] {
		return ruleMCPRead
	}
	return ruleMCPOther
}

// nameWords splits an identifier into lowercase words at _, -, ., spaces
// and lower-to-upper case changes.
func nameWords(s string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ' || r == '/' || r == ':':
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return words
}
