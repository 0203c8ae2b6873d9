// Package doctor holds the checks of permguard doctor: which agents run
// permguard and whether each entry is current, the settings files that
// apply and the level and mode in force, whether a person can be asked,
// whether the sandbox and the boxes can be had, whether permguard's own
// directories are the user's alone, and where the audit log is. Each check
// is a section of the report: its rows, and the problems it found with the
// hints that fix them, in the order found. The checks change nothing and
// print nothing (internal/cli renders the report, as text or JSON), and
// read the environment and the machine only through [Input].
package doctor

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/install"
	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/settings"
)

// Input is what the checks read, all injected.
type Input struct {
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	// Exe is permguard's own path, links resolved; "" when unknown.
	Exe string
	// Workspace is the current directory, where project files apply; ""
	// when unknown.
	Workspace string
	// Session is the session of the shell doctor runs in, whose level
	// counts here.
	Session settings.Session
	// Terminal opens the prompt on the controlling terminal; nil means
	// there is never one.
	Terminal func(accessible bool) (person.Asker, error)
	// Notifications reports whether notifications can be delivered here
	// and why; nil means unknown.
	Notifications func() (bool, string)
	ABI           func() (int, error)
	Namespaces    func() error // whether the build profile's namespaces can be made
	BoxAvailable  func() (bool, string)
	// UnusableHints say how to fix a settings file that cannot be read
	// at all: commands of the command line, which says them.
	UnusableHints func(settings.Problem, settings.Kind) []string
}

// Section is one section of the report, as doctor --json writes it too
// (field names are API).
type Section struct {
	Title    string     `json:"title"`
	Rows     [][]string `json:"rows"` // a table, the cells of each row aligned
	Problems []string   `json:"problems"`
	Hints    []string   `json:"hints"`
	// Notes are the problems and the hints together, in the order found,
	// after the rows: the order of the text.
	Notes []Note `json:"-"`
}

// Note is a problem found, or a hint (how to fix one, or what to know).
type Note struct {
	Kind string // "problem" or "hint"
	Text string
}

// Problems counts the problems of sections; doctor exits 2 when there is
// one.
func Problems(sections []Section) int {
	n := 0
	for _, s := range sections {
		n += len(s.Problems)
	}
	return n
}

// Check runs every check, in the order of the report.
func Check(in Input) []Section {
	r := &report{}
	agents(in, r, in.Exe)
	eff := settingsFiles(in, r, in.Workspace)
	askingPerson(in, r, eff)
	sandboxes(in, r, eff)
	ownFiles(in, r)
	auditLog(in, r)
	return r.sections
}

// report collects the sections as the checks find them.
type report struct{ sections []Section }

func (r *report) section(title string) {
	r.sections = append(r.sections, Section{Title: title, Rows: [][]string{}, Problems: []string{}, Hints: []string{}})
}

func (r *report) current() *Section { return &r.sections[len(r.sections)-1] }

func (r *report) table(rows [][]string) { r.current().Rows = append(r.current().Rows, rows...) }

func (r *report) problem(format string, args ...any) {
	c, msg := r.current(), fmt.Sprintf(format, args...)
	c.Problems, c.Notes = append(c.Problems, msg), append(c.Notes, Note{Kind: "problem", Text: msg})
}

func (r *report) hint(format string, args ...any) {
	c, msg := r.current(), fmt.Sprintf(format, args...)
	c.Hints, c.Notes = append(c.Hints, msg), append(c.Notes, Note{Kind: "hint", Text: msg})
}

// globalFile is the user's settings file, or why it is not read.
func globalFile(getenv func(string) string) (string, error) {
	env := guard.ReadEnv(getenv)
	if env.ConfigDirErr != nil {
		return "", env.ConfigDirErr
	}
	return settings.GlobalFile(env.ConfigDir), nil
}

var printable = guard.Printable

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// agents reports permguard's entry in every agent's configuration,
// the user's and this repository's; exe is "" when permguard's own path is
// unknown.
func agents(in Input, r *report, exe string) {
	r.section("agents")
	var rows [][]string
	var fixes []string
	type agentProblem struct {
		who string
		install.Problem
	}
	var found []agentProblem
	installed := 0
	for _, f := range install.Survey(install.Env{Getenv: in.Getenv, Getwd: in.Getwd}, exe) {
		a := f.Target.Name
		scope := map[bool]string{false: "user", true: "project"}[f.Project]
		if f.Err != nil {
			rows = append(rows, []string{a, scope, "unknown: " + printable(f.Err.Error())})
			continue
		}
		if f.Installed {
			installed++
		}
		if f.Fix != "" {
			fixes = append(fixes, fmt.Sprintf("%s (%s): %s", a, printable(f.Path), f.Fix))
		}
		for _, p := range f.Problems {
			found = append(found, agentProblem{fmt.Sprintf("%s (%s)", a, scope), p})
		}
		rows = append(rows, []string{a, scope, f.State, printable(f.Path)})
	}
	r.table(rows)
	for _, f := range fixes {
		r.problem("%s", f)
	}
	seen := map[string]bool{} // one problem of the agent, found from its user and project entries
	for _, p := range found {
		if seen[p.Text+p.Hint] {
			continue
		}
		seen[p.Text+p.Hint] = true
		if p.Text != "" {
			r.problem("%s: %s", p.who, printable(p.Text))
		}
		r.hint("%s", printable(p.Hint))
	}
	if installed == 0 {
		r.hint("no agent runs permguard yet: permguard install AGENT (%s)", strings.Join(install.Names(), ", "))
	}
}

// settingsFiles reports every settings file that applies here and the
// level and mode in force.
func settingsFiles(in Input, r *report, ws string) *settings.Effective {
	r.section("settings files")
	type target struct {
		path string
		kind settings.Kind
	}
	var targets []target
	global, gErr := globalFile(in.Getenv)
	if gErr == nil {
		targets = append(targets, target{global, settings.FromGlobal})
	}
	managed := in.Getenv("PERMGUARD_MANAGED_FILE")
	if managed == "" {
		managed = settings.DefaultManagedFile
	}
	targets = append(targets, target{managed, settings.FromManaged})
	if ws != "" {
		for _, p := range settings.ProjectFiles(ws) {
			targets = append(targets, target{p, settings.FromProject})
		}
	}
	var rows [][]string
	var found, fixes []string
	fixed := map[string]bool{} // one way to fix a file, however many problems it has
	for _, t := range targets {
		problems, err := settings.Check(t.path, t.kind)
		state := "valid"
		switch {
		case errors.Is(err, fs.ErrNotExist):
			state = "not present"
		case err != nil:
			state = "unreadable"
			found = append(found, fmt.Sprintf("%s: %v", t.path, err))
		case len(problems) > 0:
			state = fmt.Sprintf("%d %s", len(problems), plural(len(problems), "problem", "problems"))
			for _, p := range problems {
				found = append(found, p.String())
				if p.Unusable {
					if !fixed[t.path] {
						fixes = append(fixes, in.UnusableHints(p, t.kind)...)
						fixed[t.path] = true
					}
					state = "unusable: level capped at minimal"
				}
			}
		}
		rows = append(rows, []string{t.kind.String(), state, printable(t.path)})
	}
	var unsafe *safefile.UnsafeError
	if errors.As(gErr, &unsafe) {
		// one problem, said once: "permguard's own files" has it, with its fix
		rows = append([][]string{{settings.FromGlobal.String(), "not read: see permguard's own files"}}, rows...)
	}
	r.table(rows)
	if gErr != nil && unsafe == nil {
		r.problem("%v: your own settings are not read", gErr)
	}
	for _, f := range found {
		r.problem("%s", printable(f))
	}
	for _, h := range fixes {
		r.hint("%s", h)
	}
	if len(found) > 0 {
		r.hint("permguard config validate shows the same; what is invalid is ignored until fixed")
	}

	eff := guard.LoadSettings(guard.ReadEnv(in.Getenv), ws, "", in.Session, guard.Deps{Now: in.Now, ErrOut: io.Discard})
	where := ws
	if where == "" {
		where = "unknown directory"
	}
	r.section("in force here (" + printable(where) + ")")
	rows = [][]string{
		{"level", eff.Level.Value.String(), printable(eff.Level.Src.String())},
		{"mode", eff.Mode.Value.String(), printable(eff.Mode.Src.String())},
	}
	if eff.Capped && eff.Chosen.Value != eff.Level.Value {
		rows = append(rows, []string{"", "(capped from " + eff.Chosen.Value.String() + ")", printable(eff.Chosen.Src.String())})
	}
	r.table(rows)
	return eff
}

// askingPerson reports whether a person could be asked here.
func askingPerson(in Input, r *report, eff *settings.Effective) {
	r.section("asking a person")
	term := "not available: permguard cannot open a terminal"
	env := guard.ReadEnv(in.Getenv)
	switch {
	case env.NoPrompt:
		term = "off: PERMGUARD_NO_PROMPT is set"
	case in.Terminal != nil:
		t, err := in.Terminal(env.Accessible)
		if err == nil {
			term = "available"
			if env.Accessible {
				term += " (plain-text form)"
			}
			if c, ok := t.(io.Closer); ok {
				c.Close()
			}
		} else {
			term = "not available here: " + err.Error()
		}
	}
	note := eff.Notifications.Value.String()
	switch {
	case note == "off":
		note = "off (setting)"
	case in.Notifications == nil:
		note += ", delivery unknown"
	default:
		ok, why := in.Notifications()
		if ok {
			note += ": " + why
		} else {
			note += ", but none can be delivered: " + why
		}
	}
	r.table([][]string{{"terminal prompt", term}, {"notifications", note}})
	if eff.Mode.Value == settings.ModeBlock {
		r.hint("mode is block: nobody is ever asked, calls that need approval are blocked")
	}
}

func sandboxes(in Input, r *report, eff *settings.Effective) {
	r.section("exec --sandbox")
	var rows [][]string
	var hints []string
	if v, err := in.ABI(); err == nil {
		rows = append(rows, []string{"Landlock", fmt.Sprintf("available (ABI %d): writes can be confined", v)})
	} else {
		rows = append(rows, []string{"Landlock", "not available: " + err.Error()})
		hints = append(hints, "--sandbox=require refuses to run here; best-effort runs programs unconfined")
	}
	if in.Namespaces != nil {
		if err := in.Namespaces(); err == nil {
			rows = append(rows, []string{"build profile", `available: --profile build and the sandboxed allow ("sandbox": "auto") can confine builds`})
		} else {
			rows = append(rows, []string{"build profile", "not available: " + err.Error()})
			hints = append(hints, "the sandboxed allow asks instead; --profile build falls back to Landlock alone (best-effort) or refuses (require)")
		}
	}
	box := guard.BoxOf(eff, in.BoxAvailable)
	rows = append(rows, []string{"box in force", box.Text()})
	if !box.On && box.Short != "sandbox off" && !eff.Level.Value.Bypassed && guard.BoxAllows(eff.Level.Value.Level) != "" {
		hints = append(hints, "the boxes need unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0) and Landlock (Linux 5.13 or later)")
	}
	r.table(rows)
	for _, h := range hints {
		r.hint("%s", h)
	}
}

// ownFiles reports permguard's configuration and state directories
// and what it keeps in them: each must be the user's alone (owned by the
// user, not writable by group or others, no link where a file of its own
// should be), or permguard refuses it and caps the level at minimal.
func ownFiles(in Input, r *report) {
	r.section("permguard's own files")
	var rows [][]string
	var problems []error
	for _, d := range []struct {
		what  string
		dir   func(func(string) string) (string, error)
		check func(string) []error
	}{
		{"configuration", guard.ConfigDir, guard.ConfigProblems},
		{"state", guard.StateDir, guard.StateProblems},
	} {
		dir, err := d.dir(in.Getenv)
		if dir == "" {
			rows = append(rows, []string{d.what, "unknown: " + printable(err.Error())})
			continue
		}
		state := "yours alone"
		if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
			state = "not made yet (permguard makes it, 0700)"
		}
		if found := d.check(dir); len(found) > 0 {
			state = fmt.Sprintf("not yours alone: level capped at minimal (%d %s)", len(found), plural(len(found), "problem", "problems"))
			problems = append(problems, found...)
		}
		rows = append(rows, []string{d.what, state, printable(dir)})
	}
	r.table(rows)
	for _, err := range problems {
		r.problem("%s", printable(err.Error()))
		var ue *safefile.UnsafeError
		if errors.As(err, &ue) && ue.Fix != "" {
			r.hint("%s", printable(ue.Fix))
		}
	}
}

func auditLog(in Input, r *report) {
	r.section("audit log")
	dir, err := guard.StateDir(in.Getenv)
	var unsafe *safefile.UnsafeError
	switch {
	case errors.As(err, &unsafe):
		r.table([][]string{{printable(filepath.Join(dir, audit.FileName)), "not written: the state directory is not yours alone (above)"}})
		return
	case err != nil:
		r.problem("%v: decisions are not logged", err)
		return
	}
	path := filepath.Join(dir, audit.FileName)
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.table([][]string{{printable(path), "no decision logged yet"}})
	case err != nil:
		r.problem("%s: %v", printable(path), err)
	default:
		// opened for appending, as the hook does, without writing, and
		// without waiting on a FIFO
		if err := safefile.CheckAppend(path); err != nil {
			r.problem("%s cannot be written: %v", printable(path), err)
			return
		}
		r.table([][]string{{printable(path), fmt.Sprintf("%d bytes; rotated at %d MB", st.Size(), audit.MaxBytes>>20)}})
	}
}
