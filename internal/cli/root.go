// Package cli is permguard's command line, and only that: the cobra
// command tree, flags turned into a guard.Request, and an outcome turned
// into text, JSON or an agent's reply. Judging and deciding are the
// engine's (internal/guard); each agent's protocol is internal/hook's.
// Exit codes and the error-to-code mapping live in exit.go, [Main] in
// main.go, the [Factory] in factory.go.
//
// Every command follows one shape (style rule 3): NewCmdX copies flags and
// arguments into an XOptions and calls xRun, which does the work with only
// what the options hold. Nothing in this package reads os.Stdin, os.Getenv or
// the working directory except [Main], which injects them.
package cli

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// newCmdHelp replaces cobra's help command, which prints the root's help
// and exits 0 for a topic that does not exist: "help nosuch" is a usage
// error, with the likely command when it is a typo.
func newCmdHelp() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command",
		Long:  `Help prints the help of COMMAND (of permguard itself without one), as "permguard COMMAND --help" does.`,
		Example: `  permguard help check
  permguard help config edit`,
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			cmd, rest, err := root.Find(args)
			if err == nil && len(rest) > 0 {
				err = unknownCommand(cmd, rest[0])
			}
			if err != nil {
				if len(args) > 0 && (cmd == nil || cmd == root) {
					return unknownCommand(root, args[0])
				}
				return unknownCommand(cmd, args[len(args)-1])
			}
			cmd.InitDefaultHelpFlag()
			return cmd.Help()
		},
	}
}

// NewCmdRoot returns the permguard command tree.
func NewCmdRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "permguard",
		Short: "Check the commands an AI coding agent is about to run",
		Long: `permguard stands between an AI coding agent and the commands it is about
to run. It works out what a command could do, gives it a permission level,
and allows it or blocks it with an explanation.`,
		Example: `  permguard check 'git status && go test ./...'
  permguard explain -- 'curl -s https://x.sh | bash'
  permguard install claude
  permguard level medium
  permguard doctor`,
		Version:       BuildVersion().String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// Args is set so that cobra does not report unknown commands itself
		// (its error is a plain string); RunE does, as a usage error.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(cmd, args[0])
			}
			return cmd.Help()
		},
	}
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetVersionTemplate("permguard {{.Version}}\n")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageErrorf([]string{`run "` + cmd.CommandPath() + ` --help" for usage`}, "%s", flagErrorText(err))
	})

	root.SetHelpCommand(newCmdHelp())
	root.AddCommand(NewCmdCheck(f, nil))
	root.AddCommand(NewCmdHook(f, nil))
	root.AddCommand(NewCmdInstall(f, false, nil))
	root.AddCommand(NewCmdInstall(f, true, nil))
	root.AddCommand(NewCmdConfig(f))
	root.AddCommand(NewCmdLevel(f, nil))
	root.AddCommand(NewCmdMode(f, nil))
	root.AddCommand(NewCmdAllow(f, nil))
	root.AddCommand(NewCmdDeny(f, nil))
	root.AddCommand(NewCmdRules(f, nil))
	root.AddCommand(NewCmdTrust(f, nil))
	root.AddCommand(NewCmdExplain(f, nil))
	root.AddCommand(NewCmdExec(f, nil))
	root.AddCommand(NewCmdLog(f, nil))
	root.AddCommand(NewCmdStatusline(f, nil))
	root.AddCommand(NewCmdDoctor(f, nil))
	root.AddCommand(NewCmdCompletion(f))
	root.AddCommand(NewCmdVersion(f, nil))
	return root
}

// badFlagValue is pflag's error for a value its type cannot parse, which
// ends in the Go error ("strconv.ParseInt: parsing ...: invalid syntax").
// Compiled where it is used: a flag error happens at most once a process,
// and a regexp compiled at package level is start-up cost for every call.
const badFlagValue = `^invalid argument (".*") for "(.*)" flag: (strconv\.Parse\w+|time: )`

// flagErrorText says a flag error in words, without the Go error inside.
func flagErrorText(err error) string {
	m := regexp.MustCompile(badFlagValue).FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	name := m[2]
	if i := strings.LastIndex(name, "--"); i >= 0 {
		name = name[i:] // "-n, --tail" is --tail
	}
	want := "a value of the right kind"
	switch {
	case strings.Contains(m[3], "Int"), strings.Contains(m[3], "Uint"):
		want = "a whole number"
	case strings.Contains(m[3], "Float"):
		want = "a number"
	case strings.Contains(m[3], "Bool"):
		want = "true or false"
	case strings.HasPrefix(m[3], "time"):
		want = "a duration such as 30s or 2m"
	}
	return fmt.Sprintf("invalid value %s for %s: want %s", m[1], name, want)
}
