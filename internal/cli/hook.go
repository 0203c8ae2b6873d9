package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permguard/permguard/internal/hook"
)

// HookOptions is everything `permguard hook` works from.
type HookOptions struct {
	callOptions

	Agent string // --agent
}

// NewCmdHook returns the hook command.
func NewCmdHook(f *Factory, runF func(*HookOptions) error) *cobra.Command {
	opts := &HookOptions{callOptions: newCallOptions(f)}
	cmd := &cobra.Command{
		Use:   "hook [--agent auto|claude|codex|gemini|cursor|copilot|generic]",
		Short: "Answer an agent's pre-tool hook: read one tool call on stdin, reply in the agent's dialect",
		Long: `Hook reads one tool call as JSON on stdin, as a coding agent's pre-tool
hook sends it, judges it against your settings, and answers on stdout in
that agent's own dialect: allow, ask or deny, with the reason the model
sees.

A call that needs approval is put to you on the terminal (/dev/tty) when
permguard can use it (it is in the foreground, and PERMGUARD_NO_PROMPT is
not set); otherwise it is answered "ask", so the agent's own prompt asks
you, where the agent has one; otherwise it is denied. A dangerous call is
never answered "ask": it needs a typed confirmation at the terminal.

It never exits 1 and never fails open: unreadable, oversized or unknown
input, and any internal error, become the agent's deny. Exit status is 0,
or 2 where that is how the agent blocks. stdout holds the reply and nothing
else. Install it with "permguard install AGENT".`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("hook takes no arguments, got %q; the tool call is read from stdin", args)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return hookRun(opts)
		},
	}
	names := make([]string, 0, len(hook.Agents()))
	for _, a := range hook.Agents() {
		names = append(names, string(a))
	}
	cmd.Flags().StringVar(&opts.Agent, "agent", "auto", "the agent's dialect: "+strings.Join(names, ", "))
	cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(names, cobra.ShellCompDirectiveNoFileComp))
	// A hook never exits 1: a bad flag is a deny like any other failure.
	cmd.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return fmt.Errorf("%v; the tool call is denied", err)
	})
	return cmd
}

// hookRun answers one tool call. It returns nil (exit 0) or ErrBlocked
// (exit 2) after writing the reply; it never returns anything else, so
// permguard hook never exits 1.
func hookRun(opts *HookOptions) (err error) {
	agent, ok := hook.ParseAgent(opts.Agent)
	if !ok {
		return writeHookOutput(opts.IO, hook.Failure(hook.Auto, fmt.Sprintf("permguard: --agent %q is not one of auto, claude, codex, gemini, cursor, copilot, generic; the tool call is denied", opts.Agent)))
	}
	known := agent
	var call *hook.Call
	logged := auditInputs{getenv: opts.Getenv, now: opts.Now, errOut: opts.IO.ErrOut}
	fail := func(reason string) error {
		out := hook.Failure(known, reason)
		auditFailure(logged, viaHook, known, call, reason)
		return writeHookOutput(opts.IO, out)
	}
	defer func() {
		// A panic anywhere below is the agent's deny, never a crash that
		// the agent could read as "go ahead".
		if r := recover(); r != nil {
			err = writeHookOutput(opts.IO, hook.Failure(known, fmt.Sprintf("permguard: internal error (%v); the tool call is denied. This is a bug in permguard.", r)))
			func() {
				defer func() { recover() }() // the reply is out; the log is best effort
				auditFailure(logged, viaHook, known, call, fmt.Sprintf("internal error: %v", r))
			}()
		}
	}()
	data, readErr := io.ReadAll(io.LimitReader(opts.IO.In, hook.MaxPayloadBytes+1))
	if readErr != nil {
		return fail("permguard: cannot read the tool call on stdin (" + readErr.Error() + "); the tool call is denied")
	}
	call, decErr := hook.Decode(data, agent)
	if decErr == nil && agent == hook.Auto && call.Variant == hook.Bare {
		decErr = &hook.DecodeError{Err: hook.ErrUnknownDialect}
	}
	if decErr != nil {
		if de, ok := decErr.(*hook.DecodeError); ok && de.Agent != "" {
			known = de.Agent
		}
		call = nil
		return fail("permguard: " + decErr.Error() + "; the tool call is denied")
	}
	known = call.Agent

	ev, err := evaluateCall(call, opts.evalInputs("", ""))
	if err != nil {
		return fail("permguard: " + err.Error() + "; the tool call is denied")
	}
	ask := opts.askInputs()
	ask.native, ask.agent = hook.CanAsk(call), true
	ev.askPerson(ask)
	ev.audit(viaHook, logged)
	return writeHookOutput(opts.IO, hook.Encode(call, ev.hookReply()))
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

// projectDirVars are the variables in which agents name their project.
var projectDirVars = map[hook.Agent]string{hook.Claude: "CLAUDE_PROJECT_DIR", hook.Gemini: "GEMINI_PROJECT_DIR", hook.Cursor: "CURSOR_PROJECT_DIR"}

// hookWorkspace returns the project directory of a call: the agent's own
// project variable, else the workspace the payload names, else its cwd.
// The cwd alone is a weak answer: an agent's shell can cd anywhere, so
// the project variables come first.
func hookWorkspace(call *hook.Call, getenv func(string) string) string {
	if v := projectDirVars[call.Agent]; v != "" {
		if d := getenv(v); filepath.IsAbs(d) {
			return filepath.Clean(d)
		}
	}
	if filepath.IsAbs(call.Workspace) {
		return filepath.Clean(call.Workspace)
	}
	return ""
}
