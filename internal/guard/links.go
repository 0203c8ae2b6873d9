package guard

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
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
	maxLinkSteps = 4096                  // lstat and readlink calls for one call
	maxLinkHops  = 40                    // links followed for one path, as the kernel's own limit
	linkTime     = 10 * time.Millisecond // for the whole search
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
	deadline time.Time
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
func linksOf(paths []string, dirs []string) map[string][]string {
	if len(paths) == 0 {
		return nil
	}
	s := newLinkSearch(dirs)
	var out map[string][]string
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

// spend counts one system call; false past a budget.
func (s *linkSearch) spend() bool {
	s.steps++
	return s.steps <= maxLinkSteps && (s.steps%64 != 0 || time.Now().Before(s.deadline))
}

// names walks raw as the kernel would, element by element, and returns
// each name it reaches by following a link (the link's target with the
// rest of the path after it), and last where it really leads; nil when
// it passes through no link. A regular file with other hard links, or a
// walk past a budget, adds classify.LinkNotKnown.
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
	elems := splitElems(rest)
	var out []string
	hops := 0
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
		next := cur + "/" + e
		if cur == "/" {
			next = cur + e
		}
		mode, cached := s.seen[next]
		if !cached || len(elems) == 0 {
			if !s.spend() {
				return append(out, classify.LinkNotKnown)
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
				return append(appendName(out, s.lexical(next)), classify.LinkNotKnown)
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
		hops++
		if hops > maxLinkHops || !s.spend() {
			return append(out, classify.LinkNotKnown)
		}
		target, err := s.readlink(next)
		if err != nil || target == "" {
			return append(out, classify.LinkNotKnown)
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		elems = append(splitElems(target), elems...)
		// the name the link leads to, read as written, before the links
		// on it are followed in turn
		out = appendName(out, s.lexical(filepath.Join(append([]string{cur}, elems...)...)))
	}
	if out == nil {
		return nil
	}
	return appendName(out, s.lexical(cur))
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

func appendName(names []string, n string) []string {
	if len(names) > 0 && names[len(names)-1] == n {
		return names
	}
	return append(names, n)
}

func splitElems(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
}

// linkDirs are the directories a call's paths are named against, whose
// real names the search maps back (linkRoot).
func linkDirs(ce classify.Env, env Env) []string {
	dirs := append([]string{ce.Workspace, ce.Cwd, ce.Home, env.ConfigDir, env.StateDir}, ce.TempDirs...)
	return dirs
}
