//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// plantedEnv is a fake home, a workspace and a directory outside it, all
// under the test's temporary directory, and a program that leaves a
// marker when git runs it: what a planted repository makes git run.
type plantedEnv struct {
	t                     *testing.T
	root, ws, outside     string
	prog, marker, gitPath string
}

func newPlantedEnv(t *testing.T) *plantedEnv {
	t.Helper()
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	e := &plantedEnv{t: t, root: root, ws: filepath.Join(root, "ws"), outside: filepath.Join(root, "outside"),
		prog: filepath.Join(root, "prog.sh"), marker: filepath.Join(root, "ran"), gitPath: gitPath}
	for _, d := range []string{e.ws, e.outside, filepath.Join(root, "home")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.writeAbs(e.prog, "#!/bin/sh\necho ran >> '"+e.marker+"'\n")
	if err := os.Chmod(e.prog, 0o755); err != nil {
		t.Fatal(err)
	}
	return e
}

// gitCmd is git in dir (relative to the workspace, or absolute) reading
// no config but the repository's own.
func (e *plantedEnv) gitCmd(dir string, args ...string) *exec.Cmd {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(e.ws, dir)
	}
	cmd := exec.Command(e.gitPath, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(e.root, "home"), "PATH=" + os.Getenv("PATH"),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CEILING_DIRECTORIES=" + e.root,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_PAGER=cat", "PAGER=cat"}
	return cmd
}

// git runs git in dir, whatever comes of it: an attack's git status.
func (e *plantedEnv) git(dir string, args ...string) string {
	e.t.Helper()
	out, _ := e.gitCmd(dir, args...).CombinedOutput()
	return string(out)
}

// mustGit runs git in dir, made if missing, and fails the test if git does.
func (e *plantedEnv) mustGit(dir string, args ...string) {
	e.t.Helper()
	cmd := e.gitCmd(dir, args...)
	if err := os.MkdirAll(cmd.Dir, 0o755); err != nil {
		e.t.Fatal(err)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("git %v in %s: %v\n%s", args, cmd.Dir, err, out)
	}
}

// write writes a file relative to the workspace.
func (e *plantedEnv) write(rel, content string) {
	e.t.Helper()
	e.writeAbs(filepath.Join(e.ws, rel), content)
}

func (e *plantedEnv) writeAbs(p, content string) {
	e.t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		e.t.Fatal(err)
	}
}

// appendTo adds to a file relative to the workspace, or absolute.
func (e *plantedEnv) appendTo(rel, content string) {
	e.t.Helper()
	if !filepath.IsAbs(rel) {
		rel = filepath.Join(e.ws, rel)
	}
	f, err := os.OpenFile(rel, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(content); err != nil {
		e.t.Fatal(err)
	}
}

// evil is a config section that makes git status run the program.
func (e *plantedEnv) evil() string { return "[core]\n\tfsmonitor = " + e.prog + "\n" }

// ran reports whether git ran the program since the last call.
func (e *plantedEnv) ran() bool {
	_, err := os.Stat(e.marker)
	os.Remove(e.marker)
	return err == nil
}

// waitTick lets the kernel's coarse clock pass what was just changed, so
// that the setup of a case lies before its run, as a run's start lies
// after the agent's last change by far more than a tick.
func waitTick(t *testing.T) {
	var res unix.Timespec
	if err := unix.ClockGetres(unix.CLOCK_REALTIME_COARSE, &res); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2*time.Duration(res.Nano()) + time.Millisecond)
}

// plantedCases are what a confined run may leave for git, and what it may
// do that is only a build's work. before is the workspace as the run
// finds it; run is what the program does (done here unconfined: the scan
// is what is tested). want are the findings, "kind path" (path relative
// to the workspace); why is in the first finding's Why. Where trigger is
// set, git run there runs the program before the findings are set aside
// and not after.
var plantedCases = []struct {
	name    string
	before  func(e *plantedEnv)
	run     func(e *plantedEnv)
	want    []string
	why     string
	trigger string
}{
	// a link the run made to a directory it could not write (pnpm's
	// store, say) leads to what was there before: not walked
	{
		name: "a link to a directory outside the writable ones",
		before: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.writeAbs(filepath.Join(e.outside, "store", "pkg", "index.js"), "\n")
			e.mustGit(filepath.Join(e.outside, "store", "pkg"), "init", "-q")
			e.appendTo(filepath.Join(e.outside, "store", "pkg", ".git", "config"), e.evil())
		},
		run: func(e *plantedEnv) {
			must(e.t, os.MkdirAll(filepath.Join(e.ws, "node_modules"), 0o755))
			must(e.t, os.Symlink(filepath.Join(e.outside, "store", "pkg"), filepath.Join(e.ws, "node_modules", "pkg")))
		},
		want: nil,
	},
	// what Python runs at every start, in a virtual environment of the
	// workspace
	{
		name: "a .pth file made in a venv's site-packages",
		before: func(e *plantedEnv) {
			e.write(".venv/lib/python3.12/site-packages/ok.pth", "/x\n")
		},
		run: func(e *plantedEnv) {
			e.write(".venv/lib/python3.12/site-packages/evil.pth", "import os\n")
		},
		want: []string{"python .venv/lib/python3.12/site-packages/evil.pth"}, why: "Python runs at every start",
	},
	{
		name:   "a .pth file changed",
		before: func(e *plantedEnv) { e.write("venv/lib/python3.11/site-packages/x.pth", "/x\n") },
		run:    func(e *plantedEnv) { e.appendTo("venv/lib/python3.11/site-packages/x.pth", "import os\n") },
		want:   []string{"python venv/lib/python3.11/site-packages/x.pth"},
	},
	{
		name: "sitecustomize.py made in dist-packages",
		before: func(e *plantedEnv) {
			e.write("env/lib/python3/dist-packages/pkg.py", "\n")
		},
		run:  func(e *plantedEnv) { e.write("env/lib/python3/dist-packages/sitecustomize.py", "\n") },
		want: []string{"python env/lib/python3/dist-packages/sitecustomize.py"},
	},
	// setuptools' own .pth, which python -m venv writes (issue 25): kept
	// only as setuptools writes it, in an environment the run made
	{
		name: "python -m venv: setuptools' .pth in the new environment",
		run:  func(e *plantedEnv) { e.venv(".venv", setuptoolsPthLine, true) },
		want: nil,
	},
	{
		name: "setuptools' .pth name with other content",
		run:  func(e *plantedEnv) { e.venv(".venv", "import os; os.system('true')\n", true) },
		want: []string{"python .venv/lib/python3.11/site-packages/distutils-precedence.pth"},
	},
	{
		name: "setuptools' .pth with a line more",
		run:  func(e *plantedEnv) { e.venv(".venv", setuptoolsPthLine+"import os\n", true) },
		want: []string{"python .venv/lib/python3.11/site-packages/distutils-precedence.pth"},
	},
	{
		name: "setuptools' .pth without _distutils_hack beside it",
		run:  func(e *plantedEnv) { e.venv(".venv", setuptoolsPthLine, false) },
		want: []string{"python .venv/lib/python3.11/site-packages/distutils-precedence.pth"},
	},
	{
		name:   "setuptools' .pth slipped into an environment that was there before",
		before: func(e *plantedEnv) { e.write(".venv/pyvenv.cfg", "home = /usr/bin\n") },
		run:    func(e *plantedEnv) { e.venv(".venv", setuptoolsPthLine, true) },
		want:   []string{"python .venv/lib/python3.11/site-packages/distutils-precedence.pth"},
	},
	{
		name: "setuptools' .pth outside an environment",
		run: func(e *plantedEnv) {
			e.write("lib/python3.11/site-packages/distutils-precedence.pth", setuptoolsPthLine)
			e.write("lib/python3.11/site-packages/_distutils_hack/__init__.py", "\n")
		},
		want: []string{"python lib/python3.11/site-packages/distutils-precedence.pth"},
	},
	{
		name: "a .pth that was there before, untouched, and one outside site-packages",
		before: func(e *plantedEnv) {
			e.write(".venv/lib/python3.12/site-packages/ok.pth", "/x\n")
		},
		run: func(e *plantedEnv) {
			e.write(".venv/lib/python3.12/site-packages/pkg/mod.py", "\n")
			e.write("docs/notes.pth", "\n")
		},
		want: nil,
	},
	{
		name:   "nested repository with core.fsmonitor",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.appendTo("sub/.git/config", e.evil())
		},
		want: []string{"planted sub/.git"}, why: "core.fsmonitor in config", trigger: "sub",
	},
	{
		name:   "nested repository with core.hooksPath",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.appendTo("sub/.git/config", "[core]\n\thooksPath = /x\n")
		},
		want: []string{"planted sub/.git"}, why: "core.hookspath in config",
	},
	{
		name:   "nested repository with a filter driver, on the header's line",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.appendTo("sub/.git/config", "[filter \"x\"] clean = x\n")
		},
		want: []string{"planted sub/.git"}, why: "filter.x.clean in config",
	},
	{
		name:   "nested repository with an include",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.appendTo("sub/.git/config", "[include]\n\tpath = ../../evil.cfg\n")
		},
		want: []string{"planted sub/.git"}, why: "include.path in config",
	},
	{
		name:   "nested repository with a hook",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.write("sub/.git/hooks/pre-commit", "#!/bin/sh\n")
		},
		want: []string{"planted sub/.git"}, why: "hooks/pre-commit",
	},
	{
		name:   "nested repository with an interrupted rebase",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			e.mustGit("sub", "init", "-q")
			e.write("sub/.git/rebase-merge/git-rebase-todo", "exec x\n")
		},
		want: []string{"planted sub/.git"}, why: "rebase-merge/",
	},
	{
		name: "deep in node_modules",
		run: func(e *plantedEnv) {
			e.write("node_modules/a/index.js", "\n")
			e.mustGit("node_modules/a/b/c", "init", "-q")
			e.appendTo("node_modules/a/b/c/.git/config", e.evil())
		},
		want: []string{"planted node_modules/a/b/c/.git"}, trigger: "node_modules/a/b/c",
	},
	{
		name: "a workspace that is not a repository gets one",
		run: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.appendTo(".git/config", e.evil())
		},
		want: []string{"planted .git"}, why: "core.fsmonitor in config", trigger: ".",
	},
	{
		name: "a .git file naming a repository made in a temporary directory",
		run: func(e *plantedEnv) {
			e.mustGit(e.outside, "init", "-q")
			e.writeAbs(filepath.Join(e.outside, ".git", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
			e.write("sub/.git", "gitdir: "+filepath.Join(e.outside, ".git")+"\n")
		},
		want: []string{"planted sub/.git"}, why: "core.fsmonitor in config", trigger: "sub",
	},
	{
		name: "a relative .git file",
		run: func(e *plantedEnv) {
			e.mustGit(filepath.Join(e.ws, "stash"), "init", "-q", "--bare")
			e.writeAbs(filepath.Join(e.ws, "stash", "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"+e.evil())
			e.write("sub/.git", "gitdir: ../stash\n")
		},
		// the bare repository stash/ is one too: git run inside it reads its config
		want: []string{"planted stash/HEAD", "planted sub/.git"}, trigger: "sub",
	},
	{
		name: "an old .git file whose repository the run changes",
		before: func(e *plantedEnv) {
			e.mustGit(e.outside, "init", "-q")
			e.write("sub/.git", "gitdir: "+filepath.Join(e.outside, ".git")+"\n")
		},
		run: func(e *plantedEnv) {
			e.writeAbs(filepath.Join(e.outside, ".git", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
		},
		want: []string{"planted sub/.git"}, trigger: "sub",
	},
	{
		name: "an old .git file whose repository is swapped for a prepared one",
		before: func(e *plantedEnv) {
			e.mustGit(filepath.Join(e.outside, "a"), "init", "-q")
			e.mustGit(filepath.Join(e.outside, "b"), "init", "-q")
			e.writeAbs(filepath.Join(e.outside, "b", ".git", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
			e.write("sub/.git", "gitdir: "+filepath.Join(e.outside, "a", ".git")+"\n")
		},
		run: func(e *plantedEnv) {
			must(e.t, os.Rename(filepath.Join(e.outside, "a", ".git"), filepath.Join(e.outside, "old")))
			must(e.t, os.Rename(filepath.Join(e.outside, "b", ".git"), filepath.Join(e.outside, "a", ".git")))
		},
		want: []string{"planted sub/.git"}, trigger: "sub",
	},
	{
		name: "a .git file naming nothing, for a repository made later",
		run:  func(e *plantedEnv) { e.write("sub/.git", "gitdir: "+filepath.Join(e.outside, "later")+"\n") },
		want: []string{"planted sub/.git"}, why: "names no directory",
	},
	{
		name: "a .git symbolic link",
		run: func(e *plantedEnv) {
			e.mustGit(e.outside, "init", "-q")
			e.writeAbs(filepath.Join(e.outside, ".git", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
			e.write("sub/x", "\n")
			must(e.t, os.Symlink(filepath.Join(e.outside, ".git"), filepath.Join(e.ws, "sub", ".git")))
		},
		want: []string{"planted sub/.git"}, trigger: "sub",
	},
	{
		name: "a repository prepared earlier, moved into place",
		before: func(e *plantedEnv) {
			e.mustGit(e.outside, "init", "-q")
			e.writeAbs(filepath.Join(e.outside, ".git", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
			e.write("sub/x", "\n")
		},
		run: func(e *plantedEnv) {
			must(e.t, os.Rename(filepath.Join(e.outside, ".git"), filepath.Join(e.ws, "sub", ".git")))
		},
		want: []string{"planted sub/.git"}, trigger: "sub",
	},
	{
		name: "a bare repository in a source directory",
		before: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.write("src/main.c", "\n")
		},
		run: func(e *plantedEnv) {
			e.mustGit(e.outside, "init", "-q", "--bare", filepath.Join(e.ws, "src"))
			e.write("src/config", "[core]\n\trepositoryformatversion = 0\n\tworktree = .\n"+e.evil())
		},
		want: []string{"planted src/HEAD"}, why: "a bare repository: core.fsmonitor in config", trigger: "src",
	},
	{
		name:   "a vendored checkout whose config the run changes",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q"); e.mustGit("vendor/lib", "init", "-q") },
		run:    func(e *plantedEnv) { e.appendTo("vendor/lib/.git/config", e.evil()) },
		want:   []string{"planted vendor/lib/.git"}, trigger: "vendor/lib",
	},
	{
		name:   "a vendored checkout that gets a hook",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q"); e.mustGit("vendor/lib", "init", "-q") },
		run:    func(e *plantedEnv) { e.write("vendor/lib/.git/hooks/post-checkout", "#!/bin/sh\n") },
		want:   []string{"planted vendor/lib/.git"}, why: "hooks/post-checkout",
	},
	{
		name: "a vendored checkout's submodule config",
		before: func(e *plantedEnv) {
			e.mustGit("vendor/lib", "init", "-q")
			e.mustGit(filepath.Join(e.ws, "vendor/lib/.git/modules/m"), "init", "-q", "--bare")
		},
		run:  func(e *plantedEnv) { e.appendTo("vendor/lib/.git/modules/m/config", e.evil()) },
		want: []string{"planted vendor/lib/.git"}, why: "modules/m: core.fsmonitor in config",
	},
	{
		name: "the workspace's own repository gets a commondir",
		before: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.mustGit(e.outside, "init", "-q", "--bare")
			e.writeAbs(filepath.Join(e.outside, "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
		},
		run:  func(e *plantedEnv) { e.write(".git/commondir", e.outside+"\n") },
		want: []string{"rootpart .git/commondir"}, trigger: ".",
	},
	// a commondir naming a directory that does not exist (yet): the
	// changed part alone, not the whole .git as "moved or replaced"
	{
		name:   "the workspace's own repository gets a commondir naming nothing",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run:    func(e *plantedEnv) { e.write(".git/commondir", filepath.Join(e.outside, "later")+"\n") },
		want:   []string{"rootpart .git/commondir"}, why: "changed",
	},
	{
		name: "a linked worktree whose commondir the run points at nothing",
		before: func(e *plantedEnv) {
			linkedWorktree(e)
		},
		run: func(e *plantedEnv) {
			e.writeAbs(filepath.Join(e.outside, "main", ".git", "worktrees", "ws", "commondir"), filepath.Join(e.root, "later")+"\n")
		},
		want: []string{"rootpart ../outside/main/.git/worktrees/ws/commondir"}, why: "changed",
	},
	{
		name:   "the workspace's own repository gets a hook (where its hole failed)",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run:    func(e *plantedEnv) { e.write(".git/hooks/pre-commit", "#!/bin/sh\n") },
		want:   []string{"rootpart .git/hooks/pre-commit"},
	},
	{
		name:   "the workspace's own .git moved away and replaced",
		before: func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
		run: func(e *plantedEnv) {
			must(e.t, os.Rename(filepath.Join(e.ws, ".git"), filepath.Join(e.ws, "old")))
			e.mustGit(".", "init", "-q")
			e.appendTo(".git/config", e.evil())
		},
		want: []string{"rootmoved old", "planted .git"}, trigger: ".",
	},

	{
		name: "a linked worktree whose commondir the run points elsewhere",
		before: func(e *plantedEnv) {
			linkedWorktree(e)
			e.mustGit(filepath.Join(e.root, "evil"), "init", "-q", "--bare")
			e.writeAbs(filepath.Join(e.root, "evil", "config"), "[core]\n\trepositoryformatversion = 0\n"+e.evil())
		},
		run: func(e *plantedEnv) {
			e.writeAbs(filepath.Join(e.outside, "main", ".git", "worktrees", "ws", "commondir"), filepath.Join(e.root, "evil")+"\n")
		},
		want: []string{"rootpart ../outside/main/.git/worktrees/ws/commondir"}, trigger: ".",
	},
	{
		name:   "a linked worktree whose main repository, writable, gets a hook",
		before: linkedWorktree,
		run: func(e *plantedEnv) {
			e.writeAbs(filepath.Join(e.outside, "main", ".git", "hooks", "pre-commit"), "#!/bin/sh\n")
		},
		want: []string{"rootpart ../outside/main/.git/hooks/pre-commit"},
	},

	// a build's own work: nothing to report
	{
		name:   "git commit in a linked worktree",
		before: linkedWorktree,
		run: func(e *plantedEnv) {
			e.write("b.txt", "b\n")
			e.mustGit(".", "add", ".")
			e.mustGit(".", "commit", "-q", "-m", "b")
		},
	},
	{
		name: "git commit in the workspace's repository",
		before: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.write("a.txt", "a\n")
			e.mustGit(".", "add", ".")
			e.mustGit(".", "commit", "-q", "-m", "a")
		},
		run: func(e *plantedEnv) {
			e.write("b.txt", "b\n")
			e.mustGit(".", "add", ".")
			e.mustGit(".", "commit", "-q", "-m", "b")
			e.mustGit(".", "tag", "v1")
			e.mustGit(".", "gc", "-q")
		},
	},
	{
		name: "an old nested repository nobody touched",
		before: func(e *plantedEnv) {
			e.mustGit(".", "init", "-q")
			e.mustGit("vendor/lib", "init", "-q")
			e.appendTo("vendor/lib/.git/config", e.evil())
			e.write("vendor/lib/.git/hooks/pre-commit", "#!/bin/sh\n")
		},
		run: func(e *plantedEnv) { e.write("build/out.txt", "built\n") },
	},
	{
		name: "git status and commit in a vendored checkout",
		before: func(e *plantedEnv) {
			e.mustGit("vendor/lib", "init", "-q")
			e.mustGit("vendor/lib", "remote", "add", "origin", "https://example.com/lib.git")
			e.write("vendor/lib/a.txt", "a\n")
		},
		run: func(e *plantedEnv) {
			e.git("vendor/lib", "status")
			e.mustGit("vendor/lib", "add", ".")
			e.mustGit("vendor/lib", "commit", "-q", "-m", "a")
		},
	},
	{
		name: "a test that makes a repository in the workspace",
		run: func(e *plantedEnv) {
			e.mustGit("testdata/repo", "init", "-q")
			e.mustGit("testdata/repo", "config", "user.email", "t@example.com")
			e.write("testdata/repo/a.txt", "a\n")
			e.mustGit("testdata/repo", "add", ".")
			e.mustGit("testdata/repo", "commit", "-q", "-m", "a")
		},
	},
	{
		name: "git init of a workspace that was none",
		run:  func(e *plantedEnv) { e.mustGit(".", "init", "-q") },
	},
}

// linkedWorktree makes the workspace a linked worktree (its .git a file)
// of a repository outside it, as "git worktree add" does.
func linkedWorktree(e *plantedEnv) {
	main := filepath.Join(e.outside, "main")
	e.mustGit(main, "init", "-q")
	e.mustGit(main, "commit", "-q", "--allow-empty", "-m", "a")
	must(e.t, os.Remove(e.ws))
	e.mustGit(main, "worktree", "add", "-q", e.ws)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestScanPlanted(t *testing.T) {
	for _, tc := range plantedCases {
		t.Run(tc.name, func(t *testing.T) {
			e := newPlantedEnv(t)
			if tc.before != nil {
				tc.before(e)
			}
			waitTick(t)
			base := TakeBaseline(e.ws)
			tc.run(e)
			rep := ScanPlanted(e.ws, base, DefaultBudget)
			if rep.Incomplete != "" {
				t.Errorf("incomplete: %s", rep.Incomplete)
			}
			var got []string
			for _, f := range rep.Findings {
				got = append(got, fmt.Sprintf("%s %s", kindName(f.Kind), relTo(e.ws, f.Path)))
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("findings %q, want %q (%+v)", got, tc.want, rep.Findings)
			}
			if tc.why != "" && !strings.Contains(rep.Findings[0].Why, tc.why) {
				t.Errorf("why = %q, want it to say %q", rep.Findings[0].Why, tc.why)
			}
			if tc.trigger == "" {
				return
			}
			e.ran()
			e.git(tc.trigger, "status")
			if !e.ran() {
				t.Fatalf("git status in %s did not run the program before the quarantine: the case tests nothing", tc.trigger)
			}
			for _, f := range rep.Findings {
				moved, err := Quarantine(f, time.Now())
				if err != nil {
					t.Fatalf("Quarantine(%s): %v", f.Path, err)
				}
				if f.Path == "" || f.Kind == RootMoved {
					continue
				}
				if _, err := os.Lstat(moved); err != nil || !strings.Contains(moved, QuarantineSuffix) {
					t.Errorf("%s was set aside as %q: %v", f.Path, moved, err)
				}
			}
			e.git(tc.trigger, "status")
			if e.ran() {
				t.Errorf("git status in %s still runs the program after the quarantine", tc.trigger)
			}
		})
	}
}

// runConfined runs the workspace's script confined as exec does (the
// holes, the baseline, then Run), with scratch writable as /tmp would be,
// and returns the baseline for the scan. It skips where namespaces
// cannot be had and fails unless the script succeeds.
func (e *plantedEnv) runConfined(scratch, script string) Baseline {
	t := e.t
	t.Helper()
	holes := BuildHoles(e.ws)
	base := TakeBaseline(e.ws)
	base.Writable = []string{scratch}
	p := Profile{
		Writable: Writable{Dirs: append([]string{e.ws, scratch}, DefaultDirs...), Files: DefaultFiles},
		ReadOnly: holes.Paths,
		Hidden:   Secrets(filepath.Join(e.root, "home"), ""),
	}
	env := []string{"HOME=" + filepath.Join(e.root, "home"), "PATH=" + os.Getenv("PATH"), "PROG=" + e.prog, "SCRATCH=" + scratch,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CEILING_DIRECTORIES=" + e.ws,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
	old, _ := os.Getwd()
	must(t, os.Chdir(e.ws))
	code, err := Run(p, "/bin/sh", []string{"sh", script}, env)
	_ = os.Chdir(old)
	holes.Remove()
	if errors.Is(err, ErrNoNamespaces) {
		t.Skipf("no namespaces here: %v", err)
	}
	if err != nil || code != 0 {
		t.Fatalf("Run = %d, %v; want %s to succeed confined", code, err, script)
	}
	return base
}

func kindName(k Kind) string {
	return [...]string{"planted", "rootpart", "rootmoved", "python", "hole"}[k]
}

func relTo(ws, p string) string {
	if r, err := filepath.Rel(ws, p); err == nil {
		return r
	}
	return p
}

// A placeholder BuildHoles made for a missing hole of the workspace's own
// repository is no change of the run's.
func TestScanPlantedPlaceholders(t *testing.T) {
	e := newPlantedEnv(t)
	e.mustGit(".", "init", "-q")
	for _, d := range []string{"hooks", "info"} {
		must(t, os.RemoveAll(filepath.Join(e.ws, ".git", d)))
	}
	waitTick(t)
	holes := BuildHoles(e.ws)
	defer holes.Remove()
	base := TakeBaseline(e.ws)
	if rep := ScanPlanted(e.ws, base, DefaultBudget); len(rep.Findings) > 0 || rep.Incomplete != "" {
		t.Errorf("ScanPlanted = %+v, want nothing: the placeholders are permguard's", rep)
	}
}

// The walk stops at its budget and says so; the program's success is then
// not enough (see the exec's exit status).
func TestScanPlantedBudget(t *testing.T) {
	e := newPlantedEnv(t)
	for i := range 50 {
		e.write(fmt.Sprintf("d%d/f", i), "\n")
	}
	base := TakeBaseline(e.ws)
	rep := ScanPlanted(e.ws, base, Budget{Entries: 20})
	if !strings.Contains(rep.Incomplete, "more than 20 entries") {
		t.Errorf("Incomplete = %q, want the entry budget named", rep.Incomplete)
	}
	rep = ScanPlanted(e.ws, base, Budget{Time: time.Nanosecond})
	if !strings.Contains(rep.Incomplete, "more than 1ns") {
		t.Errorf("Incomplete = %q, want the time budget named", rep.Incomplete)
	}
	if rep := ScanPlanted(e.ws, base, DefaultBudget); rep.Incomplete != "" || rep.Entries < 100 {
		t.Errorf("with the default budget: %+v", rep)
	}
}

// A directory the scan cannot read could hide a repository: the check is
// incomplete.
func TestScanPlantedUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	e := newPlantedEnv(t)
	base := TakeBaseline(e.ws)
	e.mustGit("hide/sub", "init", "-q")
	must(t, os.Chmod(filepath.Join(e.ws, "hide"), 0o111))
	t.Cleanup(func() { os.Chmod(filepath.Join(e.ws, "hide"), 0o755) })
	rep := ScanPlanted(e.ws, base, DefaultBudget)
	if !strings.Contains(rep.Incomplete, "hide cannot be read") {
		t.Errorf("Incomplete = %q, want hide named", rep.Incomplete)
	}
}

// Quarantine never replaces: a second finding set aside in the same
// second gets a name of its own.
func TestQuarantineNames(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var got []string
	for range 3 {
		p := filepath.Join(dir, ".git")
		must(t, os.Mkdir(p, 0o755))
		moved, err := Quarantine(Finding{Kind: Planted, Path: p}, at)
		must(t, err)
		got = append(got, filepath.Base(moved))
	}
	// each with a random tail the run could not foresee and take first
	re := regexp.MustCompile(`^\.git\.permguard-quarantine-20260102T030405Z-[0-9a-f]{8}$`)
	for _, n := range got {
		if !re.MatchString(n) {
			t.Errorf("name %q, want .git.permguard-quarantine-20260102T030405Z-XXXXXXXX", n)
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(got)))) != 3 {
		t.Errorf("names %q are not all different", got)
	}
	if moved, err := Quarantine(Finding{Kind: RootMoved}, at); moved != "" || err != nil {
		t.Errorf("Quarantine(RootMoved) = %q, %v; want nothing done", moved, err)
	}
}

// plantScript is what a hostile build does to escape through git: a
// repository of its own in sub/ whose config makes git status run $PROG,
// a commondir in the workspace's own repository (not a hole: an empty
// placeholder would break git) naming a repository it made in the
// scratch directory, and, as the build's own work, a test fixture
// repository made with git.
const plantScript = `
mkdir -p sub/.git/objects sub/.git/refs
echo 'ref: refs/heads/main' > sub/.git/HEAD
printf '[core]\n\tfsmonitor = %s\n' "$PROG" > sub/.git/config
mkdir -p "$SCRATCH/evil/objects" "$SCRATCH/evil/refs"
echo 'ref: refs/heads/main' > "$SCRATCH/evil/HEAD"
printf '[core]\n\tfsmonitor = %s\n' "$PROG" > "$SCRATCH/evil/config"
echo "$SCRATCH/evil" > .git/commondir
git init -q testdata/fixture && git -C testdata/fixture commit -q --allow-empty -m fixture
mkdir -p build && echo built > build/out.txt
`

// TestBuildProfilePlantedRepository runs plantScript confined, as exec
// does: the holes hold, but the repository in sub/ and the commondir are
// made. After the run the scan finds both, not the fixture, and once they
// are set aside git status runs nothing; without the quarantine it runs
// the program (the control, so the test can fail).
func TestBuildProfilePlantedRepository(t *testing.T) {
	e := newPlantedEnv(t)
	scratch := filepath.Join(e.root, "scratch")
	must(t, os.MkdirAll(scratch, 0o755))
	e.mustGit(".", "init", "-q")
	e.write("plant.sh", plantScript)
	waitTick(t)

	base := e.runConfined(scratch, "plant.sh")
	if b, err := os.ReadFile(filepath.Join(e.ws, "build", "out.txt")); err != nil || string(b) != "built\n" {
		t.Fatalf("the build's own output is missing: %q, %v", b, err)
	}

	rep := ScanPlanted(e.ws, base, DefaultBudget)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s %s: %s", kindName(f.Kind), relTo(e.ws, f.Path), f.Why))
	}
	want := []string{"rootpart .git/commondir: changed", "planted sub/.git: core.fsmonitor in config"}
	if !slices.Equal(got, want) || rep.Incomplete != "" {
		t.Fatalf("findings %q (incomplete %q), want %q", got, rep.Incomplete, want)
	}
	for _, dir := range []string{"sub", "."} {
		e.ran()
		e.git(dir, "status")
		if !e.ran() {
			t.Fatalf("before the quarantine, git status in %s did not run the program: the attack failed, the test tests nothing", dir)
		}
	}
	for _, f := range rep.Findings {
		if _, err := Quarantine(f, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"sub", "."} {
		e.git(dir, "status")
		if e.ran() {
			t.Errorf("after the quarantine, git status in %s runs the program", dir)
		}
	}
	if out := e.git("testdata/fixture", "log", "--format=%s"); out != "fixture\n" {
		t.Errorf("the fixture repository is not as the build made it: %q", out)
	}
}

// BenchmarkScanPlanted walks a workspace the size of a large JavaScript
// project's: a node_modules of 2,000 packages, 110,000 entries (design §4
// states the result). PLANTED_BENCH_DIR names a real tree to walk
// instead, read only.
func BenchmarkScanPlanted(b *testing.B) {
	ws := os.Getenv("PLANTED_BENCH_DIR")
	if ws == "" {
		ws = b.TempDir()
		for i := range 2000 {
			for j := range 5 {
				dir := filepath.Join(ws, "node_modules", fmt.Sprintf("pkg%d", i), fmt.Sprintf("d%d", j))
				if err := os.MkdirAll(dir, 0o755); err != nil {
					b.Fatal(err)
				}
				for k := range 10 {
					if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.js", k)), nil, 0o644); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
	base := TakeBaseline(ws)
	b.ResetTimer()
	var rep PlantedReport
	for b.Loop() {
		rep = ScanPlanted(ws, base, DefaultBudget)
	}
	b.ReportMetric(float64(rep.Entries), "entries")
	if rep.Incomplete != "" {
		b.Fatalf("incomplete: %s", rep.Incomplete)
	}
}

// linkCases are symbolic links a confined run may leave in the
// workspace; want are those reported, "path -> where it leads" (paths
// relative to the test's root; "(loop)" marks one past the kernel's
// bound). tmp counts as the workspace, as the temporary directories do.
var linkCases = []struct {
	name   string
	before func(e linkEnv)
	run    func(e linkEnv)
	want   []string
}{
	{
		name: "made to a path outside",
		run:  func(e linkEnv) { e.link("/outside/secret", "/ws/a") },
		want: []string{"ws/a -> outside/secret"},
	},
	{
		name: "made to a path inside, and into a temporary directory",
		run: func(e linkEnv) {
			e.link("/ws/src/x", "/ws/b")
			e.link("/tmp/out", "/ws/c")
			e.link("x", "/ws/src/d")
		},
	},
	{
		name:   "untouched from before the run",
		before: func(e linkEnv) { e.link("/outside/secret", "/ws/old") },
	},
	{
		name:   "retargeted during the run",
		before: func(e linkEnv) { e.link("/ws/src/x", "/ws/moved") },
		run: func(e linkEnv) {
			must(e.t, os.Remove(e.p("/ws/moved")))
			e.link("/outside/secret", "/ws/moved")
		},
		want: []string{"ws/moved -> outside/secret"},
	},
	{
		name: "relative, up and out",
		run:  func(e linkEnv) { e.link("../../outside/secret", "/ws/src/e") },
		want: []string{"ws/src/e -> outside/secret"},
	},
	{
		// the kernel follows l before "..": l/.. is l's target's parent
		name: "through a link, then ..",
		run: func(e linkEnv) {
			e.link("/outside/deep/er", "/ws/l")
			e.link("l/../secret", "/ws/f")
		},
		want: []string{"ws/f -> outside/deep/secret", "ws/l -> outside/deep/er"},
	},
	{
		name: "to a link inside that leads out",
		run: func(e linkEnv) {
			e.link("/outside/secret", "/tmp/hop")
			e.link("/tmp/hop", "/ws/g")
		},
		want: []string{"ws/g -> outside/secret"},
	},
	{
		name: "dangling, to where it would lead",
		run:  func(e linkEnv) { e.link("/outside/not-yet/x", "/ws/h") },
		want: []string{"ws/h -> outside/not-yet/x"},
	},
	{
		name: "in a loop",
		run: func(e linkEnv) {
			e.link("/ws/j", "/ws/i")
			e.link("/ws/i", "/ws/j")
		},
		want: []string{"ws/i -> (loop)", "ws/j -> (loop)"},
	},
	{
		// a rename stamps the directory moved, not the link inside it
		name:   "moved into place with its directory",
		before: func(e linkEnv) { e.link("/outside/secret", "/tmp/pkg/bin/tool") },
		run:    func(e linkEnv) { must(e.t, os.Rename(e.p("/tmp/pkg"), e.p("/ws/pkg"))) },
		want:   []string{"ws/pkg/bin/tool -> outside/secret"},
	},
	{
		// a virtual environment's interpreter: reported, not a finding
		name: "a venv's python",
		run:  func(e linkEnv) { e.link("/outside/usr/bin/python3", "/ws/.venv/bin/python") },
		want: []string{"ws/.venv/bin/python -> outside/usr/bin/python3"},
	},
}

// linkEnv is a root holding ws (the workspace), tmp (a temporary
// directory) and outside; paths given to it are under the root.
type linkEnv struct {
	t    *testing.T
	root string
}

func (e linkEnv) p(rel string) string { return filepath.Join(e.root, rel) }

// link makes a symbolic link at the path at, to target: under the
// root when absolute, else as written.
func (e linkEnv) link(target, at string) {
	e.t.Helper()
	if filepath.IsAbs(target) {
		target = e.p(target)
	}
	must(e.t, os.MkdirAll(filepath.Dir(e.p(at)), 0o755))
	must(e.t, os.Symlink(target, e.p(at)))
}

// TestScanPlantedLinksOut: the links a run made or changed that lead out
// of the workspace and the temporary directories are reported (issue 22,
// item 1), with where they lead; nothing is set aside for them.
func TestScanPlantedLinksOut(t *testing.T) {
	for _, tc := range linkCases {
		t.Run(tc.name, func(t *testing.T) {
			e := linkEnv{t, t.TempDir()}
			for _, d := range []string{"ws/src", "tmp", "outside/deep/er"} {
				must(t, os.MkdirAll(e.p(d), 0o755))
			}
			must(t, os.WriteFile(e.p("outside/secret"), []byte("x\n"), 0o644))
			if tc.before != nil {
				tc.before(e)
			}
			waitTick(t)
			base := TakeBaseline(e.p("ws"))
			base.TempDirs = []string{e.p("tmp")}
			if tc.run != nil {
				tc.run(e)
			}
			rep := ScanPlanted(e.p("ws"), base, DefaultBudget)
			var got []string
			for _, l := range rep.LinksOut {
				to := relTo(e.root, l.Target)
				if l.Loop {
					to = "(loop)"
				}
				got = append(got, relTo(e.root, l.Path)+" -> "+to)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("links out %q, want %q", got, tc.want)
			}
			if len(rep.Findings) > 0 || rep.Incomplete != "" {
				t.Errorf("findings %+v, incomplete %q: a link out is reported, not set aside", rep.Findings, rep.Incomplete)
			}
		})
	}
}

// setuptoolsPthLine is distutils-precedence.pth as setuptools 65.5.0
// writes it into a venv of Python 3.11 (read on the machine, issue 25).
const setuptoolsPthLine = "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n"

// venv makes what python -m venv leaves at dir: pyvenv.cfg (rewritten,
// as venv does, when there), and a site-packages with pth as
// distutils-precedence.pth and, with hack, the _distutils_hack package.
func (e *plantedEnv) venv(dir, pth string, hack bool) {
	e.write(dir+"/pyvenv.cfg", "home = /usr/bin\ninclude-system-site-packages = false\n")
	site := dir + "/lib/python3.11/site-packages/"
	e.write(site+"distutils-precedence.pth", pth)
	if hack {
		e.write(site+"_distutils_hack/__init__.py", "\n")
	}
}

// A file hole missing before the run gets no placeholder (issue 25); one
// the run made, whatever it is, is found after it. One there before the
// run is not: the box mounts it read-only.
func TestScanPlantedHoleMade(t *testing.T) {
	e := newPlantedEnv(t)
	e.mustGit(".", "init", "-q")
	e.write(".gitmodules", "")
	waitTick(t)
	holes := BuildHoles(e.ws)
	base := TakeBaseline(e.ws)
	for _, f := range []string{".envrc", ".mcp.json", "opencode.json", "opencode.jsonc"} {
		if _, err := os.Lstat(filepath.Join(e.ws, f)); err == nil {
			t.Fatalf("%s exists before the run: a placeholder was made", f)
		}
	}
	e.write(".envrc", "use flake\n")
	must(t, os.Mkdir(filepath.Join(e.ws, ".mcp.json"), 0o755))
	must(t, os.Symlink("/nowhere", filepath.Join(e.ws, "opencode.json")))
	e.appendTo(".gitmodules", "\n")
	holes.Remove()
	rep := ScanPlanted(e.ws, base, DefaultBudget)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s %s", kindName(f.Kind), relTo(e.ws, f.Path)))
	}
	want := []string{"hole .envrc", "hole .mcp.json", "hole opencode.json"}
	if !slices.Equal(got, want) || rep.Incomplete != "" {
		t.Fatalf("findings %q (incomplete %q), want %q", got, rep.Incomplete, want)
	}
	for _, f := range rep.Findings {
		if _, err := Quarantine(f, time.Now()); err != nil {
			t.Errorf("Quarantine(%s): %v", f.Path, err)
		}
	}
	if _, err := os.Lstat(filepath.Join(e.ws, ".envrc")); err == nil {
		t.Errorf(".envrc was not set aside")
	}
}
