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
	"github.com/spf13/cobra"
)

// NewCmdRoot returns the permguard command tree.
func NewCmdRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "permguard",
		Short: "Check the commands an AI coding agent is about to run",
		Long: `permguard stands between an AI coding agent and the commands it is about
to run. It works out what a command could do, gives it a permission level,
and allows it or blocks it with an explanation.`,
		Version:       BuildVersion().String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// Args is set so that cobra does not report unknown commands itself
		// (its error is a plain string); RunE does, as a usage error.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf([]string{`run "permguard --help" for the list of commands`},
					"unknown command %q", args[0])
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
		return usageErrorf([]string{`run "` + cmd.CommandPath() + ` --help" for usage`}, "%v", err)
	})

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
