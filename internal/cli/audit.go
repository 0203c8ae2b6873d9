package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/permguard/permguard/internal/audit"
	"github.com/permguard/permguard/internal/hook"
	"github.com/permguard/permguard/internal/settings"
)

// Where a decision was made, for the audit log's "via".
const (
	viaCheck = "check"
	viaHook  = "hook"
	viaExec  = "exec"
)

// auditInputs is what writing the audit log needs from the process.
type auditInputs struct {
	getenv func(string) string
	now    func() time.Time
	errOut io.Writer
}

// writeAudit appends rec to the audit log in the state directory. The log
// is a record, not a gate: a failure is a warning and the decision stands.
func writeAudit(in auditInputs, rec audit.Record) {
	now := time.Now
	if in.now != nil {
		now = in.now
	}
	rec.Time = now()
	dir, err := StateDir(in.getenv)
	if err == nil {
		err = audit.Append(dir, rec)
	}
	if err != nil {
		warnf(in.errOut, "the decision was not written to the audit log: %s", printable(err.Error()))
	}
}

// audit logs ev's final decision.
func (ev *evaluation) audit(via string, in auditInputs) {
	v := ev.res.Verdict
	rec := audit.Record{
		Via: via, Session: ev.sessionID, Cwd: ev.call.Cwd, Tool: ev.call.Tool, Command: ev.display,
		Level: v.Level.String(), Dangerous: v.Dangerous, Effective: ev.eff.Level.Value.String(),
	}
	if via == viaHook {
		rec.Agent = string(ev.call.Agent)
	}
	if rec.Cwd == "" {
		rec.Cwd = ev.workspace
	}
	rec.Decision, rec.By, rec.Detail = ev.decidedBy()
	writeAudit(in, rec)
}

// decidedBy says what the decision was and who or what made it.
func (ev *evaluation) decidedBy() (decision, by, detail string) {
	switch ev.decision {
	case decisionAllow:
		decision = audit.Allow
	case decisionAsk:
		return audit.Ask, audit.ByAgent, "put to the person through the agent's own prompt"
	default:
		decision = audit.Block
	}
	eff := ev.eff
	switch {
	case ev.res.Deny != nil:
		return decision, audit.ByRule, fmt.Sprintf("deny rule %q (%s)", ev.res.Deny.Rule.Pattern(), ev.res.Deny.Rule.Src)
	case ev.approval == approvalRemembered:
		return decision, audit.BySession, "allowed earlier in this session"
	case ev.answer != nil && ev.answer.TimedOut:
		return decision, audit.ByTimeout, ev.answer.Why
	case ev.answer != nil:
		return decision, audit.ByPerson, fmt.Sprintf("%s: %s", ev.approval, ev.personText())
	case decision == audit.Allow:
		return decision, audit.BySetting, fmt.Sprintf("level %s (%s)", eff.Level.Value, eff.Level.Src)
	case eff.Mode.Value == settings.ModeBlock:
		return decision, audit.BySetting, fmt.Sprintf("mode block (%s)", eff.Mode.Src)
	}
	return decision, audit.ByNobody, "needs a person's approval, and none could be asked here"
}

// auditFailure logs a call that could not be judged: it was denied.
func auditFailure(in auditInputs, via string, agent hook.Agent, call *hook.Call, reason string) {
	rec := audit.Record{Via: via, Decision: audit.Block, By: audit.ByError, Detail: reason}
	if agent != hook.Auto {
		rec.Agent = string(agent)
	}
	if call != nil {
		rec.Session, rec.Cwd, rec.Tool, rec.Command = call.SessionID, call.Cwd, call.Tool, displayOf(call)
	}
	writeAudit(in, rec)
}
