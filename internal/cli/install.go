package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/install"
	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/settings"
)

// sayList joins names the way a sentence lists them: "a, b or c".
func sayList(names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// InstallOptions is everything `permguard install` and `uninstall` work from.
type InstallOptions struct {
	settingsIO
	Executable func() (string, error)

	Agent     string // the name of one of install.Targets
	Project   bool
	DryRun    bool
	JSON      bool // print what was done (or, with DryRun, would be) as one JSON object
	Force     bool // install: replace an extension file permguard did not write
	Uninstall bool
}

// NewCmdInstall returns the install command, or with uninstall the
// uninstall command.
func NewCmdInstall(f *Factory, uninstall bool, runF func(*InstallOptions) error) *cobra.Command {
	opts := &InstallOptions{settingsIO: newSettingsIO(f), Executable: f.Executable, Uninstall: uninstall}
	cmd := &cobra.Command{
		Use:   "install AGENT [--project] [--dry-run] [--force]",
		Short: "Make permguard the pre-tool hook of an agent: " + sayList(install.Names(), "or"),
		Long: `Install adds permguard's hook entry to the agent's configuration file: the
user's (~/.claude/settings.json, ~/.codex/hooks.json, ~/.gemini/settings.json,
~/.cursor/hooks.json) or, with --project, the repository's (.claude/,
.codex/, .gemini/, .cursor/; Copilot reads .github/hooks/permguard.json
only), with --agent named. The user's entry runs this binary by its
absolute path; the repository's, which a team commits, runs permguard as
PATH finds it on each machine (install warns when PATH here has none).
Install ends with what the level in force here lets the agent run, and,
for an agent that cannot ask, the command that lets it edit files.

Every other key and hook in the file is kept; running it twice changes
nothing; the previous file is copied to FILE.permguard-backup-<time>; a file
that is not valid JSON is refused and left as it is. --dry-run prints what
would change and writes nothing.

pi and opencode have no command hooks: for them install writes an extension
that runs this binary (with --project, permguard from PATH) before every
tool call:
~/.pi/agent/extensions/permguard.ts (under $PI_CODING_AGENT_DIR when set)
and ~/.config/opencode/plugin/permguard.js (under $XDG_CONFIG_HOME when
set), or with --project .pi/extensions/ and .opencode/plugin/ in the
repository. The file is permguard's: install replaces it, uninstall removes
it. A file of that name that permguard did not write is left alone, unless
--force, which replaces it and keeps it as FILE.permguard-backup-<time>.`,
		Example: `  permguard install claude
  permguard install cursor --project
  permguard install codex --dry-run
  permguard install codex --dry-run --json | jq .changes
  permguard install pi`,
		Args:      usageArgs(cobra.ExactArgs(1)),
		ValidArgs: install.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, ok := install.Find(args[0])
			if !ok {
				return unknownTarget(args[0])
			}
			if opts.Force && !t.Extension {
				extensions := install.Extensions()
				return usageErrorf([]string{"--force replaces a " + sayList(extensions, "or") + " extension file that permguard did not write; " + args[0] + "'s configuration is merged, never replaced"},
					"--force is for %s only", sayList(extensions, "and"))
			}
			opts.Agent = args[0]
			if runF != nil {
				return runF(opts)
			}
			return installRun(opts)
		},
	}
	if uninstall {
		cmd.Use = "uninstall AGENT [--project] [--dry-run]"
		cmd.Short = "Remove permguard's hook entries from an agent's configuration"
		cmd.Long = `Uninstall removes every permguard hook entry from the agent's configuration
file (see "permguard install"), keeps everything else, and copies the
previous file to FILE.permguard-backup-<time>. When the file is exactly
what install made of it, the previous bytes are written back; a file that
install created is removed, with the directories it left empty. For pi and
opencode it removes permguard's extension file, and only a file that
permguard wrote.`
		cmd.Example = "  permguard uninstall claude\n  permguard uninstall cursor --project\n  permguard uninstall opencode"
		cmd.Annotations = map[string]string{neverSuggest: "it removes the hook, and the agent runs unguarded"}
	}
	cmd.Flags().BoolVar(&opts.Project, "project", false, "the repository's configuration instead of the user's")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print what would change, write nothing")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print what changed (or would, with --dry-run) as one JSON object")
	if !uninstall {
		cmd.Flags().BoolVar(&opts.Force, "force", false, strings.Join(install.Extensions(), ", ")+": replace an extension file that permguard did not write (a backup is kept)")
	}
	return cmd
}

func unknownTarget(name string) error {
	return usageErrorf([]string{"agents are " + strings.Join(install.Names(), ", ")}, "unknown agent %q", name)
}

func installRun(opts *InstallOptions) error {
	t, ok := install.Find(opts.Agent)
	if !ok {
		return unknownTarget(opts.Agent)
	}
	path, err := t.Path(install.Env{Getenv: opts.Getenv, Getwd: opts.Getwd}, opts.Project)
	if errors.Is(err, install.ErrRepositoryOnly) {
		return usageErrorf([]string{fmt.Sprintf("run \"permguard install %s --project\" in the repository", opts.Agent)}, "%v", err)
	}
	if err != nil {
		return err
	}
	exe, err := install.OwnPath(opts.Executable)
	if err != nil {
		return err
	}
	o := install.Options{Target: t, Path: path, Project: opts.Project, Exe: exe, DryRun: opts.DryRun, Force: opts.Force, Now: opts.Now}
	do := install.Install
	if opts.Uninstall {
		do = install.Uninstall
	}
	res, err := do(o)
	switch {
	case errors.Is(err, install.ErrInvalidJSON):
		return withHints(err, "fix the file, or move it aside, then run this again")
	case errors.Is(err, install.ErrNotOurs):
		return withHints(err, fmt.Sprintf(`move it aside, or run "permguard install %s --force" to replace it (it is kept as a backup)`, opts.Agent))
	case err != nil:
		return err
	}

	if opts.JSON {
		return writeJSON(opts.IO.Out, report.Install(o, opts.Agent, opts.Uninstall, res))
	}
	var b strings.Builder
	b.WriteString(report.InstallText(o, opts.Agent, opts.Uninstall, res))
	if !opts.Uninstall {
		for _, line := range levelSummary(opts, t) {
			fmt.Fprintf(&b, "  %s\n", printable(line))
		}
	}
	if _, err = io.WriteString(opts.IO.Out, b.String()); err != nil {
		return err
	}
	if opts.Project && !opts.Uninstall {
		// the entry runs permguard from PATH: say so when PATH here would
		// not find this one
		for _, p := range install.CheckPath(install.Env{Getenv: opts.Getenv, Getwd: opts.Getwd}, exe) {
			if p.Text != "" {
				warnf(opts.IO.ErrOut, "%s", printable(p.Text))
			}
			fmt.Fprintf(opts.IO.ErrOut, "permguard: hint: %s\n", printable(p.Hint))
		}
	}
	return nil
}

// levelSummary is t.LevelSummary for the settings the agent's hook would
// find here, without the session of this shell.
func levelSummary(opts *InstallOptions, t install.Target) []string {
	eff := guard.LoadSettings(guard.ReadEnv(opts.Getenv), opts.workspace(), "", settings.Session{}, guard.Deps{Now: opts.Now, ErrOut: io.Discard})
	box := ""
	if opts.boxLine(eff) != "" {
		box = guard.BoxAllows(eff.Level.Value.Level)
	}
	return t.LevelSummary(eff, box)
}
