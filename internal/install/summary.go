package install

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/settings"
)

// levelAllows is what each level lets an agent run without asking
// (design §1).
var levelAllows = map[string]string{
	"minimal":  "what only reads (no file changes, no network, no program it wrote)",
	"low":      "what reads, and writes files inside the workspace",
	"medium":   "what reads, writes inside the workspace, and development work (build, test, install dependencies, local git)",
	"high":     "anything but dangerous commands",
	"bypassed": "anything a deny rule does not name: every other check is off",
}

// LevelSummary says what the level in force, eff, lets t's agent run
// without asking and what becomes of the rest, and, where the agent would
// be blocked at its first edit, the one command that lets it edit the
// workspace. eff is what the agent's hook would find here: its session is
// its own, so the session level of the shell install runs in is not
// counted. box is what the box of the level allows where the agent's
// shell calls would run in it here ("" where they run unboxed).
func (t Target) LevelSummary(eff *settings.Effective, box string) []string {
	who := t.Dialect.Display()
	if t.Extension {
		who = t.Name // the generic dialect names no agent
	}
	level := eff.Level.Value
	line := fmt.Sprintf("level %s (%s) here: %s runs %s without asking", level, eff.Level.Src, who, levelAllows[level.String()])
	blocked := false
	switch {
	case level.Bypassed:
	case level.Level == classify.High:
		// dangerous commands need a person however the agent asks
		line += fmt.Sprintf("; a dangerous command is put to a person, or blocked where %s cannot ask", who)
	case eff.Mode.Value == settings.ModeBlock:
		line += "; mode is block, so anything more is blocked"
		blocked = true
	case t.NoAsk != "":
		line += "; " + t.NoAsk
		blocked = true
	default:
		line += fmt.Sprintf("; %s asks you before anything more", who)
	}
	out := []string{line}
	// the box of the level, where one can be had and the setting is auto
	if box != "" {
		if hook.Rewrites(t.Dialect) {
			out = append(out, fmt.Sprintf("%s's shell commands run in the box of level %s: %s", who, level, box))
		} else {
			out = append(out, fmt.Sprintf("%s's shell commands run unboxed: its hook cannot have a command run elsewhere", who))
		}
	}
	if blocked && !level.Bypassed && level.Level < classify.Low {
		out = append(out, fmt.Sprintf("to let %s edit files in the workspace: permguard level low --global", who))
	}
	return out
}
