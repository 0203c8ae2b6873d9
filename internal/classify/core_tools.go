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

// withOperands returns a check that raises a call with any operand to ru
// (hostname NAME sets the host name; hostname alone prints it).
func withOperands(ru rule) func(c *call) {
	return func(c *call) { raiseWithOperands(c, ru) }
}

// raiseWithOperands is withOperands for a table row: a row's check is a
// func literal, because a call in a package-level initializer is work at
// start-up.
func raiseWithOperands(c *call, ru rule) {
	if len(positional(c.args)) > 0 {
		c.raise(ru)
	}
}

var ruleSetHostname = rule{id: "set-hostname", level: High, why: "changes the machine's host name"}

// pagerCommands: less +CMD runs CMD at start, and a CMD of !x runs the
// shell command x.
func pagerCommands(c *call) {
	for _, a := range c.args {
		if a.dyn || !strings.HasPrefix(a.val, "+") {
			continue
		}
		if i := strings.IndexByte(a.val, '!'); i >= 0 {
			c.raise(r("pager-shell", High, "makes the pager run a shell command"))
			c.runScript(FrameScript, a.val[i+1:])
		}
	}
}

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

func hasAssignArg(args []arg) bool {
	for _, a := range args {
		if !a.dyn && len(a.val) > 1 && a.val[0] != '-' && containsByte(a.val, '=') {
			return true
		}
	}
	return false
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// ssCheck raises what ss does besides listing: -K (--kill) closes every
// socket its filter matches, any process's when run as root, and -D
// (--diag) writes the raw answer to a file. ss takes long options
// abbreviated (getopt_long): --ki is --kill.
func ssCheck(c *call) {
	if c.hasOpt("-K") || longPrefixOf(c.args, "--kill", 3) {
		c.raise(rule{id: "ss-kill", level: High, why: "closes network connections, any process's when run as root"})
	}
	writeOpts(c, "-D --diag")
}

// longPrefixOf reports an argument that is long option full, or a prefix
// of it at least min bytes long (an abbreviation getopt_long accepts),
// with or without "=value".
func longPrefixOf(args []arg, full string, min int) bool {
	for _, a := range args {
		v := optWord(a)
		if v == "--" {
			return false
		}
		name, _, _ := strings.Cut(v, "=")
		if len(name) >= min && strings.HasPrefix(full, name) {
			return true
		}
	}
	return false
}
