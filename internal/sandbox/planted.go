//go:build linux

package sandbox

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The build profile's holes keep the workspace's own repository from
// being changed, but a confined program may make any directory of the
// workspace a repository of its own: sub/.git/config with core.fsmonitor,
// a .git file pointing at a repository in /tmp, hooks in a vendored
// checkout, a bare repository's HEAD, objects and refs in sub/. The next
// git command there, run by the agent outside the sandbox, runs what the
// program chose. [ScanPlanted] finds them once the program and everything
// it started are gone (design §4, row 4b), and [Quarantine] sets each
// aside under a name git does not read.
//
// "During the run" is read from ctimes, which the kernel sets to its own
// clock on every change, rename or chmod, and which no unprivileged
// process can set back, unlike mtimes (touch -d).

// Baseline is the workspace as it was just before a confined run: the
// time as the kernel stamps changes, and the identity of the workspace's
// own .git, its git directory, its common directory and the directories
// in them that hold what runs programs (hooks/, info/, modules/, ...).
type Baseline struct {
	Start time.Time
	root  rootIDs
	// containers of the workspace's own repository, by path: a run that
	// swaps one for another it prepared leaves every file inside with
	// its old ctime
	containers map[string]fileID
	// before are the .git entries, bare repositories, Python start files
	// and symbolic links of the workspace before the run, by path;
	// complete says the walk saw all of it. A repository the run moved
	// into place keeps its old ctimes inside (a rename stamps only what
	// is renamed), so one at a path that held none before, or another
	// one, counts as the run's; so does a link.
	before   map[string]fileID
	complete bool
	// absent are the file holes that did not exist before the run: no
	// placeholder covers them, so whatever is there after it is the run's
	absent []string
	// Writable are the directories outside the workspace the run could
	// write (the temporary ones, --writable): a link the run made into
	// one may lead to a repository it made there. A link elsewhere leads
	// to what was there before the run (a package store, say), which is
	// not walked.
	Writable []string
	// TempDirs are the temporary directories, which count as the
	// workspace for where a link the run made may lead (the run wrote
	// there as freely).
	TempDirs []string
}

// fileID names a file across renames: its device and inode.
type fileID struct{ dev, ino uint64 }

// rootIDs are the workspace's .git entry, the git directory it names and
// that directory's common directory; zero where there is none.
type rootIDs [3]fileID

// TakeBaseline reads the clock and the workspace's own .git; call it just
// before the run, after [BuildHoles].
func TakeBaseline(workspace string) Baseline {
	b := Baseline{Start: kernelNow(), containers: map[string]fileID{}, before: map[string]fileID{}}
	if workspace == "" || workspace == "/" {
		return b // nothing is scanned
	}
	w := walk(workspace, DefaultBudget, time.Now())
	b.complete = w.incomplete == ""
	for _, p := range slices.Concat(w.gits, w.bares, w.pystart, w.links, w.venvs) {
		if st, err := os.Lstat(p); err == nil {
			b.before[p] = idOf(st)
		}
	}
	for _, s := range holeSpecs(workspace) {
		p := filepath.Join(workspace, s.rel)
		if _, err := os.Lstat(p); !s.dir && errors.Is(err, fs.ErrNotExist) {
			b.absent = append(b.absent, p)
		}
	}
	if b.root = rootOf(workspace); b.root[0] == (fileID{}) {
		return b
	}
	// a commondir that names nothing leaves the git directory's own
	// parts to note
	g, err := gitDirOf(filepath.Join(workspace, ".git"))
	if err != nil {
		return b
	}
	c, _ := commonDirOf(g)
	var n int
	for _, dir := range []string{g, c} {
		for _, p := range gitParts(dir, 0, &n) {
			if st, err := os.Lstat(p.path); err == nil && p.container {
				b.containers[p.path] = idOf(st)
			}
		}
	}
	return b
}

// kernelNow is the time the kernel stamps a change with now: the coarse
// real-time clock, which lags time.Now by up to a tick. A change made
// after it is stamped at or after it; one made just before it in the same
// tick is stamped the same, and counts as made during the run.
func kernelNow() time.Time {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, &ts); err != nil {
		// earlier is safe: more counts as changed during the run
		return time.Now().Add(-time.Second)
	}
	return time.Unix(ts.Unix())
}

// ScanPlanted looks through workspace, after a confined run that started
// at b, for git repositories the run created or changed that can run
// programs: every .git entry (directory, file or symbolic link, at any
// depth, and the workspace's own when it had none), every directory that
// is a bare repository, and the parts of the workspace's own repository
// that run programs (its objects and refs are the build's business). A
// repository is "changed" when the entry itself, its git or common
// directory, or one of the parts git reads that can run a program has a
// ctime at or after b.Start: config, config.worktree, commondir, hooks/
// and each hook, info/ and info/attributes, modules/ (each submodule's
// repository in turn), worktrees/, an interrupted rebase or sequencer.
// A changed repository is reported only when those parts can run a
// program: a config key outside [inertKeys], a hook that is not a
// .sample, a commondir in a .git directory, info/attributes, ...; a
// build's git init with a user.email, or a git status in a vendored
// checkout, is not.
//
// The walk reads directories breadth first, several at once, follows no
// symbolic link (a .git that is one is judged by its target), and stops
// at budget, so what is left unread is the deepest. It does not enter a
// .git directory or a bare repository's objects/, where git is not run.
func ScanPlanted(workspace string, b Baseline, budget Budget) PlantedReport {
	s := &scan{ws: workspace, since: b.Start, begin: time.Now(), lookFor: b.root[0], base: b}
	defer func() { s.rep.Elapsed = time.Since(s.begin) }()
	switch workspace {
	case "":
		s.rep.Incomplete = "the workspace is not known"
		return s.rep
	case "/":
		s.rep.Incomplete = "the workspace is the root directory"
		return s.rep
	}
	s.root(b)
	w := walk(workspace, budget, s.begin)
	s.rep.Entries += w.entries
	s.incomplete(w.incomplete)
	for _, dir := range w.bares {
		s.bare(dir)
	}
	for _, entry := range w.gits {
		s.gitEntry(entry, false)
	}
	for _, f := range w.pystart {
		s.pythonStart(f)
	}
	for _, p := range b.absent {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			s.add(Finding{Kind: HoleMade, Path: p, Why: "a file of the box's read-only holes, which did not exist before the run"})
		}
	}
	s.linksOut(w.links, budget)
	s.leading(w.links)
	s.rep.Findings = dedupe(s.rep.Findings)
	if s.lookFor != (fileID{}) {
		for i, f := range s.rep.Findings {
			if f.Kind == RootMoved {
				s.rep.Findings[i].Path = s.foundRoot
			}
		}
	}
	return s.rep
}

// walked is what a walk of the workspace found: its .git entries (but
// the workspace's own) and the directories that look like bare
// repositories, the entries read, and why it stopped short, if it did.
type walked struct {
	gits, bares []string
	// pystart are the files Python runs at every start found in a
	// site-packages directory: *.pth, sitecustomize.py, usercustomize.py
	pystart    []string
	venvs      []string // pyvenv.cfg files: the virtual environments
	links      []string // symbolic links, which the walk does not follow; sorted
	entries    int
	incomplete string
}

// walk reads the directories below workspace breadth first, several at
// once (the time is the kernel's, in openat and getdents, and spreads
// over the cores), without following symbolic links or entering a .git,
// a bare repository's objects/, or anything past the budget.
func walk(workspace string, budget Budget, begin time.Time) walked {
	var (
		mu      sync.Mutex
		wake    = sync.NewCond(&mu)
		queue   = []string{workspace}
		pending = 1 // directories queued or being read
		stopped bool
		out     walked
	)
	stop := func(why string) { // with mu held
		if out.incomplete == "" {
			out.incomplete = why
		}
		stopped = true
		pending -= len(queue)
		queue = nil
	}
	worker := func() {
		for {
			mu.Lock()
			for len(queue) == 0 && pending > 0 {
				wake.Wait()
			}
			if len(queue) == 0 {
				mu.Unlock()
				return
			}
			if budget.Entries > 0 && out.entries > budget.Entries {
				stop(fmt.Sprintf("more than %d entries", budget.Entries))
				wake.Broadcast()
				mu.Unlock()
				continue
			}
			if budget.Time > 0 && time.Since(begin) > budget.Time {
				stop(fmt.Sprintf("more than %v", budget.Time))
				wake.Broadcast()
				mu.Unlock()
				continue
			}
			dir := queue[0]
			queue = queue[1:]
			mu.Unlock()

			ents, err := readDir(dir)
			var why string
			if err != nil && !errors.Is(err, fs.ErrNotExist) && !unreachable(dir, err) {
				why = fmt.Sprintf("%s cannot be read: %v", relIn(workspace, dir), errno(err))
			}
			// git's test for a repository (is_git_directory) follows links
			bare := 0
			for _, e := range ents {
				if n := e.Name(); n == "HEAD" || n == "objects" || n == "refs" {
					bare++
				}
			}
			var subdirs, gits, links, pystart, venvs []string
			site := filepath.Base(dir) == "site-packages" || filepath.Base(dir) == "dist-packages"
			for _, e := range ents {
				switch {
				case e.Name() == ".git":
					if dir != workspace {
						gits = append(gits, filepath.Join(dir, e.Name()))
					}
				case e.IsDir():
					// a bare repository's objects/ too: HEAD, refs and
					// objects/ are easily faked, and a repository below
					// objects/lib would stay unseen
					subdirs = append(subdirs, filepath.Join(dir, e.Name()))
				case e.Type()&fs.ModeSymlink != 0:
					links = append(links, filepath.Join(dir, e.Name()))
				}
				if site && pythonStartFile(e.Name()) {
					pystart = append(pystart, filepath.Join(dir, e.Name()))
				}
				if e.Name() == "pyvenv.cfg" {
					venvs = append(venvs, filepath.Join(dir, e.Name()))
				}
			}

			mu.Lock()
			out.entries += len(ents)
			out.gits = append(out.gits, gits...)
			out.links = append(out.links, links...)
			out.pystart = append(out.pystart, pystart...)
			out.venvs = append(out.venvs, venvs...)
			if bare == 3 {
				out.bares = append(out.bares, dir)
			}
			if why != "" && out.incomplete == "" {
				out.incomplete = why
			}
			if !stopped {
				queue = append(queue, subdirs...)
				pending += len(subdirs)
			}
			pending--
			wake.Broadcast()
			mu.Unlock()
		}
	}
	n := min(max(2*runtime.GOMAXPROCS(0), 4), 16)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker()
		}()
	}
	wg.Wait()
	// the order of the walk is the scheduler's; the findings' is not
	slices.Sort(out.gits)
	slices.Sort(out.bares)
	slices.Sort(out.pystart)
	slices.Sort(out.links)
	return out
}

type scan struct {
	ws        string
	since     time.Time
	begin     time.Time
	rep       PlantedReport
	lookFor   fileID // the workspace's .git as it was, when it was moved
	foundRoot string
	base      Baseline
}

// isNew reports a repository at p (its .git entry, or a bare
// repository's directory) that was not there before the run, or was
// another file: known only where the walk before the run saw all.
func (s *scan) isNew(p string, st fs.FileInfo) bool {
	id, ok := s.base.before[p]
	if !ok {
		return s.base.complete
	}
	return id != idOf(st)
}

func (s *scan) incomplete(why string) {
	if s.rep.Incomplete == "" && why != "" {
		s.rep.Incomplete = why
	}
}

func (s *scan) add(f Finding) { s.rep.Findings = append(s.rep.Findings, f) }

// relIn shows p relative to the workspace when it is inside it.
func relIn(workspace, p string) string {
	if r, err := filepath.Rel(workspace, p); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
		return r
	}
	return p
}

// root judges the workspace's own .git: one that was not there before
// is judged as any other; one that was moved or replaced is reported; the
// same repository is looked at part by part, and only a part that can run
// programs and changed is set aside, so the user keeps the repository.
func (s *scan) root(b Baseline) {
	entry := filepath.Join(s.ws, ".git")
	now := rootOf(s.ws)
	if b.root[0] == (fileID{}) {
		if now[0] != (fileID{}) {
			s.gitEntry(entry, true)
		}
		return
	}
	// A new or rewritten commondir is a changed part, found below,
	// whatever it names (another repository, or nothing yet); the common
	// directory it names swapped for another, or gone, is not.
	commonChanged := false
	if g, err := gitDirOf(entry); err == nil {
		commonChanged = s.changed(filepath.Join(g, "commondir"))
	}
	swapped := b.root[2] != (fileID{}) && now[2] != b.root[2] && !commonChanged
	if now[0] != b.root[0] || now[1] != b.root[1] || swapped {
		// the repository it names, or the .git itself, is another now:
		// judged as planted, and the old one looked for on the way
		s.add(Finding{Kind: RootMoved, Why: "the workspace's own .git was moved or replaced during the run"})
		if now[0] != (fileID{}) {
			s.gitEntry(entry, true)
		}
		return
	}
	g, err := gitDirOf(entry)
	if err != nil {
		return
	}
	c, err := commonDirOf(g)
	if err != nil || b.root[2] == (fileID{}) || commonChanged {
		// a commondir made or rewritten during the run: set aside below,
		// which takes the directory it names out of git's sight (one
		// that names nothing was so before the run, or is changed)
		c = ""
	}
	for _, dir := range []string{g, c} {
		for _, p := range gitParts(dir, 0, &s.rep.Entries) {
			if p.container {
				// its own ctime says only that something inside changed;
				// what can run inside is a part of its own
				if was, ok := b.containers[p.path]; ok {
					if st, err := os.Lstat(p.path); err == nil && idOf(st) != was {
						s.add(Finding{Kind: RootPart, Path: p.path, Why: "replaced"})
					}
				}
				continue
			}
			if s.changed(p.path) && !isPlaceholder(p.path) {
				s.add(Finding{Kind: RootPart, Path: p.path, Why: "changed"})
			}
		}
	}
}

// linksOut walks the directories outside the workspace, in the writable
// ones, that symbolic links the run made lead to: git run in the link's name works in the
// repository there (made by the run in /tmp, say), which the walk of the
// workspace, following no link, never sees. Every repository found there
// counts as the run's.
func (s *scan) linksOut(links []string, budget Budget) {
	seen := map[string]bool{}
	for _, l := range links {
		if !s.changed(l) {
			continue
		}
		target, err := filepath.EvalSymlinks(l)
		if err != nil || within(target, s.ws) || seen[target] || !slices.ContainsFunc(s.base.Writable, func(d string) bool {
			return within(target, d)
		}) {
			continue
		}
		if st, err := os.Stat(target); err != nil || !st.IsDir() {
			continue
		}
		seen[target] = true
		left := budget
		if left.Entries > 0 {
			if left.Entries -= s.rep.Entries; left.Entries <= 0 {
				s.incomplete(fmt.Sprintf("more than %d entries", budget.Entries))
				return
			}
		}
		w := walk(target, left, s.begin)
		s.rep.Entries += w.entries
		s.incomplete(w.incomplete)
		for _, entry := range w.gits {
			s.gitEntry(entry, true)
		}
		// the target itself may be a repository's work tree
		if _, err := os.Lstat(filepath.Join(target, ".git")); err == nil {
			s.gitEntry(filepath.Join(target, ".git"), true)
		}
		for _, dir := range w.bares {
			s.bare(dir)
		}
	}
}

// leading reports the symbolic links of the workspace that the run made
// or changed (ctime at or after the start, or not there before) and that
// lead out of the workspace and the temporary directories: the agent's
// next write through one, judged as a write in the workspace, changes a
// file outside (issue 22). A link is read, never followed by the walk.
func (s *scan) leading(links []string) {
	var inside []string
	for _, d := range append([]string{s.ws}, s.base.TempDirs...) {
		if d == "" {
			continue
		}
		inside = append(inside, d)
		if real, err := filepath.EvalSymlinks(d); err == nil && real != d {
			inside = append(inside, real)
		}
	}
	for _, l := range links {
		st, err := os.Lstat(l)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 || !s.changedInfo(st) && !s.isNew(l, st) {
			continue
		}
		to, ok := resolveLink(l)
		if ok && slices.ContainsFunc(inside, func(d string) bool { return within(to, d) }) {
			continue
		}
		if !ok {
			to, _ = os.Readlink(l)
		}
		s.rep.LinksOut = append(s.rep.LinksOut, LinkOut{Path: l, Target: to, Loop: !ok})
	}
}

// maxLinks is how many symbolic links the kernel follows in one path
// (MAXSYMLINKS) before it gives up with ELOOP; maxParts bounds the parts
// of a path read on the way, as PATH_MAX does.
const (
	maxLinks = 40
	maxParts = 4096
)

// resolveLink says where the symbolic link l leads: its target, relative
// to l's directory, with the links on the way followed as the kernel
// follows them (a link before ".." first), at most maxLinks. A part that
// does not exist (a dangling link) is taken as written: where the link
// would lead once it exists. ok is false past the bounds.
func resolveLink(l string) (to string, ok bool) {
	target, err := os.Readlink(l)
	if err != nil {
		return "", false
	}
	parts := strings.Split(target, "/")
	if !filepath.IsAbs(target) {
		parts = append(strings.Split(filepath.Dir(l), "/"), parts...)
	}
	cur, links := "/", 0
	for n := 0; len(parts) > 0; n++ {
		if n > maxParts {
			return cur, false
		}
		p := parts[0]
		parts = parts[1:]
		switch p {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, p)
		st, err := os.Lstat(next)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if links++; links > maxLinks {
			return next, false
		}
		t, err := os.Readlink(next)
		if err != nil {
			cur = next
			continue
		}
		if filepath.IsAbs(t) {
			cur = "/"
		}
		parts = append(strings.Split(t, "/"), parts...)
	}
	return cur, true
}

// pythonStartFile reports the names Python's site module runs, or reads
// paths from, at every start of the interpreter whose site-packages holds
// them: a .pth line that begins with "import" is run, its other lines
// join sys.path, where sitecustomize and usercustomize are then looked
// for and run.
func pythonStartFile(name string) bool {
	return strings.HasSuffix(name, ".pth") || name == "sitecustomize.py" || name == "usercustomize.py"
}

// pythonStart judges a file of pythonStartFile in a site-packages of the
// workspace (a virtual environment's): made or changed by the run, it
// runs at the next start of that Python, say the agent's "python -c" or
// "pip list" outside the sandbox.
func (s *scan) pythonStart(p string) {
	st, err := os.Lstat(p)
	if err != nil {
		return
	}
	if (s.changedInfo(st) || s.isNew(p, st)) && !s.setuptoolsPth(p, st) {
		s.add(Finding{Kind: PythonStart, Path: p, Why: "a file Python runs at every start of this environment"})
	}
}

// setuptoolsStart are the exact contents of the .pth file setuptools
// writes into every environment it is installed in, by its name: it
// imports the _distutils_hack beside it, which puts setuptools' distutils
// before the standard library's. "local" has been the default since
// setuptools 60 (Python 3.11's venv installs 65.5.0); before it the hack
// ran only when asked.
var setuptoolsStart = map[string][]string{
	"distutils-precedence.pth": {
		"import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
		"import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'stdlib') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
	},
}

// setuptoolsPth reports the .pth file a "python -m venv" of this run made
// (issue 25): setuptools' own, byte for byte, in the site-packages of a
// virtual environment that the run created (its pyvenv.cfg at a path that
// held none before the run), beside a _distutils_hack package. That file
// runs the _distutils_hack the run wrote at every start of the
// environment; so does every package of it the moment it is imported, and
// its bin/activate when sourced: an environment the run made is the run's
// code as a whole, as the build's output is. One that existed before the
// run, which the user may trust, gets no start file past the check.
func (s *scan) setuptoolsPth(p string, st fs.FileInfo) bool {
	want, ok := setuptoolsStart[filepath.Base(p)]
	if !ok || !st.Mode().IsRegular() || !s.base.complete {
		return false
	}
	site := filepath.Dir(p)
	lib := filepath.Dir(filepath.Dir(site))
	if filepath.Base(lib) != "lib" {
		return false
	}
	cfg := filepath.Join(filepath.Dir(lib), "pyvenv.cfg")
	if _, was := s.base.before[cfg]; was {
		return false
	}
	if cst, err := os.Lstat(cfg); err != nil || !cst.Mode().IsRegular() || !s.changedInfo(cst) {
		return false
	}
	if hst, err := os.Lstat(filepath.Join(site, "_distutils_hack", "__init__.py")); err != nil || !hst.Mode().IsRegular() {
		return false
	}
	b, err := readRegular(p, 4096)
	return err == nil && slices.Contains(want, string(b))
}

// gitEntry judges a .git entry other than the workspace's own as it was;
// ran says the run made it, whatever its times say.
func (s *scan) gitEntry(entry string, ran bool) {
	st, err := os.Lstat(entry)
	if err != nil {
		return
	}
	s.sawRoot(st, entry)
	touched := ran || s.changedInfo(st) || s.isNew(entry, st)
	g, c, rerr := resolveGit(entry)
	if rerr == nil {
		dirs := []string{g, c}
		if !st.IsDir() {
			// a .git file or link: the repository it names may have been
			// swapped for another whole
			touched = touched || s.changed(g) || (c != "" && s.changed(c))
		}
		for _, d := range dirs {
			if d == "" || touched {
				continue
			}
			for _, p := range gitParts(d, 0, &s.rep.Entries) {
				if s.changed(p.path) {
					touched = true
					break
				}
			}
		}
	}
	if !touched {
		return
	}
	why := ""
	if rerr != nil {
		why = rerr.Error()
	} else {
		why = s.runs(g, c, !st.IsDir(), 0)
	}
	if why != "" {
		s.add(Finding{Kind: Planted, Path: entry, Why: why})
	}
}

// bare judges dir, which holds HEAD, objects/ and refs/: git takes it for
// a bare repository when run inside it (with core.worktree, for one with
// a work tree), before it looks further up for a .git.
func (s *scan) bare(dir string) {
	if dir == filepath.Join(s.ws, ".git") {
		return
	}
	touched := false
	if st, err := os.Lstat(dir); err == nil {
		s.sawRoot(st, dir)
		touched = s.isNew(dir, st)
	}
	for _, n := range []string{"HEAD", "objects", "refs"} {
		touched = touched || s.changed(filepath.Join(dir, n))
	}
	for _, p := range gitParts(dir, 0, &s.rep.Entries) {
		if touched {
			break
		}
		touched = s.changed(p.path)
	}
	if !touched {
		return
	}
	if why := s.runs(dir, "", false, 0); why != "" {
		s.add(Finding{Kind: Planted, Path: filepath.Join(dir, "HEAD"), Why: "a bare repository: " + why})
	}
}

// sawRoot notes where the workspace's own .git went, when it was moved.
func (s *scan) sawRoot(st fs.FileInfo, p string) {
	if s.lookFor != (fileID{}) && idOf(st) == s.lookFor && p != filepath.Join(s.ws, ".git") {
		s.foundRoot = p
	}
}

// maxModuleDepth bounds the search for submodules' repositories inside
// modules/, whose names may hold slashes, and submodules of submodules.
const maxModuleDepth = 8

// part is a path in a git directory that git reads and that can make it
// run a program, or a container of such paths: a directory whose own
// ctime changes whenever anything inside it does (a legitimate git
// status writes info/ and a submodule's directory), so that it says
// only "look inside", or, if it was swapped whole, "look at me".
type part struct {
	path      string
	container bool
}

// gitParts are the parts of the git directory dir that exist: config,
// config.worktree, commondir, an interrupted rebase or sequencer, hooks/
// and each hook, info/ with info/attributes, worktrees/ with each
// worktree's config.worktree and commondir, and modules/ with each
// submodule's repository and its parts in turn. n counts the directory
// entries read, for the budget. dir "" has none.
func gitParts(dir string, depth int, n *int) []part {
	if dir == "" {
		return nil
	}
	var out []part
	add := func(container bool, rel ...string) bool {
		p := filepath.Join(append([]string{dir}, rel...)...)
		if _, err := os.Lstat(p); err != nil {
			return false
		}
		out = append(out, part{p, container})
		return true
	}
	for _, name := range []string{"config", "config.worktree", "commondir", "rebase-merge", "rebase-apply", "sequencer"} {
		add(false, name)
	}
	if add(true, "hooks") {
		ents, _ := readDir(filepath.Join(dir, "hooks"))
		*n += len(ents)
		for _, e := range ents {
			add(false, "hooks", e.Name())
		}
	}
	if add(true, "info") {
		add(false, "info", "attributes")
	}
	if add(true, "worktrees") {
		ents, _ := readDir(filepath.Join(dir, "worktrees"))
		*n += len(ents)
		for _, e := range ents {
			add(true, "worktrees", e.Name())
			add(false, "worktrees", e.Name(), "config.worktree")
			add(false, "worktrees", e.Name(), "commondir")
		}
	}
	if depth < maxModuleDepth && add(true, "modules") {
		for _, m := range submodules(filepath.Join(dir, "modules"), depth, n) {
			out = append(out, part{m, true})
			out = append(out, gitParts(m, depth+1, n)...)
		}
	}
	return out
}

// submodules are the repositories below a modules/ directory: each
// directory that holds HEAD, and not the directories inside those.
func submodules(dir string, depth int, n *int) []string {
	var out []string
	ents, _ := readDir(dir)
	*n += len(ents)
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if _, err := os.Lstat(filepath.Join(p, "HEAD")); err == nil {
			out = append(out, p)
		} else if depth < maxModuleDepth {
			out = append(out, submodules(p, depth+1, n)...)
		}
	}
	return out
}

// changed reports whether p (or, for a symbolic link, what it points at)
// was changed at or after the start of the run; a path that cannot be
// looked at counts as changed.
func (s *scan) changed(p string) bool {
	st, err := os.Lstat(p)
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist)
	}
	if s.changedInfo(st) {
		return true
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		if st, err := os.Stat(p); err == nil {
			return s.changedInfo(st)
		}
	}
	return false
}

func (s *scan) changedInfo(st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	return !time.Unix(sys.Ctim.Unix()).Before(s.since)
}

// runs says what in the git directory g (with its common directory c)
// can make git run a program: "" when nothing can. A commondir is
// expected only in the repository a .git file names (a linked worktree).
func (s *scan) runs(g, c string, gitfile bool, depth int) string {
	dirs := []string{g}
	if c != "" {
		dirs = append(dirs, c)
	}
	for i, dir := range dirs {
		if i == 0 && !gitfile {
			if _, err := os.Lstat(filepath.Join(dir, "commondir")); err == nil {
				return "commondir (git reads another repository's config and hooks)"
			}
		}
		for _, name := range []string{"config", "config.worktree"} {
			if why := configRuns(filepath.Join(dir, name)); why != "" {
				return why
			}
		}
		for _, name := range []string{"rebase-merge", "rebase-apply", "sequencer"} {
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				return name + "/ (an interrupted rebase or cherry-pick, whose todo list can run commands)"
			}
		}
		if why := entriesRun(dir, "hooks", func(e fs.DirEntry) bool {
			return e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".sample")
		}); why != "" {
			return why
		}
		if why := entriesRun(dir, "info", func(e fs.DirEntry) bool {
			return e.Type().IsRegular() && (e.Name() == "exclude" || e.Name() == "refs" || e.Name() == "sparse-checkout")
		}); why != "" {
			return why
		}
		if why := entriesRun(dir, "worktrees", func(fs.DirEntry) bool { return false }); why != "" {
			return why
		}
		if m := filepath.Join(dir, "modules"); depth < maxModuleDepth {
			if st, err := os.Lstat(m); err == nil && !st.IsDir() {
				return "modules is not a directory"
			}
			for _, mod := range submodules(m, depth, &s.rep.Entries) {
				if why := s.runs(mod, "", false, depth+1); why != "" {
					return partName(dir, mod) + ": " + why
				}
			}
		} else if _, err := os.Lstat(m); err == nil {
			return "submodules nested too deep to look at"
		}
	}
	return ""
}

// maxConfigBytes bounds a config file read for its keys: git's own are a
// few hundred bytes.
const maxConfigBytes = 1 << 20

// configRuns says what in the config file p can make git run a program
// or read another file: "" when every key is one of [inertKeys], or there
// is no such file.
func configRuns(p string) string {
	data, err := readRegular(p, maxConfigBytes)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(p); lerr == nil {
			return filepath.Base(p) + " is a symbolic link to nothing"
		}
		return ""
	}
	switch {
	case errors.Is(err, errNotRegular):
		return filepath.Base(p) + " is not a plain file"
	case err != nil:
		return filepath.Base(p) + " cannot be read"
	case len(data) > maxConfigBytes:
		return filepath.Base(p) + " is larger than a repository's config"
	}
	keys, err := configKeys(data)
	if err != nil {
		return filepath.Base(p) + " is not one this check can read"
	}
	for _, k := range keys {
		if !inertKey(k) {
			return fmt.Sprintf("%s in %s", printableKey(k), filepath.Base(p))
		}
	}
	return ""
}

// printableKey shows a key in a message: a subsection is the file's.
func printableKey(k string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return '?'
		}
		return r
	}, k)
}

// entriesRun says which entry of dir/sub is not harmless by ok; a sub
// that is not a directory is not harmless either.
func entriesRun(dir, sub string, ok func(fs.DirEntry) bool) string {
	p := filepath.Join(dir, sub)
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil || !st.IsDir() {
		return sub + " is not a directory"
	}
	ents, err := readDir(p)
	if err != nil {
		return sub + "/ cannot be read"
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range ents {
		if !ok(e) {
			return sub + "/" + printableKey(e.Name())
		}
	}
	return ""
}

// resolveGit returns the git directory a .git entry names (itself, a
// symbolic link's target, or a .git file's "gitdir:"), and its common
// directory when it has a commondir file ("" otherwise).
func resolveGit(entry string) (g, c string, err error) {
	if g, err = gitDirOf(entry); err != nil {
		return "", "", err
	}
	if c, err = commonDirOf(g); err != nil {
		return "", "", err
	}
	return g, c, nil
}

// gitDirOf returns the git directory a .git entry names: itself, a
// symbolic link's target, or a .git file's "gitdir:".
func gitDirOf(entry string) (string, error) {
	st, err := os.Stat(entry)
	if err != nil {
		return "", errors.New("a .git that names nothing: git may find there whatever is put there later")
	}
	if st.IsDir() {
		return entry, nil
	}
	g, err := readGitfile(entry)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(g); err != nil || !st.IsDir() {
		return "", errors.New("a .git file that names no directory: git may find there whatever is put there later")
	}
	return g, nil
}

// commonDirOf returns the common directory the git directory g names in
// its commondir file, "" when it has none.
func commonDirOf(g string) (string, error) {
	b, err := readRegular(filepath.Join(g, "commondir"), 4096)
	switch {
	case err == nil:
		return resolveFrom(g, strings.TrimRight(string(b), "\r\n"))
	case !errors.Is(err, fs.ErrNotExist):
		return "", errors.New("a commondir that is not a plain file")
	}
	return "", nil
}

// errNotRegular is a file the scan does not open: a FIFO would block it,
// a device could be anything.
var errNotRegular = errors.New("not a regular file")

// readRegular reads at most limit+1 bytes of the regular file p (through
// symbolic links, as git does). Anything else is errNotRegular, found
// without blocking: opened non-blocking, checked once open.
func readRegular(p string, limit int64) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, errNotRegular // swapped since the Stat
	}
	return io.ReadAll(io.LimitReader(f, limit+1))
}

// readGitfile reads a .git file: "gitdir: PATH", PATH relative to the
// file's directory.
func readGitfile(p string) (string, error) {
	b, err := readRegular(p, 4096)
	if errors.Is(err, errNotRegular) {
		return "", errors.New("a .git that is neither a directory nor a plain file")
	}
	if err != nil {
		return "", errors.New("a .git file that cannot be read")
	}
	rest, ok := bytes.CutPrefix(b, []byte("gitdir: "))
	if err != nil || !ok {
		return "", errors.New("a .git file git does not read as one")
	}
	// git strips line ends only: "gitdir: x " names "x "
	dir := strings.TrimRight(string(rest), "\r\n")
	if dir == "" || strings.ContainsRune(dir, 0) {
		return "", errors.New("a .git file git does not read as one")
	}
	return resolveFrom(filepath.Dir(p), dir)
}

// resolveFrom resolves rel, a path a .git file or commondir gives, from
// dir as the kernel does: a symbolic link before a ".." is followed
// first (l/../x is where l leads, then up), which filepath.Join, cleaning
// the text, would not do.
func resolveFrom(dir, rel string) (string, error) {
	p := rel
	if !filepath.IsAbs(rel) {
		p = dir + string(filepath.Separator) + rel
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", errors.New("a .git file or commondir that names no directory: git may find there whatever is put there later")
	}
	return real, nil
}

// rootOf identifies the workspace's .git, its git directory and its
// common directory.
func rootOf(workspace string) rootIDs {
	var ids rootIDs
	entry := filepath.Join(workspace, ".git")
	st, err := os.Lstat(entry)
	if err != nil {
		return ids
	}
	ids[0] = idOf(st)
	// the git directory is known even when its commondir names nothing:
	// that is a part of it, not another repository
	g, err := gitDirOf(entry)
	if err != nil {
		return ids
	}
	c, _ := commonDirOf(g)
	for i, d := range []string{g, c} {
		if d == "" {
			continue
		}
		if st, err := os.Stat(d); err == nil {
			ids[i+1] = idOf(st)
		}
	}
	return ids
}

func idOf(st fs.FileInfo) fileID {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return fileID{uint64(sys.Dev), sys.Ino}
	}
	return fileID{}
}

// errno is the system's reason inside a path error.
func errno(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// partName shows p inside the git directory dir.
func partName(dir, p string) string {
	if r, err := filepath.Rel(dir, p); err == nil {
		return r
	}
	return p
}

// readDir lists dir unsorted: the order is the file system's, and
// sorting 100,000 names is time the walk need not spend.
func readDir(dir string) ([]fs.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

// unreachable reports whether dir, which could not be read, could not
// have been reached by the confined program either: a directory of
// another user that the user may not enter (a container's volume). The
// program runs as the user, with no capability over other users' files.
func unreachable(dir string, err error) bool {
	if !errors.Is(err, fs.ErrPermission) {
		return false
	}
	st, serr := os.Lstat(dir)
	if serr != nil {
		return false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) != os.Getuid() && unix.Access(dir, unix.X_OK) != nil
}

// dedupe sorts findings by path and drops those inside another that is
// set aside whole.
func dedupe(fs []Finding) []Finding {
	slices.SortStableFunc(fs, func(a, b Finding) int { return strings.Compare(a.Path, b.Path) })
	var out []Finding
	for _, f := range fs {
		if n := len(out); n > 0 && out[n-1].Path != "" && f.Path != "" &&
			(f.Path == out[n-1].Path || strings.HasPrefix(f.Path, out[n-1].Path+string(filepath.Separator))) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// Quarantine sets f's path aside under its name followed by
// [QuarantineSuffix] and the time at (UTC), which git does not read, and
// returns the new path: nothing is deleted, and renaming it back undoes
// it. It never replaces an existing file. A RootMoved finding has
// nothing to set aside: "" and no error.
func Quarantine(f Finding, at time.Time) (string, error) {
	if f.Kind == RootMoved || f.Path == "" {
		return "", nil
	}
	base := f.Path + QuarantineSuffix + at.UTC().Format("20060102T150405Z")
	for i := 0; i < 100; i++ {
		// a random tail: the run could have taken every name it could
		// foresee
		var r [4]byte
		_, _ = rand.Read(r[:])
		dst := fmt.Sprintf("%s-%x", base, r)
		err := unix.Renameat2(unix.AT_FDCWD, f.Path, unix.AT_FDCWD, dst, unix.RENAME_NOREPLACE)
		if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
			// a file system without RENAME_NOREPLACE; nothing confined
			// runs any more to race the check
			if _, lerr := os.Lstat(dst); lerr == nil {
				continue
			}
			err = os.Rename(f.Path, dst)
		}
		if errors.Is(err, unix.EEXIST) {
			continue
		}
		if err != nil {
			return "", err
		}
		return dst, nil
	}
	return "", fmt.Errorf("no free name to set %s aside", f.Path)
}
