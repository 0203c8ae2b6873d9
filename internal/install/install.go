// Package install owns permguard's entry in each agent's configuration:
// where it goes, adding and removing it without touching anything else in
// the file, the pi and opencode extension files, and whether what is
// installed is current.
//
// What each agent needs is data in internal/hook ([hook.InstallTarget]);
// this package acts on it. It reads no environment and prints nothing: the
// command line passes in what it read, and internal/report words the
// [Result].
package install

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/settings"
)

// A Target is an agent install knows, with the dialect that its hook
// entry or extension names.
type Target struct {
	hook.InstallTarget
	Dialect hook.Agent
}

// Targets lists the agents install knows, in the order of the dialects
// that speak them, which is the order help lists them in.
func Targets() []Target {
	var out []Target
	for _, d := range hook.Dialects() {
		for _, t := range d.Targets {
			out = append(out, Target{t, d.Agent})
		}
	}
	return out
}

// Find returns the target called name.
func Find(name string) (Target, bool) {
	for _, t := range Targets() {
		if t.Name == name {
			return t, true
		}
	}
	return Target{}, false
}

// Names are the names of [Targets].
func Names() []string { return names(false) }

// Extensions are the names of the [Targets] that are extensions.
func Extensions() []string { return names(true) }

func names(extensionsOnly bool) []string {
	var out []string
	for _, t := range Targets() {
		if t.Extension || !extensionsOnly {
			out = append(out, t.Name)
		}
	}
	return out
}

// PathName is the program a repository's entry, or extension, runs:
// permguard as PATH finds it on the machine that runs the agent. The file
// is committed and read on every teammate's machine, where the path of
// the binary that installed it means nothing, and a path in the
// installer's home directory least of all.
const PathName = "permguard"

// Command is what t's hook entry, or extension, runs: exe, an absolute
// path, quoted even when it needs no quotes, so that every entry permguard
// writes looks the same, or [PathName] as it is; then the agent's
// fallback for when permguard cannot answer.
func (t Target) Command(exe string) string {
	q := exe
	if exe != PathName {
		var err error
		q, err = syntax.Quote(exe, syntax.LangBash)
		if err != nil || q == exe {
			// Only a NUL fails, and no path holds one.
			q = "'" + exe + "'"
		}
	}
	cmd := q + " hook --agent " + string(t.Dialect)
	if t.Fallback != "" {
		cmd += " || " + t.Fallback
	}
	return cmd
}

// EntryExe is what an entry installed for exe runs: exe for the user's
// file, which stays on this machine, and [PathName] for the repository's.
// A user's entry keeps the absolute path because the agent may run it
// with another PATH than the shell's (an agent started from a desktop
// launcher, Codex's login shell), and because a path cannot be taken over
// by another program named permguard put earlier on PATH.
func EntryExe(exe string, project bool) string {
	if project {
		return PathName
	}
	return exe
}

// Env is what install reads of the environment, passed in by the command
// line.
type Env struct {
	Getenv func(string) string
	Getwd  func() (string, error)
}

// Errors the command line words a hint for; test with [errors.Is].
var (
	ErrRepositoryOnly = errors.New("the agent reads hooks from the repository only")
	ErrInvalidJSON    = errors.New("the configuration is not valid JSON")
	ErrNotOurs        = errors.New("the file is not permguard's extension")
)

// kindError has a message written for its case and is [errors.Is] one of
// the sentinels above.
type kindError struct {
	msg  string
	kind error
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

// Path returns t's file that install writes: the user's, or with project
// the repository's, at the root of the repository around the working
// directory (or in it, outside any repository).
func (t Target) Path(env Env, project bool) (string, error) {
	if !project {
		if t.User == "" {
			return "", &kindError{t.Name + " reads hooks from the repository only", ErrRepositoryOnly}
		}
		dir, err := t.userDir(env.Getenv)
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, t.User), nil
	}
	wd, err := env.Getwd()
	if err != nil {
		return "", err
	}
	root, ok := settings.RepoRoot(wd)
	if !ok {
		root = filepath.Clean(wd)
	}
	return filepath.Join(root, t.Project), nil
}

// userDir returns where the agent keeps its user files: the directory its
// variable names when that is set (pi's PI_CODING_AGENT_DIR, the XDG
// configuration home), else its directory under the home directory.
func (t Target) userDir(getenv func(string) string) (string, error) {
	if t.UserDirVar != "" {
		switch v := getenv(t.UserDirVar); {
		case v == "":
			// unset: the default under the home directory
		case filepath.IsAbs(v):
			return filepath.Clean(v), nil
		default:
			return "", fmt.Errorf("%s is %q, not an absolute path, so the agent's configuration cannot be found", t.UserDirVar, v)
		}
	}
	home := getenv("HOME")
	if !filepath.IsAbs(home) {
		return "", errors.New("HOME is not set to an absolute path, so the agent's configuration cannot be found")
	}
	return filepath.Join(home, t.UserDir), nil
}

// Options are what [Install] and [Uninstall] work on.
type Options struct {
	Target  Target
	Path    string // from [Target.Path]
	Project bool   // Path is the repository's file: the entry runs [PathName]
	Exe     string // the absolute path of this permguard binary
	DryRun  bool   // work out the changes, write nothing
	Force   bool   // install: replace an extension file permguard did not write
	Now     func() time.Time
}

// Outcome is what became of the file.
type Outcome int

const (
	Changed   Outcome = iota // see [Result.Changes]
	Unchanged                // the file already says what it should
	Missing                  // uninstall: there is no extension file
	Foreign                  // uninstall: the extension file is not permguard's, so it stays
)

// Result is what [Install] or [Uninstall] did, or with DryRun would do.
type Result struct {
	Outcome Outcome
	Changes []string // one line each, when Changed
	Backup  string   // where the previous file is kept, if it was
}

// Install puts permguard's entry into the target's configuration at
// o.Path, keeping everything else there, or writes its extension.
func Install(o Options) (Result, error) {
	if o.Target.Extension {
		return installExtension(o)
	}
	return editConfig(o, func(doc *settings.Document) ([]string, error) {
		return addEntries(doc, o.Target, o.Target.Command(EntryExe(o.Exe, o.Project)))
	})
}

// Uninstall takes every permguard entry out of the target's
// configuration at o.Path, keeping everything else there, or removes its
// extension.
func Uninstall(o Options) (Result, error) {
	if o.Target.Extension {
		return uninstallExtension(o)
	}
	return uninstallConfig(o)
}

// OwnPath is the absolute path of the running binary, as executable
// (the process's, passed in) finds it, with its links resolved: what the
// user's hook entries and extensions run.
func OwnPath(executable func() (string, error)) (string, error) {
	exe, err := executable()
	if err != nil {
		return "", fmt.Errorf("cannot find permguard's own path: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return exe, nil
}
