package cli

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/hook"
)

// HookOptions is everything `permguard hook` works from.
type HookOptions struct {
	callOptions

	// Args are the command line after "hook". The hook parses them itself
	// (hook.ParseArgs), so that a bad flag is the named dialect's deny.
	Args []string

	// Deadline bounds the call (hookDeadline); at it, the reply is the
	// deny and Exit ends the process.
	Deadline time.Duration
	Exit     func(code int)
}

// hookDeadline: every agent waits about 30 s for a hook (install writes
// that timeout) and then runs the call, so whatever permguard is stuck on
// (a stdin never closed, a lock, a bug) it answers a deny well before.
const hookDeadline = 20 * time.Second

// NewCmdHook returns the hook command.
func NewCmdHook(f *Factory, runF func(*HookOptions) error) *cobra.Command {
	opts := newHookOptions(f, nil)
	names := hook.AgentNames()
	cmd := &cobra.Command{
		Use:   "hook [--agent " + strings.Join(names, "|") + "]",
		Short: "Answer an agent's pre-tool hook: read one tool call on stdin, reply in the agent's dialect",
		Long: `Hook reads one tool call as JSON on stdin, as a coding agent's pre-tool
hook sends it, judges it against your settings, and answers on stdout in
that agent's own dialect: allow, ask or deny, with the reason the model
sees.

The hook never takes the terminal: the agent owns it. A call that needs
approval is answered "ask" only where the agent, in the permission mode
its payload names, shows the question to you and honours a refusal
(Claude Code in default, acceptEdits and plan mode, Cursor's shell and MCP
events, Copilot, the pi extension); everywhere else it is denied, with
how you can allow it. A dangerous call is never answered "ask": it needs a
typed confirmation, which only check and exec can ask for.

It never exits 1 and never fails open: unreadable, oversized or unknown
input, a bad flag, and any internal error, become the agent's deny. Exit
status is 0, or 2 where that is how the agent blocks. stdout holds the
reply and nothing else. Install it with "permguard install AGENT".`,
		Example: `  echo '{"tool_name":"Bash","tool_input":{"command":"git push"}}' | permguard hook --agent claude
  permguard install claude   # writes the entry that runs permguard hook`,
		// The hook reads its own flags: cobra would turn a bad one into
		// exit 1 before the hook could answer in the agent's dialect.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
				return cmd.Help()
			}
			opts.Args = args
			if runF != nil {
				return runF(opts)
			}
			return hookRun(opts)
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 && args[len(args)-1] == "--agent" {
				return names, cobra.ShellCompDirectiveNoFileComp
			}
			return []string{"--agent"}, cobra.ShellCompDirectiveNoFileComp
		},
	}
	cmd.Flags().String("agent", "auto", "the agent's dialect: "+strings.Join(names, ", "))
	return cmd
}

func newHookOptions(f *Factory, args []string) *HookOptions {
	return &HookOptions{callOptions: newCallOptions(f), Args: args, Deadline: hookDeadline, Exit: os.Exit}
}

// isHookCall reports whether args run the hook itself rather than ask for
// its help, which only the cobra tree can print.
func isHookCall(args []string) bool {
	return len(args) > 0 && args[0] == "hook" &&
		!(len(args) == 2 && (args[1] == "-h" || args[1] == "--help"))
}

// hookRun answers one tool call (hook.Server), judged by the engine. It
// returns nil (exit 0) or ErrBlocked (exit 2) after writing the reply; it
// never returns anything else, so permguard hook never exits 1.
func hookRun(opts *HookOptions) error {
	env := guard.ReadEnv(opts.Getenv)
	deps := opts.deps()
	s := &hook.Server{Args: opts.Args, In: opts.IO.In, Deadline: opts.Deadline, Exit: opts.Exit,
		Write: func(out hook.Output) error { return writeHookOutput(opts.IO, out) },
		Failed: func(agent hook.Agent, call *hook.Call, reason string) {
			guard.AuditFailure(env, deps, guard.ViaHook, agent, call, reason)
		},
		Answer: func(call *hook.Call) (hook.Output, error) {
			req := opts.request(guard.ViaHook, "", "")
			req.Call, req.AgentCanAsk = call, hook.CanAsk(call)
			// The rewritten call runs permguard's exec, which boxes only on
			// Linux, and only where the kernel lets it make the namespaces;
			// elsewhere the call is decided as without boxes.
			req.CanSandbox = func() bool { return hook.CanRewrite(call) && opts.canBox(req.Self) }
			ev, err := guard.Evaluate(req, env, deps)
			if err != nil {
				return hook.Output{}, err
			}
			ev.Settle(env, deps)
			return hook.Encode(call, ev.Reply()), nil
		}}
	return s.Serve()
}

// writeHookOutput writes a hook's reply: stdout in one write, exactly the
// reply; the reason on stderr.
func writeHookOutput(ios *IOStreams, out hook.Output) error {
	if len(out.Stdout) > 0 {
		if _, err := ios.Out.Write(out.Stdout); err != nil {
			return ErrBlocked
		}
	}
	if out.Stderr != "" {
		io.WriteString(ios.ErrOut, out.Stderr)
	}
	if out.Exit != hook.ExitOK {
		return ErrBlocked
	}
	return nil
}
