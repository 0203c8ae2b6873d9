package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/report"
	"github.com/agent-permguard/permguard/internal/settings"
)

// AllowOptions is everything `permguard allow` works from.
type AllowOptions struct {
	settingsIO
	Pattern string
	Level   string // --level; "" for the level in force
	Remove  bool
}

// NewCmdAllow returns the allow command.
func NewCmdAllow(f *Factory, runF func(*AllowOptions) error) *cobra.Command {
	opts := &AllowOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "allow PATTERN [--level LEVEL]",
		Short: "Let commands that match PATTERN run at LEVEL without asking",
		Long: `Allow adds PATTERN to the overrides of LEVEL in your settings file
(default: the level in force), so a command that matches it is judged as
LEVEL whatever permguard would say. The pattern is removed from every other
override level, since the most restrictive match wins.

Patterns match each command of an input after wrappers are unwrapped
("sudo", "timeout 60", "bash -c") and prefix mappings applied, with its
words joined by single spaces. "*" is any run of characters, "?" one
character. An allow pattern matches the whole command: one without "*"
matches only that exact command line ("npm run dev" does not match "npm
run dev --port 3000"); one that ends in " *" also matches the command
with any arguments, and without. allow prints what the rule matches and
a few commands it does not. An agent's own syntax ("Bash(npm run
test:*)") is refused with the form to use ('npm run test *').
An override never clears the dangerous flag: "rm -rf build" stays a
dangerous command that a person confirms.`,
		Example: `  permguard allow 'npm run dev'
  permguard allow --level medium 'make deploy-staging *'
  permguard allow --remove 'npm run dev'`,
		Annotations: map[string]string{neverSuggest: "it lets commands run without asking"},
		Args:        usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pattern = args[0]
			if runF != nil {
				return runF(opts)
			}
			return allowRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Level, "level", "", "the level to allow the commands at: minimal, low, medium, high")
	cmd.Flags().BoolVar(&opts.Remove, "remove", false, "remove PATTERN from every override level instead")
	cmd.RegisterFlagCompletionFunc("level", completeLevels(false))
	return cmd
}

func allowRun(opts *AllowOptions) error {
	g, err := rulePattern("allow", opts.Pattern, opts.Remove)
	if err != nil {
		return err
	}
	level := ""
	switch {
	case opts.Remove && opts.Level != "":
		return usageErrorf(nil, "--remove and --level cannot go together")
	case opts.Remove:
	case opts.Level != "":
		p, ok := settings.ParsePermission(opts.Level)
		if !ok || p.Bypassed {
			return usageErrorf(levelHints(opts.Level, "minimal, low, medium, high"), "invalid level %q for --level", opts.Level)
		}
		level = p.Level.String()
	default:
		p := opts.load().Level.Value
		level = p.Level.String()
		if p.Bypassed {
			level = classify.High.String()
		}
	}
	var notes []string
	changed := false
	path, err := opts.update(func(d *settings.Document) error {
		var err error
		notes, changed, err = guard.MoveOverride(d, opts.Pattern, level)
		return err
	})
	if err != nil {
		return fullHints(err, "permguard allow --remove PATTERN")
	}
	msg := report.AllowText(opts.Pattern, level, path, notes, changed, opts.Remove)
	if _, err = fmt.Fprintln(opts.IO.Out, msg); err != nil || opts.Remove || !changed {
		return err
	}
	if _, err := io.WriteString(opts.IO.Out, report.RuleExamples(g)); err != nil {
		return err
	}
	if h := guard.ExactHint(opts.Pattern); h != "" {
		_, err = fmt.Fprintln(opts.IO.ErrOut, printable("permguard: hint: "+h))
	}
	return err
}

// rulePattern is [guard.RulePattern], its refusal a usage error.
func rulePattern(verb, pattern string, remove bool) (settings.Glob, error) {
	g, err := guard.RulePattern(verb, pattern, remove)
	var pe *guard.PatternError
	if errors.As(err, &pe) {
		return g, usageErrorf(pe.Hints, "%s", pe.Msg)
	}
	return g, err
}

// fullHints says what to do when a list has no room for one more pattern;
// remove is the command that takes one out.
func fullHints(err error, remove string) error {
	var fe *settings.FullError
	if !errors.As(err, &fe) {
		return err
	}
	return withHints(err,
		fmt.Sprintf("make room: remove a pattern (%s), or widen one with \"*\" so it covers several", remove),
		`"permguard rules" lists them`)
}

// DenyOptions is everything `permguard deny` works from.
type DenyOptions struct {
	settingsIO
	Pattern string
	Remove  bool
}

// NewCmdDeny returns the deny command.
func NewCmdDeny(f *Factory, runF func(*DenyOptions) error) *cobra.Command {
	opts := &DenyOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "deny PATTERN [--remove]",
		Short: "Block commands that match PATTERN at every level",
		Long: `Deny adds PATTERN to the deny rules in your settings file. A command that
matches a deny rule is blocked at every level, bypassed included, and no
one is asked.

A deny rule matches the command it names and any arguments after it:
"git push" blocks "git push" and "git push origin main", not "git pushx"
or "echo git push". End it with "$" to block only the command as
written: "git push$" blocks "git push" alone. "*" is any run of
characters, "?" one character. Deny rules match each command of an
input both as written ("sudo rm -rf x") and after wrappers are unwrapped
and prefix mappings applied ("rm -rf x"). deny prints what the rule
matches and a few commands it does not. An agent's own syntax
("Bash(git push)") is refused with the form to use ('git push').`,
		Example: `  permguard deny 'git push'
  permguard deny 'git push --force*'
  permguard deny 'npm publish$'
  permguard deny --remove 'git push'`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Pattern = args[0]
			if runF != nil {
				return runF(opts)
			}
			return denyRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Remove, "remove", false, "remove PATTERN from the deny rules instead")
	return cmd
}

func denyRun(opts *DenyOptions) error {
	g, err := rulePattern("deny", opts.Pattern, opts.Remove)
	if err != nil {
		return err
	}
	changed := false
	path, err := opts.update(func(d *settings.Document) error {
		err := guard.EditDeny(d, opts.Pattern, opts.Remove)
		changed = err == nil
		return err
	})
	if err != nil {
		return fullHints(err, "permguard deny --remove PATTERN")
	}
	msg := report.DenyText(opts.Pattern, path, changed, opts.Remove)
	if _, err = fmt.Fprintln(opts.IO.Out, msg); err != nil || opts.Remove || !changed {
		return err
	}
	if _, err := io.WriteString(opts.IO.Out, report.RuleExamples(g)); err != nil {
		return err
	}
	if g.Words() {
		_, err = fmt.Fprintln(opts.IO.ErrOut, printable(fmt.Sprintf("permguard: hint: %q blocks the command with any arguments after it; %q blocks only the command as written", opts.Pattern, opts.Pattern+"$")))
	}
	return err
}

// RulesOptions is everything `permguard rules` works from.
type RulesOptions struct {
	settingsIO
	JSON bool
}

// NewCmdRules returns the rules command.
func NewCmdRules(f *Factory, runF func(*RulesOptions) error) *cobra.Command {
	opts := &RulesOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "rules [--json]",
		Short: "List the deny rules, overrides, prefix mappings and tool levels in force, and where each is set",
		Example: `  permguard rules
  permguard rules --json | jq .deny`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			eff := opts.load()
			if opts.JSON {
				return writeJSON(opts.IO.Out, report.Rules(eff))
			}
			_, err := io.WriteString(opts.IO.Out, report.RulesText(eff))
			return err
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the rules as one JSON object")
	return cmd
}
