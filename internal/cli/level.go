package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/settings"
)

// setSetting sets what (level or mode) to value, with global in the
// settings file, else in this shell's session (see guard.SessionID), and
// says what was set, for how long, and where it applies.
func setSetting(s settingsIO, what, value string, global bool, change func(*settings.Session)) error {
	if global {
		path, err := s.update(func(d *settings.Document) error { return d.Set(what, value) })
		if err != nil {
			return err
		}
		fmt.Fprintf(s.IO.Out, "%s set to %s in %s\n", what, value, path)
		return nil
	}
	id, _, dir, dirErr := s.session()
	var unsafe *safefile.UnsafeError
	switch {
	case id == "":
		return withHints(errors.New("this session cannot be told apart from others"),
			"set PERMGUARD_SESSION to a name for it, or use --global")
	case errors.As(dirErr, &unsafe):
		return unsafeHint(fmt.Errorf("the %s was not set for this session: %w", what, dirErr))
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

// clearSetting removes what (level or mode) from this session, or with
// global from the settings file, and says what is in force now.
func clearSetting(s settingsIO, what string, global bool, clear func(*settings.Session) bool, inForce func(*settings.Effective) string) error {
	var msg string
	if global {
		removed := false
		path, err := s.update(func(d *settings.Document) error {
			if _, ok := d.Raw(what); !ok {
				return settings.ErrUnchanged
			}
			d.Delete(what)
			removed = true
			return nil
		})
		if err != nil {
			return err
		}
		msg = fmt.Sprintf("removed the %s from %s", what, path)
		if !removed {
			msg = fmt.Sprintf("%s sets no %s; nothing changed", path, what)
		}
	} else {
		id, _, dir, dirErr := s.session()
		if errors.As(dirErr, new(*safefile.UnsafeError)) {
			return unsafeHint(fmt.Errorf("the %s of this session was not cleared: %w", what, dirErr))
		}
		if id == "" || dir == "" {
			return withHints(fmt.Errorf("this session cannot be told apart from others, so it has no %s of its own", what),
				"set PERMGUARD_SESSION to a name for it, or use --global")
		}
		had := false
		if err := settings.UpdateSession(dir, id, s.Now(), func(sess *settings.Session) { had = clear(sess) }); err != nil {
			return fmt.Errorf("failed to clear the %s of this session: %w", what, err)
		}
		msg = fmt.Sprintf("cleared the %s of this session", what)
		if !had {
			msg = fmt.Sprintf("no %s was set for this session; nothing changed", what)
		}
	}
	_, err := fmt.Fprintln(s.IO.Out, printable(msg+"; in force here: "+inForce(s.load())))
	return err
}

// showGlobal prints what (level or mode) as your settings file sets it,
// whatever a session or the environment says on top.
func showGlobal(s settingsIO, what string, get func(*settings.File) (string, *settings.Source)) error {
	path, err := s.globalFile()
	if err != nil {
		return err
	}
	f, p, err := settings.ReadFile(path, settings.FromGlobal)
	switch {
	case err != nil:
		return fmt.Errorf("cannot read %s: %w", path, err)
	case p != nil:
		return withHints(errors.New(printable(p.String())), report.UnusableHints(*p, settings.FromGlobal)...)
	}
	var value string
	var src *settings.Source
	if f != nil {
		value, src = get(f)
	}
	if src == nil {
		_, err := fmt.Fprintln(s.IO.Out, printable(fmt.Sprintf("not set in %s", path)))
		return err
	}
	_, err = fmt.Fprintln(s.IO.Out, printable(fmt.Sprintf("%s (%s)", value, src)))
	return err
}

// LevelOptions is everything `permguard level` works from.
type LevelOptions struct {
	settingsIO
	Level  string // "" to show
	Global bool
	Clear  bool
	JSON   bool // show as one JSON object
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
own session); --clear removes it before the 24 hours are up. With --global
it shows, sets or (--clear) removes the level in your settings file.
PERMGUARD_LEVEL and --level take precedence over both; a managed file or an
untrusted project file can only lower it.

Levels: minimal (reading), low (writes in the workspace), medium
(development work), high (anything else but dangerous commands), bypassed
(every check off except deny rules). "read" is accepted for minimal.`,
		Example: `  permguard level
  permguard level medium
  permguard level --clear
  permguard level low --global
  permguard level --global
  permguard level --json`,
		Annotations:       map[string]string{neverSuggest: "it can raise the level, which lets more run unasked"},
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
	cmd.Flags().BoolVar(&opts.Global, "global", false, "set (or show, or clear) the level in your settings file, not for this session")
	cmd.Flags().BoolVar(&opts.Clear, "clear", false, "remove the level set for this session (with --global: from your settings file)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "show the level in force as one JSON object")
	return cmd
}

func levelRun(opts *LevelOptions) error {
	inForce := func(eff *settings.Effective) string {
		return eff.Level.Value.String() + " (" + eff.Level.Src.String() + ")"
	}
	switch {
	case opts.Clear && opts.Level != "":
		return usageErrorf([]string{"permguard level --clear removes the level; permguard level LEVEL sets one"}, "--clear takes no LEVEL")
	case opts.Clear:
		return clearSetting(opts.settingsIO, "level", opts.Global, func(s *settings.Session) bool {
			had := s.Level != ""
			s.Level = ""
			return had
		}, inForce)
	case opts.Level == "" && opts.Global:
		return showGlobal(opts.settingsIO, "level", func(f *settings.File) (string, *settings.Source) {
			if f.Level == nil {
				return "", nil
			}
			return f.Level.Value.String(), &f.Level.Src
		})
	}
	if opts.JSON && (opts.Level != "" || opts.Global || opts.Clear) {
		return usageErrorf(nil, "--json shows the level in force; it goes with no LEVEL, --global or --clear")
	}
	if opts.Level == "" && opts.JSON {
		return writeJSON(opts.IO.Out, report.Level(opts.load()))
	}
	if opts.Level == "" {
		eff := opts.load()
		_, err := fmt.Fprintln(opts.IO.Out, report.LevelText(eff, opts.boxLine(eff)))
		return err
	}
	p, ok := settings.ParsePermission(opts.Level)
	if !ok {
		return usageErrorf(levelHints(opts.Level, permissionNames()+" (and read)"), "invalid level %q", opts.Level)
	}
	if err := setSetting(opts.settingsIO, "level", p.String(), opts.Global, func(s *settings.Session) { s.Level = p.String() }); err != nil {
		return err
	}
	if p.Bypassed {
		warnf(opts.IO.ErrOut, "bypassed turns off every check except deny rules")
	}
	return afterChange(opts.settingsIO, "PERMGUARD_LEVEL", func(eff *settings.Effective) (string, bool) {
		return inForce(eff), eff.Level.Value != p
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
	Clear  bool
	JSON   bool // show as one JSON object
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
this session (24 hours, as "permguard level" does; --clear removes it), and
with --global in your settings file (without an argument, --global shows
the mode written there).`,
		Example: `  permguard mode
  permguard mode block
  permguard mode --clear
  permguard mode block --global
  permguard mode --json`,
		Annotations:       map[string]string{neverSuggest: "it can turn block into ask"},
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
	cmd.Flags().BoolVar(&opts.Global, "global", false, "set (or show, or clear) the mode in your settings file, not for this session")
	cmd.Flags().BoolVar(&opts.Clear, "clear", false, "remove the mode set for this session (with --global: from your settings file)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "show the mode in force as one JSON object")
	return cmd
}

func modeRun(opts *ModeOptions) error {
	inForce := func(eff *settings.Effective) string {
		return eff.Mode.Value.String() + " (" + eff.Mode.Src.String() + ")"
	}
	switch {
	case opts.Clear && opts.Mode != "":
		return usageErrorf([]string{"permguard mode --clear removes the mode; permguard mode ask|block sets one"}, "--clear takes no mode")
	case opts.Clear:
		return clearSetting(opts.settingsIO, "mode", opts.Global, func(s *settings.Session) bool {
			had := s.Mode != ""
			s.Mode = ""
			return had
		}, inForce)
	case opts.Mode == "" && opts.Global:
		return showGlobal(opts.settingsIO, "mode", func(f *settings.File) (string, *settings.Source) {
			if f.Mode == nil {
				return "", nil
			}
			return f.Mode.Value.String(), &f.Mode.Src
		})
	}
	if opts.JSON && (opts.Mode != "" || opts.Global || opts.Clear) {
		return usageErrorf(nil, "--json shows the mode in force; it goes with no mode, --global or --clear")
	}
	if opts.Mode == "" && opts.JSON {
		return writeJSON(opts.IO.Out, report.Mode(opts.load()))
	}
	if opts.Mode == "" {
		_, err := fmt.Fprintln(opts.IO.Out, report.ModeText(opts.load()))
		return err
	}
	m, ok := settings.ParseMode(opts.Mode)
	if !ok {
		return usageErrorf([]string{"modes are ask, block"}, "invalid mode %q", opts.Mode)
	}
	if err := setSetting(opts.settingsIO, "mode", m.String(), opts.Global, func(s *settings.Session) { s.Mode = m.String() }); err != nil {
		return err
	}
	return afterChange(opts.settingsIO, "PERMGUARD_MODE", func(eff *settings.Effective) (string, bool) {
		return inForce(eff), eff.Mode.Value != m
	})
}

// completeLevels completes level names, with the read alias and
// bypassed when aliases is true.
func completeLevels(aliases bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		names := settings.PermissionNames()
		if aliases {
			names = append(names, "read")
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
