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

// ClassifyTool returns the verdict for a tool call that runs no shell
// command, with the same guarantees as [Classify]: never empty reasons,
// never a panic.
func ClassifyTool(tc ToolCall, env Env) (v Verdict) {
	w := newWalker(env, 0)
	defer parsers.Put(w.parser)
	defer func() {
		if p := recover(); p != nil {
			v = Verdict{Level: High, Reasons: []Reason{{Rule: "internal-error", Level: High, Pos: Pos{1, 1}, Snippet: snippet(tc.Name),
				Message: "the classifier failed, so the tool call is treated as unknown", Stage: StageToolCall, Effect: Effect{Kind: EffectAction, Target: tc.Name}}}}
			v.Floors = v.Reasons
		}
	}()
	// the call is judged as a tool call: a shell command its arguments
	// run is judged apart, by its own stages (adopt)
	w.stage = StageToolCall
	c := &call{w: w, pos: Pos{1, 1}, snippet: snippet(tc.Name), out: &Command{Pos: Pos{1, 1}, Snippet: snippet(tc.Name)}, stage: StageToolCall, action: tc.Name}
	var scripts []mcpScript // what an MCP tool's arguments run
	switch tc.Kind {
	case ToolFileRead:
		c.raise(ruleToolRead)
		for _, p := range tc.Paths {
			if w.readsSecret(arg{val: p}, true) {
				c.snippet = snippet(tc.Name + " " + p)
				c.raiseWith(ruleReadSecret, occurrence{target: w.pathTarget(arg{val: p})})
			}
		}
	case ToolFileWrite, ToolFileDelete:
		if len(tc.Paths) == 0 {
			c.raise(ruleToolNoPath)
		}
		for _, p := range tc.Paths {
			c.snippet = snippet(tc.Name + " " + p)
			a := arg{val: p}
			var ru rule
			var ok bool
			if tc.Kind == ToolFileWrite {
				ru, ok = w.writeRule(a)
			} else if ru, ok = w.deleteRule(a, false); !ok {
				ru, ok = ruleToolDelete, true
			}
			o := occurrence{target: w.pathTarget(a)}
			switch {
			case !ok:
				c.raiseWith(ruleToolSink, o)
			case ru.id == ruleWriteFile.id:
				c.raiseWith(ruleToolWrite, o)
			default:
				if tc.Kind == ToolFileDelete {
					o.kind = EffectDelete
				}
				c.raiseWith(ru, o)
			}
		}
	case ToolWeb:
		c.snippet = snippet(strings.TrimSpace(tc.Name + " " + tc.Target))
		c.raiseWith(ruleToolWeb, occurrence{target: tc.Target})
	case ToolBookkeeping:
		c.raise(ruleToolBook)
	default:
		// an MCP call, or a tool permguard does not know: maybe an MCP
		// tool under a name that does not say it is one (opencode's
		// <server>_<tool>), else high and raised by what its arguments
		// hold, as an unknown MCP server's are
		scripts = w.mcpCall(c, tc)
	}
	// What settings patterns match: the tool's name, then its paths or
	// target ("Write src/a.go", "WebFetch https://...").
	c.name = tc.Name
	c.args = c.args[:0]
	for _, p := range tc.Paths {
		c.args = append(c.args, arg{val: p})
	}
	if tc.Target != "" && len(tc.Paths) == 0 {
		c.args = append(c.args, arg{val: tc.Target})
	}
	w.finish(c)
	for _, s := range scripts {
		w.adopt(s)
	}
	return w.v
}

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
