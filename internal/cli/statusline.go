package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/settings"
)

// StatuslineOptions is everything `permguard statusline` works from.
type StatuslineOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	Parent func() string
	// BoxAvailable says whether the boxes can be had here
	// (sandbox.BoxAvailable); nil means unknown.
	BoxAvailable func() (bool, string)
}

// NewCmdStatusline returns the statusline command.
func NewCmdStatusline(f *Factory, runF func(*StatuslineOptions) error) *cobra.Command {
	opts := &StatuslineOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Parent: f.Parent, BoxAvailable: f.BoxAvailable}
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

// statusInput is what Claude Code's statusLine command receives.
type statusInput struct {
	SessionID string `json:"session_id"`
	Cwd       string `json:"cwd"`
	Workspace struct {
		CurrentDir string `json:"current_dir"`
		ProjectDir string `json:"project_dir"`
	} `json:"workspace"`
}

// statusStdinWait bounds the wait for a status payload: a prompt must
// never hang on a stdin that nobody writes to.
const statusStdinWait = 200 * time.Millisecond

func statuslineRun(opts *StatuslineOptions) error {
	var in statusInput
	if !opts.IO.StdinIsTTY {
		readStatusInput(opts.IO.In, &in)
	}
	workspace := firstAbs(in.Workspace.ProjectDir, in.Workspace.CurrentDir, in.Cwd)
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
	level := eff.Level.Value.String()
	switch {
	case eff.Level.Src.Unsafe:
		level += " (capped: " + filepath.Base(eff.Level.Src.Name) + " not yours alone)"
	case eff.Level.Src.Unusable:
		// the one problem a prompt shows: the level is not what was set
		level += " (capped: " + filepath.Base(eff.Level.Src.Name) + " unreadable)"
	case eff.Level.Src.Kind == settings.FromSession:
		level += " (session)"
	}
	_, err := fmt.Fprintf(opts.IO.Out, "permguard %s · %s · %s\n", level, eff.Mode.Value, guard.BoxOf(eff, opts.BoxAvailable).Status())
	return err
}

// readStatusInput reads a statusLine payload from r into in, giving up
// after statusStdinWait or on anything that is not one.
func readStatusInput(r io.Reader, in *statusInput) {
	done := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(r, 1<<20))
		done <- data
	}()
	select {
	case data := <-done:
		var got statusInput
		if json.Unmarshal(data, &got) == nil {
			*in = got
		}
	case <-time.After(statusStdinWait):
	}
}

func firstAbs(dirs ...string) string {
	for _, d := range dirs {
		if filepath.IsAbs(d) {
			return filepath.Clean(d)
		}
	}
	return ""
}
