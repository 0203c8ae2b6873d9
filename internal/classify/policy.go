package classify

import "strings"

// The policy stage (docs/architecture.md, "Inside the classifier") judges
// paths: where a path lies (policy_paths.go: the places and the classes of
// design §2.6 and §2.9), what writing, deleting or reading it means
// (policy_paths.go, policy_guardpaths.go), every value a word may take and every path a
// glob may match (policy_pathvalues.go, policy_globmeet.go). It owns what it judges
// against, and nothing of the walk: the shell stage (the walker) keeps
// the variables, the working directory, the links and the frames, and
// policy asks it through walkState, which can read and not change them.
// The files that hold the policy are listed in policy_seam_test.go, which
// checks that none of them names the walker.

// policy is the path policy of one walk (one Classify or ClassifyTool
// call).
type policy struct {
	// env is what the call is judged against: the workspace, the home
	// directory, the temporary and protected places. Nothing changes it
	// once newPolicy has cleaned it; the shell reads it too.
	env Env
	// st is the walk the paths come from.
	st walkState
	// fastWS: nothing that matters (home, permguard's own dirs) lies inside
	// the workspace, so a path below it can be judged without more checks
	fastWS bool
	// guards is Env.Protected made ready for matching; see guard()
	guards *guardIndex
	// selfVars: the input spells out one of permguard's variables, so a
	// startup file it writes may set it for every later session
	selfVars bool
	// staticWrite: the write being judged puts static text that names
	// nothing of the guard's (see writeRuleOf)
	staticWrite bool
	// keeps: the write being judged keeps what the file holds (>>, tee
	// -a, touch, mkdir) instead of replacing it (see writeRuleAt)
	keeps bool
	// alt, while worstOf judges a relative path a second time (alt.set),
	// is the directory it is judged against instead of the walk's
	alt judgedIn
}

// judgedIn is a directory relative paths are judged against.
type judgedIn struct {
	dir      string
	dyn, set bool
}

// walkState is what policy asks the shell stage while it judges a path.
// Every method reads; none changes what the walk knows (linkAlts lists
// the path for the caller's search for links, and says so in the verdict
// when that list is full: it adds to the output only).
type walkState interface {
	// wd is the directory relative paths resolve against, and dyn true
	// when it is not known (after a cd to a dynamic path): abs joins a
	// relative path to it, and the workspace fast path needs it to be
	// the workspace.
	wd() (dir string, dyn bool)
	// altDir is the directory a command also runs in when an earlier cd
	// may have failed: worstOf judges a relative path there too, so that
	// a cd never makes a later command look safer.
	altDir() (string, bool)
	// gitHooksDirs are the directories this input made git's hooks
	// directory (git config core.hooksPath): a file written there runs
	// later, a foothold.
	gitHooksDirs() []string
	// dotglob reports that the input may make globs match dot files
	// (shopt -s dotglob, GLOBIGNORE): a glob's * may then be .git.
	dotglob() bool
	// linkAlts returns the names a's path reaches through links, those
	// the caller found on disk and those this input made earlier: a path
	// is judged as every name it reaches (design §2.6, Links).
	linkAlts(a arg, follow bool) []arg
	// homeWord returns the path a dynamic word spelled $HOME/... names,
	// when this input has not set HOME: such a word may still name a
	// protected file.
	homeWord(text string) (string, bool)
	// noteRead lists a file read outside the workspace for the caller
	// to look at (Verdict.Reads): a key under a generic name is found
	// only on disk.
	noteRead(p string)
	// noteReadTree lists a directory read whole outside the workspace
	// (Verdict.ReadTrees): another project's .env is found only on disk.
	noteReadTree(p string)
}

// newPolicy returns the policy for env, judging the paths of the walk st.
func newPolicy(env Env, st walkState) policy {
	env.Workspace = cleanAbs(env.Workspace)
	env.Home = cleanAbs(env.Home)
	fast := env.Workspace != "" && !within(env.Home, env.Workspace) && len(env.OwnDirs) == 0
	for _, pp := range env.Protected {
		// a protected file of the user's inside the workspace (permguard
		// built there, and run from there) has no name the fast path
		// could look for
		if strings.HasPrefix(pp.Path, "/") && (within(pp.Path, env.Workspace) || within(env.Workspace, pp.Path)) {
			fast = false
		}
	}
	return policy{env: env, st: st, fastWS: fast}
}

// judgeDir is the directory relative paths resolve against: the walk's,
// or the one worstOf judges against.
func (po *policy) judgeDir() (string, bool) {
	if po.alt.set {
		return po.alt.dir, po.alt.dyn
	}
	return po.st.wd()
}
