package cli

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/hook"
)

// StatuslineOptions is everything `permguard statusline` works from.
type StatuslineOptions struct {
	settingsIO
	// BoxAvailable says whether the boxes can be had here
	// (sandbox.BoxAvailable); nil means unknown.
	BoxAvailable func() (bool, string)
}

// NewCmdStatusline returns the statusline command.
func NewCmdStatusline(f *Factory, runF func(*StatuslineOptions) error) *cobra.Command {
	opts := &StatuslineOptions{settingsIO: newSettingsIO(f), BoxAvailable: f.BoxAvailable}
	cmd := &cobra.Command{
		Use:   "statusline",
		Short: "Print the level and mode in force as one short line, for prompts and status bars",
		Long: `Statusline prints the level and mode in force here, and whether the
shell calls allowed at that level run in its box, as one short line:

  permguard medium · ask · boxed

Where no box is in force it says why in a few words: "no box: sandbox
off", "no box: level high", "no box: bypassed", "no box: none here, see
permguard doctor" (no box can be had on this machine; doctor says why).

A level set for this session with "permguard level" is marked
"(session)", and a level capped because a settings file cannot be read is
marked "(capped: settings.json unreadable)". For Claude Code's statusLine,
which sends its session on stdin, the line is that session's; in a shell
prompt, the shell's. Statusline never changes a file, and other problems
with the settings are not printed: run "permguard doctor".`,
		Example: `  PS1='$(permguard statusline) \$ '
  # ~/.claude/settings.json
  "statusLine": {"type": "command", "command": "permguard statusline"}`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return statuslineRun(opts)
		},
	}
	return cmd
}

func statuslineRun(opts *StatuslineOptions) error {
	var in hook.StatusInput
	if !opts.IO.StdinIsTTY {
		hook.ReadStatusInput(opts.IO.In, &in)
	}
	workspace := in.Dir()
	if workspace == "" {
		if wd, err := opts.Getwd(); err == nil {
			workspace = filepath.Clean(wd)
		}
	}
	// Warnings would end up in a prompt or a status bar; doctor says them.
	env, deps := guard.ReadEnv(opts.Getenv), guard.Deps{Now: opts.Now, ErrOut: io.Discard}
	parent := ""
	if opts.Parent != nil {
		parent = opts.Parent()
	}
	// Claude Code's statusLine names its session as its hook does.
	sess := guard.ReadSession(env, guard.SessionID(hook.Claude, in.SessionID, env, parent), deps)
	eff := guard.LoadSettings(env, workspace, "", sess, deps)
	_, err := fmt.Fprintln(opts.IO.Out, guard.StatusLine(eff, opts.BoxAvailable))
	return err
}
