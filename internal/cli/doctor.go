package cli

import (
	"io"
	"path/filepath"

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

func doctorRun(opts *DoctorOptions) error {
	exe, exeErr := opts.Executable()
	if exeErr == nil {
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
	} else {
		exe = ""
	}
	_, sess, _, _ := opts.session()
	sections := doctor.Check(doctor.Input{Getenv: opts.Getenv, Getwd: opts.Getwd, Now: opts.Now, Exe: exe, Workspace: opts.workspace(),
		Session: sess, Terminal: opts.Terminal, Notifications: opts.Notifications, ABI: opts.ABI, Namespaces: opts.Namespaces,
		BoxAvailable: opts.BoxAvailable, UnusableHints: report.UnusableHints})
	text, out := report.Doctor(BuildVersion().String(), exe, exeErr, sections)
	if opts.JSON {
		if err := writeJSON(opts.IO.Out, out); err != nil {
			return err
		}
	} else if _, err := io.WriteString(opts.IO.Out, text); err != nil {
		return err
	}
	if !out.OK {
		return ErrBlocked
	}
	return nil
}
