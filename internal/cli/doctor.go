package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/doctor"
	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/sandbox"
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

// doctorJSON is the output of doctor --json. Field names are API.
type doctorJSON struct {
	Version    string           `json:"version"`
	Executable string           `json:"executable"` // "" when unknown
	Sections   []doctor.Section `json:"sections"`
	Problems   []string         `json:"problems"` // every problem of every section
	OK         bool             `json:"ok"`       // no problem: doctor exits 0
}

func doctorRun(opts *DoctorOptions) error {
	var b strings.Builder
	out := doctorJSON{Version: BuildVersion().String(), Problems: []string{}}
	exe, exeErr := opts.Executable()
	if exeErr == nil {
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		out.Executable = exe
		fmt.Fprintf(&b, "permguard %s at %s\n", BuildVersion(), printable(exe))
	} else {
		fmt.Fprintf(&b, "permguard %s (its own path is unknown: %v)\n", BuildVersion(), exeErr)
		exe = ""
	}
	_, sess, _, _ := opts.session()
	sections := doctor.Check(doctor.Input{Getenv: opts.Getenv, Getwd: opts.Getwd, Now: opts.Now, Exe: exe, Workspace: opts.workspace(),
		Session: sess, Terminal: opts.Terminal, Notifications: opts.Notifications, ABI: opts.ABI, Namespaces: opts.Namespaces,
		BoxAvailable: opts.BoxAvailable, UnusableHints: report.UnusableHints})
	for _, sec := range sections {
		fmt.Fprintf(&b, "\n%s:\n", sec.Title)
		// the rows aligned, indented by two spaces; every check writes
		// its rows before its notes
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, row := range sec.Rows {
			fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
		}
		tw.Flush()
		for _, n := range sec.Notes {
			fmt.Fprintf(&b, "  %s: %s\n", n.Kind, n.Text)
		}
		out.Problems = append(out.Problems, sec.Problems...)
	}
	out.Sections = append([]doctor.Section{}, sections...)
	problems := doctor.Problems(sections)
	switch problems {
	case 0:
		b.WriteString("\nno problems found\n")
	case 1:
		b.WriteString("\n1 problem found\n")
	default:
		fmt.Fprintf(&b, "\n%d problems found\n", problems)
	}
	out.OK = problems == 0
	if opts.JSON {
		if err := writeJSON(opts.IO.Out, out); err != nil {
			return err
		}
	} else if _, err := io.WriteString(opts.IO.Out, b.String()); err != nil {
		return err
	}
	if problems > 0 {
		return ErrBlocked
	}
	return nil
}
