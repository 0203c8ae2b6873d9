package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/agent-permguard/permguard/internal/audit"
)

// WriteLogJSON writes log --json: the records as they are stored, one
// JSON object per line.
func WriteLogJSON(w io.Writer, recs []audit.Record) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// WriteLog writes log's table: one row per record, its command on one
// line.
func WriteLog(w io.Writer, recs []audit.Record) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tDECISION\tNEEDS\tBY\tVIA\tCOMMAND")
	for _, r := range recs {
		needs := r.Level
		if r.Dangerous {
			needs = "dangerous"
		}
		via := r.Via
		if r.Agent != "" {
			via += " " + r.Agent
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Time.Local().Format("2006-01-02 15:04:05"),
			r.Decision, orDash(needs), r.By, via, logLine(r.Command))
	}
	return tw.Flush()
}

// logLine is a command on one table row: its first line, shortened, with
// control characters shown escaped.
func logLine(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "\t", " ")
	more := false
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s, more = s[:i], true
	}
	if r := []rune(s); len(r) > 100 {
		s, more = string(r[:99]), true
	}
	s = printable(s)
	if more {
		s += " …"
	}
	return orDash(s)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
