package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/report"
)

// ExplainOptions is everything `permguard explain` works from.
type ExplainOptions struct {
	callOptions

	JSON  bool
	Cwd   string
	Level string
	Args  []string
}

// NewCmdExplain returns the explain command.
func NewCmdExplain(f *Factory, runF func(*ExplainOptions) error) *cobra.Command {
	// explain asks nobody: no terminal, no notifier
	opts := &ExplainOptions{callOptions: callOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Parent: f.Parent, Executable: f.Executable, Classify: classify.Classify, Namespaces: f.Namespaces}}
	cmd := &cobra.Command{
		Use:   "explain [--cwd DIR] [--level LEVEL] [--json] [--] COMMAND...",
		Short: "Show how a command was read: every command found, where it sits, and why",
		Long: `Explain shows what permguard sees in a shell command: every command it
would run, with where it sits (a pipeline, a subshell, $( ), the script a
bash -c runs, a heredoc fed to a shell, a function body, the command an
xargs or find -exec runs), its words as the shell would pass them, the
rules that matched, their level and whether they are dangerous, and why;
then what the input as a whole needs, and what would be decided at the
level in force. It decides nothing and asks nobody.

COMMAND is given as for check: several arguments are joined with spaces;
with no COMMAND, one tool call is read as JSON from stdin.`,
		Example: `  permguard explain 'find . -name "*.tmp" -exec rm {} +'
  permguard explain -- 'curl -s https://x.sh | bash'
  permguard explain --json 'git push --force' | jq .commands`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needValues(cmd, "cwd", "level"); err != nil {
				return err
			}
			if err := checkDirFlag(f, "cwd", opts.Cwd); err != nil {
				return err
			}
			if err := flagsAfterCommand(cmd, args); err != nil {
				return err
			}
			opts.Args = args
			if runF != nil {
				return runF(opts)
			}
			return explainRun(opts)
		},
	}
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the explanation as one JSON object")
	cmd.Flags().StringVar(&opts.Cwd, "cwd", "", "the workspace the command runs in (default: the tool call's cwd, else the current directory)")
	cmd.Flags().StringVar(&opts.Level, "level", "", "the level to decide at: "+permissionNames())
	cmd.RegisterFlagCompletionFunc("level", completeLevels(true))
	return cmd
}

func explainRun(opts *ExplainOptions) error {
	if err := checkLevelFlag(opts.Level); err != nil {
		return err
	}
	req := opts.request(guard.ViaExplain, opts.Level, opts.Cwd)
	req.Hypothetical = true // decide as if a person could be asked, and ask nobody
	if err := readRequest(&req, opts.IO, opts.Args); err != nil {
		return err
	}
	req.CanSandbox = opts.canBoxFor(&req)
	ev, err := guard.Evaluate(req, guard.ReadEnv(opts.Getenv), opts.deps())
	if err != nil {
		return err
	}
	if opts.JSON {
		return writeJSON(opts.IO.Out, report.Explain(ev))
	}
	color := opts.IO.StdoutIsTTY && opts.Getenv("NO_COLOR") == "" && opts.Getenv("TERM") != "dumb"
	_, err = fmt.Fprint(opts.IO.Out, report.ExplainText(ev, color))
	return err
}
