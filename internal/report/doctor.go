package report

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/agent-permguard/permguard/internal/doctor"
)

// DoctorJSON is the output of doctor --json. Field names are API.
type DoctorJSON struct {
	Version    string           `json:"version"`
	Executable string           `json:"executable"` // "" when unknown
	Sections   []doctor.Section `json:"sections"`
	Problems   []string         `json:"problems"` // every problem of every section
	OK         bool             `json:"ok"`       // no problem: doctor exits 0
}

// Doctor is doctor's report of the sections its checks made, as text
// and as JSON: permguard's version and where it runs from (exe, or why
// that is unknown: exeErr), then each section's rows and notes, then the
// count of problems.
func Doctor(version, exe string, exeErr error, sections []doctor.Section) (string, DoctorJSON) {
	var b strings.Builder
	out := DoctorJSON{Version: version, Problems: []string{}}
	if exeErr == nil {
		out.Executable = exe
		fmt.Fprintf(&b, "permguard %s at %s\n", version, printable(exe))
	} else {
		fmt.Fprintf(&b, "permguard %s (its own path is unknown: %v)\n", version, exeErr)
	}
	for _, sec := range sections {
		fmt.Fprintf(&b, "\n%s:\n", sec.Title)
		// the rows aligned, indented by two spaces; every check writes
		// its rows before its notes
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, row := range sec.Rows {
			fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
		}
		tw.Flush()
		for _, n := range sec.Notes {
			fmt.Fprintf(&b, "  %s: %s\n", n.Kind, n.Text)
		}
		out.Problems = append(out.Problems, sec.Problems...)
	}
	out.Sections = append([]doctor.Section{}, sections...)
	problems := doctor.Problems(sections)
	switch problems {
	case 0:
		b.WriteString("\nno problems found\n")
	case 1:
		b.WriteString("\n1 problem found\n")
	default:
		fmt.Fprintf(&b, "\n%d problems found\n", problems)
	}
	out.OK = problems == 0
	return b.String(), out
}
