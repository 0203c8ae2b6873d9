package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/permguard/permguard/internal/classify"
	"github.com/permguard/permguard/internal/settings"
)

// CheckOptions is everything `permguard check` works from.
type CheckOptions struct {
	IO     *IOStreams
	Getenv func(key string) string
	Getwd  func() (string, error)
	Now    func() time.Time

	// Classify is the classifier; tests replace it to pin a verdict.
	Classify func(src string, env classify.Env) classify.Verdict

	JSON  bool   // --json: print one JSON object on stdout
	Cwd   string // --cwd: the workspace; empty means not given
	Level string // --level: the effective level; empty means not given
	Args  []string
}

// NewCmdCheck returns the check command. runF, if not nil, is called instead
// of checkRun, so tests can see what the flags parsed into.
func NewCmdCheck(f *Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Classify: classify.Classify}
	cmd := &cobra.Command{
		Use:   "check [--json] [--cwd DIR] [--level LEVEL] [--] COMMAND...",
		Short: "Classify a shell command and say whether it may run",
		Long: `Check classifies a shell command, prints its level and the reasons, and
says whether it may run at the effective level.

Several arguments are joined with spaces; a single argument is used as it is.
Flags must come before COMMAND: everything from the first argument on, or
after "--", is the command. With no COMMAND and stdin not a terminal, check
reads one tool call as JSON from stdin:
  {"tool_name":"Bash","tool_input":{"command":"..."},"cwd":"..."}

The effective level is --level, else $PERMGUARD_LEVEL, else the settings'
level, else minimal; the managed file and project files can only lower it.
Deny rules block at every level. See "permguard config show".

Exit status: 0 allowed, 2 not allowed (the reason is on stderr), 1 usage error.`,
		Example: `  permguard check ls -la
  permguard check 'git status && go test ./...'
  permguard check --level medium -- git push --force origin main
  permguard check --json --cwd "$PWD" -- rm -rf build`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, name := range []string{"cwd", "level"} {
				if cmd.Flags().Changed(name) && cmd.Flags().Lookup(name).Value.String() == "" {
					return usageErrorf(nil, "--%s needs a value", name)
				}
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
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the verdict as one JSON object on stdout")
	cmd.Flags().StringVar(&opts.Cwd, "cwd", "", "the workspace the command runs in (default: the tool call's cwd, else the current directory)")
	cmd.Flags().StringVar(&opts.Level, "level", "", "the level to check against: "+permissionNames())
	return cmd
}

// checkRun classifies the command, applies the settings, prints the
// verdict and decides. It returns [ErrBlocked] when the command may not run.
func checkRun(opts *CheckOptions) error {
	if opts.Level != "" {
		if _, ok := settings.ParsePermission(opts.Level); !ok {
			return usageErrorf([]string{"levels are " + permissionNames()}, "invalid level %q for --level", opts.Level)
		}
	}
	// PERMGUARD_NO_PROMPT=1 is accepted and changes nothing yet: check never
	// prompts, so a command that needs approval is always blocked.

	in, err := checkInput(opts)
	if err != nil {
		return err
	}
	env, err := checkEnv(opts, in.cwd)
	if err != nil {
		return err
	}
	eff := loadSettings(settingsEnv{Getenv: opts.Getenv, Now: opts.Now, ErrOut: opts.IO.ErrOut}, env.Workspace, opts.Level)
	env.PrefixMappings = eff.ClassifyMappings()

	var res settings.Result
	if in.tool != "" {
		v, ok := toolVerdict(eff, in.tool)
		if !ok {
			return withHints(fmt.Errorf("tool %q is not a shell command and has no tool_input.command", in.tool),
				"permguard check classifies shell commands, and the tools the tools and mcp settings name")
		}
		res = settings.Result{Verdict: v}
	} else {
		res = eff.Apply(opts.Classify(in.command, env))
	}
	perm := eff.Level.Value
	d := decide(res, perm)
	if opts.JSON {
		err = writeCheckJSON(opts, in.display(), res, d, eff)
	} else {
		err = writeCheckText(opts, res, d, eff)
	}
	if err != nil {
		return fmt.Errorf("failed to write the verdict: %w", err)
	}
	if d == decisionAllow {
		return nil
	}
	if res.Deny != nil {
		fmt.Fprint(opts.IO.ErrOut, denyMessage(in.display(), res.Deny))
		return ErrBlocked
	}
	b := blockInfo{perm: perm, tool: in.tool != ""}
	if eff.Capped && !res.Verdict.Dangerous && res.Verdict.Level > perm.Level {
		b.capped = &eff.Level.Src
	}
	fmt.Fprint(opts.IO.ErrOut, blockMessage(in.display(), res.Verdict, b))
	return ErrBlocked
}

// toolVerdict judges a tool call that is not a shell command by the tools
// and mcp settings; ok is false when they do not name it. The built-in
// levels of design §3, which know file paths, come with the hook.
func toolVerdict(eff *settings.Effective, tool string) (v classify.Verdict, ok bool) {
	mcp := strings.HasPrefix(tool, "mcp__")
	level, rule := eff.ToolLevel(tool, mcp, classify.High)
	if rule == nil {
		return v, false
	}
	key := "tools"
	if mcp {
		key = "mcp"
	}
	r := classify.Reason{Rule: "tool-setting", Level: level, Pos: classify.Pos{Line: 1, Col: 1}, Snippet: tool,
		Message: fmt.Sprintf("is set to %s by %s %q (%s)", level, key, rule.Pattern(), rule.Src)}
	return classify.Verdict{Level: level, Reasons: []classify.Reason{r}, Floors: []classify.Reason{r}}, true
}

// checkInputs is what check was asked about: a shell command, or a tool
// call that is not one.
type checkInputs struct {
	command string
	tool    string // the tool's name, for a tool call that runs no shell command
	cwd     string // the cwd a tool call names
}

func (c checkInputs) display() string {
	if c.tool != "" {
		return "tool " + c.tool
	}
	return c.command
}

// checkInput returns the command to classify and, when it came in a tool
// call, the cwd the tool call names.
func checkInput(opts *CheckOptions) (checkInputs, error) {
	switch {
	case len(opts.Args) == 1:
		return checkInputs{command: opts.Args[0]}, nil
	case len(opts.Args) > 1:
		return checkInputs{command: strings.Join(opts.Args, " ")}, nil
	case opts.IO.StdinIsTTY:
		return checkInputs{}, usageErrorf(stdinHints, "no command to check")
	default:
		return readToolCall(opts.IO.In)
	}
}

// checkEnv returns where the command runs: the workspace is --cwd, else the
// tool call's cwd, else the current directory.
func checkEnv(opts *CheckOptions, payloadCwd string) (classify.Env, error) {
	var env classify.Env
	wd, wdErr := opts.Getwd()
	absolute := func(dir string) (string, error) {
		if filepath.IsAbs(dir) {
			return filepath.Clean(dir), nil
		}
		if wdErr != nil {
			return "", fmt.Errorf("cannot resolve %q: %w", dir, wdErr)
		}
		return filepath.Join(wd, dir), nil
	}
	switch {
	case opts.Cwd != "":
		ws, err := absolute(opts.Cwd)
		if err != nil {
			return env, fmt.Errorf("bad --cwd: %w", err)
		}
		env.Workspace = ws
	case payloadCwd != "":
		ws, err := absolute(payloadCwd)
		if err != nil {
			return env, fmt.Errorf("bad cwd in the tool call: %w", err)
		}
		env.Workspace = ws
	case wdErr == nil:
		env.Workspace = filepath.Clean(wd)
	}
	// An unknown workspace stays empty: the classifier then treats every
	// path as outside it.

	if home := opts.Getenv("HOME"); filepath.IsAbs(home) {
		env.Home = filepath.Clean(home)
	}
	env.TempDirs = []string{"/tmp", "/var/tmp"}
	if tmp := opts.Getenv("TMPDIR"); filepath.IsAbs(tmp) {
		tmp = filepath.Clean(tmp)
		if tmp != "/tmp" && tmp != "/var/tmp" {
			env.TempDirs = append(env.TempDirs, tmp)
		}
	}
	// Where permguard keeps its settings and state, when they are not in
	// the default places the classifier already protects.
	for _, dir := range []func(func(string) string) (string, error){ConfigDir, StateDir} {
		if d, err := dir(opts.Getenv); err == nil && d != "" && !isDefaultOwnDir(d, env.Home) {
			env.OwnDirs = append(env.OwnDirs, d)
		}
	}
	return env, nil
}

// isDefaultOwnDir reports a directory the classifier protects anyway.
func isDefaultOwnDir(d, home string) bool {
	return home != "" && (d == filepath.Join(home, ".config", "permguard") || d == filepath.Join(home, ".local", "state", "permguard"))
}

// writeCheckText prints the verdict line, then one line per reason.
func writeCheckText(opts *CheckOptions, res settings.Result, d decision, eff *settings.Effective) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s at level %s\n", verdictLabel(res.Verdict), d, eff.Level.Value)
	if res.Deny != nil {
		fmt.Fprintf(&b, "  deny rule %s (%s) matches %s\n", printable(fmt.Sprintf("%q", res.Deny.Rule.Pattern())), printable(res.Deny.Rule.Src.String()), printable(res.Deny.Command))
	}
	for _, r := range res.Verdict.Reasons {
		fmt.Fprintf(&b, "  %s\n", printable(r.String()))
	}
	_, err := fmt.Fprint(opts.IO.Out, b.String())
	return err
}

func verdictLabel(v classify.Verdict) string {
	if v.Dangerous {
		return v.Level.String() + ", dangerous"
	}
	return v.Level.String()
}

// checkJSON is the output of check --json. The field names are API: tools
// and tests outside the Go code read them.
type checkJSON struct {
	Command        string       `json:"command"`
	Level          string       `json:"level"`
	Dangerous      bool         `json:"dangerous"`
	Decision       decision     `json:"decision"`
	EffectiveLevel string       `json:"effective_level"`
	LevelSource    string       `json:"effective_level_source"`
	Mode           string       `json:"mode"`
	DenyRule       *denyJSON    `json:"deny_rule"`
	Reasons        []reasonJSON `json:"reasons"`
}

type denyJSON struct {
	Pattern string `json:"pattern"`
	Source  string `json:"source"`
	Command string `json:"command"`
}

type reasonJSON struct {
	Rule      string `json:"rule"`
	Level     string `json:"level"`
	Dangerous bool   `json:"dangerous"`
	Message   string `json:"message"`
	Pos       string `json:"pos"`
	Snippet   string `json:"snippet"`
}

func writeCheckJSON(opts *CheckOptions, command string, res settings.Result, d decision, eff *settings.Effective) error {
	v := res.Verdict
	out := checkJSON{
		Command:        command,
		Level:          v.Level.String(),
		Dangerous:      v.Dangerous,
		Decision:       d,
		EffectiveLevel: eff.Level.Value.String(),
		LevelSource:    eff.Level.Src.String(),
		Mode:           eff.Mode.Value.String(),
		Reasons:        make([]reasonJSON, 0, len(v.Reasons)),
	}
	if res.Deny != nil {
		out.DenyRule = &denyJSON{Pattern: res.Deny.Rule.Pattern(), Source: res.Deny.Rule.Src.String(), Command: res.Deny.Command}
	}
	for _, r := range v.Reasons {
		out.Reasons = append(out.Reasons, reasonJSON{
			Rule:      r.Rule,
			Level:     r.Level.String(),
			Dangerous: r.Dangerous,
			Message:   r.Message,
			Pos:       r.Pos.String(),
			Snippet:   r.Snippet,
		})
	}
	enc := json.NewEncoder(opts.IO.Out)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
