package hook

import (
	"bytes"
	"encoding/json"
)

// maxReasonBytes bounds a reason in a reply: Claude Code caps strings at
// 10,000 characters, and a reason that long helps nobody.
const maxReasonBytes = 8000

// Encode writes r in c's dialect (docs/agents.md §1-5, §9.4):
//
//   - allow: Claude Code an explicit allow with its reason (so the agent
//     does not prompt again), Cursor {"permission":"allow"}, Gemini
//     {"decision":"allow"}, Copilot {"permissionDecision":"allow"}, Codex
//     nothing (an allow without updatedInput is invalid there). With Quiet,
//     nothing wherever nothing means "no opinion".
//   - ask: the agent's own prompt (Claude Code, Gemini, Cursor's shell and
//     MCP events, Copilot). Never an allow.
//   - deny: the dialect's deny with the reason, and exit 2 with the reason
//     on stderr wherever exit 2 blocks; Copilot only blocks on JSON, so
//     there exit 0.
//
// The generic dialect always answers {"decision":"allow|ask|deny",
// "reason":"..."}: exit 0 for allow and ask, 2 for deny. An allow that
// holds only rewritten carries "updated_input", which only a caller that
// sent "can_rewrite" gets ([CanRewrite]).
func Encode(c *Call, r Reply) Output {
	r.Reason, r.Summary = clip(r.Reason), clip(r.Summary)
	r.event = c.Event
	if r.Summary == "" {
		r.Summary = firstLine(r.Reason)
	}
	if r.Decision == Ask && !CanAsk(c) {
		// The engine answers ask only to a caller that can ask (guard's
		// decision table); should one reach a dialect that cannot, it is
		// denied, never let through.
		r.Decision = Deny
	}
	d := lookup(c.Agent)
	if d == nil {
		// no dialect was told: Claude Code's is the one most agents copy
		d = claude
	}
	return d.encode(r)
}

// CanAsk reports whether c's agent can ask a person itself.
func CanAsk(c *Call) bool {
	d := lookup(c.Agent)
	return d != nil && d.canAsk(c)
}

// Failure is the reply to a payload that could not be read: a deny in
// agent's dialect, or, when the dialect is unknown, exit 2 with the reason
// on stderr, which every agent that blocks on exit codes honours.
func Failure(agent Agent, reason string) Output {
	if lookup(agent) != nil {
		// The event only matters for an ask, and this is a deny.
		return Encode(&Call{Agent: agent}, Reply{Decision: Deny, Reason: reason})
	}
	return Output{Stderr: clip(reason) + "\n", Exit: ExitBlock}
}

// denyWithExit is a deny both ways: the JSON for agents that read it, exit
// 2 and the reason on stderr for those that read that.
func denyWithExit(stdout []byte, reason string) Output {
	return Output{Stdout: stdout, Stderr: reason + "\n", Exit: ExitBlock}
}

func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// maps and structs of strings always encode
		panic(err)
	}
	return b.Bytes()
}

func clip(s string) string {
	if len(s) <= maxReasonBytes {
		return s
	}
	cut := maxReasonBytes
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

func firstLine(s string) string {
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
