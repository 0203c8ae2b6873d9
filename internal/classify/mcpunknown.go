package classify

import "strings"

// The arguments of MCP tools no table describes (design §3, "Any other
// tool"): a tool of a server nobody mapped, an argument a table does not
// list, an open object's leaves, and the arguments of a tool permguard
// does not know at all. They are read for what would matter whatever the
// tool does with them.

// unknown reads arguments no table describes for what matters whatever
// the tool does: a value that, run as a shell command, would be
// dangerous; a path to a secret; a path that matters to a tool whose name
// says it writes. Anything else in them raises nothing: prose read as a
// command is an unknown program, which says nothing about the tool.
func (m *mcpJudge) unknown(args []MCPArg) {
	if len(args) == 0 {
		return
	}
	writes := false
	for _, word := range nameWords(m.tc.MCPTool) {
		writes = writes || mcpWriteWords.get()[word]
	}
	for _, a := range args {
		if a.Cut {
			// every value is read as a command here
			m.pastInput(a, whyCut)
			continue
		}
		if m.w.pathLike(a.Value) {
			p := m.path(strings.TrimPrefix(a.Value, "file://"))
			if m.w.readsSecret(p, true) {
				m.raise(ruleReadSecret, a)
			}
			if writes {
				if ru, ok := m.w.writeRule(p); ok && (ru.level >= High || ru.dangerous) {
					m.raise(ru, a)
				}
			}
		}
		if strings.TrimSpace(a.Value) == "" {
			continue
		}
		if m.scanBytes += len(a.Value); m.scanBytes > maxMCPScanBytes {
			m.pastInput(a, whyUnread)
			continue
		}
		v := classifyWith(a.Value, m.w.env, m.w.guard())
		switch {
		case v.Limit != LimitNone || dangerWithoutTerminal(v):
			// past a limit of its own (4,100 commands, then rm -rf ~): as
			// the same text in a Bash call is
			m.scripts = append(m.scripts, mcpScript{v: v, text: a.Value, frame: m.tc.Name + " (argument " + a.Key + ")",
				snip: m.tc.Name + " " + a.Key + "=", msg: "argument " + a.Key + ", if it is run: "})
		case len(v.Commands) > 0 && !hasRuleID(v, ruleUnknown.id) && !hasRuleID(v, parseRule.id):
			// it reads as commands: a link on one of its paths could make
			// it dangerous, which the second look shows (design §2.6)
			for _, p := range v.Paths {
				if !m.w.notePath(p) {
					break
				}
			}
		}
	}
}

// pathLike reports a value that names a file the way a person writes one:
// absolute, from a home (~), from here (./, ../), a file: URL, or with a
// / and a name that matters (a relative path that is not a plain one of
// the workspace). A URL or a sentence is none.
func (w *walker) pathLike(v string) bool {
	if v == "" || len(v) > maxMCPPathBytes || strings.ContainsAny(v, "\n\x00") {
		return false
	}
	for _, p := range []string{"/", "~", "./", "../", "file://"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return strings.Contains(v, "/") && !strings.Contains(v, "://") && !w.insideWorkspace(v)
}

// dangerWithoutTerminal reports a verdict dangerous for a reason other
// than starting an interactive shell or interpreter: what is typed into
// one later passes no check, but a value an MCP server is given has no
// terminal to type into, and "bash" or "python" alone is far more often a
// setting ({"shell": "bash"}, {"language": "python"}) than a command.
func dangerWithoutTerminal(v Verdict) bool {
	if !v.Dangerous {
		return false
	}
	for _, r := range v.Reasons {
		if r.Dangerous && r.Rule != ruleShellTTY.id && r.Rule != ruleInterpTTY.id {
			return true
		}
	}
	return false
}

func hasRuleID(v Verdict, id string) bool {
	for _, r := range v.Reasons {
		if r.Rule == id {
			return true
		}
	}
	return false
}
