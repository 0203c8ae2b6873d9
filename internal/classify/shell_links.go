package classify

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Links (design §2.6, "Links"). A path the input names inside the
// workspace may be a symbolic link, or pass through one, to anywhere: a
// write to notes.json that is a link to permguard's settings writes the
// settings. The classifier reads no file, so it works in two steps with its
// caller. The first classification lists the paths it judged inside the
// workspace or a temporary directory ([Verdict.Paths]); the caller looks
// for links on them and, when it finds one, classifies again with what it
// found ([Env.Links]). Each such path is then judged as written and as
// every name it reaches, and the worst counts: a link never lowers a
// verdict.
//
// Making a link is judged at the other end: a link is judged as writing to,
// and reading, what it leads to (linkTo). And a command that may make links
// whose targets the input does not show (an extraction whose members are
// not known, a git command that checks out files) makes later writes below
// its directory in the same input writes to a place not known now
// (noteLinksMaybe).
// maxLinkPaths bounds [Verdict.Paths]: past it, paths are judged as
// written only (the caller's lookups have a budget of their own).
const maxLinkPaths = 256

// rawPath returns v as an absolute path with its .. kept: after a link,
// .. climbs from where the link leads, not from where its name sits, so
// the caller must see the path as the kernel will.
func (w *walker) rawPath(v string) (string, bool) {
	switch {
	case strings.HasPrefix(v, "/"):
		return v, true
	case w.cwdDyn || w.cwd == "" || strings.HasPrefix(v, "~"):
		return "", false
	}
	return w.cwd + "/" + v, true
}

// Where a name leads when it cannot be followed, for the reasons.
const (
	toNotKnown  = "a place permguard could not follow (a link loop, or a search past its budget)"
	toElsewhere = "a file that also has other names (hard links) elsewhere"
	toMaybe     = "a link an earlier command of this input may have made, to a place not known now"
)

// linkAlts returns the names a's path reaches through links, as words to
// judge besides a. follow says the last element is followed too, as for a
// write or a read; a delete or a move acts on a link itself, so then only
// the directory it sits in is followed (unless the word ends in /, which
// makes the kernel follow it).
func (w *walker) linkAlts(a arg, follow bool) []arg {
	if a.dyn && !a.tmp && !a.ext || a.net || a.val == "" {
		return nil
	}
	var raw string
	if a.tmp {
		// $TMPDIR/x: under the caller's TMPDIR, when it is known
		t, ok := w.lookupVar("TMPDIR")
		if !ok || !strings.HasPrefix(t, "/") {
			return nil
		}
		raw = t + "/" + a.val
	} else if r, ok := w.rawPath(a.val); ok {
		raw = r
	} else {
		return nil
	}
	key, rest := raw, ""
	if !follow && !strings.HasSuffix(a.val, "/") {
		if i := strings.LastIndexByte(raw, '/'); i > 0 {
			if base := raw[i+1:]; base != "." && base != ".." && base != "" {
				key, rest = raw[:i], raw[i:]
			}
		}
	}
	key = rawClean(key)
	if key == "/" {
		return nil
	}
	var names []string
	if !w.notePath(key) {
		// past the list's budget: the caller never looks at it, so where
		// any later path leads is not known (a limit, design §7)
		names = []string{LinkNotKnown}
		if w.v.Limit == LimitNone {
			w.pastLimit(LimitPaths, limitRule, fmt.Sprintf("names more than %d paths, past which permguard does not look for links", maxLinkPaths), a.pos, a.val)
		}
	} else {
		names = w.linkNames(key)
	}
	if len(w.madeLinks) > 0 {
		if made := w.resolveMade(key, 0); len(made) != 1 || made[0] != path.Clean(key) {
			names = append(made, names...)
		}
	}
	var out []arg
	unknown := func(to string) arg { return arg{val: a.val, dyn: true, pos: a.pos, via: a.val, to: to} }
	for _, e := range names {
		switch e {
		case LinkNotKnown:
			out = append(out, unknown(toNotKnown))
		case LinkElsewhere:
			if follow {
				out = append(out, unknown(toElsewhere))
			}
		default:
			v := path.Clean(e + rest)
			out = append(out, arg{val: v, glob: a.glob && hasGlobChar(v), pos: a.pos, via: a.val, to: v})
		}
	}
	if follow && w.maybeLinked(path.Clean(raw), a.into) {
		out = append(out, unknown(toMaybe))
	}
	return out
}

// rawClean drops the empty and "." elements of an absolute path, and
// keeps every "..": the form of the keys of Verdict.Paths and Env.Links.
func rawClean(p string) string {
	if !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.HasSuffix(p, "/.") && !strings.HasSuffix(p, "/") {
		return p
	}
	var b strings.Builder
	for _, e := range strings.Split(p, "/") {
		if e != "" && e != "." {
			b.WriteByte('/')
			b.WriteString(e)
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// linkNames returns the names Env.Links gives key: its own entry, else
// the entry of the nearest directory above it with the rest of key after
// each name (the caller lists each path it searched, so its own entry is
// the one found; the rest serves callers that list only the links).
func (w *walker) linkNames(key string) []string {
	if len(w.env.Links) == 0 {
		return nil
	}
	if names, ok := w.env.Links[key]; ok {
		return names
	}
	for i := strings.LastIndexByte(key, '/'); i > 0; i = strings.LastIndexByte(key[:i], '/') {
		names, ok := w.env.Links[key[:i]]
		if !ok {
			continue
		}
		out := make([]string, 0, len(names))
		for _, n := range names {
			if n == LinkNotKnown {
				out = append(out, n)
			} else {
				out = append(out, n+key[i:])
			}
		}
		return out
	}
	return nil
}

// notePath lists p for the caller's search for links, and reports
// whether it is listed: false past the list's budget.
func (w *walker) notePath(p string) bool {
	if slices.Contains(w.v.Paths, p) {
		return true
	}
	if len(w.v.Paths) >= maxLinkPaths {
		return false
	}
	w.v.Paths = append(w.v.Paths, p)
	return true
}

// maxReads bounds [Verdict.Reads]: past it, a file read is judged by
// its name only, as every file was before the caller looked at content
// (the caller's reads have a budget of their own).
const maxReads = 64

// noteRead lists p for the caller's look at what the files a call reads
// hold (policy.noteRead).
func (w *walker) noteRead(p string) {
	if len(w.v.Reads) < maxReads && !slices.Contains(w.v.Reads, p) {
		w.v.Reads = append(w.v.Reads, p)
	}
}

// noteMaybePath lists p, a word that names a file only if one is there,
// for the caller to look (Verdict.MaybePaths).
func (w *walker) noteMaybePath(p string) {
	if len(w.v.MaybePaths) < maxReads && !slices.Contains(w.v.MaybePaths, p) {
		w.v.MaybePaths = append(w.v.MaybePaths, p)
	}
}

// noteReadTree lists p, a directory read whole, for the same look
// below it (policy.treeReadsSecret).
func (w *walker) noteReadTree(p string) {
	if len(w.v.ReadTrees) < maxReads && !slices.Contains(w.v.ReadTrees, p) {
		w.v.ReadTrees = append(w.v.ReadTrees, p)
	}
}

// noteLinksMaybe records that a command may have made links, with targets
// the input does not show, anywhere below dir: later writes there in this
// input may land anywhere. The note takes effect when the command is
// done (finish), so that its own words are judged as they are.
func (w *walker) noteLinksMaybe(dir arg) {
	p, ok := "", false
	if !dir.dyn {
		p, ok = w.abs(dir.val)
	}
	if !ok {
		p = "/" // not known: anywhere
	}
	w.linkTreesNext = append(w.linkTreesNext, p)
}

// unknownInto judges a command that writes files whose names only its
// input knows below the directory dir (policy.unknownIntoRule), and notes
// first that what it writes may be links as well, to anywhere.
func (w *walker) unknownInto(dir arg) (rule, bool) {
	w.noteLinksMaybe(dir)
	return w.unknownIntoRule(dir)
}

// maybeLinked reports a path below a directory where an earlier command
// of this input may have made links (the directory itself was there
// before). into says p's last element is no name the input gave, only a
// probe of writing into its directory (writeInto).
func (w *walker) maybeLinked(p string, into bool) bool {
	if into {
		p = path.Dir(p)
	}
	for _, d := range w.linkTrees {
		if p != d && within(p, d) {
			return true
		}
	}
	return false
}

var ruleLinkSecret = rule{id: "link-secret", level: High, why: "makes a link to a secret, so reading through the link reads it"}

// linkTo judges making a link at `at` that leads to target, as writing to
// and reading the target (design §2.6): whatever a later command does
// through the link, it does there. A symbolic link's relative target is
// read from the link's directory (fromLink): at's parent, or at itself
// when at is a directory already (both count). A hard link is the file
// itself under another name, and ln -sr names its target from here: their
// target is read from where the command runs.
func linkTo(c *call, target, at arg, symbolic, fromLink bool) {
	var ts []arg
	switch {
	case !fromLink || !target.dyn && strings.HasPrefix(target.val, "/"):
		ts = []arg{target}
	case target.dyn:
		ts = []arg{target}
		for _, k := range knownArgs(target) {
			if !strings.HasPrefix(k.val, "/") {
				// a relative value, read from a directory not known here
				ts = []arg{{val: target.val, dyn: true, pos: target.pos}}
				break
			}
		}
	case at.dyn:
		ts = []arg{{val: target.val, dyn: true, pos: target.pos}}
	default:
		// joined as written, .. kept: after a link on the way, .. climbs
		// from where that link leads (linkAlts follows it)
		at := strings.TrimSuffix(at.val, "/")
		dir := "."
		if i := strings.LastIndexByte(at, '/'); i >= 0 {
			dir = at[:i]
		}
		if dir == "" {
			dir = "/"
		}
		ts = []arg{
			{val: dir + "/" + target.val, glob: target.glob, pos: target.pos},
			{val: at + "/" + target.val, glob: target.glob, pos: target.pos},
		}
	}
	for i, t := range ts {
		// a descriptor's name means whatever a later process has open
		// (through the resolver: /proc/self/root/x is x, no descriptor)
		v, ok := c.walk().abs(t.val)
		if !ok {
			v = path.Clean(t.val)
		}
		if !t.dyn && (strings.HasPrefix(v, "/dev/fd/") || strings.HasPrefix(v, "/proc/")) {
			ts[i] = arg{val: t.val, dyn: true, pos: t.pos}
		}
	}
	w := c.walk()
	// the link counts for what comes after it, not for its own target
	defer w.noteMadeLink(at, target, ts)
	var worst rule
	found, secret := false, false
	shown, lands := "", ""
	for _, t := range ts {
		if ru, ok := linkWriteRule(w, t, symbolic); ok && (ru.level > Low || ru.dangerous) && (!found || rank(ru) > rank(worst)) {
			worst, found, shown, lands = ru, true, t.val, c.target(t)
			if t.dyn {
				shown, lands = "a place only known at run time", ""
			}
		}
		secret = secret || w.readsSecret(t, symbolic)
	}
	if found {
		c.raiseWith(worst, occurrence{detail: "links to " + shown + ", so writes through the link land there", target: lands})
	}
	if secret {
		c.raise(ruleLinkSecret)
	}
}

// linkTargets returns where a's path leads when it is itself a link, as
// the caller found it (Env.Links): for a copy that keeps links as links.
func (w *walker) linkTargets(a arg) []arg {
	var out []arg
	for _, l := range w.linkAlts(a, true) {
		if l.dyn {
			out = append(out, arg{val: a.val, dyn: true, pos: a.pos})
		} else {
			out = append(out, arg{val: l.val, pos: a.pos})
		}
	}
	return out
}

// linkWriteRule is the rule for writing through a link to t: to t as a
// file, and, for a symbolic link, into t as a directory. A link cannot
// overwrite a directory, so the rule for replacing the root, the home
// directory or a parent of the workspace does not count; writing into it
// does.
func linkWriteRule(w *walker, t arg, symbolic bool) (rule, bool) {
	// (making the link changes nothing in what it leads to)
	ru, ok := w.writeKeeping(t)
	if ok && ru.id == ruleWriteCritical.id {
		ok = false
	}
	if !symbolic {
		return ru, ok
	}
	if ru2, ok2 := w.writeInto(t); ok2 && (!ok || rank(ru2) > rank(ru)) {
		return ru2, ok2
	}
	return ru, ok
}

// gitMayLink notes the work tree of a git command that checks out files
// the input does not show (a branch, a merge, a stash, a patch): a
// committed symbolic link comes out as a link, to wherever it was
// committed to lead. The work tree is the workspace or the directory the
// command runs in; with -C, --git-dir or --work-tree it may be anywhere.
func gitMayLink(c *call, global []arg, sub string, rest []arg) {
	ps := positional(rest)
	switch sub {
	case "checkout", "switch":
		// a new branch where HEAD is changes no file
		if c.hasOpt("-b -B -c -C --orphan --create --force-create") && len(ps) <= 1 {
			return
		}
	case "reset":
		if !c.hasOpt("--hard --merge --keep") {
			return
		}
	case "stash":
		if len(ps) > 0 && !ps[0].dyn && (ps[0].val == "list" || ps[0].val == "show" || ps[0].val == "drop" || ps[0].val == "clear") {
			return
		}
	case "read-tree":
		if !c.hasOpt("-u") {
			return
		}
	case "apply":
		if c.hasOpt("--check --stat --numstat --summary --cached") {
			return
		}
	case "restore", "merge", "pull", "rebase", "cherry-pick", "revert", "am", "checkout-index", "clone",
		"worktree", "submodule", "sparse-checkout", "bisect":
	default:
		return
	}
	elsewhere := sub == "clone" || sub == "worktree" || sub == "submodule"
	for _, g := range global {
		ov := optWord(g)
		elsewhere = elsewhere || g.dyn || strings.HasPrefix(ov, "-C") || strings.HasPrefix(ov, "--git-dir") || strings.HasPrefix(ov, "--work-tree")
	}
	if elsewhere || c.walk().cwdDyn || c.walk().cwd == "" {
		// another tree, a new one, or a nested one: where is not worked
		// out here
		c.walk().linkTreesNext = append(c.walk().linkTreesNext, "/")
		return
	}
	c.walk().linkTreesNext = append(c.walk().linkTreesNext, c.walk().cwd)
	if c.walk().env.Workspace != "" {
		c.walk().linkTreesNext = append(c.walk().linkTreesNext, c.walk().env.Workspace)
	}
}

// madeLink is a link an earlier command of this input made: later paths
// through it are followed as the caller follows the links on disk.
type madeLink struct {
	at string   // where it is: absolute and clean, links this input made followed
	to []string // where it leads: absolute, with .. kept (raw), or LinkNotKnown
}

// maxMadeNames bounds the places one path can be through the links this
// input made (each may lead two ways: see linkTo).
const maxMadeNames = 8

// noteMadeLink records the link at `at` to the targets ts (linkTo's), for
// the commands after this one. A link made at a directory lands inside
// it under the target's name: both count.
func (w *walker) noteMadeLink(at, target arg, ts []arg) {
	if len(w.madeLinks) >= maxLinkPaths {
		return
	}
	// where the link is, and where it leads: through the links made
	// earlier in this input and those the caller found on disk
	places := func(raw string) []string {
		raw = rawClean(raw)
		out := w.resolveMade(raw, 0)
		for _, n := range w.linkNames(raw) {
			if n != LinkNotKnown && n != LinkElsewhere && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		return out
	}
	var ats []string
	if at.tmp {
		if t, ok := w.lookupVar("TMPDIR"); ok && strings.HasPrefix(t, "/") {
			ats = places(t + "/" + at.val)
		}
	} else if p, ok := w.rawPath(at.val); ok && !at.dyn {
		ats = places(p)
	}
	var to []string
	for _, t := range ts {
		q, known := "", false
		if !t.dyn {
			q, known = w.rawPath(t.val)
		}
		if !known {
			to = []string{LinkNotKnown}
			break
		}
		to = append(to, q)
		for _, n := range w.linkNames(rawClean(q)) {
			if n != LinkNotKnown && n != LinkElsewhere && !slices.Contains(to, n) {
				to = append(to, n)
			}
		}
	}
	for _, p := range ats {
		w.madeLinks = append(w.madeLinks, madeLink{at: p, to: to})
		if !target.dyn {
			if base := path.Base(target.val); base != "/" && base != "." && base != ".." {
				w.madeLinks = append(w.madeLinks, madeLink{at: path.Join(p, base), to: to})
			}
		}
	}
}

// resolveMade walks raw as the kernel would, with the links this input
// made as the only links (.. climbs from where a link leads), and returns
// every place it can be: one, raw cleaned, when it meets none of them;
// LinkNotKnown past a budget or for a link to a place not known.
func (w *walker) resolveMade(raw string, depth int) []string {
	if depth > maxLinkHopsMade {
		return []string{LinkNotKnown}
	}
	elems := strings.Split(raw, "/")
	cur := "/"
	for i, e := range elems {
		switch e {
		case "", ".":
			continue
		case "..":
			cur = path.Dir(cur)
			continue
		}
		cur = path.Join(cur, e)
		for _, m := range w.madeLinks {
			if m.at != cur {
				continue
			}
			rest := strings.Join(elems[i+1:], "/")
			var out []string
			for _, t := range m.to {
				if t == LinkNotKnown {
					out = append(out, t)
					continue
				}
				for _, n := range w.resolveMade(t+"/"+rest, depth+1) {
					if len(out) < maxMadeNames && !slices.Contains(out, n) {
						out = append(out, n)
					}
				}
			}
			return out
		}
	}
	return []string{cur}
}

// maxLinkHopsMade bounds the links this input made that one path goes
// through, as the kernel bounds the links it follows.
const maxLinkHopsMade = 8

// PlainPaths returns a test for the caller's search for links (design
// §2.6): whether a path means nothing more than any file in the workspace
// or a temporary directory (no foothold, guard file or special name in
// it). A link that leads to such a path changes no verdict, so the caller
// need not report it: pnpm's node_modules, a monorepo's packages.
func PlainPaths(env Env) func(p string) bool {
	w := newWalker(env, 0)
	parsers.Put(w.parser)
	w.parser = nil
	return func(p string) bool {
		if !strings.HasPrefix(p, "/") || hasGlobChar(p) {
			return false
		}
		p = path.Clean(p)
		switch w.placeOfAbs(p) {
		case placeWorkspace, placeTemp:
			return !hasSpecialName(p) && !w.projectFoothold(p) && !w.mayBeGuarded(p)
		}
		return false
	}
}

// treeNames lists root for the caller's walk (Verdict.Trees) and returns
// the names the links below it lead to, as the caller found them
// (Env.TreeLinks): LinkNotKnown, past its budget, as a dynamic word.
func (w *walker) treeNames(root arg) []arg {
	if root.dyn || root.glob {
		return nil
	}
	raw, ok := w.rawPath(root.val)
	if !ok {
		return nil
	}
	key := rawClean(raw)
	if !strings.HasPrefix(key, "/") || len(w.v.Trees) >= maxLinkPaths {
		return nil
	}
	if !containsStr(w.v.Trees, key) {
		w.v.Trees = append(w.v.Trees, key)
	}
	var out []arg
	for _, n := range w.env.TreeLinks[key] {
		switch n {
		case LinkNotKnown:
			out = append(out, arg{val: root.val, dyn: true, pos: root.pos, via: root.val, to: toNotKnown})
		case LinkElsewhere:
		default:
			out = append(out, arg{val: n, pos: root.pos, via: "a link below " + root.val, to: n})
		}
	}
	return out
}
