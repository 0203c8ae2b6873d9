package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/report"
)

// CheckOptions is everything `permguard check` works from.
type CheckOptions struct {
	callOptions

	JSON     bool   // --json: print one JSON object on stdout, and never prompt
	NoPrompt bool   // --no-prompt: never ask at the terminal
	Cwd      string // --cwd: the workspace; empty means not given
	Level    string // --level: the effective level; empty means not given
	Args     []string
}

// NewCmdCheck returns the check command. runF, if not nil, is called instead
// of checkRun, so tests can see what the flags parsed into.
func NewCmdCheck(f *Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{callOptions: newCallOptions(f)}
	cmd := &cobra.Command{
		Use:   "check [--json] [--no-prompt] [--cwd DIR] [--level LEVEL] [--] COMMAND...",
		Short: "Classify a shell command and say whether it may run",
		Long: `Check classifies a shell command, prints its level and the reasons, and
says whether it may run at the effective level.

Several arguments are joined with spaces; a single argument is used as it is.
Flags must come before COMMAND: everything from the first argument on, or
after "--", is the command. With no COMMAND and stdin not a terminal, check
reads one tool call as JSON from stdin, in any agent's hook format (see
"permguard hook --help"), or simply:
  {"tool_name":"Bash","tool_input":{"command":"..."},"cwd":"..."}
A tool call that runs no shell command (Write, Read, WebFetch, MCP tools) is
judged by what it does.

The effective level is --level, else $PERMGUARD_LEVEL, else the settings'
level, else minimal; the managed file and project files can only lower it.
Deny rules block at every level. See "permguard config show".

A command that needs more than the level in force is put to you on the
terminal (/dev/tty), unless the mode is block, --no-prompt or --json is
given, PERMGUARD_NO_PROMPT=1 is set, or there is no terminal: then it is
blocked. Deny is the default answer; no answer within promptTimeout (120 s)
denies. --json is for programs, which cannot answer a prompt: it never
opens one.

Exit status: 0 allowed, 2 not allowed (the reason is on stderr), 1 usage error.`,
		Example: `  permguard check ls -la
  permguard check 'git status && go test ./...'
  permguard check --level medium -- git push --force origin main
  permguard check --json --cwd "$PWD" -- rm -rf build`,
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
			return checkRun(opts)
		},
	}
	// The command is everything from its first word on, so `check ls -la`
	// does not take -la for a flag of check.
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the verdict as one JSON object on stdout (never prompts)")
	cmd.Flags().BoolVar(&opts.NoPrompt, "no-prompt", false, "never ask at the terminal: what needs approval is blocked (as PERMGUARD_NO_PROMPT=1)")
	cmd.Flags().StringVar(&opts.Cwd, "cwd", "", "the workspace the command runs in (default: the tool call's cwd, else the current directory)")
	cmd.Flags().StringVar(&opts.Level, "level", "", "the level to check against: "+permissionNames())
	cmd.RegisterFlagCompletionFunc("level", completeLevels(true))
	return cmd
}

// checkRun classifies the command, applies the settings, prints the
// verdict and decides. It returns [ErrBlocked] when the command may not run.
func checkRun(opts *CheckOptions) error {
	if err := checkLevelFlag(opts.Level); err != nil {
		return err
	}
	req := opts.request(guard.ViaCheck, opts.Level, opts.Cwd)
	// A program reads --json, and a program cannot answer a prompt; one
	// on a person's terminal could save an "Always allow" rule nobody
	// meant (issue 28).
	req.Terminal = !opts.NoPrompt && !opts.JSON
	if err := readRequest(&req, opts.IO, opts.Args); err != nil {
		return err
	}
	req.CanSandbox = opts.canBoxFor(&req)
	env, deps := guard.ReadEnv(opts.Getenv), opts.deps()
	ev, err := guard.Evaluate(req, env, deps)
	if err != nil {
		return err
	}
	ev.Settle(env, deps)
	if opts.JSON {
		err = report.WriteCheckJSON(opts.IO.Out, ev)
	} else {
		err = report.WriteCheckText(opts.IO.Out, ev)
	}
	if err != nil {
		return fmt.Errorf("failed to write the verdict: %w", err)
	}
	if ev.Outcome.Action == guard.Allow {
		return nil
	}
	fmt.Fprint(opts.IO.ErrOut, ev.Refusal())
	return ErrBlocked
}

var stdinHints = []string{
	"pass the command itself: permguard check -- COMMAND",
	`or pipe one tool call, in any agent's hook format: {"tool_name":"Bash","tool_input":{"command":"..."},"cwd":"..."}`,
}

// canBoxFor is the request's CanSandbox for check and explain, which judge
// a call as exec would run it: boxed where a box can be had, and, for a
// tool call piped in, only where its agent's hook could rewrite it.
func (o *callOptions) canBoxFor(req *guard.Request) func() bool {
	return func() bool { return (req.Call == nil || hook.CanRewrite(req.Call)) && o.canBox(req.Self) }
}

// readRequest sets what req judges (check, explain): the command in the
// arguments, or the tool call on stdin, read as the hook reads it.
func readRequest(req *guard.Request, ios *IOStreams, args []string) error {
	switch {
	case len(args) > 0:
		req.Command = strings.Join(args, " ")
		return nil
	case ios.StdinIsTTY:
		return usageErrorf(stdinHints, "no command to check")
	}
	data, err := io.ReadAll(io.LimitReader(ios.In, hook.MaxPayloadBytes+1))
	if err != nil {
		return fmt.Errorf("failed to read the tool call on stdin: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return withHints(errors.New("no command given and stdin is empty"), stdinHints...)
	}
	call, err := hook.Decode(data, hook.Auto)
	if err != nil {
		return withHints(fmt.Errorf("cannot read the tool call on stdin: %v", err), stdinHints[1])
	}
	req.Call = call
	return nil
}
