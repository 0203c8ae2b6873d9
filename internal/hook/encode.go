package hook

import (
	"bytes"
	"encoding/json"
)

// maxReasonBytes bounds a reason in a reply: Claude Code caps strings at
// 10,000 characters, and a reason that long helps nobody.
const maxReasonBytes = 8000

// Encode writes r in c's dialect (hook-protocols.md §1-5, §9.4):
//
//   - allow: Claude Code an explicit allow with its reason (so the agent
//     does not prompt again), Cursor {"permission":"allow"}, Gemini
//     {"decision":"allow"}, Copilot {"permissionDecision":"allow"}, Codex
//     nothing (an allow without updatedInput is invalid there). With Quiet,
//     nothing wherever nothing means "no opinion".
//   - ask: the agent's own prompt where it has one (Claude Code, Gemini,
//     Cursor's shell and MCP events, Copilot); elsewhere a deny that says a
//     person must approve. Never an allow.
//   - deny: the dialect's deny with the reason, and exit 2 with the reason
//     on stderr wherever exit 2 blocks; Copilot only blocks on JSON, so
//     there exit 0.
//
// The generic dialect always answers {"decision":"allow|ask|deny",
// "reason":"..."}: exit 0 for allow and ask, 2 for deny.
func Encode(c *Call, r Reply) Output {
	reason := clip(r.Reason)
	summary := clip(r.Summary)
	if summary == "" {
		summary = firstLine(reason)
	}
	d := r.Decision
	if d == Ask && !CanAsk(c) {
		d = Deny
	}
	switch c.Agent {
	case Codex:
		switch d {
		case Allow:
			return Output{Exit: ExitOK}
		default:
			return denyWithExit(claudeReply("deny", reason), reason)
		}
	case Gemini:
		switch d {
		case Allow:
			if r.Quiet {
				return Output{Exit: ExitOK}
			}
			return Output{Stdout: encode(map[string]string{"decision": "allow"}), Exit: ExitOK}
		case Ask:
			return Output{Stdout: encode(map[string]string{"decision": "ask", "reason": reason, "systemMessage": summary}), Exit: ExitOK}
		default:
			return denyWithExit(encode(map[string]string{"decision": "deny", "reason": reason}), reason)
		}
	case Cursor:
		// Cursor is installed with failClosed, so every answer is JSON.
		switch d {
		case Allow:
			return Output{Stdout: encode(map[string]string{"permission": "allow"}), Exit: ExitOK}
		case Ask:
			return Output{Stdout: encode(map[string]string{"permission": "ask", "user_message": summary, "agent_message": reason}), Exit: ExitOK}
		default:
			return denyWithExit(encode(map[string]string{"permission": "deny", "user_message": summary, "agent_message": reason}), reason)
		}
	case Copilot:
		switch d {
		case Allow:
			if r.Quiet {
				return Output{Exit: ExitOK}
			}
			return Output{Stdout: encode(map[string]string{"permissionDecision": "allow"}), Exit: ExitOK}
		case Ask:
			return Output{Stdout: encode(map[string]string{"permissionDecision": "ask", "permissionDecisionReason": reason}), Exit: ExitOK}
		default:
			// exit 2 does not block a preToolUse hook: only this JSON does
			return Output{Stdout: encode(map[string]string{"permissionDecision": "deny", "permissionDecisionReason": reason}), Exit: ExitOK}
		}
	case Generic:
		// Always the JSON, Quiet or not: the extension on the other end
		// reads one object, and blocks on anything else, silence included.
		reply := func(decision string) []byte {
			return encode(map[string]string{"decision": decision, "reason": reason})
		}
		switch d {
		case Allow:
			return Output{Stdout: reply("allow"), Exit: ExitOK}
		case Ask:
			return Output{Stdout: reply("ask"), Exit: ExitOK}
		default:
			return denyWithExit(reply("deny"), reason)
		}
	default: // Claude Code and the agents that copy it
		switch d {
		case Allow:
			if r.Quiet {
				return Output{Exit: ExitOK}
			}
			return Output{Stdout: claudeReply("allow", reason), Exit: ExitOK}
		case Ask:
			return Output{Stdout: claudeReply("ask", reason), Exit: ExitOK}
		default:
			return denyWithExit(claudeReply("deny", reason), reason)
		}
	}
}

// CanAsk reports whether c's agent can ask a person itself.
func CanAsk(c *Call) bool {
	switch c.Agent {
	case Claude, Gemini, Copilot:
		return true
	case Generic:
		// The extension asks through the agent's own UI where it has one
		// (pi), and blocks where it has none (opencode, pi without UI).
		return true
	case Cursor:
		return c.Event == "beforeShellExecution" || c.Event == "beforeMCPExecution"
	}
	return false
}

// Failure is the reply to a payload that could not be read: a deny in
// agent's dialect, or, when the dialect is unknown, exit 2 with the reason
// on stderr, which every agent that blocks on exit codes honours.
func Failure(agent Agent, reason string) Output {
	switch agent {
	case Claude, Codex, Gemini, Cursor, Copilot, Generic:
		// The event only matters for an ask, and this is a deny.
		return Encode(&Call{Agent: agent}, Reply{Decision: Deny, Reason: reason})
	}
	return Output{Stderr: clip(reason) + "\n", Exit: ExitBlock}
}

func claudeReply(decision, reason string) []byte {
	type specific struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	}
	return encode(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{"PreToolUse", decision, reason}})
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
