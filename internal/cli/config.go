package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/settings"
)

// settingsIO is what every settings command works with: the streams and
// the process's environment, directory and clock.
type settingsIO struct {
	IO     *IOStreams
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	Parent func() string // see sessionID
	// Namespaces reports why no box can be made here; nil means none
	// ever can.
	Namespaces func() error
}

func newSettingsIO(f *Factory) settingsIO {
	return settingsIO{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Parent: f.Parent, Namespaces: f.Namespaces}
}

// boxLine says what the box of the level in force allows, for level and
// config show, or "" when calls run unboxed here: sandbox off, a level
// without a box, or no box to be had on this machine.
func (s settingsIO) boxLine(eff *settings.Effective) string {
	lvl := eff.Level.Value
	allows := guard.BoxAllows(lvl.Level)
	if eff.Sandbox.Value != settings.SandboxAuto || lvl.Bypassed || allows == "" || runtime.GOOS != "linux" ||
		s.Namespaces == nil || s.Namespaces() != nil {
		return ""
	}
	return fmt.Sprintf("in its box (sandbox auto, where the agent can rewrite a call): %s", allows)
}

// globalFile returns the path of the user's settings file.
func (s settingsIO) globalFile() (string, error) {
	env := guard.ReadEnv(s.Getenv)
	if env.ConfigDirErr != nil {
		return "", unsafeHint(env.ConfigDirErr)
	}
	return settings.GlobalFile(env.ConfigDir), nil
}

// unsafeHint gives err, when it is about one of permguard's own places
// that is not the user's alone, the fix as a hint.
func unsafeHint(err error) error {
	var ue *safefile.UnsafeError
	if errors.As(err, &ue) && ue.Fix != "" {
		return withHints(err, ue.Fix, "permguard uses none of its own files that another user could change; permguard doctor lists them all")
	}
	return err
}

// workspace is the current directory, where project files are looked for.
func (s settingsIO) workspace() string {
	wd, err := s.Getwd()
	if err != nil {
		return ""
	}
	return filepath.Clean(wd)
}

// load returns the settings in force here, printing problems as warnings.
func (s settingsIO) load() *settings.Effective {
	_, sess, _, _ := s.session()
	return guard.LoadSettings(guard.ReadEnv(s.Getenv), s.workspace(), "", sess, guard.Deps{Now: s.Now, ErrOut: s.IO.ErrOut})
}

// update changes the global file and prints the problems it met.
func (s settingsIO) update(change func(*settings.Document) error) (string, error) {
	path, err := s.globalFile()
	if err != nil {
		return "", err
	}
	problems, err := settings.Update(path, s.Now(), change)
	for _, p := range problems {
		warnf(s.IO.ErrOut, "%s", printable(p.String()))
	}
	var ue *settings.UnusableError
	if errors.As(err, &ue) {
		return path, withHints(fmt.Errorf("%s; nothing was changed, and the file is left as it is", printable(ue.String())), report.UnusableHints(ue.Problem, settings.FromGlobal)...)
	}
	if err != nil {
		return path, fmt.Errorf("failed to update %s: %w", path, err)
	}
	return path, nil
}

// NewCmdConfig returns the config command and its subcommands.
func NewCmdConfig(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Show, check and change permguard's settings",
		Long: `Config shows the settings in force and where each comes from, checks
settings files, and edits or resets your own settings file.

Settings come from, highest precedence first: --level, $PERMGUARD_LEVEL and
$PERMGUARD_MODE, your settings file, and the defaults. The managed file
(/etc/permguard/settings.json) and project files (.permguard/settings.json,
.permguard/settings.local.json) can only tighten, unless you trust a
project file with "permguard trust".`,
		Example: `  permguard config show
  permguard config get level
  permguard config set sandbox auto
  permguard config validate
  permguard config edit`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewCmdConfigShow(f, nil))
	cmd.AddCommand(NewCmdConfigGet(f, nil))
	cmd.AddCommand(NewCmdConfigSet(f, nil))
	cmd.AddCommand(NewCmdConfigPath(f))
	cmd.AddCommand(NewCmdConfigReset(f, nil))
	cmd.AddCommand(NewCmdConfigValidate(f, nil))
	cmd.AddCommand(NewCmdConfigEdit(f, nil))
	return cmd
}

// ConfigShowOptions is everything `permguard config show` works from.
type ConfigShowOptions struct {
	settingsIO
	JSON bool
}

// NewCmdConfigShow returns the config show command.
func NewCmdConfigShow(f *Factory, runF func(*ConfigShowOptions) error) *cobra.Command {
	opts := &ConfigShowOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "show [--json]",
		Short: "Show the settings in force here, and where each comes from",
		Example: `  permguard config show
  permguard config show --json | jq .level`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return configShowRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the settings as one JSON object")
	return cmd
}

func configShowRun(opts *ConfigShowOptions) error {
	eff := opts.load()
	if opts.JSON {
		return writeJSON(opts.IO.Out, report.Config(eff))
	}
	_, err := io.WriteString(opts.IO.Out, report.ConfigText(eff, opts.boxLine(eff)))
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// ConfigGetOptions is everything `permguard config get` works from.
type ConfigGetOptions struct {
	settingsIO
	Key string
}

// NewCmdConfigGet returns the config get command.
func NewCmdConfigGet(f *Factory, runF func(*ConfigGetOptions) error) *cobra.Command {
	opts := &ConfigGetOptions{settingsIO: newSettingsIO(f)}
	shown := settings.KeyNames(func(k *settings.Key) bool { return k.Show != nil })
	cmd := &cobra.Command{
		Use:   "get KEY",
		Short: "Print the value of one setting in force here",
		Long: `Get prints the value of the setting KEY in force here, alone on a line,
as config show shows it ("permguard config show" says where it comes
from). KEY is one of ` + strings.Join(shown, ", ") + `; approvalPin is
"set" or "not set". The lists of rules are printed by "permguard rules".`,
		Example: `  permguard config get level
  test "$(permguard config get sandbox)" = auto`,
		Args:              usageArgs(cobra.ExactArgs(1)),
		ValidArgsFunction: cobra.FixedCompletions(shown, cobra.ShellCompDirectiveNoFileComp),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Key = args[0]
			if runF != nil {
				return runF(opts)
			}
			return configGetRun(opts)
		},
	}
	return cmd
}

func configGetRun(opts *ConfigGetOptions) error {
	k := settings.KeyNamed(opts.Key)
	if k == nil {
		shown := settings.KeyNames(func(k *settings.Key) bool { return k.Show != nil })
		return keyUsageError(settings.UnknownKeyError(opts.Key), "config get takes "+strings.Join(shown, ", "))
	}
	if k.Show == nil {
		return usageErrorf([]string{`"permguard rules" lists the rules in force, each with where it is set`}, "%s is not one value", k.Name)
	}
	_, err := fmt.Fprintln(opts.IO.Out, printable(k.Show(opts.load()).Value))
	return err
}

// keyUsageError is a usage error for a setting or value config get or
// set does not take, with the hints the settings give and more.
func keyUsageError(err error, more ...string) error {
	var ve *settings.ValueError
	if !errors.As(err, &ve) {
		return err
	}
	var hints []string
	for _, h := range append(ve.Hints, more...) {
		hints = append(hints, printable(h))
	}
	return usageErrorf(hints, "%s", printable(ve.Error()))
}

// ConfigSetOptions is everything `permguard config set` works from.
type ConfigSetOptions struct {
	settingsIO
	Key   string
	Value string
}

// NewCmdConfigSet returns the config set command.
func NewCmdConfigSet(f *Factory, runF func(*ConfigSetOptions) error) *cobra.Command {
	opts := &ConfigSetOptions{settingsIO: newSettingsIO(f)}
	settable := settings.KeyNames(func(k *settings.Key) bool { return k.Set })
	cmd := &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Set one setting in your settings file",
		Long: `Set writes VALUE for the setting KEY in your settings file, under its lock
and atomically, keeping every other key as it is. KEY is one of
` + strings.Join(settable, ", ") + `; a value KEY does not take is
refused, with the value a typo likely meant (never one that turns a check
off). The lists have commands of their own ("permguard allow", "permguard
deny") or "permguard config edit".

--level, PERMGUARD_LEVEL and PERMGUARD_MODE, and a session's level or mode,
take precedence over the file, and a managed or untrusted project file can
only tighten: set warns when what is in force here is not what it wrote.`,
		Example: `  permguard config set level medium
  permguard config set sandbox auto
  permguard config set promptTimeout 90s`,
		Args: usageArgs(cobra.ExactArgs(2)),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return settable, cobra.ShellCompDirectiveNoFileComp
			}
			if k := settings.KeyNamed(args[0]); k != nil && len(args) == 1 {
				return k.Values, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		Annotations: map[string]string{neverSuggest: "it can turn a check off (level bypassed, sandbox off)"},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Key, opts.Value = args[0], args[1]
			if runF != nil {
				return runF(opts)
			}
			return configSetRun(opts)
		},
	}
	return cmd
}

func configSetRun(opts *ConfigSetOptions) error {
	settable := settings.KeyNames(func(k *settings.Key) bool { return k.Set })
	k := settings.KeyNamed(opts.Key)
	if k == nil {
		return keyUsageError(settings.UnknownKeyError(opts.Key), "config set takes "+strings.Join(settable, ", "))
	}
	// checked before the file is locked: a typo changes nothing
	if _, err := settings.SetKey(settings.NewDocument(), k.Name, opts.Value); err != nil {
		return keyUsageError(err)
	}
	var raw json.RawMessage
	changed := false
	path, err := opts.update(func(d *settings.Document) error {
		var err error
		raw, err = settings.SetKey(d, k.Name, opts.Value)
		changed = err == nil
		return err
	})
	if err != nil {
		return err
	}
	var value any
	if err := json.Unmarshal(raw, &value); err != nil {
		return err
	}
	if changed {
		fmt.Fprintf(opts.IO.Out, "%s set to %v in %s\n", k.Name, value, path)
	} else {
		fmt.Fprintf(opts.IO.Out, "%s already sets %s to %v; nothing changed\n", path, k.Name, value)
	}
	if k.Name == "level" && value == "bypassed" {
		warnf(opts.IO.ErrOut, "bypassed turns off every check except deny rules")
	}
	envVar := map[string]string{"level": "PERMGUARD_LEVEL", "mode": "PERMGUARD_MODE"}[k.Name]
	return afterChange(opts.settingsIO, envVar, func(eff *settings.Effective) (string, bool) {
		v := k.Show(eff)
		return v.Value + " (" + v.Src.String() + ")", v.Src.Kind != settings.FromGlobal
	})
}

// NewCmdConfigPath returns the config path command.
func NewCmdConfigPath(f *Factory) *cobra.Command {
	s := newSettingsIO(f)
	return &cobra.Command{
		Use:   "path",
		Short: "Print the path of your settings file",
		Example: `  permguard config path
  $EDITOR "$(permguard config path)"`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := s.globalFile()
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(s.IO.Out, path)
			return err
		},
	}
}

// ConfigResetOptions is everything `permguard config reset` works from.
type ConfigResetOptions struct {
	settingsIO
	Yes bool
}

// NewCmdConfigReset returns the config reset command.
func NewCmdConfigReset(f *Factory, runF func(*ConfigResetOptions) error) *cobra.Command {
	opts := &ConfigResetOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "reset [--yes]",
		Short: "Put your settings file back to the defaults, keeping a copy",
		Long: `Reset moves your settings file aside (settings.json.bak-<time>) and leaves
an empty one, so the defaults apply. It asks first when stdin is a terminal;
otherwise it needs --yes.`,
		Example: `  permguard config reset
  permguard config reset --yes`,
		Annotations: map[string]string{neverSuggest: "it moves your settings aside: their deny rules stop applying"},
		Args:        usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return configResetRun(opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "reset without asking")
	return cmd
}

func configResetRun(opts *ConfigResetOptions) error {
	path, err := opts.globalFile()
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		_, err := fmt.Fprintf(opts.IO.Out, "%s does not exist: the defaults already apply\n", path)
		return err
	}
	// A file that sets nothing is not reset: a copy of it would only be
	// one more file to clean up.
	alreadyDefaults := func() error {
		_, err := fmt.Fprintf(opts.IO.Out, "%s already sets nothing: the defaults apply; nothing changed\n", path)
		return err
	}
	if settings.SetsNothing(path) {
		return alreadyDefaults()
	}
	if !opts.Yes {
		if !opts.IO.StdinIsTTY {
			return usageErrorf([]string{"run \"permguard config reset --yes\" to reset without asking"}, "config reset asks before resetting, and stdin is not a terminal")
		}
		fmt.Fprintf(opts.IO.ErrOut, "Reset %s to the defaults? A copy is kept. [y/N] ", path)
		line, _ := bufio.NewReader(opts.IO.In).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
			fmt.Fprintln(opts.IO.ErrOut, "permguard: reset cancelled; nothing changed")
			return ErrBlocked
		}
	}
	backup, err := settings.Reset(path, opts.Now())
	if errors.Is(err, settings.ErrUnchanged) {
		return alreadyDefaults()
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.IO.Out, "reset %s to the defaults; the old file is %s\n", path, backup)
	return err
}

// ConfigValidateOptions is everything `permguard config validate` works from.
type ConfigValidateOptions struct {
	settingsIO
	File string // "" for every file that applies here
}

// NewCmdConfigValidate returns the config validate command.
func NewCmdConfigValidate(f *Factory, runF func(*ConfigValidateOptions) error) *cobra.Command {
	opts := &ConfigValidateOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "validate [FILE]",
		Short: "Check settings files; exit 2 if anything in them would be ignored",
		Long: `Validate reads FILE, or every settings file that applies in the current
directory (yours, the managed file, project files), changes nothing, and
prints each problem as FILE:LINE:COL. It exits 2 if there is any: an entry
permguard would drop as invalid is never what its author meant.`,
		Example: `  permguard config validate
  permguard config validate .permguard/settings.json`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.File = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return configValidateRun(opts)
		},
	}
	return cmd
}

func configValidateRun(opts *ConfigValidateOptions) error {
	targets := []settings.Place{{Path: opts.File, Kind: settings.FromGlobal}}
	if opts.File == "" {
		env := guard.ReadEnv(opts.Getenv)
		if env.ConfigDirErr != nil {
			env.ConfigDir = ""
		}
		targets = settings.Places(env.ConfigDir, env.ManagedFile, opts.workspace())
	}
	bad, checked := 0, 0
	for _, t := range targets {
		problems, err := settings.Check(t.Path, t.Kind)
		switch {
		case errors.Is(err, fs.ErrNotExist) && opts.File == "":
			continue // nothing there is fine for the default places
		}
		checked++
		switch {
		case err != nil:
			fmt.Fprintf(opts.IO.ErrOut, "permguard: error: %s: %v\n", t.Path, err)
			bad++
			continue
		}
		for _, p := range problems {
			fmt.Fprintf(opts.IO.ErrOut, "permguard: error: %s\n", printable(p.String()))
			if p.Unusable {
				for _, h := range report.UnusableHints(p, t.Kind) {
					fmt.Fprintf(opts.IO.ErrOut, "permguard: hint: %s\n", h)
				}
			}
		}
		if len(problems) > 0 {
			bad++
			continue
		}
		fmt.Fprintf(opts.IO.Out, "%s: ok\n", t.Path)
	}
	if bad > 0 {
		return ErrBlocked
	}
	if checked == 0 {
		_, err := fmt.Fprintln(opts.IO.Out, "no settings files apply here: the defaults are in force")
		return err
	}
	return nil
}

// ConfigEditOptions is everything `permguard config edit` works from.
type ConfigEditOptions struct {
	settingsIO
}

// NewCmdConfigEdit returns the config edit command.
func NewCmdConfigEdit(f *Factory, runF func(*ConfigEditOptions) error) *cobra.Command {
	opts := &ConfigEditOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "edit",
		Short: "Edit your settings file in $VISUAL or $EDITOR, and save it only if it is valid",
		Long: `Edit opens a copy of your settings file (settings.edit.json, beside it) in
$VISUAL, else $EDITOR, else vi. When the editor exits, the copy is checked:
if anything in it would be ignored, nothing is saved and the copy is kept
so no edit is lost; the next "permguard config edit" opens it again. A
file that another process changed while you were editing is not
overwritten. A broken settings file is fixed this way too.`,
		Example: `  permguard config edit
  EDITOR="code --wait" permguard config edit`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return configEditRun(opts)
		},
	}
	return cmd
}

func configEditRun(opts *ConfigEditOptions) error {
	path, err := opts.globalFile()
	if err != nil {
		return err
	}
	e, err := settings.StartEdit(path)
	if errors.Is(err, settings.ErrLastEdit) {
		return withHints(err, "remove it: rm "+safefile.Quote(e.Copy))
	}
	if err != nil {
		return err
	}
	if e.Resumed {
		warnf(opts.IO.ErrOut, "%s", printable("your last edit was not saved; opening it again ("+e.Copy+")"))
	}
	// keep says the copy is kept when it holds an edit
	keep := func() []string {
		if e.Keep() {
			return []string{"your edit is kept in " + e.Copy + "; \"permguard config edit\" opens it again"}
		}
		return nil
	}
	editor := opts.Getenv("VISUAL")
	if editor == "" {
		editor = opts.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	// $EDITOR may hold arguments ("code --wait"), so the shell splits it,
	// as git does.
	cmd := exec.Command("/bin/sh", "-c", editor+` "$1"`, "permguard-edit", e.Copy)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = opts.IO.In, opts.IO.Out, opts.IO.ErrOut
	if err := cmd.Run(); err != nil {
		return withHints(fmt.Errorf("the editor (%s) failed: %v; %s was not changed", editor, err, path), keep()...)
	}
	edited, changed, err := e.Edited()
	if err != nil {
		return err
	}
	if !changed {
		e.Drop()
		_, err := fmt.Fprintf(opts.IO.Out, "no changes to %s\n", path)
		return err
	}
	problems, err := e.Check()
	if err == nil && len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(opts.IO.ErrOut, "permguard: error: %s\n", printable(p.String()))
		}
		err = fmt.Errorf("the edited settings have %d problem(s); %s was not changed", len(problems), path)
	}
	if err != nil {
		return withHints(err, "your edit is kept in "+e.Copy+"; run \"permguard config edit\" again to fix it there")
	}
	if err := e.Save(edited); err != nil {
		return withHints(fmt.Errorf("%s was not saved: %w", path, err), "your edit is kept in "+e.Copy)
	}
	_, err = fmt.Fprintf(opts.IO.Out, "saved %s\n", path)
	return err
}
