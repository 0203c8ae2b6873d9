package report

import (
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
)

var (
	displayCommand = guard.DisplayCommand
	mainReason     = guard.MainReason
	shellQuote     = guard.Quote
)

// ExplainText renders the evaluation as an indented tree: each frame a
// command sits in is a heading, each command its words, position and
// reasons below it.
func ExplainText(ev *guard.Evaluation, color bool) string {
	p := painter{on: color}
	var b strings.Builder
	v := ev.Res.Verdict
	home := ev.Home()
	fmt.Fprintf(&b, "%s\n", p.bold(displayCommand(ev.Display)))
	if len(v.Commands) > 0 {
		b.WriteString("\ncommands:\n")
	}
	var open []classify.Frame // the frames whose heading is printed
	for _, c := range v.Commands {
		common := 0
		for common < len(open) && common < len(c.Where) && open[common].ID == c.Where[common].ID {
			common++
		}
		open = open[:common]
		for _, f := range c.Where[common:] {
			open = append(open, f)
			fmt.Fprintf(&b, "%s%s %s\n", indentOf(open), p.frame(frameTitle(f)), p.dim(f.Pos.String()+" "+printable(f.Snippet)))
		}
		indent := indentOf(open) + "  "
		fmt.Fprintf(&b, "%s%s  %s  %s\n", indent, p.bold(printable(trimStatement(c.Snippet))), p.dim(c.Pos.String()), p.level(c.Level, c.Dangerous))
		if argv := argvLine(c.Argv); argv != trimStatement(c.Snippet) {
			fmt.Fprintf(&b, "%s  %s %s\n", indent, p.dim("argv:"), argv)
		}
		for _, r := range c.Reasons {
			fmt.Fprintf(&b, "%s  %s %s %s\n", indent, p.level(r.Level, r.Dangerous), printable(r.Text()), p.dim(reasonSource(r, home)))
		}
	}
	if len(v.Floors) > 0 {
		b.WriteString("\nnot tied to one command:\n")
		for _, r := range v.Floors {
			fmt.Fprintf(&b, "  %s  %s %s %s\n", p.dim(r.Pos.String()+" "+printable(r.Snippet)), p.level(r.Level, r.Dangerous), printable(r.Text()), p.dim(reasonSource(r, home)))
		}
	}
	fmt.Fprintf(&b, "\nneeds: %s — %s\n", p.level(v.Level, v.Dangerous), printable(mainReason(v)))
	fmt.Fprintf(&b, "decision: %s\n", printable(ev.Explained()))
	return b.String()
}

// reasonSource says where a reason comes from: its rule, the stage that
// raised it and the effect it judged, "(rule git-push; tools: git push)",
// "(rule write-persistence; policy: writes ~/.zshenv)". A reason no stage
// of the classifier raised (a setting's) names its rule only.
func reasonSource(r classify.Reason, home string) string {
	if r.Stage == 0 {
		return "(rule " + r.Rule + ")"
	}
	return "(rule " + r.Rule + "; " + r.Stage.String() + ": " + printable(effectText(r.Effect, home)) + ")"
}

// effectText is an effect as explain shows it: the kind as a verb, then
// the target, with the home directory as ~.
func effectText(e classify.Effect, home string) string {
	t := e.Target
	if home != "" && home != "/" && (t == home || strings.HasPrefix(t, home+"/")) {
		t = "~" + t[len(home):]
	}
	verb, alone := "", ""
	switch e.Kind {
	case classify.EffectRead:
		verb, alone = "reads ", "reads"
	case classify.EffectWrite:
		verb, alone = "writes ", "writes"
	case classify.EffectDelete:
		verb, alone = "deletes ", "deletes"
	case classify.EffectRun:
		verb, alone = "runs ", "runs code"
	case classify.EffectSend:
		verb, alone = "sends to ", "sends to the network"
	case classify.EffectDaemon:
		verb, alone = "talks to a daemon with ", "talks to a daemon"
	case classify.EffectEnvironment:
		verb, alone = "sets ", "sets a variable"
	case classify.EffectAction:
		verb, alone = "", "its own action"
	default:
		return "an effect not named"
	}
	if t == "" {
		return alone
	}
	return verb + t
}

// frameTitle names a frame: "pipeline", "script run by bash", "run by
// xargs", "function cleanup".
func frameTitle(f classify.Frame) string {
	switch {
	case f.Kind == classify.FrameScript || f.Kind == classify.FrameStdinScript:
		if f.Name != "" {
			return f.Kind.String() + " run by " + f.Name
		}
	case f.Kind == classify.FrameRunBy:
		return "run by " + f.Name
	case f.Name != "":
		return f.Kind.String() + " " + f.Name
	}
	return f.Kind.String()
}

// indentOf is the indentation of the last of frames: one step per frame,
// and one more for a frame that a command runs (a script, xargs' command),
// which sits under that command.
func indentOf(frames []classify.Frame) string {
	n := len(frames)
	for _, f := range frames {
		if f.Kind == classify.FrameScript || f.Kind == classify.FrameStdinScript || f.Kind == classify.FrameRunBy {
			n++
		}
	}
	return strings.Repeat("  ", n)
}

// trimStatement drops the separator a statement's text ends with.
func trimStatement(s string) string { return strings.TrimRight(s, "; &\t") }

// argvLine shows resolved words on one line. A word the classifier could
// not resolve is shown as written ("$1"); words with spaces, empty words
// and control characters are quoted so the list stays readable.
func argvLine(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t\n") || printable(a) != a {
			words[i] = shellQuote(a)
		} else {
			words[i] = a
		}
	}
	return strings.Join(words, " ")
}

// painter colours explain's text on a terminal, and does nothing
// otherwise.
type painter struct{ on bool }

func (p painter) wrap(code, s string) string {
	if !p.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p painter) bold(s string) string { return p.wrap("1", s) }

func (p painter) dim(s string) string { return p.wrap("2", s) }

func (p painter) frame(s string) string { return p.wrap("36", s) }

// level shows a level in the colour of its risk.
func (p painter) level(l classify.Level, dangerous bool) string {
	if dangerous {
		return p.wrap("1;31", "dangerous")
	}
	code := map[classify.Level]string{classify.Minimal: "32", classify.Low: "32", classify.Medium: "33", classify.High: "31"}[l]
	return p.wrap(code, l.String())
}

// Explanation is the output of explain --json. The names are API.
type Explanation struct {
	Command        string        `json:"command"`
	Level          string        `json:"level"`
	Dangerous      bool          `json:"dangerous"`
	Decision       string        `json:"decision"` // allow, ask, block: what check would do before asking anyone
	Outcome        string        `json:"outcome"`
	Row            string        `json:"row"` // the row of design §4 that decides
	Why            string        `json:"why"` // that row's reason`
	EffectiveLevel string        `json:"effective_level"`
	LevelSource    string        `json:"effective_level_source"`
	Mode           string        `json:"mode"`
	Box            *string       `json:"box"` // the level whose box runs it; null: unboxed, or not at all
	DenyRule       *denyJSON     `json:"deny_rule"`
	Limit          string        `json:"limit,omitempty"` // the limit of design §7 the call went past
	Commands       []commandJSON `json:"commands"`
	Floors         []reasonJSON  `json:"floors"`
}

type commandJSON struct {
	Argv      []string     `json:"argv"`
	Snippet   string       `json:"snippet"`
	Pos       string       `json:"pos"`
	Level     string       `json:"level"`
	Dangerous bool         `json:"dangerous"`
	Where     []frameJSON  `json:"where"`
	Reasons   []reasonJSON `json:"reasons"`
}

type frameJSON struct {
	Kind    string `json:"kind"`
	Name    string `json:"name,omitempty"`
	Pos     string `json:"pos"`
	Snippet string `json:"snippet"`
	ID      int    `json:"id"`
}

func reasonsJSON(rs []classify.Reason) []reasonJSON {
	out := make([]reasonJSON, 0, len(rs))
	for _, r := range rs {
		out = append(out, reasonJSONOf(r))
	}
	return out
}

// Explain is explain --json's object for ev.
func Explain(ev *guard.Evaluation) Explanation {
	v := ev.Res.Verdict
	out := Explanation{
		Command: ev.Display, Level: v.Level.String(), Dangerous: v.Dangerous,
		Decision: decisionWord(ev.Outcome.Action), Outcome: ev.Explained(), Row: string(ev.Outcome.Row), Why: ev.Outcome.Why,
		EffectiveLevel: ev.Eff.Level.Value.String(), LevelSource: ev.Eff.Level.Src.String(), Mode: ev.Eff.Mode.Value.String(),
		Commands: make([]commandJSON, 0, len(v.Commands)), Floors: reasonsJSON(v.Floors), Box: boxJSON(ev),
	}
	if d := ev.Res.Deny; d != nil {
		out.DenyRule = &denyJSON{Pattern: d.Rule.Pattern(), Source: d.Rule.Src.String(), Command: d.Command}
	}
	if v.Limit != classify.LimitNone {
		out.Limit = v.Limit.String()
	}
	for _, c := range v.Commands {
		cj := commandJSON{Argv: c.Argv, Snippet: c.Snippet, Pos: c.Pos.String(), Level: c.Level.String(), Dangerous: c.Dangerous,
			Where: make([]frameJSON, 0, len(c.Where)), Reasons: reasonsJSON(c.Reasons)}
		if cj.Argv == nil {
			cj.Argv = []string{}
		}
		for _, f := range c.Where {
			cj.Where = append(cj.Where, frameJSON{Kind: f.Kind.String(), Name: f.Name, Pos: f.Pos.String(), Snippet: f.Snippet, ID: f.ID})
		}
		out.Commands = append(out.Commands, cj)
	}
	return out
}
