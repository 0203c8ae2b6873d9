package cli

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/settings"
)

// TrustOptions is everything `permguard trust` works from.
type TrustOptions struct {
	settingsIO
	File   string // "" for the project files that apply here
	Revoke bool
}

// NewCmdTrust returns the trust command.
func NewCmdTrust(f *Factory, runF func(*TrustOptions) error) *cobra.Command {
	opts := &TrustOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "trust [--revoke] [FILE]",
		Short: "Let a project settings file loosen your settings, as long as it stays as it is now",
		Long: `A project settings file (.permguard/settings.json or settings.local.json)
comes from the repository, which an agent can write to, so by default it can
only tighten: add deny rules, lower the level, raise commands. Trust lets the
exact content of FILE (default: every project file that applies in the
current directory) loosen too. The trust is pinned by the SHA-256 of the
content: any edit to the file withdraws it until you trust it again.

Read the file before you trust it.`,
		Example: `  permguard trust
  permguard trust .permguard/settings.json
  permguard trust --revoke .permguard/settings.json`,
		Annotations: map[string]string{neverSuggest: "it lets a project file loosen your settings"},
		Args:        usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.File = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return trustRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Revoke, "revoke", false, "withdraw the trust instead")
	return cmd
}

func trustRun(opts *TrustOptions) error {
	stateDir, err := guard.StateDir(opts.Getenv)
	if err != nil {
		return unsafeHint(err)
	}
	var files []string
	if opts.File != "" {
		path := opts.File
		if !filepath.IsAbs(path) {
			wd, err := opts.Getwd()
			if err != nil {
				return fmt.Errorf("cannot resolve %s: %w", path, err)
			}
			path = filepath.Join(wd, path)
		}
		path = filepath.Clean(path)
		if base := filepath.Base(path); filepath.Base(filepath.Dir(path)) != settings.ProjectDir ||
			(base != settings.ProjectFile && base != settings.ProjectLocalFile) {
			return usageErrorf([]string{"only .permguard/settings.json and .permguard/settings.local.json are project files"},
				"%s is not a project settings file", path)
		}
		files = []string{path}
	} else if ws := opts.workspace(); ws != "" {
		files = settings.ProjectFiles(ws)
	}
	if len(files) == 0 {
		return withHints(errors.New("no project settings file applies here"),
			"project files are .permguard/settings.json and .permguard/settings.local.json, from here up to the repository root")
	}
	for _, path := range files {
		changed, hash, problems, err := settings.Trust(stateDir, path, opts.Revoke, opts.Now())
		if len(problems) > 0 {
			for _, p := range problems {
				fmt.Fprintf(opts.IO.ErrOut, "permguard: error: %s\n", printable(p.String()))
			}
			return withHints(fmt.Errorf("%s has problems; not trusted", path), "fix it first: a trusted file must say exactly what it means")
		}
		if err != nil {
			return err
		}
		fmt.Fprintln(opts.IO.Out, report.TrustText(path, hash, changed, opts.Revoke))
	}
	return nil
}
