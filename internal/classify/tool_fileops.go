package classify

// What file operations have in common, whichever family runs them (the
// files family, tar, curl's and wget's output, the MCP file tools): their
// rules, the targets and sources of a write or copy, where a copy lands,
// modes and setuid; and firstName, isShellName and normValues, which
// several families read command words with.

import (
	"path"
	"strings"
)

var (
	ruleRm      = rule{id: "rm", level: Medium, why: "deletes files"}
	ruleRmForce = rule{id: "rm-recursive-force", level: High, dangerous: true, effect: EffectDelete, why: "deletes recursively and by force, without asking"}
	// writing files inside the workspace is low (design §1); the places
	// that matter (outside, footholds, guard files) raise it
	ruleMove     = rule{id: "file-move", level: Low, why: "moves or renames files"}
	ruleCopy     = rule{id: "file-copy", level: Low, why: "copies files"}
	ruleLink     = rule{id: "file-link", level: Low, why: "creates links"}
	ruleChmod    = rule{id: "chmod", level: High, why: "changes file permissions"}
	ruleChmodAll = rule{id: "chmod-world", level: High, dangerous: true, why: "makes files writable and executable by everyone"}
	ruleChown    = rule{id: "chown", level: High, why: "changes file owners"}
	ruleCreate   = rule{id: "file-create", level: Low, why: "creates files or directories"}
)

// targets returns the operands of a file command: everything that is not
// an option, everything after "--".
func targets(args []arg) []arg { return positional(args) }

// writesTo judges the destination of cp, mv, ln and install, and for mv
// the sources, which disappear from where they were.
func writesTo(c *call, base rule, moveSources bool) {
	c.raise(base)
	if m, ok := c.optValue("-m --mode"); ok && c.name == "install" {
		// install sets the mode as it copies: the low of a copy is no
		// way around chmod's rules
		modeRules(c, m)
	}
	ts := targets(c.args)
	// what may be a directory: anything mv moves, what cp -r copies, what
	// ln -s links to
	tree := c.name == "mv" || c.name == "cp" && c.hasOpt("-r -R -a --recursive --archive") ||
		c.name == "ln" && c.hasOpt("-s --symbolic")
	if o, ok := c.optValue("-t --target-directory"); ok {
		if ru, bad := c.ctx.writeRule(o); bad && ru.level > Low {
			c.raise(ru)
		}
		c.guardCopies(o, ts, false, tree)
		landsIn(c, o, ts)
	} else if len(ts) > 0 {
		dest := ts[len(ts)-1]
		if ru, ok := destRule(c, dest); ok && ru.level > Low {
			c.raise(ru)
		}
		ts = ts[:len(ts)-1]
		c.guardCopies(dest, ts, tree && (len(ts) == 1 || c.hasOpt("-T --no-target-directory")), tree)
		if !c.hasOpt("-T --no-target-directory") {
			landsIn(c, dest, ts)
		}
		if tree && c.hasOpt("-T --no-target-directory") {
			// the source's contents become dest's
			if ru, bad := c.ctx.unknownInto(dest); bad {
				c.raise(ru)
			}
		}
	}
	if c.hasOpt("-b --backup -S --suffix") {
		if o, ok := c.optValue("-t --target-directory"); ok {
			backupRules(c, "-S --suffix", []arg{o}, ts)
		} else if dest, ok := lastArg(targets(c.args)); ok {
			backupRules(c, "-S --suffix", []arg{dest}, ts)
		}
	}
	if c.hasOpt("--parents") && c.name == "cp" {
		if o, ok := c.optValue("-t --target-directory"); ok {
			underDest(c, o, ts)
		} else if dest, ok := lastArg(targets(c.args)); ok {
			underDest(c, dest, ts)
		}
	}
	if moveSources {
		for _, s := range ts {
			if ru, ok := c.ctx.deleteRule(s, true); ok && ru.id != ruleDeleteTemp.id {
				// (moving out of a temporary directory loses nothing: the
				// file lives on where it lands, which is judged above)
				o := occurrence{target: c.target(s), kind: EffectDelete}
				if ru.dangerous {
					o.detail = "moves " + s.val + " away"
				}
				c.raiseWith(ru, o)
			}
		}
	}
}

func lastArg(as []arg) (arg, bool) {
	if len(as) == 0 {
		return arg{}, false
	}
	return as[len(as)-1], true
}

// landsIn judges what a copy, move or link makes when dest is a directory
// (it may be one: nothing says it is not): dest/NAME for each source, so
// that "cp config .git/" is the write of .git/config it is.
func landsIn(c *call, dest arg, sources []arg) {
	if dest.dyn {
		return // judged as a write to an unknown place already
	}
	for _, s := range sources {
		if s.dyn {
			continue
		}
		name := path.Base(strings.TrimSuffix(s.val, "/"))
		if name == "." || name == "/" || name == ".." {
			continue
		}
		into := dest
		into.val = strings.TrimSuffix(dest.val, "/") + "/" + name
		into.glob = dest.glob || s.glob && hasGlobChar(name)
		if ru, bad := c.ctx.writeRule(into); bad && ru.level > Low {
			c.raise(ru)
			return
		}
	}
}

// destRule judges the destination of a copy as a name written; one that
// ends in a slash is a directory the copy writes into and can never
// replace with a file, so the root, home or a parent of the workspace
// written so is judged by what lands there (cp x /tmp/ writes /tmp/x,
// never /tmp).
func destRule(c *call, dest arg) (rule, bool) {
	ru, bad := c.ctx.writeRule(dest)
	if bad && ru.id == ruleWriteCritical.id && !dest.dyn && strings.HasSuffix(dest.val, "/") {
		// the root, home or a parent of the workspace, written into:
		// judged by what lands there
		return c.ctx.writeInto(dest)
	}
	return ru, bad
}

// sources are the operands cp, mv, ln and install read: all but the
// destination, or all with -t.
func sources(c *call) []arg {
	ts := targets(c.args)
	if _, ok := c.optValue("-t --target-directory"); !ok && len(ts) > 0 {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// modeRules judges the mode chmod sets, or mkdir and install with -m:
// open to everyone, or setuid.
func modeRules(c *call, mode arg) {
	m := mode.val
	if mode.dyn || m == "777" || m == "0777" || m == "1777" || m == "666" || m == "0666" ||
		strings.Contains(m, "a+rwx") || strings.Contains(m, "a=rwx") || strings.Contains(m, "o+w") || strings.Contains(m, "ugo+rwx") {
		c.raise(ruleChmodAll)
	}
	if setuid(m) {
		c.raise(danger("chmod-setuid", "makes a program run with its owner's rights (setuid or setgid)"))
	}
}

// setuid reports a mode that sets the setuid or setgid bit: u+s, g+s, or
// an octal mode with 4 or 2 in the high digit (4755, 2755).
func setuid(m string) bool {
	if len(m) == 4 && isNumber(m) && (m[0] == '4' || m[0] == '2' || m[0] == '6') {
		return true
	}
	for _, clause := range strings.Split(m, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.Contains(clause[i:], "s") {
			return true
		}
	}
	return false
}

func firstName(args []arg) (string, bool) {
	if len(args) == 0 || args[0].dyn {
		return "", false
	}
	n := args[0].val
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		n = n[i+1:]
	}
	return strings.ToLower(n), true
}

func isShellName(n string) bool {
	switch n {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "yash", "csh", "tcsh", "rbash":
		return true
	}
	return false
}

// normValues returns every value of the option canon in the normalized
// arguments parseOpts made: the word after each occurrence.
func normValues(c *call, canon string) []arg {
	var out []arg
	for i := 0; i+1 < len(c.args); i++ {
		a := c.args[i]
		if !a.dyn && a.val == "--" {
			break
		}
		if !a.dyn && a.val == canon {
			out = append(out, c.args[i+1])
			i++
		}
	}
	return out
}
