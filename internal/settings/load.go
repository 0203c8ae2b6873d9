package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/safefile"
)

// File names and places (design §5).
const (
	FileName           = "settings.json"
	ProjectDir         = ".permguard"
	ProjectFile        = "settings.json"
	ProjectLocalFile   = "settings.local.json"
	DefaultManagedFile = "/etc/permguard/settings.json"
)

// Options says where to look for settings and what the command line and
// environment already chose. Load reads no environment itself.
type Options struct {
	ConfigDir   string // the global settings directory; "" when it is not known
	StateDir    string // permguard's state directory; "" when it is not known
	ManagedFile string // "" means DefaultManagedFile
	Workspace   string // where project files are looked for; "" for none

	FlagLevel string // --level, already checked; "" when not given
	EnvLevel  string // $PERMGUARD_LEVEL; "" when not set
	EnvMode   string // $PERMGUARD_MODE; "" when not set

	// The session's level and mode (see [ReadSession]), below the
	// environment and above every file; "" when not set.
	SessionLevel string
	SessionMode  string

	// UnsafeConfig and UnsafeState say why permguard's configuration or
	// state directory, or a file of its own in it, cannot be used:
	// another user owns it or could write it, or it is a link where none
	// may be (a [*safefile.UnsafeError]). Such a directory is not read
	// (ConfigDir or StateDir is then ""), and each caps the level at
	// minimal until it is fixed, as a file that cannot be read does.
	UnsafeConfig error
	UnsafeState  error

	Now func() time.Time
}

// GlobalFile returns the path of the global settings file in configDir.
func GlobalFile(configDir string) string { return filepath.Join(configDir, FileName) }

// FileState is what Load did with one settings file.
type FileState struct {
	Src   Source
	State string // "loaded", "not found", "ignored: ...", "unusable: capped at minimal"
}

// Load reads every settings file that applies, merges them with the
// command line and environment, and returns the effective settings and
// every problem found. It never fails, and it never moves or changes a
// file because it cannot be used: such a file is reported, left as it is,
// and taken as the strictest floor (a cap at minimal) until it is fixed,
// since the deny rules in it cannot be read.
func Load(o Options) (*Effective, []Problem) {
	if o.Now == nil {
		o.Now = time.Now
	}
	l := &loader{o: o}
	l.unsafe(FromGlobal, o.UnsafeConfig, "your settings are not read")
	l.unsafe(FromState, o.UnsafeState, "permguard's sessions, trust and audit log there are not used")
	managed := o.ManagedFile
	if managed == "" {
		managed = DefaultManagedFile
	}
	l.readTightenOnly(Source{Kind: FromManaged, Name: managed})
	if o.ConfigDir != "" {
		l.readGlobal(GlobalFile(o.ConfigDir))
	}
	if files := projectFiles(o.Workspace); len(files) > 0 {
		// the trust store is read only when there is a project file to
		// trust: most calls have none
		trust, p := readTrust(o.StateDir)
		if p != nil {
			l.problems = append(l.problems, *p)
		}
		for _, path := range files {
			l.readProject(path, o.Workspace, trust)
		}
	}
	e := merge(l.files, o, &l.problems)
	e.Files = l.states
	return e, l.problems
}

// ProjectFiles returns the project settings files that may apply in
// workspace, innermost first and the personal (local) file before the
// shared one: .permguard/settings.local.json and .permguard/settings.json
// in the workspace and each directory above it up to the repository root
// (the first holding .git). Outside a repository only the workspace
// itself is searched.
func ProjectFiles(workspace string) []string {
	dirs := []string{workspace}
	if root, ok := RepoRoot(workspace); ok {
		for d := workspace; d != root; {
			d = filepath.Dir(d)
			dirs = append(dirs, d)
		}
	}
	var files []string
	for _, d := range dirs {
		for _, name := range []string{ProjectLocalFile, ProjectFile} {
			path := filepath.Join(d, ProjectDir, name)
			if _, err := os.Lstat(path); err == nil {
				files = append(files, path)
			}
		}
	}
	return files
}

// Place is a settings file and how it is read.
type Place struct {
	Path string
	Kind Kind
}

// Places are the settings files that may apply in workspace, in the
// order config validate checks them: the global file of configDir (none
// for ""), the managed file (managed; "" for [DefaultManagedFile]), and
// the project files there are.
func Places(configDir, managed, workspace string) []Place {
	var out []Place
	if configDir != "" {
		out = append(out, Place{GlobalFile(configDir), FromGlobal})
	}
	if managed == "" {
		managed = DefaultManagedFile
	}
	out = append(out, Place{managed, FromManaged})
	for _, p := range projectFiles(workspace) {
		out = append(out, Place{p, FromProject})
	}
	return out
}

func projectFiles(workspace string) []string {
	if workspace == "" {
		return nil
	}
	return ProjectFiles(workspace)
}

// RepoRoot returns the first directory from dir upwards that holds .git;
// ok is false when there is none.
func RepoRoot(dir string) (root string, ok bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

type loader struct {
	o        Options
	files    []*File
	states   []FileState
	problems []Problem
}

func (l *loader) state(src Source, format string, args ...any) {
	l.states = append(l.states, FileState{Src: src, State: fmt.Sprintf(format, args...)})
}

// parse parses a file that was read. A deny list that cannot all be read
// (see [Parse]) caps the level at minimal, at the first place it fails,
// and the rest of the file applies.
func (l *loader) parse(src Source, data []byte) (*File, error) {
	f, problems, err := Parse(src, data)
	if err != nil {
		return nil, err
	}
	l.problems = append(l.problems, problems...)
	for _, p := range problems {
		if p.Unusable {
			cap := src
			cap.Trusted, cap.Unusable, cap.Line, cap.Col = false, true, p.Line, p.Col
			l.files = append(l.files, &File{Src: cap, Level: &Setting[Permission]{Permission{Level: classify.Minimal}, cap}})
			break
		}
	}
	return f, nil
}

// unsafe records one of permguard's own places that another user could
// change (see [Options.UnsafeConfig]): it is not used, and it caps the
// level at minimal until it is fixed.
func (l *loader) unsafe(kind Kind, err error, what string) {
	if err == nil {
		return
	}
	var ue *safefile.UnsafeError
	if !errors.As(err, &ue) {
		ue = &safefile.UnsafeError{Problem: err.Error()}
	}
	src := Source{Kind: kind, Name: ue.Path, Unusable: true, Unsafe: true}
	msg := ue.Problem + "; " + what + ", and the level is capped at minimal until it is fixed"
	if ue.Fix != "" {
		msg += ": " + ue.Fix
	}
	l.problems = append(l.problems, Problem{File: ue.Path, Msg: msg, Unusable: true, Unsafe: true})
	l.files = append(l.files, &File{Src: src, Level: &Setting[Permission]{Permission{Level: classify.Minimal}, src}})
	l.state(src, "refused: capped at minimal")
}

// readGlobal reads the user's own file. One that cannot be read is left
// exactly where and as it is (a half-saved edit must not vanish) and caps
// the level at minimal until it is fixed: its deny rules cannot be read,
// and the defaults alone would let the session, PERMGUARD_LEVEL or
// --level open up what those rules closed.
//
// It must be the user's alone, as ssh wants its own files: owned by the
// user and not writable by group or others, and so must the file a link
// here names. One that is not is not read, and caps the level the same
// way: anyone who can write it can switch permguard off.
func (l *loader) readGlobal(path string) {
	src := Source{Kind: FromGlobal, Name: path}
	data, st, err := readFileInfo(path, safefile.Follow)
	if errors.Is(err, fs.ErrNotExist) {
		l.state(src, "not found")
		return
	}
	if err == nil {
		if err = ownGlobal(path, st); err != nil {
			src.Unsafe = true
		}
	}
	var f *File
	if err == nil {
		f, err = l.parse(src, data)
	}
	if err != nil {
		l.unusable(src, err)
		return
	}
	if f.ApprovalPin != nil && !IsPinHash(f.ApprovalPin.Value) {
		l.hashClearPin(path, f)
	}
	l.files = append(l.files, f)
	l.state(src, "loaded")
}

// unusable records a settings file that exists but cannot be read or
// parsed: it is left as it is, and it stands for a cap at minimal until it
// is fixed, whoever's it is.
func (l *loader) unusable(src Source, why error) {
	src.Trusted = false
	src.Unusable = true
	p := fileProblem(src.Name, why, "; the file is left as it is, and the level is capped at minimal until it is fixed")
	var ue *safefile.UnsafeError
	if errors.As(why, &ue) {
		p = unsafeProblem(src.Name, ue)
	}
	p.Unusable = true
	l.problems = append(l.problems, p)
	l.files = append(l.files, &File{Src: src, Level: &Setting[Permission]{Permission{Level: classify.Minimal}, src}})
	l.state(src, "unusable: capped at minimal")
}

// hashClearPin replaces a PIN written in clear in the global file with its
// salted hash, so it does not stay readable on disk.
func (l *loader) hashClearPin(path string, f *File) {
	clear := f.ApprovalPin.Value
	hash, err := HashPin(clear)
	if err != nil {
		l.problems = append(l.problems, Problem{File: path, Line: f.ApprovalPin.Src.Line, Col: f.ApprovalPin.Src.Col,
			Msg: fmt.Sprintf("approvalPin is not a valid PIN (%v); ignored: write a valid one with \"permguard config edit\"", err)})
		f.ApprovalPin = nil
		return
	}
	_, err = Update(path, l.o.Now(), func(d *Document) error {
		var cur string
		if raw, ok := d.Raw("approvalPin"); !ok || jsonString(raw, &cur) != nil || cur != clear {
			return ErrUnchanged // changed meanwhile
		}
		return d.Set("approvalPin", hash)
	})
	if err != nil {
		l.problems = append(l.problems, Problem{File: path, Line: f.ApprovalPin.Src.Line, Col: f.ApprovalPin.Src.Col,
			Msg: fmt.Sprintf("approvalPin is written in clear and could not be replaced by its hash (%v)", err)})
	} else {
		l.problems = append(l.problems, Problem{File: path, Line: f.ApprovalPin.Src.Line, Col: f.ApprovalPin.Src.Col,
			Msg: "approvalPin was written in clear; replaced it with its salted hash"})
	}
	f.ApprovalPin.Value = hash
}

// readTightenOnly reads the managed file. One that exists but cannot be
// used still tightens: the level is capped at minimal until it is fixed.
func (l *loader) readTightenOnly(src Source) {
	data, err := readFile(src.Name)
	l.readTightenOnlyData(src, data, err)
}

// readTightenOnlyData is readTightenOnly on what was read; a trusted
// project file goes through it too, and keeps its trust only if it parses.
func (l *loader) readTightenOnlyData(src Source, data []byte, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		if src.Kind == FromManaged {
			l.state(src, "not found")
		}
		return
	}
	var f *File
	if err == nil {
		f, err = l.parse(src, data)
	}
	if err != nil {
		l.unusable(src, err)
		return
	}
	l.files = append(l.files, f)
	l.state(src, "loaded")
}

// readProject reads a project file, trusted if its content is exactly what
// the user trusted. The bytes hashed are the bytes parsed: the agent can
// rewrite the file at any moment.
//
// A file in a directory above the workspace whose .permguard directory or
// file another user owns is not read, as git will not read a repository
// another user owns (safe.directory): the workspace is the user's, what
// lies above it in the repository need not be.
func (l *loader) readProject(path, workspace string, trust trustStore) {
	src := Source{Kind: FromProject, Name: path}
	data, st, err := readFileInfo(path, safefile.Follow)
	if err == nil && filepath.Dir(filepath.Dir(path)) != filepath.Clean(workspace) {
		if uid, other := ownerAbove(path, st); other {
			me := os.Geteuid()
			l.problems = append(l.problems, Problem{File: path, Msg: fmt.Sprintf(
				"is owned by uid %d, not by you (uid %d), above the workspace; not read, as git reads no repository another user owns: if you trust it, make it yours (chown %d %s)",
				uid, me, me, safefile.Quote(path))})
			l.state(src, "refused: owned by uid %d", uid)
			return
		}
	}
	if err == nil {
		if pin, ok := trust.Files[path]; ok {
			if pin == ContentHash(data) {
				src.Trusted = true
			} else {
				l.problems = append(l.problems, Problem{File: path,
					Msg: "changed since you trusted it; it can only tighten until you run \"permguard trust " + path + "\" again"})
			}
		}
	}
	l.readTightenOnlyData(src, data, err)
}

// ownGlobal checks the global settings file, whose state is st (the file a
// link at path names), with [safefile.CheckOwned].
func ownGlobal(path string, st fs.FileInfo) error {
	// the way there first: a link or a directory on it that another user
	// could change
	if err := safefile.CheckChain(path); err != nil {
		return err
	}
	target := path
	if l, err := os.Lstat(path); err == nil && l.Mode()&fs.ModeSymlink != 0 {
		if resolved, err := filepath.EvalSymlinks(path); err == nil {
			target = resolved
		}
	}
	err := safefile.CheckOwned(target, st)
	var ue *safefile.UnsafeError
	if errors.As(err, &ue) && target != path {
		ue.Problem = "links to " + target + ", which " + ue.Problem
		ue.Path = path
	}
	return err
}

// ownerAbove reports a project file, whose state is st, or its .permguard
// directory, that belongs to another user.
func ownerAbove(path string, st fs.FileInfo) (uid int, other bool) {
	if uid, other := safefile.OwnedByOther(st); other {
		return uid, true
	}
	dir, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return 0, false
	}
	return safefile.OwnedByOther(dir)
}

// unsafeProblem is the problem of a settings file at path that is not the
// user's alone: it names what was found and the fix.
func unsafeProblem(path string, ue *safefile.UnsafeError) Problem {
	return Problem{File: path, Msg: ue.Problem + "; it is not read, and the level is capped at minimal until it is fixed: " + ue.Fix, Unusable: true, Unsafe: true}
}
