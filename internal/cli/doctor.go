package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/install"
	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/sandbox"
	"github.com/agent-permguard/permguard/internal/settings"
)

// DoctorOptions is everything `permguard doctor` works from.
type DoctorOptions struct {
	settingsIO
	Executable func() (string, error)
	Terminal   openTerminal
	// Notifications reports whether notifications can be delivered here
	// and why; nil means unknown.
	Notifications func() (bool, string)
	ABI           func() (int, error)
	Namespaces    func() error // whether the build profile's namespaces can be made
	BoxAvailable  func() (bool, string)
	JSON          bool // --json: the report as one JSON object
}

// NewCmdDoctor returns the doctor command.
func NewCmdDoctor(f *Factory, runF func(*DoctorOptions) error) *cobra.Command {
	opts := &DoctorOptions{settingsIO: newSettingsIO(f), Executable: f.Executable, Terminal: f.Terminal, ABI: sandbox.ABI, Namespaces: sandbox.NamespacesAllowed, BoxAvailable: f.BoxAvailable}
	if a, ok := f.Notifier.(interface{ Available() (bool, string) }); ok {
		opts.Notifications = a.Available
	}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check that permguard is installed and working here",
		Long: `Doctor reports which agents have permguard's hook installed and whether
each entry is current, the settings files found here and whether they are
valid, whether a terminal prompt and notifications would work, whether
exec --sandbox can confine programs, which box the shell calls of the
level in force run in (and why none, where none is), whether permguard's own directories
and files are yours alone (another user could otherwise change them),
where the audit log is, and the level and mode in force with where they
come from.

It changes nothing. Exit status: 0 when nothing needs fixing, 2 when
something does (each problem has a hint). --json prints the same report as
one JSON object: the sections with their rows, problems and hints.`,
		Example: `  permguard doctor
  permguard doctor --json | jq .problems`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return doctorRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the report as one JSON object")
	return cmd
}

// doctorReport collects what doctor found, section by section, as text
// and as the sections of --json.
type doctorReport struct {
	b        strings.Builder
	problems int
	out      doctorJSON
}

// doctorJSON is the output of doctor --json. Field names are API.
type doctorJSON struct {
	Version    string          `json:"version"`
	Executable string          `json:"executable"` // "" when unknown
	Sections   []doctorSection `json:"sections"`
	Problems   []string        `json:"problems"` // every problem of every section
	OK         bool            `json:"ok"`       // no problem: doctor exits 0
}

type doctorSection struct {
	Title    string     `json:"title"`
	Rows     [][]string `json:"rows"`
	Problems []string   `json:"problems"`
	Hints    []string   `json:"hints"`
}

func (r *doctorReport) section(title string) {
	fmt.Fprintf(&r.b, "\n%s:\n", title)
	r.out.Sections = append(r.out.Sections, doctorSection{Title: title, Rows: [][]string{}, Problems: []string{}, Hints: []string{}})
}

func (r *doctorReport) current() *doctorSection { return &r.out.Sections[len(r.out.Sections)-1] }

// table writes rows of cells aligned, indented by two spaces.
func (r *doctorReport) table(rows [][]string) {
	tw := tabwriter.NewWriter(&r.b, 0, 0, 2, ' ', 0)
	for _, row := range rows {
		fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
	}
	tw.Flush()
	r.current().Rows = append(r.current().Rows, rows...)
}

func (r *doctorReport) problem(format string, args ...any) {
	r.problems++
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintf(&r.b, "  problem: %s\n", msg)
	r.current().Problems = append(r.current().Problems, msg)
	r.out.Problems = append(r.out.Problems, msg)
}

func (r *doctorReport) hint(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintf(&r.b, "  hint: %s\n", msg)
	r.current().Hints = append(r.current().Hints, msg)
}

func doctorRun(opts *DoctorOptions) error {
	r := &doctorReport{out: doctorJSON{Version: BuildVersion().String(), Sections: []doctorSection{}, Problems: []string{}}}
	exe, exeErr := opts.Executable()
	if exeErr == nil {
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		r.out.Executable = exe
		fmt.Fprintf(&r.b, "permguard %s at %s\n", BuildVersion(), printable(exe))
	} else {
		fmt.Fprintf(&r.b, "permguard %s (its own path is unknown: %v)\n", BuildVersion(), exeErr)
		exe = ""
	}
	doctorAgents(opts, r, exe)
	ws := opts.workspace()
	eff := doctorSettings(opts, r, ws)
	doctorPerson(opts, r, eff)
	doctorSandbox(opts, r, eff)
	doctorOwnFiles(opts, r)
	doctorAudit(opts, r)
	if r.problems == 0 {
		r.b.WriteString("\nno problems found\n")
	} else {
		fmt.Fprintf(&r.b, "\n%d %s found\n", r.problems, plural(r.problems, "problem", "problems"))
	}
	r.out.OK = r.problems == 0
	if opts.JSON {
		if err := writeJSON(opts.IO.Out, r.out); err != nil {
			return err
		}
	} else if _, err := io.WriteString(opts.IO.Out, r.b.String()); err != nil {
		return err
	}
	if r.problems > 0 {
		return ErrBlocked
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// doctorAgents reports permguard's entry in every agent's configuration,
// the user's and this repository's; exe is "" when permguard's own path is
// unknown.
func doctorAgents(opts *DoctorOptions, r *doctorReport, exe string) {
	r.section("agents")
	var rows [][]string
	var fixes []string
	type agentProblem struct {
		who string
		install.Problem
	}
	var found []agentProblem
	installed := 0
	for _, f := range install.Survey(install.Env{Getenv: opts.Getenv, Getwd: opts.Getwd}, exe) {
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

// doctorSettings reports every settings file that applies here and the
// level and mode in force.
func doctorSettings(opts *DoctorOptions, r *doctorReport, ws string) *settings.Effective {
	r.section("settings files")
	type target struct {
		path string
		kind settings.Kind
	}
	var targets []target
	global, gErr := opts.globalFile()
	if gErr == nil {
		targets = append(targets, target{global, settings.FromGlobal})
	}
	managed := opts.Getenv("PERMGUARD_MANAGED_FILE")
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
						fixes = append(fixes, unusableHints(p, t.kind)...)
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

	_, sess, _, _ := opts.session()
	eff := guard.LoadSettings(guard.ReadEnv(opts.Getenv), ws, "", sess, guard.Deps{Now: opts.Now, ErrOut: io.Discard})
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

// doctorPerson reports whether a person could be asked here.
func doctorPerson(opts *DoctorOptions, r *doctorReport, eff *settings.Effective) {
	r.section("asking a person")
	term := "not available: permguard cannot open a terminal"
	env := guard.ReadEnv(opts.Getenv)
	switch {
	case env.NoPrompt:
		term = "off: PERMGUARD_NO_PROMPT is set"
	case opts.Terminal != nil:
		t, err := opts.Terminal(env.Accessible)
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
	case opts.Notifications == nil:
		note += ", delivery unknown"
	default:
		ok, why := opts.Notifications()
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

func doctorSandbox(opts *DoctorOptions, r *doctorReport, eff *settings.Effective) {
	r.section("exec --sandbox")
	var rows [][]string
	var hints []string
	if v, err := opts.ABI(); err == nil {
		rows = append(rows, []string{"Landlock", fmt.Sprintf("available (ABI %d): writes can be confined", v)})
	} else {
		rows = append(rows, []string{"Landlock", "not available: " + err.Error()})
		hints = append(hints, "--sandbox=require refuses to run here; best-effort runs programs unconfined")
	}
	if opts.Namespaces != nil {
		if err := opts.Namespaces(); err == nil {
			rows = append(rows, []string{"build profile", `available: --profile build and the sandboxed allow ("sandbox": "auto") can confine builds`})
		} else {
			rows = append(rows, []string{"build profile", "not available: " + err.Error()})
			hints = append(hints, "the sandboxed allow asks instead; --profile build falls back to Landlock alone (best-effort) or refuses (require)")
		}
	}
	box := boxOf(eff, opts.BoxAvailable)
	rows = append(rows, []string{"box in force", box.text()})
	if !box.on && box.short != "sandbox off" && !eff.Level.Value.Bypassed && guard.BoxAllows(eff.Level.Value.Level) != "" {
		hints = append(hints, "the boxes need unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0) and Landlock (Linux 5.13 or later)")
	}
	r.table(rows)
	for _, h := range hints {
		r.hint("%s", h)
	}
}

// doctorOwnFiles reports permguard's configuration and state directories
// and what it keeps in them: each must be the user's alone (owned by the
// user, not writable by group or others, no link where a file of its own
// should be), or permguard refuses it and caps the level at minimal.
func doctorOwnFiles(opts *DoctorOptions, r *doctorReport) {
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
		dir, err := d.dir(opts.Getenv)
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

func doctorAudit(opts *DoctorOptions, r *doctorReport) {
	r.section("audit log")
	dir, err := guard.StateDir(opts.Getenv)
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
