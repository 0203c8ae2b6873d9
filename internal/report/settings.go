package report

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/settings"
)

// LevelJSON and ModeJSON are the outputs of level --json and mode --json.
// Field names are API.
type LevelJSON struct {
	Level        string `json:"level"`
	Source       string `json:"source"`      // "session permguard level", "global /path:3:12", ...
	SourceKind   string `json:"source_kind"` // default, global, project, managed, session, env, flag
	Chosen       string `json:"chosen,omitempty"`
	ChosenSource string `json:"chosen_source,omitempty"` // what was chosen when a cap lowered it
}

type ModeJSON struct {
	Mode       string `json:"mode"`
	Source     string `json:"source"`
	SourceKind string `json:"source_kind"`
}

// Level is level --json's object for the settings in force, eff.
func Level(eff *settings.Effective) LevelJSON {
	out := LevelJSON{Level: eff.Level.Value.String(), Source: eff.Level.Src.String(), SourceKind: eff.Level.Src.Kind.String()}
	if eff.Capped && eff.Chosen.Value != eff.Level.Value {
		out.Chosen, out.ChosenSource = eff.Chosen.Value.String(), eff.Chosen.Src.String()
	}
	return out
}

// LevelText is what level prints of the level in force: where it comes
// from, what a cap lowered it from, and what its box allows where calls
// run in one here (box; "" where they run unboxed).
func LevelText(eff *settings.Effective, box string) string {
	line := fmt.Sprintf("%s (%s)", eff.Level.Value, eff.Level.Src)
	if eff.Capped && eff.Chosen.Value != eff.Level.Value {
		line += fmt.Sprintf("; capped from %s (%s)", eff.Chosen.Value, eff.Chosen.Src)
	}
	line = printable(line)
	if box != "" {
		line += "\n  runs " + box
	}
	return line
}

// Mode is mode --json's object for the settings in force, eff.
func Mode(eff *settings.Effective) ModeJSON {
	return ModeJSON{Mode: eff.Mode.Value.String(), Source: eff.Mode.Src.String(), SourceKind: eff.Mode.Src.Kind.String()}
}

// ModeText is what mode prints of the mode in force and where it comes
// from.
func ModeText(eff *settings.Effective) string {
	return printable(fmt.Sprintf("%s (%s)", eff.Mode.Value, eff.Mode.Src))
}

// UnusableHints say how to fix a settings file that cannot be read at all,
// which caps the level at minimal until it is fixed.
func UnusableHints(p settings.Problem, kind settings.Kind) []string {
	if p.Unsafe {
		return nil // the problem says its fix: an owner or a mode, not an edit
	}
	where := p.File
	if p.Line > 0 {
		where = fmt.Sprintf("%s at line %d, column %d", p.File, p.Line, p.Col)
	}
	if kind == settings.FromGlobal {
		return []string{
			fmt.Sprintf("fix %s (\"permguard config edit\" checks the file before saving it), or run \"permguard config reset\" to start from the defaults (a copy is kept)", printable(where)),
			"until it is fixed the level is capped at minimal: the deny rules in it cannot be read",
		}
	}
	return []string{fmt.Sprintf("fix %s; until then the level is capped at minimal", printable(where))}
}

// TrustText is what trust says it did with the project file path: trusted
// it as it is (hash, its pin), or with revoke withdrew the trust. changed
// is false when the trust store already said so.
func TrustText(path, hash string, changed, revoke bool) string {
	var msg string
	switch {
	case revoke && changed:
		msg = fmt.Sprintf("%s is no longer trusted: it can only tighten", path)
	case revoke:
		msg = fmt.Sprintf("%s was not trusted; nothing changed", path)
	case changed:
		msg = fmt.Sprintf("trusted %s (%s): it may now loosen your settings; any edit withdraws the trust", path, hash[:19])
	default:
		msg = fmt.Sprintf("%s is already trusted as it is", path)
	}
	return printable(msg)
}
