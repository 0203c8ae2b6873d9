package classify

import (
	"strings"
)

// Rules shared by many rows.
var (
	readFiles  = rule{id: "read-only", level: Minimal, why: "reads files or prints information without changing anything"}
	searchRule = rule{id: "search", level: Minimal, why: "searches files"}
	infoRule   = rule{id: "system-info", level: Minimal, why: "prints information about the system"}
	textRule   = rule{id: "text-filter", level: Minimal, why: "transforms text as it passes through"}
	archiveW   = rule{id: "archive-write", level: Low, why: "packs or unpacks files"}
	editorRule = rule{id: "editor", level: High, why: "opens an interactive program that can change any file"}
	netRule    = rule{id: "network", level: High, why: "talks to the network", sends: true}
	procRead   = rule{id: "process-info", level: High, why: "lists the open files and connections of every process"}
	termRule   = rule{id: "terminal", level: Minimal, why: "changes how the terminal displays output"}
)

// execOpts raises a call that uses an option making the program run
// other code.
func execOpts(c *call, opts, why string) {
	if c.hasOpt(opts) {
		c.raise(r("runs-program", High, why))
		for o := range strings.FieldsSeq(opts) {
			if v, ok := c.optValue(o); ok && !v.dyn && strings.ContainsAny(v.val, " ;|&") {
				c.runScript(FrameScript, v.val)
			}
		}
	}
}

// writeOpts judges the files named by output options.
func writeOpts(c *call, opts string) {
	for o := range strings.FieldsSeq(opts) {
		if v, ok := c.optValue(o); ok {
			if ru, bad := c.w.writeRule(v); bad {
				c.raise(ru)
			}
		}
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
