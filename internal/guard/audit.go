package guard

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/hook"
)

// audit logs the final outcome.
func (ev *Evaluation) audit(env Env, deps Deps) {
	v := ev.Res.Verdict
	rec := audit.Record{
		Via: string(ev.Request.Via), Session: ev.SessionID, Cwd: ev.Call.Cwd, Tool: ev.Call.Tool, Command: ev.Display,
		Level: v.Level.String(), Dangerous: v.Dangerous, Effective: ev.Eff.Level.Value.String(),
	}
	if ev.Request.Via == ViaHook {
		rec.Agent = string(ev.Call.Agent)
	}
	if ev.Call.SkillShell() {
		rec.Skill = "/" + ev.Call.Skill
	}
	if rec.Cwd == "" {
		rec.Cwd = ev.Workspace
	}
	rec.Decision, rec.By, rec.Detail = ev.decidedBy()
	writeAudit(env, deps, rec)
}

// AuditAfterRun logs what permguard did after the call ev allowed ran in
// the build sandbox (detail says what): the footholds the run left were
// set aside, or the workspace could not all be checked for them, which
// is a block (decision audit.Block) of what the run left; or it left
// only what is reported and kept, symbolic links out of the workspace,
// which is an allow.
func (ev *Evaluation) AuditAfterRun(env Env, deps Deps, decision, detail string) {
	v := ev.Res.Verdict
	rec := audit.Record{
		Via: string(ev.Request.Via), Session: ev.SessionID, Cwd: ev.Call.Cwd, Tool: ev.Call.Tool, Command: ev.Display,
		Level: v.Level.String(), Dangerous: v.Dangerous, Effective: ev.Eff.Level.Value.String(),
		Decision: decision, By: audit.BySandbox, Detail: detail,
	}
	if rec.Cwd == "" {
		rec.Cwd = ev.Workspace
	}
	writeAudit(env, deps, rec)
}

// decidedBy says what the decision was and who or what made it: a switch
// on the row of the outcome.
func (ev *Evaluation) decidedBy() (decision, by, detail string) {
	decision = audit.Block
	switch ev.Outcome.Action {
	case Allow:
		decision = audit.Allow
	case Ask:
		decision = audit.Ask
	}
	eff := ev.Eff
	switch ev.Outcome.Row {
	case RowDenyRule:
		return decision, audit.ByRule, fmt.Sprintf("deny rule %q (%s)", ev.Res.Deny.Rule.Pattern(), ev.Res.Deny.Rule.Src)
	case RowPastLimit:
		v := ev.Res.Verdict
		return decision, audit.ByLimit, fmt.Sprintf("%s: past the %s limit: %s", RowPastLimit, v.Limit, limitWhy(v))
	case RowBypassed, RowWithinLevel:
		return decision, audit.BySetting, fmt.Sprintf("level %s (%s)", eff.Level.Value, eff.Level.Src)
	case RowRemembered:
		return decision, audit.BySession, "allowed earlier in this session"
	case RowBoxed:
		return decision, audit.BySetting, fmt.Sprintf("level %s (%s), in %s (sandbox auto, %s)", eff.Level.Value, eff.Level.Src, ev.boxIn(), eff.Sandbox.Src)
	case RowSandboxed:
		return decision, audit.BySetting, fmt.Sprintf("level %s (%s), in %s for code nobody has seen (sandbox auto, %s)", eff.Level.Value, eff.Level.Src, ev.boxIn(), eff.Sandbox.Src)
	case RowModeBlock:
		return decision, audit.BySetting, fmt.Sprintf("mode block (%s)", eff.Mode.Src)
	case RowPersonAllowed, RowPersonDenied:
		if ev.Answer.TimedOut {
			return decision, audit.ByTimeout, ev.Answer.Why
		}
		return decision, audit.ByPerson, fmt.Sprintf("%s: %s", ev.Approval, ev.PersonText())
	case RowAgentAsks:
		return decision, audit.ByAgent, "put to the person through the agent's own prompt"
	}
	return decision, audit.ByNobody, "needs a person's approval, and none could be asked here"
}

// writeAudit appends rec to the audit log in the state directory. The log
// is a record, not a gate: a failure is a warning and the decision stands.
func writeAudit(env Env, deps Deps, rec audit.Record) {
	rec.Time = deps.now()
	err := env.StateDirErr
	if err == nil {
		err = audit.Append(env.StateDir, rec)
	}
	if err != nil {
		warnf(deps.errOut(), "the decision was not written to the audit log: %s", Printable(err.Error()))
	}
}

// AuditFailure logs a call that could not be judged: it was denied.
func AuditFailure(env Env, deps Deps, via Via, agent hook.Agent, call *hook.Call, reason string) {
	rec := audit.Record{Via: string(via), Decision: audit.Block, By: audit.ByError, Detail: reason}
	if agent != hook.Auto {
		rec.Agent = string(agent)
	}
	if call != nil {
		rec.Session, rec.Cwd, rec.Tool, rec.Command = call.SessionID, call.Cwd, call.Tool, displayOf(call)
	}
	writeAudit(env, deps, rec)
}
