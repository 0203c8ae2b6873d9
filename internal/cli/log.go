package cli

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/report"
)

// LogOptions is everything `permguard log` works from.
type LogOptions struct {
	settingsIO

	Tail     int    // --tail: the last N decisions; 0 means all
	JSON     bool   // --json: one JSON record per line
	Decision string // --decision: allow, ask or block; "" means all
	Since    string // --since: a duration back from now; "" means all
}

// NewCmdLog returns the log command.
func NewCmdLog(f *Factory, runF func(*LogOptions) error) *cobra.Command {
	opts := &LogOptions{settingsIO: newSettingsIO(f)}
	cmd := &cobra.Command{
		Use:   "log [--tail N] [--json] [--decision allow|ask|block] [--since DURATION]",
		Short: "Show the audit log: every decision permguard made",
		Long: `Log shows the decisions permguard made, oldest first: when, the decision,
the level the call needed, who decided, how permguard was run, and the
command with secrets masked.

Who decided ("by"): setting (the level or mode in force), rule (a deny
rule), person (an answer at the terminal prompt), timeout (nobody answered
it), session (allowed earlier in this session), agent (put to the person
through the agent's own prompt), nobody (it needed a person and none could
be asked), error (the call could not be read), limit (the call is past a
limit of what permguard judges: too large, nested or long), sandbox (a
call that ran in the build sandbox left git repositories that could run
programs, set aside, or its workspace could not all be checked for them).

The log is $PERMGUARD_STATE_DIR/audit.jsonl (see "permguard config show"
for the state directory), one JSON object per line, rotated to
audit.jsonl.1 at 10 MB; both are read.`,
		Example: `  permguard log
  permguard log --decision block --since 24h
  permguard log --tail 0 --json | jq -r 'select(.by == "person") | .command'`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return logRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.Tail, "tail", 20, "show the last N decisions (0: all)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the records as they are stored, one JSON object per line")
	cmd.Flags().StringVar(&opts.Decision, "decision", "", "only decisions of this kind: allow, ask or block")
	cmd.Flags().StringVar(&opts.Since, "since", "", `only decisions newer than this, e.g. 30m, 24h, 7d`)
	cmd.RegisterFlagCompletionFunc("decision", cobra.FixedCompletions([]string{audit.Allow, audit.Ask, audit.Block}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func logRun(opts *LogOptions) error {
	if opts.Tail < 0 {
		return usageErrorf(nil, "--tail must be 0 (all) or more, not %d", opts.Tail)
	}
	switch opts.Decision {
	case "", audit.Allow, audit.Ask, audit.Block:
	default:
		return usageErrorf([]string{"decisions are allow, ask and block (a hook's deny is a block)"}, "invalid decision %q for --decision", opts.Decision)
	}
	var since time.Time
	if opts.Since != "" {
		d, err := audit.ParseAge(opts.Since)
		if err != nil {
			return usageErrorf([]string{"write a duration such as 90m, 24h or 7d"}, "invalid --since %q: not a duration", opts.Since)
		}
		since = opts.Now().Add(-d)
	}
	dir, err := guard.StateDir(opts.Getenv)
	if err != nil {
		return unsafeHint(err)
	}
	recs, probs, err := audit.Read(dir)
	if err != nil {
		return err
	}
	for i, p := range probs {
		if i == 3 {
			warnf(opts.IO.ErrOut, "%d more damaged lines were skipped", len(probs)-i)
			break
		}
		warnf(opts.IO.ErrOut, "%s: skipped a damaged line", printable(p.String()))
	}
	kept := audit.Filter(recs, opts.Decision, since, opts.Tail)
	if len(kept) == 0 {
		what := "decisions"
		if opts.Decision != "" || opts.Since != "" {
			what = "matching decisions"
		}
		fmt.Fprintf(opts.IO.ErrOut, "permguard: no %s in %s\n", what, filepath.Join(dir, audit.FileName))
		return nil
	}
	if opts.JSON {
		return report.WriteLogJSON(opts.IO.Out, kept)
	}
	return report.WriteLog(opts.IO.Out, kept)
}
