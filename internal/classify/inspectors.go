package classify

import (
	"strings"
)

// Read-only and workspace-only forms of programs whose other forms do
// more (issue 14, classes 3 and 4): an interpreter that only checks
// syntax, chmod of files in the workspace, xxd whose option values are
// no output file.

var ruleSyntaxCheck = rule{id: "syntax-check", level: Minimal, why: "checks a file's syntax without running it"}

// syntaxOptions are, per interpreter, the option that only checks syntax
// and the options that may come with it. Perl is not here: perl -c runs
// BEGIN blocks. Any other option (ruby -c -r lib loads code) leaves the
// interpreter's own judgment.
var syntaxOptions = lazy[map[string]struct{ check, with string }]{build: func() map[string]struct{ check, with string } {
	return map[string]struct{ check, with string }{
		"ruby":   {check: "-c", with: "-w -W -W0 -W1 -W2 --verbose -wc -cw"},
		"node":   {check: "-c --check", with: ""},
		"nodejs": {check: "-c --check", with: ""},
		"php":    {check: "-l --syntax-check", with: "-n"},
	}
}}

// syntaxCheckOnly raises the syntax-check row when c only checks the
// syntax of static files, and reports whether it did.
func syntaxCheckOnly(c *call) bool {
	opts, ok := syntaxOptions.get()[c.name]
	if !ok {
		return false
	}
	checks, files := false, 0
	for _, a := range c.args {
		switch {
		case a.dyn:
			return false
		case hasWord(opts.check, a.val):
			checks = true
		case hasWord(opts.with, a.val):
			if strings.Contains(a.val, "c") && c.name == "ruby" {
				checks = true
			}
		case strings.HasPrefix(a.val, "-"):
			return false
		default:
			files++
		}
	}
	if !checks || files == 0 {
		return false
	}
	c.raise(ruleSyntaxCheck)
	return true
}
