package classify

import (
	"path"
	"slices"
	"strings"
)

// Development work outside the workspace (design §2.8, last sentence): a
// build, test, install or git command writes into the tree it works in,
// its manifest's directory or its output directory. Medium is for
// development work in the workspace; the same work in a tree that lies
// outside it (cd .., git -C, --manifest-path, -f ../x/pom.xml, git
// worktree add ../x) writes there, and is high, with a reason naming the
// place. A temporary directory counts as workspace here, as it does for
// every write.

var (
	ruleBuildOutside = rule{id: "build-outside", level: High, why: "builds, tests or installs in a directory outside the workspace, which writes there"}
	ruleGitOutside   = rule{id: "git-outside", level: High, why: "changes a repository outside the workspace"}
)

// treeOpt is an option whose value names where a development tool works:
// a directory, or a file whose directory it is (a manifest).
type treeOpt struct {
	opts string // space-separated
	file bool
}

// treeOpts lists, per program, the options that move its tree. A program
// not here works in the current directory.
var treeOpts = lazy[map[string][]treeOpt]{build: func() map[string][]treeOpt {
	return map[string][]treeOpt{
		"cargo":    {{opts: "--manifest-path", file: true}},
		"mvn":      {{opts: "-f --file"}},
		"mvnw":     {{opts: "-f --file"}},
		"gradle":   {{opts: "-p --project-dir"}, {opts: "-b --build-file", file: true}},
		"gradlew":  {{opts: "-p --project-dir"}, {opts: "-b --build-file", file: true}},
		"bazel":    {{opts: "--output_base --output_user_root"}},
		"bazelisk": {{opts: "--output_base --output_user_root"}},
		"go":       {{opts: "-C"}},
		"npm":      {{opts: "--prefix -C"}},
		"pnpm":     {{opts: "-C --dir"}},
		"yarn":     {{opts: "--cwd"}},
		"ninja":    {{opts: "-C"}},
		"cmake":    {{opts: "-S -B --build"}},
		"poetry":   {{opts: "-C --directory"}},
		"uv":       {{opts: "--directory --project"}},
		"just":     {{opts: "-d --working-directory"}, {opts: "-f --justfile", file: true}},
		"task":     {{opts: "-d --dir"}},
		"make":     {{opts: "-C --directory"}},
		// cabal's project (cabal.project's directory), where it builds
		// into dist-newstyle (cabal.readthedocs.io, "Project-wide
		// options": --project-dir, --project-file)
		"cabal": {{opts: "--project-dir"}, {opts: "--project-file", file: true}},
		"gmake": {{opts: "-C --directory"}},
	}
}}

// buildTree raises development work (medium) whose tree lies outside the
// workspace. It runs from devChecks.
func buildTree(c *call) {
	if c.out.Level < Medium || c.out.Dangerous || !isDevTool(c.name) {
		return
	}
	var dirs []arg
	for _, o := range treeOpts.get()[c.name] {
		if v, ok := c.optValue(o.opts); ok {
			if o.file && !v.dyn {
				v.val = path.Dir(v.val)
			}
			dirs = append(dirs, v)
		}
	}
	if len(dirs) == 0 {
		dirs = append(dirs, c.ctx.cwdArg())
	}
	for _, d := range dirs {
		if c.treeOutside(ruleBuildOutside, d) {
			return
		}
	}
}

// isDevTool reports a program of the development table: builds, tests,
// package managers. A medium query of a remote service (kubectl get) is
// not work in a tree.
func isDevTool(name string) bool {
	i, found := slices.BinarySearchFunc(toolRefs[:], name, func(r toolRef, n string) int { return strings.Compare(r.name, n) })
	return found && toolGroups[toolRefs[i].group].kind == groupDev
}

// treeOutside raises ru, naming the place, when writing into the
// directory d is more than writing in the workspace. Permguard's own
// directories and the guard's files keep their own, dangerous, rule.
func (c *call) treeOutside(ru rule, d arg) bool {
	wr, bad := c.ctx.writeInto(d)
	if !bad || wr.level <= Low {
		return false
	}
	if wr.dangerous && (selfProtectID(wr.id) || wr.id == guardRuleID) {
		c.raise(wr)
		return true
	}
	where := "a directory only known at run time"
	if !d.dyn {
		if p, ok := c.ctx.abs(d.val); ok {
			where = p
		}
	} else if len(d.known) == 1 {
		where = d.known[0]
	}
	c.raiseWith(ru, occurrence{detail: where, target: where})
	return true
}
