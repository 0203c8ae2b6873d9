package classify

import (
	"slices"
	"strconv"
	"strings"
)

// Where cd, pushd and popd lead (design §2.6, "cd is followed"). Besides
// the current directory (walker.cwd), bash keeps $OLDPWD, where `cd -`
// goes back to, and pushd's stack, where popd goes back to. The walk keeps
// both as it keeps the current directory: a subshell's changes are undone
// when it ends, and a change in code that may not run (a branch, a loop,
// the right side of ||) leaves them not known afterwards.
//
// As for cwd, a cd is taken to succeed (a failed cd leaves the directory
// where it was, and later relative paths are also judged against the
// workspace, see worstOf).

// dirRef is a directory the walk knows (dir, absolute and clean), or one
// it does not (dyn).
type dirRef struct {
	dir string
	dyn bool
}

// dirStack is what the walk knows of $OLDPWD and of pushd's stack.
type dirStack struct {
	// old is $OLDPWD once a cd in this input set it (set); before, it is
	// the caller's (Env.Vars)
	old dirRef
	set bool
	// below are the stack's entries under the current directory, the top
	// last, as far as this input pushed them; what lies under them (the
	// caller's shell's stack) is not known. It is never changed in place,
	// so a copy of a dirStack keeps its own.
	below []dirRef
}

// same reports whether d and e say the same.
func (d dirStack) same(e dirStack) bool {
	return d.old == e.old && d.set == e.set && slices.Equal(d.below, e.below)
}

// unknownDirs is a stack and an $OLDPWD only known at run time.
var unknownDirs = dirStack{old: dirRef{dyn: true}, set: true}

// cwdRef is the current directory as a dirRef.
func (w *walker) cwdRef() dirRef {
	if w.cwdDyn || w.cwd == "" {
		return dirRef{dyn: true}
	}
	return dirRef{dir: w.cwd}
}

// moveTo changes the directory to d as cd does: $OLDPWD becomes the
// directory left, and $PWD the one entered.
func (w *walker) moveTo(d dirRef) {
	w.dirs.old, w.dirs.set = w.cwdRef(), true
	w.cwd, w.cwdDyn = d.dir, d.dyn || d.dir == ""
	if w.cwdDyn {
		w.cwd = ""
	}
	// a value the input gave them is replaced (and the input may have
	// spelled that assignment so that pathInfo does not see it, through
	// eval): what lookupVar reads is then the walk's own
	for _, name := range []string{"OLDPWD", "PWD"} {
		if w.hasState(name) {
			w.dropValue(name)
		}
	}
}

// hasState reports whether the data flow holds anything for name.
func (w *walker) hasState(name string) bool {
	_, v := w.vars[name]
	_, d := w.dynVals[name]
	return v || d || w.forgotten[name] || w.alts[name] != nil || w.guessed[name]
}

// dirArg is where cd's operand a leads, relative to the current
// directory. A word only known at run time, or one that CDPATH or
// cdable_vars may send anywhere, leads to a directory not known.
func (w *walker) dirArg(a arg) dirRef {
	v := a.val
	p, ok := w.abs(v)
	viaPath := (w.cdAnywhere || w.exported["CDPATH"]) && cdpathRelative(v)
	if a.dyn || !ok || viaPath {
		return dirRef{dyn: true}
	}
	return dirRef{dir: p}
}

// oldpwd is where `cd -` goes: $OLDPWD as the one resolver reads it.
func (w *walker) oldpwd() dirRef {
	if v, ok := w.lookupVar("OLDPWD"); ok && strings.HasPrefix(v, "/") {
		return dirRef{dir: cleanAbs(v)}
	}
	return dirRef{dyn: true}
}

// changeDir applies cd or pushd with the words args.
func (w *walker) changeDir(name string, args []arg) {
	push := name == "pushd"
	noCd := push && staticWordIn(args, "-n") // the stack changes, the directory does not
	if n, ok := stackPlace(args); push && ok && !noCd && n <= len(w.dirs.below) {
		// pushd +N rotates the stack so that its Nth entry from the
		// top is the directory; what was above it goes to the bottom,
		// under the caller's entries
		k := len(w.dirs.below)
		to := w.cwdRef()
		if n > 0 {
			to = w.dirs.below[k-n]
			w.dirs.below = slices.Clone(w.dirs.below[:k-n])
		}
		w.moveTo(to)
		return
	}
	if push && rotates(args) {
		// pushd -N counts from the bottom, which is the caller's, and
		// +N past the entries the input pushed may name one of those:
		// where it leads is not known
		w.dirs.below = nil
		if !noCd {
			w.moveTo(dirRef{dyn: true})
		}
		return
	}
	ps := positional(args)
	var to dirRef
	switch {
	case len(ps) == 0 && !push:
		to = dirRef{dir: w.env.Home, dyn: w.env.Home == ""}
	case len(ps) == 0 && noCd:
		return
	case len(ps) == 0:
		// pushd alone swaps the top two entries; with none this input
		// pushed, it swaps with the caller's, or fails and stays: either
		// way a popd then comes back here
		n := len(w.dirs.below)
		if n == 0 {
			w.dirs.below = []dirRef{w.cwdRef()}
			w.moveTo(dirRef{dyn: true})
			return
		}
		to = w.dirs.below[n-1]
		w.dirs.below = append(slices.Clone(w.dirs.below[:n-1]), w.cwdRef())
		w.moveTo(to)
		return
	case !ps[0].dyn && ps[0].val == "-":
		to = w.oldpwd()
	default:
		to = w.dirArg(ps[0])
	}
	if push {
		if noCd {
			w.dirs.below = append(slices.Clone(w.dirs.below), to)
			return
		}
		w.dirs.below = append(slices.Clone(w.dirs.below), w.cwdRef())
	}
	w.moveTo(to)
}

// cdpathRelative reports a cd operand bash looks up in CDPATH.
func cdpathRelative(v string) bool {
	return v != "" && !strings.HasPrefix(v, "/") && v != "." && v != ".." && !strings.HasPrefix(v, "./") && !strings.HasPrefix(v, "../")
}

// staticWordIn reports the static word v among args.
func staticWordIn(args []arg, v string) bool {
	for _, a := range args {
		if !a.dyn && a.val == v {
			return true
		}
	}
	return false
}

// stackPlace returns N when the one operand of pushd or popd is +N, an
// entry counted from the top of the stack (0 is the directory).
func stackPlace(args []arg) (int, bool) {
	ps := positional(args)
	if len(ps) != 1 || ps[0].dyn || len(ps[0].val) < 2 || ps[0].val[0] != '+' || !isDigits(ps[0].val[1:]) {
		return 0, false
	}
	for _, a := range args {
		if a.dyn {
			return 0, false
		}
	}
	n, err := strconv.Atoi(ps[0].val[1:])
	return n, err == nil
}

// rotates reports a pushd or popd word +N or -N, which names an entry of
// the stack by its place, or a word only known at run time, which may.
func rotates(args []arg) bool {
	for _, a := range args {
		if a.dyn {
			return true
		}
		if len(a.val) > 1 && (a.val[0] == '+' || a.val[0] == '-') && strings.Trim(a.val[1:], "0123456789") == "" {
			return true
		}
	}
	return false
}

// popDir applies popd with the words args: it removes the top entry and
// goes to the one under it, or with -n removes the one under it and
// stays; popd +N removes the Nth entry from the top.
func (w *walker) popDir(args []arg) {
	noCd := staticWordIn(args, "-n")
	n := len(w.dirs.below)
	place, counted := stackPlace(args)
	switch {
	case counted && !noCd && place > 0:
		// an entry under the directory goes, and the directory stays;
		// past the entries the input pushed, one of the caller's (or
		// none: popd fails) goes
		if place <= n {
			w.dirs.below = slices.Delete(slices.Clone(w.dirs.below), n-place, n-place+1)
		}
	case counted && !noCd:
		// popd +0 is popd
		w.popDir(nil)
	case rotates(args):
		// popd +N and -N remove an entry by its place (+0 the current
		// directory, which moves to the next): not followed
		w.dirs.below = nil
		if !noCd {
			w.moveTo(dirRef{dyn: true})
		}
	case n == 0 && noCd:
	case n == 0:
		// an entry this input did not push, if there is one
		w.moveTo(dirRef{dyn: true})
	case noCd:
		w.dirs.below = slices.Clone(w.dirs.below[:n-1])
	default:
		to := w.dirs.below[n-1]
		w.dirs.below = slices.Clone(w.dirs.below[:n-1])
		w.moveTo(to)
	}
}

// dirsCommand judges dirs, which prints the stack, and applies dirs -c,
// which empties it (the walk then tells no entry from one it does not
// know).
func dirsCommand(c *call) flow {
	c.raise(ruleBuiltin)
	for _, a := range c.args {
		if a.dyn || strings.HasPrefix(a.val, "-") && strings.Contains(a.val, "c") {
			c.walk().dirs.below = nil
		}
	}
	return flow{kind: flowData}
}
