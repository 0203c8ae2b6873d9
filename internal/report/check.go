// Package report holds what permguard's commands print of the engine's
// data, as text and as JSON, whose field names are API: check's verdict
// line and reasons and explain's tree of every command found, for an
// evaluation; log's table of the audit log's records; level and mode's
// setting in force; config show's settings and files and rules' list of
// the rules in force; what allow and deny saved; install's account of
// what it did; doctor's report. It decides nothing, and writes only to
// the writer it is given.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
)

var (
	printable    = guard.Printable
	verdictLabel = guard.VerdictLabel
)

// decisionWord is an outcome as check --json and explain --json name it:
// allow, ask (a person must approve) or block.
func decisionWord(a guard.Action) string {
	switch a {
	case guard.Allow:
		return "allow"
	case guard.Prompt, guard.Ask:
		return "ask"
	}
	return "block"
}

// boxJSON is check's and explain's "box": the level whose box runs the
// call, or null.
func boxJSON(ev *guard.Evaluation) *string {
	if box := ev.Box(); box != "" {
		return &box
	}
	return nil
}

// WriteCheckText writes what check prints of ev: the verdict line, then
// one line per reason.
func WriteCheckText(w io.Writer, ev *guard.Evaluation) error {
	res, eff := ev.Res, ev.Eff
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s at level %s", verdictLabel(res.Verdict), decisionWord(ev.Outcome.Action), eff.Level.Value)
	if box := ev.Box(); box != "" {
		fmt.Fprintf(&b, ", in the box of level %s%s", box, ev.BoxNet().With())
	}
	if ev.Approval != guard.ApprovalNone {
		fmt.Fprintf(&b, " (%s)", ev.Approval)
	}
	b.WriteString("\n")
	if res.Deny != nil {
		fmt.Fprintf(&b, "  deny rule %s (%s) matches %s\n", printable(fmt.Sprintf("%q", res.Deny.Rule.Pattern())), printable(res.Deny.Rule.Src.String()), printable(res.Deny.Command))
	}
	for _, r := range res.Verdict.Reasons {
		fmt.Fprintf(&b, "  %s\n", printable(r.String()))
	}
	_, err := fmt.Fprint(w, b.String())
	return err
}

// checkJSON is the output of check --json. The field names are API: tools
// and tests outside the Go code read them.
type checkJSON struct {
	Command        string         `json:"command"`
	Level          string         `json:"level"`
	Dangerous      bool           `json:"dangerous"`
	Decision       string         `json:"decision"`
	EffectiveLevel string         `json:"effective_level"`
	LevelSource    string         `json:"effective_level_source"`
	Mode           string         `json:"mode"`
	Approval       guard.Approval `json:"approval"`
	Box            *string        `json:"box"` // the level whose box runs it; null: it runs unboxed, or not at all
	DenyRule       *denyJSON      `json:"deny_rule"`
	// Limit names the limit of design §7 the call went past, when it did:
	// it is blocked at every level but bypassed.
	Limit   string       `json:"limit,omitempty"`
	Reasons []reasonJSON `json:"reasons"`
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
	Message   string `json:"message"` // the rule's own sentence, the same for every reason of one rule
	Pos       string `json:"pos"`
	Snippet   string `json:"snippet"`
	// Detail is what this occurrence adds to the message ("sets CC"); a
	// person reads "detail: message".
	Detail string      `json:"detail"`
	Stage  string      `json:"stage"`  // shell, tools, policy, toolcall; "" for a setting's reason
	Effect *effectJSON `json:"effect"` // null for a setting's reason
}

type effectJSON struct {
	Kind   string `json:"kind"`   // read, write, delete, run, send, daemon, environment, action
	Target string `json:"target"` // the path, program, variable or URL; for action, the tool ("git push"); "" when not known
}

func reasonJSONOf(r classify.Reason) reasonJSON {
	out := reasonJSON{Rule: r.Rule, Level: r.Level.String(), Dangerous: r.Dangerous, Message: r.Message, Pos: r.Pos.String(), Snippet: r.Snippet, Detail: r.Detail}
	if r.Stage != 0 {
		out.Stage = r.Stage.String()
	}
	if r.Effect.Kind != 0 {
		out.Effect = &effectJSON{Kind: r.Effect.Kind.String(), Target: r.Effect.Target}
	}
	return out
}

// WriteCheckJSON writes check --json's object for ev.
func WriteCheckJSON(w io.Writer, ev *guard.Evaluation) error {
	res, eff := ev.Res, ev.Eff
	v := res.Verdict
	out := checkJSON{
		Command:        ev.Display,
		Approval:       ev.Approval,
		Level:          v.Level.String(),
		Dangerous:      v.Dangerous,
		Decision:       decisionWord(ev.Outcome.Action),
		EffectiveLevel: eff.Level.Value.String(),
		LevelSource:    eff.Level.Src.String(),
		Mode:           eff.Mode.Value.String(),
		Reasons:        make([]reasonJSON, 0, len(v.Reasons)),
		Box:            boxJSON(ev),
	}
	if res.Deny != nil {
		out.DenyRule = &denyJSON{Pattern: res.Deny.Rule.Pattern(), Source: res.Deny.Rule.Src.String(), Command: res.Deny.Command}
	}
	if v.Limit != classify.LimitNone {
		out.Limit = v.Limit.String()
	}
	for _, r := range v.Reasons {
		out.Reasons = append(out.Reasons, reasonJSONOf(r))
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
