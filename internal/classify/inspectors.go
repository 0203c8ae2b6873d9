package classify

import "strings"

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

var ruleChmodWorkspace = rule{id: "chmod-workspace", level: Low, why: "changes the permissions of files in the workspace"}

// chmodBase is chmod's own row: low when every target is a static path in
// the workspace or a temporary directory and the mode is static; the
// checks after it judge modes that open files to everyone, setuid,
// recursion over a directory that matters and guard files.
func chmodBase(c *call) rule {
	ts := targets(c.args)
	if _, ref := c.optValue("--reference"); !ref {
		if len(ts) == 0 || ts[0].dyn {
			return ruleChmod
		}
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return ruleChmod
	}
	for _, t := range ts {
		if t.dyn {
			return ruleChmod
		}
		if ru, bad := c.w.writeRule(t); bad && (ru.level > Low || ru.dangerous) {
			return ruleChmod
		}
		if ru, ok := c.w.deleteRule(t, true); ok && ru.id != "delete-temp" {
			// the workspace root, .git, a parent: not a file of the project
			return ruleChmod
		}
	}
	return ruleChmodWorkspace
}

// xxdOutput: xxd [options] [infile [outfile]]; the values of -s, -l, -c
// and their kin are no operands.
func xxdOutput(c *call) {
	var ops []arg
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "-" {
			ops = append(ops, a)
			continue
		}
		if hasWord("-c -cols -g -groupsize -l -len -o -offset -s -seek -n -name", a.val) {
			i++
		}
	}
	if len(ops) >= 2 {
		if ru, bad := c.w.writeRule(ops[1]); bad {
			c.raise(ru)
		}
	}
}
