package classify

import (
	"strings"
)

// Interactive programs: pagers, manual readers, editors and openers.

var editorTools = []tool{
	{names: "glow", rule: readFiles, check: func(c *call) {
		for _, a := range positional(c.args) {
			if strings.Contains(a.val, "://") || strings.HasPrefix(a.val, "github.com/") || strings.HasPrefix(a.val, "gitlab.com/") {
				c.raise(netRule)
				return
			}
		}
	}},
	{names: "less more most", rule: readFiles, check: func(c *call) {
		pagerCommands(c)
		execOpts(c, "-k --lesskey-file --lesskey-src --lesskey-content") // a key file can set commands to run
		writeOpts(c, "-o -O --log-file --LOG-FILE")
	}},
	{names: "man", rule: rule{id: "man", level: Minimal, why: "shows a manual page"}, check: func(c *call) {
		execOpts(c, "-P --pager -C --config-file -H --html -X --gxditview")
	}},
	{names: "info", rule: rule{id: "man", level: Minimal, why: "shows a manual page"}, check: func(c *call) { writeOpts(c, "-o --output") }},
	{names: "vi vim nvim nano emacs pico ed ex view code subl micro helix hx kak joe mcedit", rule: editorRule, check: func(c *call) {
		// an editor run by commands (vim -c, ed with a script on stdin)
		// changes the files it opens without anyone at the keyboard
		c.guardChanges(positional(c.args), false)
	}},
	{names: "open xdg-open start explorer", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}},
}

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
