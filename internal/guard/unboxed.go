package guard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
)

// What may not run unboxed where boxes run (design §4, "Unboxed beside
// the boxes"). A box at low or medium writes the workspace and the
// temporary directories; what it wrote there is code nobody has seen,
// and a call that runs unboxed within the level (row 3b, because the
// box cannot serve it) must not run it with every right of the user.
// Each such call gets a reason one level above the level in force, so it
// is asked (or blocked in mode block) and says why.

// BoxWorkspace says why no box may serve calls in workspace, or "". A
// box writes its workspace whole; where that is the home directory, an
// ancestor of it, or the root, it would write the shell's startup files
// and ~/.local/bin, which run outside any box later (box red team RT-1).
// There, calls are decided as without boxes.
func BoxWorkspace(workspace, home string) string {
	switch {
	case workspace == "/":
		return "the workspace is the root directory"
	case home != "" && workspace == home:
		return "the workspace is the home directory"
	case home != "" && workspace != "" && within(workspace, home):
		return "the workspace holds the home directory"
	}
	return ""
}

// unboxedRules are the rules of reasons the guard adds to a verdict for
// what must not run unboxed beside the boxes.
const (
	ruleUnseenUnboxed = "unseen-unboxed"
	ruleProgramInBox  = "program-in-box-dir"
	ruleGitUnchecked  = "git-unchecked-repo"
)

// boxReach is what a box may write and where the call looks for its
// programs.
type boxReach struct {
	workspace string   // the workspace, "" when not known
	temps     []string // the temporary directories
	cwd       string   // where the call starts
	path      string   // the caller's $PATH
	env       Env      // the state directory, for the marks of unchecked workspaces
}

// writes reports whether a box may write dir: the workspace or a
// temporary directory, spelled as given or with its links resolved.
func (b boxReach) writes(dir string) bool {
	dirs := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		dirs = append(dirs, real)
	}
	roots := append([]string{b.workspace}, b.temps...)
	for _, d := range dirs {
		for _, root := range roots {
			if root == "" {
				continue
			}
			if within(root, d) {
				return true
			}
			if real, err := filepath.EvalSymlinks(root); err == nil && within(real, d) {
				return true
			}
		}
	}
	return false
}

// lookPath finds name as the shell would through b.path: the first
// regular, executable file of that name; a name with a slash is taken
// from the call's directory. It returns "" when nothing is found, or the
// name is only known at run time.
func (b boxReach) lookPath(name string) string {
	if name == "" || strings.ContainsAny(name, "$`") {
		return ""
	}
	if strings.Contains(name, "/") {
		if !filepath.IsAbs(name) {
			if b.cwd == "" {
				return ""
			}
			name = filepath.Join(b.cwd, name)
		}
		return name
	}
	for _, dir := range filepath.SplitList(b.path) {
		if dir == "" {
			dir = "." // an empty entry is the current directory
		}
		if !filepath.IsAbs(dir) {
			if b.cwd == "" {
				continue
			}
			dir = filepath.Join(b.cwd, dir)
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// unboxedRisks returns v with a reason for each thing it would run
// unboxed that a box may have written, given that the call is within
// the level perm and would run unboxed there.
func (ev *Evaluation) unboxedRisks(v classify.Verdict, perm classify.Level, b boxReach) classify.Verdict {
	above := perm + 1
	var add []classify.Reason
	// a program found on $PATH in a directory a box writes (an activated
	// virtual environment's bin): the box may have put it there (RT-13)
	seen := map[string]bool{}
	for _, c := range v.Commands {
		if len(c.Argv) == 0 || seen[c.Argv[0]] {
			continue
		}
		seen[c.Argv[0]] = true
		if p := b.lookPath(c.Argv[0]); p != "" && b.writes(filepath.Dir(p)) {
			add = append(add, classify.Reason{Rule: ruleProgramInBox, Level: above, Pos: c.Pos, Snippet: c.Snippet,
				Message: fmt.Sprintf("runs %s, found in %s, a directory the boxes may write, and no box can serve this call, so it would run unboxed", p, filepath.Dir(p))})
		}
	}
	// git reads the configuration and hooks of the repository it runs
	// in: one a box planted runs its programs (RT-4, RT-11, RT-12)
	gitWhy := ""
	for _, c := range v.Commands {
		if gitWhy != "" || len(c.Argv) == 0 || filepath.Base(c.Argv[0]) != "git" {
			continue
		}
		if why := b.gitUnchecked(c.Argv); why != "" {
			gitWhy = why
			add = append(add, classify.Reason{Rule: ruleGitUnchecked, Level: above, Pos: c.Pos, Snippet: c.Snippet,
				Message: "runs git unboxed " + why + ", where a box may have planted a repository whose configuration or hooks git would run"})
		}
	}
	if host, unseen := firstHost(v), firstUnseen(v); unseen != nil {
		what := "something no box can serve"
		if host != nil {
			what = fmt.Sprintf("%s (%s)", host.Snippet, host.Text())
		}
		add = append(add, classify.Reason{Rule: ruleUnseenUnboxed, Level: above, Pos: unseen.Pos, Snippet: unseen.Snippet,
			Message: fmt.Sprintf("runs code nobody has seen (%s: %s) beside %s, so none of it can run in the box, and unboxed that code could do anything; run the two as separate calls",
				unseen.Snippet, unseen.Text(), what)})
	}
	if len(add) == 0 {
		return v
	}
	v.Reasons = append(append([]classify.Reason(nil), v.Reasons...), add...)
	v.Level = max(v.Level, above)
	return v
}

// firstHost is the first reason of v no box can serve, or nil.
func firstHost(v classify.Verdict) *classify.Reason {
	for i, r := range v.Reasons {
		if r.Host {
			return &v.Reasons[i]
		}
	}
	return nil
}

// firstUnseen is the first reason of v raised for code nobody has seen,
// or nil.
func firstUnseen(v classify.Verdict) *classify.Reason {
	for i, r := range v.Reasons {
		if r.Unseen {
			return &v.Reasons[i]
		}
	}
	return nil
}

// gitUnchecked says why git with argv may not run unboxed, or "": only
// in the workspace, whose repositories the boxes' check covers, while no
// box runs there, and after a check that completed.
func (b boxReach) gitUnchecked(argv []string) string {
	dir, ok := gitDir(argv, b.cwd)
	switch {
	case !ok:
		return "in a directory only known at run time"
	case b.workspace == "" || !within(b.workspace, dir):
		return "in " + dir + ", outside the workspace the boxes' check for planted repositories covers"
	case boxRunning(b.workspace):
		return "while a box still runs in the workspace"
	}
	if why := UncheckedWhy(b.env, b.workspace); why != "" {
		return "after a box's run whose check for planted repositories did not complete (" + why + ")"
	}
	return ""
}

// gitDir is the directory git with argv starts from, started in cwd:
// each -C taken in turn, and --git-dir's value, which names the
// repository itself. ok is false when a word it depends on is only known
// at run time, or cwd is not known.
func gitDir(argv []string, cwd string) (dir string, ok bool) {
	dir = cwd
	move := func(to string) bool {
		if to == "" || strings.ContainsAny(to, "$`") {
			return false
		}
		if filepath.IsAbs(to) {
			dir = filepath.Clean(to)
		} else {
			dir = filepath.Join(dir, to)
		}
		return true
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-C" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" || a == "-c" || a == "--config-env":
			if i+1 >= len(argv) {
				return dir, dir != ""
			}
			i++
			if (a == "-C" || a == "--git-dir") && !move(argv[i]) {
				return "", false
			}
		case strings.HasPrefix(a, "--git-dir="):
			if !move(strings.TrimPrefix(a, "--git-dir=")) {
				return "", false
			}
		case strings.HasPrefix(a, "-C"):
			if !move(a[2:]) {
				return "", false
			}
		case strings.HasPrefix(a, "-"):
			// another option of git's own: --no-pager, -P, --bare, -c's
			// glued form
		default:
			// the subcommand: what follows is its own
			return dir, dir != ""
		}
	}
	return dir, dir != ""
}
