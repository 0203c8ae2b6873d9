package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agent-permguard/permguard/internal/install"
)

// InstallJSON is the output of install and uninstall --json. Field names
// are API.
type InstallJSON struct {
	Action  string   `json:"action"` // install or uninstall
	Agent   string   `json:"agent"`
	Path    string   `json:"path"`
	DryRun  bool     `json:"dry_run"`
	Outcome string   `json:"outcome"` // changed, unchanged, missing, foreign
	Changes []string `json:"changes"` // one line each, when changed
	Backup  string   `json:"backup,omitempty"`
}

var outcomeNames = map[install.Outcome]string{
	install.Changed: "changed", install.Unchanged: "unchanged", install.Missing: "missing", install.Foreign: "foreign",
}

// Install is install --json's object (uninstall's, with uninstall) for
// what o did to agent's file: res.
func Install(o install.Options, agent string, uninstall bool, res install.Result) InstallJSON {
	return InstallJSON{Action: verb(uninstall), Agent: agent, Path: o.Path, DryRun: o.DryRun,
		Outcome: outcomeNames[res.Outcome], Changes: append([]string{}, res.Changes...), Backup: res.Backup}
}

func verb(uninstall bool) string {
	if uninstall {
		return "uninstall"
	}
	return "install"
}

// InstallText is what install (uninstall, with uninstall) says of what o
// did to agent's file: what became of it and, where it changed, each
// change, the backup, and what the agent needs to know next.
func InstallText(o install.Options, agent string, uninstall bool, res install.Result) string {
	var b strings.Builder
	verb, path, t := verb(uninstall), o.Path, o.Target
	switch res.Outcome {
	case install.Unchanged:
		fmt.Fprintf(&b, "%s %s: %s already says so; nothing changed\n", verb, agent, path)
	case install.Missing:
		fmt.Fprintf(&b, "%s %s: %s does not exist; nothing changed\n", verb, agent, path)
	case install.Foreign:
		fmt.Fprintf(&b, "%s %s: %s is not permguard's extension; left as it is\n", verb, agent, path)
	default:
		dry := ""
		if o.DryRun {
			dry = " (dry run, nothing written)"
		}
		fmt.Fprintf(&b, "%s %s%s: %s\n", verb, agent, dry, path)
		for _, c := range res.Changes {
			fmt.Fprintf(&b, "  %s\n", c)
		}
		if res.Backup != "" {
			fmt.Fprintf(&b, "  the previous file is kept as %s\n", res.Backup)
		}
		if t.AfterInstall != "" && !o.DryRun && !uninstall {
			fmt.Fprintf(&b, "  %s\n", t.AfterInstall)
		}
		if t.ProjectNote != "" && o.Project && !uninstall {
			root := strings.TrimSuffix(path, string(filepath.Separator)+filepath.FromSlash(t.Project))
			fmt.Fprintf(&b, "  %s\n", fmt.Sprintf(t.ProjectNote, printable(root)))
		}
	}
	return b.String()
}
