package classify

import (
	"path"
	"strings"
)

// A word the policy judges may stand for more than one path: the values
// a dynamic word is known to take, the names links give a path, the
// place a .. climbs to through a directory anyone may have changed, and,
// for a glob, every path it could match. This file judges each of them
// and keeps the worst (design §2.3, §2.6).

// worseOf judges a and every value it is known to take, and keeps the
// worst: a known place adds its meaning to the unknown.
// follow says what a link as the path's last element means: followed (a
// write) or not (a delete acts on the link itself); see linkAlts.
func (po *policy) worseOf(a arg, follow bool, judge func(arg) (rule, bool)) (rule, bool) {
	ru, ok := judge(a)
	known := knownArgs(a)
	for _, k := range known {
		// as bad as the unknown: the known place's reason says more
		if ru2, ok2 := judge(k); ok2 && (!ok || rank(ru2) >= rank(ru)) {
			ru, ok = ru2, ok2
		}
	}
	for _, k := range append(known, a) {
		for _, l := range po.st.linkAlts(k, follow) {
			if ru2, ok2 := judge(l); ok2 {
				if ru2 = po.throughLink(ru2, l); !ok || rank(ru2) > rank(ru) {
					ru, ok = ru2, true
				}
			}
		}
	}
	if alt, dots := dotDotGlob(a); dots {
		// a glob component that begins with a dot matches .. in bash
		// before 5.2 (.*/src is ../src there; the red team of issue 29)
		if ru2, ok2 := judge(arg{val: alt, pos: a.pos}); ok2 && (!ok || rank(ru2) > rank(ru)) {
			ru, ok = ru2, ok2
		}
	}
	if !a.dyn && po.climbsUnknown(a.val) {
		// .. after a glob or a link someone else can plant: the parent
		// could be anywhere
		if ru2, ok2 := judge(arg{val: a.val, dyn: true, pos: a.pos}); ok2 && (!ok || rank(ru2) > rank(ru)) {
			ru, ok = ru2, ok2
		}
	}
	return ru, ok
}

// dotDotGlob is a glob's path with its first component that begins with
// a dot, holds a glob character and matches .. (.*, .?*) read as .., which
// bash matches with it before 5.2 (globskipdots).
func dotDotGlob(a arg) (string, bool) {
	if a.dyn || !a.glob {
		return "", false
	}
	parts := strings.Split(a.val, "/")
	for i, c := range parts {
		if m, err := path.Match(c, ".."); len(c) > 1 && c[0] == '.' && hasGlobChar(c) && c != ".." && (m || err != nil) {
			parts[i] = ".."
			return strings.Join(parts, "/"), true
		}
	}
	return "", false
}

// throughLink words the reason of a rule that l, a name reached through
// a link, raised. A change that lands on a file that runs code later or
// holds a secret while its name says the workspace is dangerous, however
// high the level: the call hides what it changes, and only a person who
// typed the confirmation can mean it.
func (po *policy) throughLink(ru rule, l arg) rule {
	ru.via = joinDetail(l.via+" leads to "+l.to, ru.via)
	if l.dyn && l.to == toNotKnown && ru.level >= High && !ru.dangerous && ru.id == ruleWriteUnknown.id {
		// a write through a link permguard could not finish following
		// (a loop, or a search past its budget, which an input can spend
		// on purpose): it may land on anything
		ru.dangerous = true
	}
	if !l.dyn && ru.level >= High && !ru.dangerous &&
		(po.basePlace(l.val) == placePersistence || po.isStartup(l.val) || po.isSecret(l.val) || po.isSecretDir(l.val)) {
		ru.dangerous = true
	}
	return ru
}

// climbsUnknown reports a path whose .. follows a glob, or a directory
// inside a temporary directory, where anyone may have put a symbolic
// link: cleaning it lexically would guess where it leads.
func (po *policy) climbsUnknown(p string) bool {
	if !strings.Contains(p, "..") {
		return false
	}
	if !strings.HasPrefix(p, "/") {
		cwd, cwdDyn := po.judgeDir()
		if cwdDyn || cwd == "" {
			return false
		}
		p = cwd + "/" + p
	}
	cur := ""
	glob := false
	for _, e := range strings.Split(p, "/") {
		switch e {
		case "", ".":
			continue
		case "..":
			if glob || po.insideTemp(cur) && !po.ownWorkspace(cur) {
				return true
			}
			cur = path.Dir(cur)
			continue
		}
		glob = glob || hasGlobChar(e)
		cur += "/" + e
	}
	return false
}

// ownWorkspace reports a directory in the workspace (or the workspace
// itself) when the workspace is not a temporary directory: its names are
// the user's, and a link among them is one the engine follows before the
// call is judged (design §2.6, Links), so a .. there climbs where it
// says, as it does in a workspace anywhere else.
func (po *policy) ownWorkspace(p string) bool {
	ws := path.Clean(po.env.Workspace)
	if po.env.Workspace == "" || ws == "/" || !within(p, ws) {
		return false
	}
	for _, t := range po.env.TempDirs {
		if path.Clean(t) == ws {
			return false
		}
	}
	return true
}

// insideTemp reports a path strictly below a temporary directory.
func (po *policy) insideTemp(p string) bool {
	for _, t := range po.env.TempDirs {
		if t = path.Clean(t); t != "/" && strings.HasPrefix(p, t+"/") {
			return true
		}
	}
	return false
}

// tempDir reports a temporary directory, or a path below one (d is
// absolute and clean).
func (po *policy) tempDir(d string) bool {
	for _, t := range po.env.TempDirs {
		if t = path.Clean(t); t != "/" && within(d, t) {
			return true
		}
	}
	return false
}

// readsSecret reports whether reading the path a names could expose
// credentials: a as written, a glob that could match one, and every
// value a dynamic word is known to take. dirs counts a directory of
// credentials and any file in one, for tools that read a whole tree.
func (po *policy) readsSecret(a arg, dirs bool) bool {
	cands := knownArgs(a)
	if a.pat != "" && strings.HasPrefix(a.pat, "/") {
		// only an absolute pattern: a relative one is in the
		// workspace, or anywhere after a cd
		cands = append(cands, arg{val: a.pat, glob: true, pos: a.pos})
	}
	if !a.dyn || a.tmp || a.ext {
		// ($TMPDIR/x is followed under the caller's TMPDIR, and an
		// extended pattern expanded by the caller)
		cands = append(cands, a)
	}
	for _, k := range cands {
		for _, l := range po.st.linkAlts(k, true) {
			// (a name that could not be followed is read as a path only
			// known at run time is: not raised, design §2.3; the input
			// cannot push a path of its own past the search's budget,
			// which takes the paths as named first, nor past the list's,
			// which is a limit)
			if !l.dyn && (po.isSecret(l.val) || dirs && po.isSecretDir(l.val)) {
				return true
			}
			if !l.dyn {
				po.noteRead(l.val)
			}
		}
	}
	for _, k := range cands {
		v := k.val
		if v == "" || k.tmp || k.ext || po.insideWorkspace(v) {
			continue
		}
		if p, ok := po.abs(v); ok {
			if po.isSecret(p) || dirs && po.isSecretDir(p) {
				return true
			}
			po.noteRead(p)
		}
	}
	return false
}

// noteRead lists p, a file outside the workspace read and no secret by
// its name, for the caller to look at what it holds (Verdict.Reads): a
// key under a generic name is a secret by content (design §2.6, "Secrets
// found on disk"). A pattern is listed as it is: the caller expands it,
// and a match that holds a key makes the pattern read one (isSecret).
func (po *policy) noteRead(p string) {
	if p = path.Clean(p); po.lookable(p) {
		po.st.noteRead(p)
	}
}

// lookable reports an absolute path outside the workspace: one the
// caller may look at on disk for secrets (the workspace's own files are
// the project's, whatever they hold).
func (po *policy) lookable(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	if po.env.Workspace == "" {
		return true
	}
	if hasGlobChar(p) {
		// a pattern matches only inside the workspace when its literal
		// start is there
		lit := "/"
		for _, e := range splitPath(p) {
			if hasGlobChar(e) {
				break
			}
			lit = path.Join(lit, e)
		}
		return !within(lit, po.env.Workspace)
	}
	return !within(p, po.env.Workspace)
}

// A glob could match a secret or a protected place when the two patterns
// could match one common string, element by element: ~/.*/credentials
// and .aws/credentials, /home/*/.ssh/* and ~/.ssh/id_*. The tables below
// are such patterns; a path given as plain text is the simplest pattern.

// homePats are where homes are: any user's secrets are secrets.
var homePats = [][]string{{"root"}, {"home", "*"}, {"Users", "*"}, {"var", "root"}}

// secretPatsAbs are secrets outside any home, as trees: the path or
// anything below it.
var secretPatsAbs = [][]string{
	{"etc", "shadow"}, {"etc", "gshadow"}, {"etc", "sudoers"}, {"etc", "master.passwd"}, {"proc", "*", "environ"},
	{"etc", "ssh", "ssh_host_*_key"},
	// mounted service-account tokens and container secrets
	{"var", "run", "secrets"}, {"run", "secrets"},
}

// secretPatsHome are secretsHome as patterns: a name in that table is a
// prefix ("id_" is every id_*), and a trailing / is a directory.
var secretPatsHome = lazy[[][]string]{build: func() [][]string {
	var out [][]string
	for _, s := range secretsHome {
		segs := strings.Split(strings.TrimSuffix(s, "/"), "/")
		if !strings.HasSuffix(s, "/") {
			segs[len(segs)-1] += "*"
		}
		out = append(out, segs)
	}
	return out
}}

// splitPath splits an absolute clean path into its elements.
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// homeRels returns what follows a home directory in the elements pe, for
// every home pe could be in: the user's own, root's, anyone's.
func (po *policy) homeRels(pe []string) [][]string {
	var out [][]string
	hp := homePats
	if h := splitPath(po.env.Home); len(h) > 0 {
		hp = append([][]string{h}, hp...)
	}
	for _, h := range hp {
		if len(pe) > len(h) && po.elemsMeet(h, pe[:len(h)]) {
			out = append(out, pe[len(h):])
		}
	}
	return out
}

// treeMeets reports whether the elements pe could name pat or something
// below it.
func (po *policy) treeMeets(pat, pe []string) bool {
	return len(pe) >= len(pat) && po.elemsMeet(pat, pe[:len(pat)])
}

// elemsMeet reports whether two equally long lists of elements could
// match a common path.
func (po *policy) elemsMeet(a, b []string) bool {
	for i := range a {
		if !globsMeet(a[i], b[i], po.st.dotglob()) {
			return false
		}
	}
	return true
}

// globSecret reports whether p, a path with glob characters or in
// another user's home, could name a secret.
func (po *policy) globSecret(p string) bool {
	pe := splitPath(p)
	for _, rel := range po.homeRels(pe) {
		for _, s := range secretPatsHome.get() {
			if po.treeMeets(s, rel) {
				return true
			}
		}
	}
	for _, s := range secretPatsAbs {
		if po.treeMeets(s, pe) {
			return true
		}
	}
	for _, rel := range po.homeRels(pe) {
		if po.browserSecret(rel) {
			return true
		}
	}
	// a key file is known by its name, so only a pattern that names one
	// (*.pem, id.p*, .env*) can be after one: a bare * in a directory is
	// not
	return len(pe) > 0 && po.secretByName(p)
}

// globSecretDir is isSecretDir for a path with glob characters or in
// another user's home.
func (po *policy) globSecretDir(p string) bool {
	pe := splitPath(p)
	for _, rel := range po.homeRels(pe) {
		for _, d := range secretDirsHome {
			if po.treeMeets(strings.Split(d, "/"), rel) {
				return true
			}
		}
	}
	return false
}

// globUnderHome reports whether a glob path p could be at or below one of
// rels, relative to the user's home.
func (po *policy) globUnderHome(p string, rels []string) bool {
	h := splitPath(po.env.Home)
	pe := splitPath(p)
	if len(h) == 0 || len(pe) <= len(h) || !po.elemsMeet(h, pe[:len(h)]) {
		return false
	}
	for _, r := range rels {
		if po.treeMeets(strings.Split(r, "/"), pe[len(h):]) {
			return true
		}
	}
	return false
}

// otherHome reports a path in a home directory that is not the user's.
func (po *policy) otherHome(p string) bool {
	if within(p, po.env.Home) {
		return false
	}
	pe := splitPath(p)
	for _, h := range homePats {
		if len(pe) > len(h) && po.elemsMeet(h, pe[:len(h)]) {
			return true
		}
	}
	return false
}
