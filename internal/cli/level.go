package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permguard/permguard/internal/settings"
)

// setForSession changes this shell's session (see sessionID) and says
// what was set, for how long, and where it applies.
func setForSession(s settingsIO, what, value string, change func(*settings.Session)) error {
	id, _, dir := s.session()
	switch {
	case id == "":
		return withHints(errors.New("this session cannot be told apart from others"),
			"set PERMGUARD_SESSION to a name for it, or use --global")
	case dir == "":
		return withHints(errors.New("permguard's state directory is not known"), "set PERMGUARD_STATE_DIR or HOME, or use --global")
	}
	now := s.Now()
	if err := settings.UpdateSession(dir, id, now, func(sess *settings.Session) {
		change(sess)
		sess.Set = now
	}); err != nil {
		return fmt.Errorf("failed to set the %s for this session: %w", what, err)
	}
	scope := "commands run from this shell"
	if v := s.Getenv("PERMGUARD_SESSION"); v != "" {
		scope = "commands run with PERMGUARD_SESSION=" + shellQuote(v)
	}
	fmt.Fprintf(s.IO.Out, "%s set to %s for this session, until %s: it applies to %s\n",
		what, value, now.Add(settings.SessionTTL).Format("2006-01-02 15:04"), printable(scope))
	return nil
}

// LevelOptions is everything `permguard level` works from.
type LevelOptions struct {
	settingsIO
	Level  string // "" to show
	Global bool
}

// NewCmdLevel returns the level command.
func NewCmdLevel(f *Factory, runF func(*LevelOptions) error) *cobra.Command {
	opts := &LevelOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "level [LEVEL] [--global]",
		Short: "Show the level in force, or set it",
		Long: `Level shows the effective level and where it comes from. With LEVEL it
sets the level for this session for 24 hours: permguard commands run from
this shell, or with the same $PERMGUARD_SESSION (an agent's hook has its
own session). With --global it sets the level in your settings file.
PERMGUARD_LEVEL and --level take precedence over both; a managed file or an
untrusted project file can only lower it.

Levels: minimal (reading), low (writes in the workspace), medium
(development work), high (anything else but dangerous commands), bypassed
(every check off except deny rules). "read" and "write" are accepted for
minimal and high.`,
		Example: `  permguard level
  permguard level medium
  permguard level low --global`,
		Args:              usageArgs(cobra.MaximumNArgs(1)),
		ValidArgsFunction: completeLevels(true),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Level = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return levelRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Global, "global", false, "set the level in your settings file, not for this session")
	return cmd
}

func levelRun(opts *LevelOptions) error {
	if opts.Level == "" {
		eff := opts.load()
		line := fmt.Sprintf("%s (%s)", eff.Level.Value, eff.Level.Src)
		if eff.Capped && eff.Chosen.Value != eff.Level.Value {
			line += fmt.Sprintf("; capped from %s (%s)", eff.Chosen.Value, eff.Chosen.Src)
		}
		_, err := fmt.Fprintln(opts.IO.Out, printable(line))
		return err
	}
	p, ok := settings.ParsePermission(opts.Level)
	if !ok {
		return usageErrorf([]string{"levels are " + permissionNames() + " (and read, write)"}, "invalid level %q", opts.Level)
	}
	if !opts.Global {
		if err := setForSession(opts.settingsIO, "level", p.String(), func(s *settings.Session) { s.Level = p.String() }); err != nil {
			return err
		}
		if p.Bypassed {
			warnf(opts.IO.ErrOut, "bypassed turns off every check except deny rules")
		}
		return afterChange(opts.settingsIO, "PERMGUARD_LEVEL", func(eff *settings.Effective) (string, bool) {
			return eff.Level.Value.String() + " (" + eff.Level.Src.String() + ")", eff.Level.Value != p
		})
	}
	path, err := opts.update(func(d *settings.Document) error { return d.Set("level", p.String()) })
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "level set to %s in %s\n", p, path)
	if p.Bypassed {
		warnf(opts.IO.ErrOut, "bypassed turns off every check except deny rules")
	}
	return afterChange(opts.settingsIO, "PERMGUARD_LEVEL", func(eff *settings.Effective) (string, bool) {
		return eff.Level.Value.String() + " (" + eff.Level.Src.String() + ")", eff.Level.Value != p
	})
}

// afterChange says when what was just set is not what is in force here.
func afterChange(s settingsIO, envVar string, inForce func(*settings.Effective) (string, bool)) error {
	eff := s.load()
	if what, differs := inForce(eff); differs {
		warnf(s.IO.ErrOut, "%s", printable("in force here: "+what))
		if s.Getenv(envVar) != "" {
			fmt.Fprintf(s.IO.ErrOut, "permguard: hint: %s is set in this shell and takes precedence\n", envVar)
		}
	}
	return nil
}

// ModeOptions is everything `permguard mode` works from.
type ModeOptions struct {
	settingsIO
	Mode   string // "" to show
	Global bool
}

// NewCmdMode returns the mode command.
func NewCmdMode(f *Factory, runF func(*ModeOptions) error) *cobra.Command {
	opts := &ModeOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "mode [ask|block] [--global]",
		Short: "Show what happens when a command needs approval, or set it",
		Long: `Mode says what happens when a command needs more than the level in force:
ask (a person is asked, when one can be) or block (never ask). Without an
argument it shows the mode and where it comes from; with one it sets it for
this session (24 hours, as "permguard level" does), and with --global in
your settings file.`,
		Args:              usageArgs(cobra.MaximumNArgs(1)),
		ValidArgsFunction: cobra.FixedCompletions([]string{"ask", "block"}, cobra.ShellCompDirectiveNoFileComp),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Mode = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return modeRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Global, "global", false, "set the mode in your settings file, not for this session")
	return cmd
}

func modeRun(opts *ModeOptions) error {
	if opts.Mode == "" {
		eff := opts.load()
		_, err := fmt.Fprintln(opts.IO.Out, printable(fmt.Sprintf("%s (%s)", eff.Mode.Value, eff.Mode.Src)))
		return err
	}
	m, ok := settings.ParseMode(opts.Mode)
	if !ok {
		return usageErrorf([]string{"modes are ask, block"}, "invalid mode %q", opts.Mode)
	}
	if !opts.Global {
		if err := setForSession(opts.settingsIO, "mode", m.String(), func(s *settings.Session) { s.Mode = m.String() }); err != nil {
			return err
		}
		return afterChange(opts.settingsIO, "PERMGUARD_MODE", func(eff *settings.Effective) (string, bool) {
			return eff.Mode.Value.String() + " (" + eff.Mode.Src.String() + ")", eff.Mode.Value != m
		})
	}
	path, err := opts.update(func(d *settings.Document) error { return d.Set("mode", m.String()) })
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "mode set to %s in %s\n", m, path)
	return afterChange(opts.settingsIO, "PERMGUARD_MODE", func(eff *settings.Effective) (string, bool) {
		return eff.Mode.Value.String() + " (" + eff.Mode.Src.String() + ")", eff.Mode.Value != m
	})
}

// completeLevels completes level names, with the read/write aliases when
// aliases is true.
func completeLevels(aliases bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		names := settings.PermissionNames()
		if aliases {
			names = append(names, "read", "write")
		} else {
			names = names[:len(names)-1] // no bypassed
		}
		var out []cobra.Completion
		for _, n := range names {
			if strings.HasPrefix(n, toComplete) {
				out = append(out, n)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
