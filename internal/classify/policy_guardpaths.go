package classify

import (
	"path"
	"slices"
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
	// writeOnly: deleting here does not switch the guard off
	// (ProtectedPath.WriteOnly)
	writeOnly bool
}

// guardIndex is Env.Protected made ready for matching, built once per
// policy and only when a path needs it.
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
	// sized up front: every hook call builds this index, and growing the
	// slices entry by entry was a fifth of the call's allocated bytes
	n := len(env.Protected)
	g := &guardIndex{pats: make([]guardPat, 0, n), needles: make([]guardNeedle, 0, n), markers: make([]string, 0, n)}
	for _, pp := range env.Protected {
		p := strings.ToLower(path.Clean(pp.Path))
		if p == "." || p == "/" || p == "" {
			// protecting everything would make every write dangerous:
			// an entry like that is a caller's mistake, not a policy
			continue
		}
		gp := guardPat{abs: strings.HasPrefix(p, "/"), tree: pp.Tree, what: pp.What, writeOnly: pp.WriteOnly}
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

// guard returns the policy's index of protected files.
func (po *policy) guard() *guardIndex {
	if po.guards == nil {
		po.guards = newGuardIndex(po.env)
	}
	return po.guards
}

// mayBeGuarded reports whether v, a path as written, could name a
// protected file or a directory that holds one; false is certain.
func (po *policy) mayBeGuarded(v string) bool {
	if len(po.env.Protected) == 0 {
		return false
	}
	if hasGlobChar(v) {
		// .cl*/settings.json names no marker, yet bash expands it to one
		return true
	}
	lv := v
	if hasUpper(v) {
		lv = strings.ToLower(v) // only then: this runs for every path in the workspace
	}
	for _, m := range po.guard().markers {
		if m == "" || strings.Contains(lv, m) {
			return true
		}
	}
	return false
}

// guardOf matches the absolute clean path p against the protected files
// and returns the best match and what the file is.
func (po *policy) guardOf(p string) (guardMatch, string) {
	return po.guardOfFor(p, false)
}

// guardDeleteOf is guardOf for a delete: entries guarded against writes
// only do not count (ProtectedPath.WriteOnly).
func (po *policy) guardDeleteOf(p string) (guardMatch, string) {
	return po.guardOfFor(p, true)
}

func (po *policy) guardOfFor(p string, del bool) (guardMatch, string) {
	if len(po.env.Protected) == 0 {
		return guardNone, ""
	}
	lp := strings.ToLower(p)
	var pe []string
	if lp != "/" {
		pe = strings.Split(strings.TrimPrefix(lp, "/"), "/")
	}
	best, what := guardNone, ""
	for i := range po.guard().pats {
		gp := &po.guards.pats[i]
		if del && gp.writeOnly {
			continue
		}
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
			if ok, _ := path.Match(p, n); ok || hasGlobChar(n) && globsMeet(p, n, true) {
				continue
			}
		}
		if hasGlobChar(n) && (p[0] != '.' || n[0] == '.') && (i > 0 || gp.abs || strings.Trim(n, "*?") != "") {
			// a project's file matches in any directory, so a bare * at
			// its start would make rm -rf build/* delete opencode.json;
			// below a name that matched, .claude/* does reach it
			// as bash globs: a leading * or ? passes over dot files
			// (as bash matches: [!x], [[:alpha:]], which path.Match
			// does not know)
			if globsMeet(n, p, true) {
				continue
			}
		}
		return false
	}
	return true
}

// ruleGuardFile is changing a file the guard depends on: an agent's
// settings and hooks, permguard's own files. What the command does to
// which file is the reason's detail (guardRule).
var ruleGuardFile = rule{id: guardRuleID, level: High, dangerous: true, why: "could switch the guard off",
	policy: true, effect: EffectWrite}

// guardRule is the rule for changing a protected file: verb says how
// ("changes", "deletes", "may overwrite"), what names the file.
func guardRule(verb, what string) rule {
	if what == "" {
		what = "a file that runs the guard"
	}
	ru := ruleGuardFile
	ru.via = verb + " " + what
	if verb == "deletes" {
		ru.effect = EffectDelete
	}
	return ru
}

// guardTarget judges an argument that a command writes, deletes, moves or
// changes the mode of. holders counts a directory that holds a protected
// file (deleting it, moving it away, copying a tree over it).
func (po *policy) guardTarget(a arg, holders bool) (rule, bool) {
	ru, bad := po.guardTargetFor(a, holders, false)
	return po.judged(a, ru, bad)
}

// guardTargetFor is guardTarget; del judges a delete, for which the
// entries guarded against writes only do not count.
func (po *policy) guardTargetFor(a arg, holders, del bool) (rule, bool) {
	if len(po.env.Protected) == 0 {
		return rule{}, false
	}
	v := a.val
	if a.dyn {
		// a word known only at run time may still be known to be one
		// of these files: "$HOME/.claude/settings.json", or a value
		// static text gave it
		switch hv, ok := po.st.homeWord(a.val); {
		case ok:
			v = hv
		case a.cand != "":
			v = a.cand
		default:
			return rule{}, false
		}
	}
	p, ok := po.abs(v)
	if !ok {
		return rule{}, false
	}
	m, what := po.guardOfFor(p, del)
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
func (po *policy) mentionsGuard(code string) (string, bool) {
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
	if len(po.env.Protected) == 0 {
		return "", false
	}
	for _, n := range po.guard().needles {
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
		if ru, bad := c.ctx.guardTarget(t, recursive); bad {
			c.raise(ru)
		}
	}
}

// guardCopies judges what a copy, move, link or sync puts into dest: the
// destination itself, and dest/<name> for each source, which is where a
// source lands when dest is a directory. A source that is a tree lands
// over a directory that holds a protected file, so holders count there.
// becomes says the one source may be a directory that becomes dest when
// dest does not exist yet (cp -r, mv, ln -s): dest then counts as a
// holder too, unless it surely exists (the workspace, home). contents
// says a source written as its contents (cp -r dir/., rsync's dir/) puts
// files whose names are not known now into dest.
func (c *call) guardCopies(dest arg, sources []arg, becomes, contents bool) {
	if len(c.ctx.environment().Protected) == 0 {
		return
	}
	if dest.dyn {
		// "$HOME/.claude/" is known, though dynamic
		for _, k := range knownArgs(dest) {
			c.guardCopies(k, sources, becomes, contents)
		}
		return
	}
	holders := false
	if becomes {
		if p, ok := c.ctx.abs(dest.val); !ok || !c.ctx.surelyExists(p) {
			holders = true
		}
	}
	// dest itself counts as a file, not as a holder, when it must be a
	// directory already: copying a tree into ~/.local/bin adds to it, and
	// what lands there is dest/<name>
	if ru, bad := c.ctx.guardTarget(dest, holders); bad {
		c.raise(ru)
		return
	}
	for _, s := range sources {
		if s.dyn {
			continue
		}
		name := path.Base(strings.TrimSuffix(s.val, "/"))
		if contents && (name == "." || c.name == "rsync" && strings.HasSuffix(s.val, "/")) {
			if ru, bad := c.ctx.unknownInto(dest); bad {
				c.raise(ru)
				return
			}
			continue
		}
		if name == "." || name == "/" || name == ".." {
			continue
		}
		into := dest
		into.val = strings.TrimSuffix(dest.val, "/") + "/" + name
		if ru, bad := c.ctx.guardTarget(into, true); bad {
			c.raise(ru)
			return
		}
	}
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// unknownIntoRule judges a command that writes files whose names only
// its input knows (an archive's members, a patch's files, the contents of
// a tree) below the directory dir. Any of them may be an agent's hook
// configuration when dir holds one, or is a directory an agent reads its
// project settings from: the workspace, where the input starts, and the
// directories above them. A dir known only at run time counts as the worst.
// (The walk's unknownInto notes the links such a command may make first.)
func (po *policy) unknownIntoRule(dir arg) (rule, bool) {
	if len(po.env.Protected) == 0 {
		return rule{}, false
	}
	unknown := guardRule("may overwrite", "an agent's settings or hooks: it writes files whose names are not known now into a directory only known at run time")
	if dir.dyn {
		return unknown, true
	}
	return po.worstOf(dir, func() (rule, bool) {
		p, ok := po.abs(dir.val)
		if !ok {
			return unknown, true
		}
		if m, what := po.guardOf(p); m != guardNone {
			return guardRule("may overwrite", what+": it writes files whose names are not known now"), true
		}
		if po.projectRoot(p) {
			return guardRule("may overwrite", "an agent's project settings or hooks (.claude, .codex, ...): it writes files whose names are not known now into "+dir.val), true
		}
		return rule{}, false
	})
}

// projectRoot reports a directory an agent may read its project settings
// from: the workspace, the directory the input starts in, or one above
// either of them.
func (po *policy) projectRoot(p string) bool {
	for _, d := range []string{po.env.Workspace, startDir(po.env)} {
		if d != "" && within(d, p) {
			return true
		}
	}
	return false
}

// surelyExists reports a directory that is there before any command runs:
// a copy into it adds to it rather than becoming it.
func (po *policy) surelyExists(p string) bool {
	return po.projectRoot(p) || (po.env.Home != "" && within(po.env.Home, p))
}

// findFilter is what a find expression says about the files it selects,
// as far as it can be read without running it.
type findFilter struct {
	names, paths []string // -name and -path patterns, lowercased; all must match
	minDepth     int
	maxDepth     int // -1: no limit
	// open: the expression is more than a list of tests joined by "and"
	// (!, -o, parentheses, -regex): its tests cannot rule a file out
	open bool
}

func findFilterOf(args []arg) findFilter {
	ff := findFilter{maxDepth: -1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			ff.open = true
			continue
		}
		next := ""
		if i+1 < len(args) && !args[i+1].dyn {
			next = strings.ToLower(args[i+1].val)
		}
		switch a.val {
		case "!", "-not", "-o", "-or", ",", "(", ")", "-regex", "-iregex":
			ff.open = true
		case "-name", "-iname":
			ff.names = append(ff.names, next)
			i++
		case "-path", "-ipath", "-wholename", "-iwholename":
			ff.paths = append(ff.paths, next)
			i++
		case "-maxdepth", "-mindepth":
			n := 0
			for _, ch := range next {
				if ch < '0' || ch > '9' || n > 1000 {
					n = -1
					break
				}
				n = n*10 + int(ch-'0')
			}
			if n >= 0 && a.val == "-maxdepth" {
				ff.maxDepth = n
			} else if n >= 0 {
				ff.minDepth = n
			}
			i++
		}
	}
	return ff
}

// findReach returns a protected file that find, started at root, would
// select with the tests ff, as find prints it ("./.claude/settings.json"),
// or "". It looks below a directory that holds a protected file, and in a
// project root for the project's files; like rm -r, it does not count a
// project's files in any other directory.
func (po *policy) findReach(root arg, ff findFilter) string {
	return po.findReachFor(root, ff, false)
}

// findReachFor is findReach; del leaves out the directories of hook
// scripts and the like, where a delete is ordinary (ProtectedPath.WriteOnly). Either way
// the other protected files are tried first, so that what a command run
// on the file found is judged on is the one that matters most.
func (po *policy) findReachFor(root arg, ff findFilter, del bool) string {
	if len(po.env.Protected) == 0 || root.dyn {
		return ""
	}
	p, ok := po.abs(root.val)
	if !ok {
		return ""
	}
	lp := strings.ToLower(p)
	var re []string
	if lp != "/" {
		re = strings.Split(strings.TrimPrefix(lp, "/"), "/")
	}
	project := po.projectRoot(p)
	pats := po.guard().pats
	for j := range 2 * len(pats) {
		gp := &pats[j%len(pats)]
		if gp.writeOnly != (j >= len(pats)) || del && gp.writeOnly {
			continue
		}
		var rest []string
		found := false
		n := len(gp.elems)
		if gp.abs {
			switch {
			case len(re) <= n && gp.elemsMatch(gp.elems[:len(re)], re):
				rest, found = gp.elems[len(re):], true
			case len(re) > n && gp.tree && gp.elemsMatch(gp.elems, re[:n]):
				rest, found = nil, true
			}
		} else {
			// the longest end of root that starts the entry: .claude for
			// .claude/settings*.json; none at all in a project root
			for k := min(n, len(re)); k >= 0 && !found; k-- {
				if (k > 0 || project) && gp.elemsMatch(gp.elems[:k], re[len(re)-k:]) {
					rest, found = gp.elems[k:], true
				}
			}
		}
		if !found {
			continue
		}
		if f, ok := ff.reaches(root.val, rest, gp.tree); ok {
			return f
		}
	}
	return ""
}

// reaches tests the file rest below root against ff; rest may hold
// patterns (settings*.json), and a tree has files of any name below it.
func (ff findFilter) reaches(root string, rest []string, tree bool) (string, bool) {
	names := slices.Clone(rest)
	if tree {
		names = append(names, "*")
	}
	if len(names) == 0 {
		// root is the file itself
		names = nil
	}
	depth := len(names)
	if depth < ff.minDepth || ff.maxDepth >= 0 && depth > ff.maxDepth {
		return "", false
	}
	if n := len(names); n > 0 && !ff.open {
		last := names[n-1]
		for _, np := range ff.names {
			if tree && last == "*" {
				// a tree holds files of any name, but a test for build
				// output (*.pyc, *.o) is not after its configuration
				if ext := path.Ext(globSample(np)); ext != "" && !configExts.get()[ext] {
					return "", false
				}
			}
			ok1, _ := path.Match(np, last)
			ok2, _ := path.Match(last, np)
			if !ok1 && !(hasGlobChar(last) && ok2) {
				return "", false
			}
			if hasGlobChar(last) && !hasGlobChar(np) {
				last = np // the name the test asks for
			}
		}
		names[n-1] = last
	}
	for i, e := range names {
		names[i] = globSample(e)
	}
	f := strings.TrimSuffix(root, "/")
	if len(names) > 0 {
		f += "/" + strings.Join(names, "/")
	}
	if !ff.open {
		for _, pp := range ff.paths {
			if !wildMatch(pp, strings.ToLower(f)) {
				return "", false
			}
		}
	}
	return f, true
}

// configExts are the kinds of file an agent's configuration, hooks and
// extensions are written in.
var configExts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{".json": true, ".jsonc": true, ".toml": true, ".js": true, ".mjs": true, ".cjs": true,
		".ts": true, ".mts": true, ".yaml": true, ".yml": true, ".sh": true, ".py": true}
}}

// globSample returns a name a pattern matches: settings*.json gives
// settings.json.
func globSample(p string) string {
	if !hasGlobChar(p) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '*':
		case '?':
			b.WriteByte('x')
		case '[':
			j := i + 1
			if j < len(p) && (p[j] == '!' || p[j] == '^') {
				j++
			}
			end := strings.IndexByte(p[j+min(1, len(p)-j):], ']')
			if j >= len(p) || end < 0 || p[i+1] == '!' || p[i+1] == '^' {
				b.WriteByte('x')
				if end >= 0 {
					i = j + 1 + end
				}
				continue
			}
			b.WriteByte(p[j])
			i = j + 1 + end
		default:
			b.WriteByte(p[i])
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}

// wildMatch matches s against a find -path pattern, where * and ? match
// "/" too. Its cost is bounded by len(p)*len(s).
func wildMatch(p, s string) bool {
	pi, si, star, mark := 0, 0, -1, 0
	for si < len(s) {
		if pi < len(p) && p[pi] == '*' {
			star, mark = pi, si
			pi++
			continue
		}
		if pi < len(p) {
			if ok, n := matchOne(p[pi:], s[si]); ok {
				pi += n
				si++
				continue
			}
		}
		if star < 0 {
			return false
		}
		pi = star + 1
		mark++
		si = mark
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// matchOne matches the byte c against the pattern element at the start of
// p and returns the element's length.
func matchOne(p string, c byte) (bool, int) {
	switch p[0] {
	case '?':
		return true, 1
	case '\\':
		if len(p) > 1 {
			return p[1] == c, 2
		}
	case '[':
		end := strings.IndexByte(p[min(2, len(p)):], ']')
		if end >= 0 {
			class := p[1 : 2+end]
			neg := class[0] == '!' || class[0] == '^'
			if neg {
				class = class[1:]
			}
			in := false
			for i := 0; i < len(class); i++ {
				if i+2 < len(class) && class[i+1] == '-' {
					in = in || class[i] <= c && c <= class[i+2]
					i += 2
				} else {
					in = in || class[i] == c
				}
			}
			return in != neg, 2 + end + 1
		}
	}
	return p[0] == c, 1
}

// mustAbs is abs for a path known to resolve.
func (po *policy) mustAbs(p string) string {
	a, _ := po.abs(p)
	return a
}
