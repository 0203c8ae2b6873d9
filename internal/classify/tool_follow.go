package classify

// Programs that walk a tree and follow the links they meet in it (design
// §2.6, Links): grep -R reads what every link below the directory leads
// to, a link to ~/.ssh among them, and find -L -exec changes it. The
// names they reach are found by the caller (Verdict.Trees, Env.TreeLinks),
// as for the paths a command names, and judged as the paths the command
// reads, or writes.

// treeWalk says when a program follows links while it walks a tree.
type treeWalk struct {
	// follow: options that make it follow links (every one of them
	// counts); always: it does without any
	follow string
	always bool
	// recursive: options without which it walks no tree ("" when it
	// always does)
	recursive string
	// unless: options that stop it following (zip -y)
	unless string
	// writes: options that make it change what it finds (find -exec runs
	// a command on each, -delete deletes)
	writes string
	// pattern: the first operand is a pattern, not a directory, unless
	// one of patternOpts gives the pattern (grep -e, -f); with no
	// directory it walks .
	pattern     bool
	patternOpts string
}

var treeWalks = lazy[map[string]treeWalk]{build: func() map[string]treeWalk {
	grep := treeWalk{follow: "-R --dereference-recursive", pattern: true, patternOpts: "-e --regexp -f --file"}
	return map[string]treeWalk{
		"grep": grep, "egrep": grep, "fgrep": grep,
		"rgrep": {always: true, pattern: true, patternOpts: "-e --regexp -f --file"},
		"rg":    {follow: "-L --follow", pattern: true, patternOpts: "-e --regexp -f --file"},
		"ag":    {follow: "-f --follow", pattern: true},
		"ack":   {follow: "--follow", pattern: true},
		// (what -exec runs is judged on the names: findCommand)
		"find":  {follow: "-L -follow", writes: "-delete"},
		"zip":   {always: true, recursive: "-r -R --recurse-paths", unless: "-y --symlinks"},
		"tar":   {follow: "-h --dereference"},
		"cp":    {follow: "-L --dereference", recursive: "-r -R -a --recursive --archive"},
		"rsync": {follow: "-L --copy-links -k --copy-dirlinks --copy-unsafe-links"},
	}
}}

var ruleTreeSecret = rule{id: "read-secret-link", level: High, why: "follows a link below the directory it reads to a secret", effect: EffectRead, policy: true}

// followTrees judges a program that walks its operands following links:
// each name a link below one leads to is read (a secret there is read),
// and for a program that changes what it finds, written.
func (c *call) followTrees() {
	tw, ok := treeWalks.get()[c.name]
	if !ok || !tw.always && !c.hasOpt(tw.follow) || tw.recursive != "" && !c.hasOpt(tw.recursive) ||
		tw.unless != "" && c.hasOpt(tw.unless) {
		return
	}
	roots := positional(c.args)
	if tw.pattern && len(roots) > 0 && (tw.patternOpts == "" || !c.hasOpt(tw.patternOpts)) {
		roots = roots[1:]
	}
	if len(roots) == 0 {
		roots = []arg{{val: ".", pos: c.pos}}
	}
	writes := tw.writes != "" && c.hasOpt(tw.writes)
	secret := false
	var worst rule
	found := false
	for _, root := range roots {
		for _, n := range c.ctx.treeNames(root) {
			if n.dyn {
				// links below past the walk's budget: read like a path
				// only known at run time (design §2.3), which a read
				// does not raise; a write through one is judged below
			} else {
				secret = secret || c.ctx.readsSecret(n, true) || c.ctx.holdsSecrets(n.val)
			}
			if !writes {
				continue
			}
			if ru, bad := c.ctx.writeRule(n); bad && (!found || rank(ru) > rank(worst)) {
				worst, found = c.ctx.throughLink(ru, n), true
			}
		}
	}
	if secret {
		c.raise(ruleTreeSecret)
	}
	if found && rank(worst) > int(Low) {
		c.raise(worst)
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// followedNames are the names find -L may hand its -exec command for {}:
// what the links below its one root lead to, as a dynamic word known to
// take them (nil when there are none, or several roots).
func (c *call) followedNames(roots []arg) *arg {
	if len(roots) != 1 || !c.hasOpt("-L -follow") {
		return nil
	}
	names := c.ctx.treeNames(roots[0])
	if len(names) == 0 {
		return nil
	}
	a := arg{val: "{}", dyn: true, pos: roots[0].pos}
	for _, n := range names {
		if !n.dyn {
			a.known = append(a.known, n.val)
		}
	}
	return &a
}
