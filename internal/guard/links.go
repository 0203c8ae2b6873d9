package guard

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/safefile"
)

// Links on the paths a call names (design §2.6, "Links"): the classifier
// lists the paths it judged inside the workspace or a temporary directory
// (classify.Verdict.Paths), this file looks on disk for the symbolic links
// on them, and the classifier judges again with every name each path
// reaches (classify.Env.Links). The classifier stays pure; the engine reads
// what it asks for, within a budget, without opening a file.

// Budgets for the search (design §7): past them, a path not searched yet
// counts as leading somewhere not known (classify.LinkNotKnown), which is
// never lower than the truth.
const (
	maxLinkSteps = 4096 // lstat and readlink calls for one call
	maxLinkHops  = 40   // links followed for one path, as the kernel's own limit
	maxLinkNames = 64   // names of one path (a glob's matches)
	// minTimedSteps are the steps a search takes before its time counts
	minTimedSteps = 256
	maxMatterDir  = 256                   // files of one directory compared with a hard-linked file
	linkTime      = 40 * time.Millisecond // for the whole search
)

// linkRoot is a directory the classifier knows by one name (lex) and the
// kernel by another (real): a workspace reached through a link, macOS's
// /tmp, a home directory on another disk. A path found below real is
// named below lex again, so that the classifier knows it for what it is.
type linkRoot struct{ lex, real string }

// linkSearch looks for links on the paths of one call.
type linkSearch struct {
	dirs     []string
	roots    []linkRoot // the real names of dirs, worked out when a link is found
	rooted   bool
	steps    int
	spent    bool
	deadline time.Time
	// mattering are the files a hard-linked file is compared with, matter
	// their identities (worked out the first time one is met)
	mattering []string
	matter    map[[2]uint64]string
	// plain reports a name that changes no verdict (a file in the
	// workspace with nothing special about it), which is not reported;
	// globRoots are where a glob is expanded: where the call's agent can
	// make links at all below high
	plain     func(string) bool
	globRoots []string
	// aliases are the files that matter that are links, with where they
	// lead (aliasesOf)
	aliases   []linkRoot
	aliased   bool
	aliasable []string // the files that matter that may be links into place
	// stops are where aliasesOf stops climbing: the workspace, the home
	// and temporary directories (links above them are the user's way there)
	stops []string
	// seen caches what lstat said of each directory on the way: the paths
	// of one call share most of them
	seen     map[string]os.FileMode
	lstat    func(string) (os.FileInfo, error)
	readlink func(string) (string, error)
}

func newLinkSearch(dirs []string) *linkSearch {
	s := &linkSearch{deadline: time.Now().Add(linkTime), lstat: os.Lstat, readlink: os.Readlink}
	for _, d := range dirs {
		if d != "" && filepath.IsAbs(d) {
			s.dirs = append(s.dirs, filepath.Clean(d))
		}
	}
	return s
}

// realRoots works out the real names of the directories, once: only a
// search that found a link needs them, to name what it reaches.
func (s *linkSearch) realRoots() {
	if s.rooted {
		return
	}
	s.rooted = true
	for _, d := range s.dirs {
		if real, err := filepath.EvalSymlinks(d); err == nil && real != d {
			s.roots = append(s.roots, linkRoot{lex: d, real: real})
		}
	}
}

// linksOf returns classify.Env.Links for paths: for each that reaches
// another name through a link, every name, or nil when none does.
func linksOf(paths, dirs []string, mattering matterList, plain func(string) bool, globRoots, stops []string) map[string][]string {
	if len(paths) == 0 {
		return nil
	}
	s := newLinkSearch(dirs)
	s.mattering, s.plain, s.globRoots, s.stops = mattering.all, plain, globRoots, stops
	s.aliasable = mattering.aliasable
	var out map[string][]string
	// the paths a call names as they are first, globs last: a glob over a
	// large directory cannot spend the budget of the others
	paths = slices.Clone(paths)
	slices.SortStableFunc(paths, func(a, b string) int {
		ga, gb := strings.ContainsAny(a, "*?[("), strings.ContainsAny(b, "*?[(")
		// (a ( may start an extended pattern)
		switch {
		case ga == gb:
			return 0
		case gb:
			return -1
		}
		return 1
	})
	for _, p := range paths {
		if names := s.names(p); len(names) > 0 {
			if out == nil {
				out = map[string][]string{}
			}
			out[p] = names
		}
	}
	return out
}

// Budgets for the walk of a tree a command reads following links
// (classify.Verdict.Trees): past them, a link below may lead anywhere.
const (
	maxTreeEntries = 20000
	treeTime       = 40 * time.Millisecond
)

// treeBudget is maxTreeEntries, smaller in a test of the budget.
var treeBudget = maxTreeEntries

// treeLinksOf returns classify.Env.TreeLinks for trees: for each, the
// names every link below it leads to (the links' own paths are in the
// tree, and the classifier judges them there), nil when none has a link.
// The walk enters no link; it reads the entries' types from the
// directory, without a stat per file.
func treeLinksOf(trees, dirs []string, mattering matterList, plain func(string) bool) map[string][]string {
	if len(trees) == 0 {
		return nil
	}
	s := newLinkSearch(dirs)
	s.mattering, s.aliasable, s.plain = mattering.all, mattering.aliasable, plain
	s.deadline = time.Now().Add(treeTime)
	var out map[string][]string
	entries := 0
	for _, t := range trees {
		var names []string
		queue := []string{filepath.Clean(t)}
		if fi, err := os.Lstat(queue[0]); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			// the root itself a link: followed, as every walker does
			names = s.names(queue[0])
			if real, err := filepath.EvalSymlinks(queue[0]); err == nil {
				queue[0] = real
			}
		}
		for len(queue) > 0 {
			dir := queue[0]
			queue = queue[1:]
			des, err := readDirEntries(dir, treeBudget-entries)
			entries += len(des)
			if err != nil || entries >= treeBudget || s.over() {
				if err == nil || entries >= treeBudget || s.over() {
					names = appendName(names, classify.LinkNotKnown)
					break
				}
				continue // a directory that cannot be read is read by nobody
			}
			for _, de := range des {
				p := joinPath(dir, de.Name())
				switch {
				case de.Type()&os.ModeSymlink != 0:
					for _, n := range s.names(p) {
						names = s.add(names, n)
					}
				case de.IsDir():
					queue = append(queue, p)
				}
			}
		}
		if len(names) > 0 {
			if out == nil {
				out = map[string][]string{}
			}
			out[t] = names
		}
	}
	return out
}

// readDirEntries reads at most n entries of dir; an error past n.
func readDirEntries(dir string, n int) ([]os.DirEntry, error) {
	f, err := safefile.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	des, err := f.ReadDir(n + 1)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(des) > n {
		return des[:n], nil
	}
	return des, nil
}

// spend counts one system call; false past a budget, and from then on.
func (s *linkSearch) spend() bool {
	s.steps++
	return !s.over()
}

// over reports a search past its budget of steps or time; once over, it
// stays over, so no path is searched by halves.
func (s *linkSearch) over() bool {
	// the clock counts only past the first steps: an ordinary call's few
	// lstats must give the same answer however loaded the machine is (a
	// stall of the process is no slow file system), and a search past
	// them is bounded in time as well as in steps
	if !s.spent && (s.steps > maxLinkSteps || s.steps > minTimedSteps && time.Now().After(s.deadline)) {
		s.spent = true
	}
	return s.spent
}

// names walks raw as the kernel would, element by element, and returns
// each name it reaches by following a link (the link's target with the
// rest of the path after it), and last where it really leads; nil when
// it passes through no link. An element that is a glob is expanded as the
// shell will (every match followed, dot files too). A regular file with
// other hard links is named by the file that matters it is, or else
// classify.LinkElsewhere; a walk past a budget adds classify.LinkNotKnown.
func (s *linkSearch) names(raw string) []string {
	if !strings.HasPrefix(raw, "/") {
		return nil
	}
	cur, rest := "/", raw[1:]
	// start below the directory the path lies in, as it is named: links
	// above it are the way the user reaches it, not the call's doing
	if d := s.dirOf(raw); d != "" {
		cur, rest = d, strings.TrimPrefix(raw[len(d):], "/")
	}
	var out []string
	s.walk(cur, splitElems(rest), 0, false, &out)
	// a file that matters may itself be a link to here (a dotfiles
	// repository: ~/.bashrc -> ~/dotfiles/bashrc): then this is that file
	real := filepath.Clean(raw)
	for i := len(out) - 1; i >= 0; i-- {
		if n := out[i]; n != classify.LinkNotKnown && n != classify.LinkElsewhere {
			real = n
			break
		}
	}
	for _, a := range s.aliasesOf() {
		if within(a.real, real) {
			out = s.add(out, a.lex+real[len(a.real):])
		}
	}
	return out
}

// aliasesOf returns the files that matter (mattering) that are links,
// each with where it really leads, worked out once per search. It reads
// the type of each file and of the directories above it (up to the home
// or config directory, whose own links lexical maps) from its directory's
// listing: one read per directory, not a stat per file.
func (s *linkSearch) aliasesOf() []linkRoot {
	if s.aliased {
		return s.aliases
	}
	s.aliased = true
	types := map[string]map[string]os.FileMode{}
	typeOf := func(p string) (os.FileMode, bool) {
		dir, name := filepath.Dir(p), filepath.Base(p)
		t, ok := types[dir]
		if !ok {
			t = map[string]os.FileMode{}
			if s.spend() {
				if f, err := safefile.OpenDir(dir); err == nil {
					des, _ := f.ReadDir(maxMatterDir * 4)
					f.Close()
					for _, de := range des {
						t[de.Name()] = de.Type()
					}
				}
			}
			types[dir] = t
		}
		m, ok := t[name]
		return m, ok
	}
	seen := map[string]bool{}
	for _, m := range s.aliasable {
		p := strings.TrimSuffix(m, "/")
		if strings.HasSuffix(p, "_") || strings.ContainsAny(filepath.Base(p), "*?[") {
			p = filepath.Dir(p)
		}
		for ; p != "/" && p != "." && !seen[p] && !slices.Contains(s.stops, p); p = filepath.Dir(p) {
			seen[p] = true
			if t, ok := typeOf(p); !ok || t&os.ModeSymlink == 0 {
				continue
			}
			if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
				s.aliases = append(s.aliases, linkRoot{lex: p, real: real})
			}
		}
	}
	return s.aliases
}

// walk goes on from the real directory cur through elems, hops links
// followed so far (linked: at least one), adding names to out.
func (s *linkSearch) walk(cur string, elems []string, hops int, linked bool, out *[]string) {
	for len(elems) > 0 {
		e := elems[0]
		elems = elems[1:]
		switch e {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		if isGlob(e) {
			s.expand(cur, e, elems, hops, linked, out)
			return
		}
		next := joinPath(cur, e)
		mode, cached := s.seen[next]
		if !cached || len(elems) == 0 {
			if !s.spend() {
				*out = s.add(*out, classify.LinkNotKnown)
				return
			}
			fi, err := s.lstat(next)
			if err != nil {
				// missing (a file about to be written), or not a
				// directory: the rest is read as written
				cur = filepath.Join(append([]string{next}, elems...)...)
				elems = nil
				break
			}
			mode = fi.Mode()
			if len(elems) == 0 && mode.IsRegular() && otherNames(fi) {
				*out = s.add(*out, s.lexical(next))
				*out = s.add(*out, s.hardLinked(fi))
				return
			}
			if mode.IsDir() {
				if s.seen == nil {
					s.seen = map[string]os.FileMode{}
				}
				s.seen[next] = mode
			}
		}
		if mode&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		if descriptor(next) || ownDir(next, elems) {
			// a descriptor's name means whatever the command has open
			// there, not what permguard has: the classifier's own rules
			// judge it by its name
			return
		}
		hops++
		if hops > maxLinkHops || !s.spend() {
			*out = s.add(*out, classify.LinkNotKnown)
			return
		}
		target, err := s.readlink(next)
		if err != nil || target == "" {
			*out = s.add(*out, classify.LinkNotKnown)
			return
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		elems = append(splitElems(target), elems...)
		linked = true
		// the name the link leads to, read as written, before the links
		// on it are followed in turn
		*out = s.add(*out, s.lexical(filepath.Join(append([]string{cur}, elems...)...)))
	}
	if linked {
		*out = s.add(*out, s.lexical(cur))
	}
}

// descriptor reports a link that names an open descriptor of the process
// that opens it (/dev/stdout, /dev/fd/3, /proc/self/fd/5,
// /proc/1234/fd/5): followed here, it would be permguard's.
func descriptor(p string) bool {
	switch {
	case p == "/dev/stdin" || p == "/dev/stdout" || p == "/dev/stderr" || strings.HasPrefix(p, "/dev/fd/"):
		return true
	case strings.HasPrefix(p, "/proc/"):
		rest := strings.SplitN(p[len("/proc/"):], "/", 3)
		return len(rest) == 3 && (rest[1] == "fd" || rest[1] == "fdinfo")
	}
	return false
}

// ownDir reports the directory or root of the process that opens the
// path (/proc/self/cwd, /proc/thread-self/root): the command's, which the
// classifier resolves (the current directory, /), not permguard's
// /proc/<pid>. (Other entries, /proc/self/fd/5, are followed to
// /proc/<pid>: judged there as a system path, as before.)
func ownDir(p string, rest []string) bool {
	return (p == "/proc/self" || p == "/proc/thread-self") && len(rest) > 0 && (rest[0] == "cwd" || rest[0] == "root")
}

// expand follows each name in the directory cur that the glob element
// pat matches, then the rest of the path; ** (globstar) also matches any
// depth of directories. A glob that matches nothing stays as written (a
// file of that name), which adds nothing.
func (s *linkSearch) expand(cur, pat string, elems []string, hops int, linked bool, out *[]string) {
	if !slices.ContainsFunc(s.globRoots, func(r string) bool { return within(r, cur) }) {
		// elsewhere the classifier's own glob rules judge it
		return
	}
	names, ok := s.readDir(cur)
	if !ok {
		*out = s.add(*out, classify.LinkNotKnown)
		return
	}
	for _, n := range names {
		if len(*out) >= maxLinkNames {
			return
		}
		if !globMatch(pat, n) {
			continue
		}
		if len(elems) > 0 {
			// the shell expands a/*/b only through directories
			if fi, err := os.Stat(joinPath(cur, n)); err != nil || !fi.IsDir() || !s.spend() {
				continue
			}
		}
		s.walk(cur, append([]string{n}, elems...), hops, linked, out)
		if pat == "**" {
			if fi, err := s.lstat(joinPath(cur, n)); err == nil && fi.IsDir() && s.spend() {
				s.expand(joinPath(cur, n), pat, elems, hops, linked, out)
			}
		}
	}
}

// isGlob reports an element the shell may expand: a wildcard, or an
// extended pattern (@(a|b), !(x), +(x), *(x), ?(x)) that shopt -s extglob
// makes one.
func isGlob(e string) bool {
	if strings.ContainsAny(e, "*?[") {
		return true
	}
	for _, op := range []string{"@(", "!(", "+("} {
		if strings.Contains(e, op) {
			return true
		}
	}
	return false
}

// globMatch is classify.GlobMatches made wider, never narrower, for the
// shell's options the input may set: nocaseglob (case ignored), a
// multibyte character that ? or [...] matches as one (any name with one
// matches), and extended patterns (any name matches).
func globMatch(pat, name string) bool {
	if classify.GlobMatches(pat, name) || classify.GlobMatches(strings.ToLower(pat), strings.ToLower(name)) {
		return true
	}
	if !isASCII(pat) || !isASCII(name) || strings.Contains(pat, "(") {
		return true
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// readDir lists the names in dir, within the budget, as spending one step
// per name; ok is false past the budget, true with none for a directory
// that cannot be read (a glob there matches nothing).
func (s *linkSearch) readDir(dir string) ([]string, bool) {
	if !s.spend() {
		return nil, false
	}
	// a directory only, never a wait on a FIFO put where one was
	f, err := safefile.OpenDir(dir)
	if err != nil {
		return nil, true
	}
	defer f.Close()
	names, err := f.Readdirnames(maxLinkSteps)
	s.steps += len(names) / 32
	if err != nil && err != io.EOF || len(names) == maxLinkSteps || s.over() {
		return nil, false
	}
	return names, true
}

// hardLinked names a file with other hard links: the file that matters
// it is (permguard's settings, a guard file, a startup file, a key), when
// it is one, else classify.LinkElsewhere.
func (s *linkSearch) hardLinked(fi os.FileInfo) string {
	id, ok := fileID(fi)
	if !ok {
		return classify.LinkElsewhere
	}
	if s.matter == nil {
		s.matter = map[[2]uint64]string{}
		for _, p := range s.mattering {
			s.noteMatter(p)
		}
	}
	if n, ok := s.matter[id]; ok {
		return n
	}
	return classify.LinkElsewhere
}

// noteMatter notes the identity of the file p, or of each file in the
// directory p when it ends in "/", or of those in its directory that
// start with its last element when it ends in "_" ("~/.ssh/id_"), or
// match it when that element is a glob ("settings*.json").
func (s *linkSearch) noteMatter(p string) {
	dir, pat := filepath.Dir(p), filepath.Base(p)
	switch {
	case strings.HasSuffix(p, "/"):
		dir, pat = strings.TrimSuffix(p, "/"), "*"
	case strings.HasSuffix(p, "_"):
		pat += "*"
	case !strings.ContainsAny(pat, "*?["):
		if fi, err := os.Stat(p); err == nil && s.spend() {
			if fi.IsDir() {
				s.noteMatter(p + "/")
			} else if id, ok := fileID(fi); ok {
				s.matter[id] = p
			}
		}
		return
	}
	names, ok := s.readDir(dir)
	if !ok || len(names) > maxMatterDir {
		return
	}
	for _, n := range names {
		if classify.GlobMatches(pat, n) && s.spend() {
			if fi, err := os.Stat(joinPath(dir, n)); err == nil && fi.Mode().IsRegular() {
				if id, ok := fileID(fi); ok {
					s.matter[id] = joinPath(dir, n)
				}
			}
		}
	}
}

func joinPath(dir, name string) string {
	if dir == "/" {
		return dir + name
	}
	return dir + "/" + name
}

// dirOf returns the directory p lies in, the deepest when several do.
func (s *linkSearch) dirOf(p string) string {
	best := ""
	for _, d := range s.dirs {
		if within(d, p) && len(d) > len(best) {
			best = d
		}
	}
	return best
}

// lexical names p as the classifier knows it: below a directory's
// lexical name when it lies below its real one.
func (s *linkSearch) lexical(p string) string {
	s.realRoots()
	var best linkRoot
	for _, r := range s.roots {
		if within(r.real, p) && len(r.real) > len(best.real) {
			best = r
		}
	}
	if best.real == "" {
		return p
	}
	return filepath.Join(best.lex, strings.TrimPrefix(p[len(best.real):], "/"))
}

// add is appendName for a name that matters: one that leads nowhere
// special is left out (linkSearch.plain).
func (s *linkSearch) add(names []string, n string) []string {
	if s.plain != nil && n != classify.LinkNotKnown && n != classify.LinkElsewhere && s.plain(n) {
		return names
	}
	return appendName(names, n)
}

// appendName adds n to names once; past maxLinkNames, the rest is not
// known.
func appendName(names []string, n string) []string {
	switch {
	case slices.Contains(names, n):
		return names
	case len(names) >= maxLinkNames:
		if !slices.Contains(names, classify.LinkNotKnown) {
			names = append(names, classify.LinkNotKnown)
		}
		return names
	}
	return append(names, n)
}

func splitElems(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
}

// linksFor looks for the links on the paths and below the trees a first
// classification v judged.
func linksFor(v classify.Verdict, ce classify.Env, env Env) (links, trees map[string][]string) {
	if len(v.Paths) == 0 && len(v.Trees) == 0 {
		return nil, nil
	}
	dirs, matter := linkDirs(ce, env), mattering(ce, env)
	plain := classify.PlainPaths(ce)
	roots := append([]string{ce.Workspace}, ce.TempDirs...)
	return linksOf(v.Paths, dirs, matter, plain, roots, append(roots, ce.Home)), treeLinksOf(v.Trees, dirs, matter, plain)
}

// linkDirs are the directories a call's paths are named against, whose
// real names the search maps back (linkRoot).
func linkDirs(ce classify.Env, env Env) []string {
	// not the call's own directory: the agent names it, and it may be a
	// path through a link (cwd ws/h, h -> ~), which would hide that link
	return append([]string{ce.Workspace, ce.Home, env.ConfigDir, env.StateDir}, ce.TempDirs...)
}

// matterList is what a hard-linked file is compared with (all, read by
// linkSearch.noteMatter) and the files that may be links into place
// (aliasable, linkSearch.aliasesOf).
type matterList struct{ all, aliasable []string }

// mattering lists the files that matter: the home's startup files,
// footholds and secrets, permguard's directories, the guard files.
func mattering(ce classify.Env, env Env) matterList {
	var m matterList
	if ce.Home != "" {
		for _, rel := range classify.HomeFilesThatMatter() {
			m.all = append(m.all, ce.Home+"/"+rel)
		}
		for _, rel := range classify.HomeFootholds() {
			m.aliasable = append(m.aliasable, ce.Home+"/"+rel)
		}
	}
	var more []string
	for _, d := range []string{env.ConfigDir, env.StateDir} {
		if d != "" {
			more = append(more, d+"/")
		}
	}
	for _, p := range ce.Protected {
		if filepath.IsAbs(p.Path) {
			if p.Tree {
				more = append(more, p.Path+"/")
			} else {
				more = append(more, p.Path)
			}
		}
	}
	m.all = append(m.all, more...)
	m.aliasable = append(m.aliasable, more...)
	return m
}
