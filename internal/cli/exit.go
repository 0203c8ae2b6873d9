package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/launch"
	"github.com/agent-permguard/permguard/internal/settings"
)

// Exit codes are API: agents, scripts and CI branch on them. They are declared
// here once, and [exitCode] is the only place an error becomes a code.
const (
	ExitOK      = 0 // the command is allowed
	ExitUsage   = 1 // the command line itself is wrong (interactive use only)
	ExitBlocked = 2 // not allowed, or anything went wrong: fail closed

	// permguard exec did not run the program: not allowed, or permguard
	// could not do its job (a required sandbox missing). Programs exit 2
	// for their own reasons (make, ls of a missing file), so exec's
	// "blocked" is sysexits' EX_NOPERM (77), which programs do not use
	// for anything else. The hook keeps 2: that is the agents' block.
	ExitExecBlocked = launch.ExitRefused

	// permguard exec could not start the program it allowed; the codes
	// are a shell's, so scripts read them as they always have.
	ExitCannotRun = 126
	ExitNotFound  = 127
)

// refuseExec wraps err, which kept permguard exec from running the
// program (or from vouching for its run), so it exits [ExitExecBlocked].
var refuseExec = launch.Refuse

// ErrBlocked reports that the command was not allowed. The block message has
// already been printed, so [Main] prints nothing more for it.
var ErrBlocked = errors.New("blocked")

// usageError is a mistake in the command line: an unknown flag or command, a
// missing argument, an invalid flag value. It maps to [ExitUsage].
type usageError struct {
	err   error
	hints []string
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErrorf returns a usage error; hints are printed after it, one
// "permguard: hint:" line each.
func usageErrorf(hints []string, format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...), hints: hints}
}

// usageArgs makes the errors of a cobra argument check usage errors, so a
// wrong number of arguments exits 1, not 2, and says them in words
// ("missing PATTERN"), not cobra's ("accepts 1 arg(s), received 0").
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		help := `run "` + cmd.CommandPath() + ` --help" for usage`
		use := strings.TrimSuffix(cmd.UseLine(), " [flags]")
		one := "x" // an argument the check accepts, to tell a missing one from a wrong one
		if len(cmd.ValidArgs) > 0 {
			one = cmd.ValidArgs[0]
		}
		switch {
		case cmd.HasAvailableSubCommands() && len(args) > 0:
			return unknownCommand(cmd, args[0])
		case check(cmd, append(args[:len(args):len(args)], one)) == nil:
			return usageErrorf([]string{help}, "missing argument: usage: %s", use)
		case len(args) > 0 && check(cmd, args[:len(args)-1]) == nil:
			return usageErrorf([]string{help}, "unexpected argument %q: usage: %s", args[len(args)-1], use)
		case len(cmd.ValidArgs) > 0:
			return usageErrorf([]string{help}, "invalid argument %q: %s takes one of %s", args[len(args)-1], cmd.Name(), strings.Join(cmd.ValidArgs, ", "))
		}
		return usageErrorf([]string{help}, "%v", err)
	}
}

// neverSuggest is the annotation of a command that deletes, resets or
// loosens something (config reset, uninstall, allow, level, trust): "did
// you mean" never names it. Its value says why. A typo's likely command
// is often run as offered, and one letter must not stand between a
// person and wiping their settings or turning a check off.
const neverSuggest = "permguard/never-suggest"

// unknownCommand is the usage error for a subcommand of cmd that does not
// exist, with the likely one when the name is a typo, as git and gh do,
// unless that one is marked [neverSuggest].
func unknownCommand(cmd *cobra.Command, name string) error {
	var hints []string
	if s := suggestCommand(cmd, name); s != "" {
		hints = append(hints, fmt.Sprintf("did you mean %q?", cmd.CommandPath()+" "+s))
	}
	hints = append(hints, `run "`+cmd.CommandPath()+` --help" for the list of commands`)
	if cmd.HasParent() {
		return usageErrorf(hints, "unknown command %q for %q", name, cmd.CommandPath())
	}
	return usageErrorf(hints, "unknown command %q", name)
}

// suggestCommand is the subcommand of cmd a mistyped name likely meant,
// by cobra's suggestions, leaving out every one marked [neverSuggest];
// "" when none is left.
func suggestCommand(cmd *cobra.Command, name string) string {
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's own default, set where it finds unknown commands
	}
	for _, s := range cmd.SuggestionsFor(name) {
		for _, sub := range cmd.Commands() {
			if sub.Name() == s || sub.HasAlias(s) {
				if _, never := sub.Annotations[neverSuggest]; !never {
					return s
				}
			}
		}
	}
	return ""
}

// flagsAfterCommand is a usage error when a word of COMMAND, given without
// "--", is a flag of cmd (permguard check git push --json): everything
// from COMMAND's first word on is the command, so the flag would be judged
// as part of it instead of read.
func flagsAfterCommand(cmd *cobra.Command, args []string) error {
	if cmd.ArgsLenAtDash() >= 0 || len(args) < 2 {
		return nil
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || name == "" {
			continue
		}
		if f := cmd.Flags().Lookup(name); f != nil && !f.Hidden {
			flag := []string{a}
			// "--level high": the value moves with its flag
			if !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
				flag = append(flag, args[i+1])
			}
			rest := append(append([]string{}, args[:i]...), args[i+len(flag):]...)
			return usageErrorf([]string{
				fmt.Sprintf("put %s's flags first: %s %s %s", cmd.Name(), cmd.CommandPath(), strings.Join(flag, " "), strings.Join(rest, " ")),
				fmt.Sprintf("or, if %s is part of the command, say where the command starts: %s -- %s", a, cmd.CommandPath(), strings.Join(args, " ")),
			}, "%s after the command: flags of %s go before it", a, cmd.CommandPath())
		}
	}
	return nil
}

// needValues is a usage error when one of the named string flags was given
// an empty value (--level ""), which would otherwise mean "not given".
func needValues(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		if cmd.Flags().Changed(name) && cmd.Flags().Lookup(name).Value.String() == "" {
			return usageErrorf(nil, "--%s needs a value", name)
		}
	}
	return nil
}

// checkLevelFlag is a usage error when --level names no level.
func checkLevelFlag(level string) error {
	if level == "" {
		return nil
	}
	if _, ok := settings.ParsePermission(level); !ok {
		return usageErrorf(levelHints(level, permissionNames()), "invalid level %q for --level", level)
	}
	return nil
}

// levelHints say, for a word that is not one of names, the levels, what
// "write" meant.
func levelHints(word, names string) []string {
	if h := settings.LevelWriteHint(word); h != "" {
		return []string{h}
	}
	return []string{"levels are " + names}
}

// checkDirFlag is a usage error when the directory flag name (--cwd) names
// nothing, or something that is not a directory: a typo must not judge the
// command against a workspace that does not exist. A relative path is
// taken from wd.
func checkDirFlag(f *Factory, name, dir string) error {
	if dir == "" || f.Stat == nil {
		return nil
	}
	path := dir
	if !filepath.IsAbs(path) && f.Getwd != nil {
		if wd, err := f.Getwd(); err == nil {
			path = filepath.Join(wd, path)
		}
	}
	st, err := f.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageErrorf([]string{"--" + name + " names the workspace, an existing directory"}, "--%s %s: no such directory", name, printable(dir))
	case err != nil:
		return usageErrorf(nil, "--%s %s: %v", name, printable(dir), err)
	case !st.IsDir():
		return usageErrorf([]string{"--" + name + " names the workspace, an existing directory"}, "--%s %s is not a directory", name, printable(dir))
	}
	return nil
}

// hintError adds hints to an error that is not a usage error.
type hintError struct {
	err   error
	hints []string
}

func (e *hintError) Error() string   { return e.err.Error() }
func (e *hintError) Unwrap() error   { return e.err }
func (e *hintError) Hints() []string { return e.hints }

// withHints returns err with hints attached; see [usageErrorf].
func withHints(err error, hints ...string) error {
	return &hintError{err: err, hints: hints}
}

// exitCode maps the error returned by a command to the process exit status.
// Anything that is not a usage error is [ExitBlocked]: when permguard cannot
// do its job, the command it guards must not run.
func exitCode(err error) int {
	var ue *usageError
	var er *launch.Refusal
	var pe *launch.Exit
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &pe):
		return pe.Code
	case errors.As(err, &er):
		return ExitExecBlocked
	case errors.Is(err, ErrBlocked):
		return ExitBlocked
	case errors.As(err, &ue):
		return ExitUsage
	case errors.Is(err, launch.ErrNotFound):
		return ExitNotFound
	case errors.Is(err, launch.ErrCannotRun):
		return ExitCannotRun
	default:
		return ExitBlocked
	}
}

// printError writes err in permguard's format (style rule 12): a
// "permguard: error:" line, then its hints.
func printError(w io.Writer, err error) {
	var pe *launch.Exit
	if err == nil || errors.Is(err, ErrBlocked) || errors.As(err, &pe) {
		return
	}
	fmt.Fprintf(w, "permguard: error: %v\n", err)
	var hints []string
	var ue *usageError
	// withHints' errors, and those of the packages that say how to fix
	// what they report (internal/launch)
	var he interface{ Hints() []string }
	if errors.As(err, &ue) {
		hints = append(hints, ue.hints...)
	}
	if errors.As(err, &he) {
		hints = append(hints, he.Hints()...)
	}
	for _, h := range hints {
		fmt.Fprintf(w, "permguard: hint: %s\n", h)
	}
}

// warnf prints a "permguard: warning:" line.
func warnf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "permguard: warning: "+format+"\n", args...)
}
