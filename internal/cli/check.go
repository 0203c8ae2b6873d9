package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permguard/permguard/internal/classify"
)

// CheckOptions is everything `permguard check` works from.
type CheckOptions struct {
	IO     *IOStreams
	Getenv func(key string) string
	Getwd  func() (string, error)

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
	opts := &CheckOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Classify: classify.Classify}
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

The effective level is --level, else $PERMGUARD_LEVEL, else minimal.

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

// checkRun classifies the command, prints the verdict and decides. It returns
// [ErrBlocked] when the command may not run.
func checkRun(opts *CheckOptions) error {
	perm, err := effectivePermission(opts)
	if err != nil {
		return err
	}
	// PERMGUARD_NO_PROMPT=1 is accepted and changes nothing yet: check never
	// prompts, so a command that needs approval is always blocked.

	command, payloadCwd, err := checkInput(opts)
	if err != nil {
		return err
	}
	env, err := checkEnv(opts, payloadCwd)
	if err != nil {
		return err
	}

	v := opts.Classify(command, env)
	d := decide(v, perm)
	if opts.JSON {
		err = writeCheckJSON(opts, command, v, d, perm)
	} else {
		err = writeCheckText(opts, v, d, perm)
	}
	if err != nil {
		return fmt.Errorf("failed to write the verdict: %w", err)
	}
	if d != decisionAllow {
		fmt.Fprint(opts.IO.ErrOut, blockMessage(command, v, perm))
		return ErrBlocked
	}
	return nil
}

// effectivePermission applies the precedence of design §4 that exists so
// far: --level, then $PERMGUARD_LEVEL, then minimal.
func effectivePermission(opts *CheckOptions) (permission, error) {
	if opts.Level != "" {
		p, ok := parsePermission(opts.Level)
		if !ok {
			return permission{}, usageErrorf([]string{"levels are " + permissionNames()}, "invalid level %q for --level", opts.Level)
		}
		return p, nil
	}
	if s := opts.Getenv("PERMGUARD_LEVEL"); s != "" {
		p, ok := parsePermission(s)
		if ok {
			return p, nil
		}
		// Fail closed: a typo must not leave a looser level in force.
		warnf(opts.IO.ErrOut, "PERMGUARD_LEVEL=%q is not a level; using minimal (levels are %s)", s, permissionNames())
	}
	return permission{level: classify.Minimal}, nil
}

// checkInput returns the command to classify and, when it came in a tool
// call, the cwd the tool call names.
func checkInput(opts *CheckOptions) (command, cwd string, err error) {
	switch {
	case len(opts.Args) == 1:
		return opts.Args[0], "", nil
	case len(opts.Args) > 1:
		return strings.Join(opts.Args, " "), "", nil
	case opts.IO.StdinIsTTY:
		return "", "", usageErrorf(stdinHints, "no command to check")
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
func writeCheckText(opts *CheckOptions, v classify.Verdict, d decision, p permission) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s at level %s\n", verdictLabel(v), d, p)
	for _, r := range v.Reasons {
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
	Reasons        []reasonJSON `json:"reasons"`
}

type reasonJSON struct {
	Rule      string `json:"rule"`
	Level     string `json:"level"`
	Dangerous bool   `json:"dangerous"`
	Message   string `json:"message"`
	Pos       string `json:"pos"`
	Snippet   string `json:"snippet"`
}

func writeCheckJSON(opts *CheckOptions, command string, v classify.Verdict, d decision, p permission) error {
	out := checkJSON{
		Command:        command,
		Level:          v.Level.String(),
		Dangerous:      v.Dangerous,
		Decision:       d,
		EffectiveLevel: p.String(),
		Reasons:        make([]reasonJSON, 0, len(v.Reasons)),
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
