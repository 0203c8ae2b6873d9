package classify

import (
	"path"
	"strings"
)

// The guard's integrity (design §2.9): a file that decides whether the
// guard runs at all is worth more than any file in the workspace. The
// caller lists those files in Env.Protected; this file matches paths
// against them, and against the text of inline code.

// guardMatch is how a path relates to a protected file.
type guardMatch uint8

const (
	guardNone   guardMatch = iota
	guardFile              // the protected file itself, or a file below a protected tree
	guardHolder            // a directory that holds a protected file: deleting or moving it removes that file
)

// guardPat is one Env.Protected entry, split for matching.
type guardPat struct {
	elems []string // lowercased path elements; patterns where glob is set
	abs   bool
	tree  bool
	glob  bool
	what  string
}

// guardIndex is Env.Protected made ready for matching, built once per
// walker and only when a path needs it.
type guardIndex struct {
	pats []guardPat
	// markers are literal strings one of which every path that can match
	// must contain; a relative path without any of them is judged without
	// the index (the workspace fast path).
	markers []string
	// needles are the strings whose mention in inline code counts as
	// naming a protected file.
	needles []guardNeedle
}

type guardNeedle struct{ text, what string }

func newGuardIndex(env Env) *guardIndex {
	g := &guardIndex{}
	for _, pp := range env.Protected {
		p := strings.ToLower(path.Clean(pp.Path))
		if p == "." || p == "/" || p == "" {
			// protecting everything would make every write dangerous:
			// an entry like that is a caller's mistake, not a policy
			continue
		}
		gp := guardPat{abs: strings.HasPrefix(p, "/"), tree: pp.Tree, what: pp.What}
		gp.elems = strings.Split(strings.TrimPrefix(p, "/"), "/")
		for _, e := range gp.elems {
			if hasGlobChar(e) {
				gp.glob = true
			}
		}
		g.pats = append(g.pats, gp)
		// the literal start of the last elements is what any matching path,
		// and any code naming the file, must spell out
		rel := p
		if gp.abs {
			if h := strings.ToLower(env.Home); h != "" && strings.HasPrefix(p, h+"/") {
				rel = p[len(h)+1:]
			}
		}
		lit := rel
		if i := strings.IndexAny(rel, "*?["); i >= 0 {
			lit = rel[:i]
		}
		if len(lit) >= 4 {
			g.needles = append(g.needles, guardNeedle{lit, pp.What})
		}
		if !gp.abs {
			// an absolute entry inside the workspace turns the fast path
			// off instead (see newWalker)
			first := gp.elems[0]
			if i := strings.IndexAny(first, "*?["); i >= 0 {
				first = first[:i]
			}
			g.markers = append(g.markers, first)
		}
	}
	return g
}

func hasGlobChar(s string) bool { return strings.ContainsAny(s, "*?[") }

// guard returns the walker's index of protected files.
func (w *walker) guard() *guardIndex {
	if w.guards == nil {
		w.guards = newGuardIndex(w.env)
	}
	return w.guards
}

// mayBeGuarded reports whether v, a path as written, could name a
// protected file or a directory that holds one; false is certain.
func (w *walker) mayBeGuarded(v string) bool {
	if len(w.env.Protected) == 0 {
		return false
	}
	lv := v
	if hasUpper(v) {
		lv = strings.ToLower(v) // only then: this runs for every path in the workspace
	}
	for _, m := range w.guard().markers {
		if m == "" || strings.Contains(lv, m) {
			return true
		}
	}
	return false
}

// guardOf matches the absolute clean path p against the protected files
// and returns the best match and what the file is.
func (w *walker) guardOf(p string) (guardMatch, string) {
	if len(w.env.Protected) == 0 {
		return guardNone, ""
	}
	lp := strings.ToLower(p)
	var pe []string
	if lp != "/" {
		pe = strings.Split(strings.TrimPrefix(lp, "/"), "/")
	}
	best, what := guardNone, ""
	for i := range w.guard().pats {
		gp := &w.guards.pats[i]
		if m := gp.match(pe); m != guardNone && (best == guardNone || m < best) {
			best, what = m, gp.what
			if m == guardFile {
				break
			}
		}
	}
	return best, what
}

func (gp *guardPat) match(pe []string) guardMatch {
	n := len(gp.elems)
	if gp.abs {
		switch {
		case len(pe) >= n && gp.elemsMatch(gp.elems, pe[:n]):
			if len(pe) == n || gp.tree {
				return guardFile
			}
		case len(pe) < n && gp.elemsMatch(gp.elems[:len(pe)], pe):
			return guardHolder
		}
		return guardNone
	}
	// a project's file: at any depth
	for s := 0; s+n <= len(pe); s++ {
		if gp.elemsMatch(gp.elems, pe[s:s+n]) && (s+n == len(pe) || gp.tree) {
			return guardFile
		}
	}
	for k := n - 1; k >= 1; k-- {
		if k <= len(pe) && gp.elemsMatch(gp.elems[:k], pe[len(pe)-k:]) {
			return guardHolder
		}
	}
	return guardNone
}

// elemsMatch compares path elements; a pattern on either side (the
// entry's settings*.json, or a glob the command gives) may match, since
// a glob that could match a protected file counts as matching it.
func (gp *guardPat) elemsMatch(pats, names []string) bool {
	for i, n := range names {
		p := pats[i]
		if p == n {
			continue
		}
		if gp.glob && hasGlobChar(p) {
			if ok, _ := path.Match(p, n); ok {
				continue
			}
		}
		if hasGlobChar(n) && (p[0] != '.' || n[0] == '.') && (i > 0 || gp.abs || strings.Trim(n, "*?") != "") {
			// a project's file matches in any directory, so a bare * at
			// its start would make rm -rf build/* delete opencode.json;
			// below a name that matched, .claude/* does reach it
			// as bash globs: a leading * or ? passes over dot files
			if ok, _ := path.Match(n, p); ok {
				continue
			}
		}
		return false
	}
	return true
}

// guardRule is the rule for changing a protected file: verb says how
// ("changes", "deletes", "moves away").
func guardRule(verb, what string) rule {
	if what == "" {
		what = "a file that runs the guard"
	}
	return danger("guard-file", "could switch the guard off: "+verb+" "+what)
}

// guardTarget judges an argument that a command writes, deletes, moves or
// changes the mode of. holders counts a directory that holds a protected
// file (deleting it, moving it away, copying a tree over it).
func (w *walker) guardTarget(a arg, holders bool) (rule, bool) {
	if len(w.env.Protected) == 0 {
		return rule{}, false
	}
	v := a.val
	if a.dyn {
		// a word known only at run time may still be known to be one
		// of these files: "$HOME/.claude/settings.json", or a value
		// static text gave it
		switch hv, ok := w.homeWord(a.val); {
		case ok:
			v = hv
		case a.cand != "":
			v = a.cand
		default:
			return rule{}, false
		}
	}
	p, ok := w.abs(v)
	if !ok {
		return rule{}, false
	}
	m, what := w.guardOf(p)
	if m == guardFile || holders && m == guardHolder {
		if m == guardHolder {
			what = "a directory that holds " + what
		}
		return guardRule("changes", what), true
	}
	return rule{}, false
}

// mentionsGuard reports inline code that names a protected file or one of
// permguard's variables: code that writes there switches the guard off
// as surely as a redirect does, and reading code for intent is guesswork,
// so naming is enough.
func (w *walker) mentionsGuard(code string) (string, bool) {
	lc := strings.ToLower(code)
	if strings.Contains(lc, "permguard_") {
		return "permguard's variables", true
	}
	for _, o := range ownHome {
		if strings.Contains(lc, o) {
			return "permguard's own settings", true
		}
	}
	if strings.Contains(lc, ".permguard/") {
		return "permguard's own settings", true
	}
	if len(w.env.Protected) == 0 {
		return "", false
	}
	for _, n := range w.guard().needles {
		if strings.Contains(lc, n.text) {
			return n.what, true
		}
	}
	return "", false
}

// guardRuleID is the rule of every change to a protected file.
const guardRuleID = "guard-file"

// guardChanges raises the guard rule for each target the command changes
// in place (chmod, chown, setfacl, touch); recursive ones reach what a
// directory holds.
func (c *call) guardChanges(ts []arg, recursive bool) {
	for _, t := range ts {
		if ru, bad := c.w.guardTarget(t, recursive); bad {
			c.raise(ru)
		}
	}
}

// guardCopies judges what a copy, move, link or sync puts into dest: the
// destination itself, and dest/<name> for each source, which is where a
// source lands when dest is a directory. A source that is a tree lands
// over a directory that holds a protected file, so holders count there.
func (c *call) guardCopies(dest arg, sources []arg) {
	if len(c.w.env.Protected) == 0 {
		return
	}
	if dest.dyn {
		// "$HOME/.claude/" is known, though dynamic
		for _, k := range knownArgs(dest) {
			c.guardCopies(k, sources)
		}
		return
	}
	// dest itself counts as a file, not as a holder: copying a tree into
	// ~/.local/bin adds to it, and what lands there is dest/<name>
	if ru, bad := c.w.guardTarget(dest, false); bad {
		c.raise(ru)
		return
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
		if ru, bad := c.w.guardTarget(into, true); bad {
			c.raise(ru)
			return
		}
	}
}

// homeWord resolves a word as written that starts with $HOME or ${HOME}
// and continues with static text, when this input has not set HOME.
func (w *walker) homeWord(text string) (string, bool) {
	if w.env.Home == "" || !strings.Contains(text, "HOME") {
		return "", false
	}
	if _, set := w.vars["HOME"]; set {
		return "", false
	}
	t := strings.NewReplacer(`"`, "", `'`, "").Replace(text)
	for _, pre := range []string{"$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(t, pre); ok && !strings.ContainsAny(rest, "$`\\*?[{") {
			return w.env.Home + "/" + rest, true
		}
	}
	return "", false
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
