package guard

// Every sentence the engine writes for a person or a model is here, so
// that they can be read, and kept consistent, together. The rules they
// follow:
//
//   - A person's text starts "permguard: " where it stands alone, is
//     lowercase after it, and says what was done and what to do.
//   - What came from the call (the command, paths, a reason a person
//     typed) goes through Printable or DisplayCommand: a terminal must
//     never interpret it.
//   - The block message is exactly four lines (design §4): the command,
//     what was blocked and what the level allows, what it needs and why,
//     and the shortest way a person can allow it.
//   - What the model reads ends with what to do next: stop and ask the
//     person, never only how to re-run a check.
//   - A dangerous call is never offered anything short of a typed
//     confirmation.

import (
	"fmt"
	"io"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/settings"
)

const msgPowerShell = "is a PowerShell command: permguard reads POSIX shell only, so what it does is unknown"

// warnf prints a "permguard: warning:" line.
func warnf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "permguard: warning: "+format+"\n", args...)
}

// Allows says, in the words a user sees, what p allows.
func Allows(p settings.Permission) string {
	if p.Bypassed {
		return "everything: all checks are off except deny rules"
	}
	switch p.Level {
	case classify.Minimal:
		return "read-only: no file changes, no network"
	case classify.Low:
		return "file writes inside the workspace"
	case classify.Medium:
		return "development work: build, test, install dependencies, local git"
	default:
		return "everything except dangerous commands"
	}
}

// VerdictLabel is a verdict's level, and ", dangerous" when it is.
func VerdictLabel(v classify.Verdict) string {
	if v.Dangerous {
		return v.Level.String() + ", dangerous"
	}
	return v.Level.String()
}

// MainReason returns what a person reads of the reason that set the
// verdict (its detail and message): the first whose level and dangerous
// flag equal the verdict's.
func MainReason(v classify.Verdict) string {
	for _, r := range v.Reasons {
		if r.Level == v.Level && r.Dangerous == v.Dangerous {
			return r.Text()
		}
	}
	// The classifier promises a matching reason; fail soft in the message.
	for _, r := range v.Reasons {
		if r.Dangerous == v.Dangerous {
			return r.Text()
		}
	}
	return "no reason given"
}

// limitWhy says how v went past its limit: the detail of the reason that
// reports it ("input is 70023 bytes, over the limit of 65536"), which the
// block message puts after the limit's name.
func limitWhy(v classify.Verdict) string {
	if r := v.LimitReason(); r.Detail != "" {
		return r.Detail
	}
	return v.LimitReason().Message
}

// maxRerunBytes bounds the command repeated in the block message's last
// line; longer commands are not repeated. maxRuleBytes bounds a suggested
// allow rule the same way.
const (
	maxRerunBytes = 4096
	maxRuleBytes  = 200
)

// Instructions for the model, after the reason: what to do next.
const (
	doNextBlocked = "permguard: do not retry this or a variant of it to get around the block; tell the user what it needs and how they can allow it (the line above), and wait for them"
	doNextDenied  = "permguard: a deny rule blocks this at every level; do not retry it or a variant of it, ask the user what to do instead"
	doNextAsk     = "permguard: the user is asked to approve this; if they decline, do not retry it or a variant of it"
	doNextLimit   = "permguard: no level allows this as it is; do not retry it as it is, do what the line above says, or tell the user what you meant to run"
)

// limitAdvice is the last line of the block message for a call past the
// limit l: how to stay within it. A higher level or an allow rule cannot
// help, so neither is offered.
func limitAdvice(l classify.Limit) string {
	switch l {
	case classify.LimitBytes:
		return "Remove the NUL byte or the bytes that are not UTF-8: bash would not read the command as permguard does."
	case classify.LimitScripts:
		return "Run the inner script itself, not through bash -c or eval nested that deep, or write it to a script file and ask the user to review it."
	case classify.LimitFollows:
		return "Use fewer functions, aliases and variables in one call, or write it to a script file and ask the user to review it."
	case classify.LimitInputs:
		return "Give parallel fewer inputs in one call, or run the commands one call at a time."
	case classify.LimitToolInput:
		return "Send a smaller tool call: fewer or shorter paths, a shorter command or URL (no file path is longer than 4096 bytes)."
	case classify.LimitPaths:
		return "Name fewer files in one call (a glob such as src/*.go counts as one), or run it in several calls."
	}
	return "Split it into smaller commands, or write it to a script file and ask the user to review it."
}

// BlockText is the block message of design §4 for this evaluation: exactly
// four lines, each ending in a newline.
func (ev *Evaluation) BlockText() string {
	if d := ev.Res.Deny; d != nil {
		var s strings.Builder
		fmt.Fprintf(&s, "%s\n", DisplayCommand(ev.Display))
		fmt.Fprintf(&s, "Blocked by the deny rule %s (%s)\n", Printable(fmt.Sprintf("%q", d.Rule.Pattern())), Printable(d.Rule.Src.String()))
		fmt.Fprintf(&s, "Matched: %s — deny rules block at every level, even bypassed\n", DisplayCommand(d.Command))
		if d.Rule.Src.Kind == settings.FromGlobal {
			fmt.Fprintf(&s, "User can remove the rule with: permguard deny --remove %s\n", Quote(d.Rule.Pattern()))
		} else {
			fmt.Fprintf(&s, "Only a change to %s removes the rule.\n", Printable(d.Rule.Src.Name))
		}
		return s.String()
	}
	v, perm, command := ev.Res.Verdict, ev.Eff.Level.Value, ev.Display
	if v.Limit != classify.LimitNone {
		var s strings.Builder
		fmt.Fprintf(&s, "%s\n", DisplayCommand(command))
		if perm.Bypassed {
			fmt.Fprintf(&s, "Blocked although the level is bypassed: your deny rules cannot be checked over input past permguard's %s limit\n", v.Limit)
		} else {
			fmt.Fprintf(&s, "Blocked at every level but bypassed (the level is %s): permguard does not judge input past its %s limit\n", perm, v.Limit)
		}
		fmt.Fprintf(&s, "Needs: an input within the %s limit — %s\n", v.Limit, Printable(limitWhy(v)))
		s.WriteString(limitAdvice(v.Limit) + "\n")
		return s.String()
	}
	// Under a cap the call needs more than, no level and no allow rule of
	// the user's lets it through: only a change where the cap is set.
	var capped *settings.Source
	capLevel := perm.Level
	switch {
	case v.Dangerous:
	case ev.Eff.Capped && v.Level > perm.Level:
		capped = &ev.Eff.Level.Src
	case ev.Eff.Cap != nil && v.Level > ev.Eff.Cap.Value:
		capped, capLevel = &ev.Eff.Cap.Src, ev.Eff.Cap.Value
	}
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n", DisplayCommand(command))
	fmt.Fprintf(&s, "Blocked at level %s. Allowed at this level: %s\n", perm, Allows(perm))
	fmt.Fprintf(&s, "Needs: %s — %s\n", VerdictLabel(v), Printable(MainReason(v)))
	switch {
	case v.Dangerous:
		s.WriteString("Only a person can approve this: it is dangerous at every level.\n")
	case capped != nil && capped.Unsafe:
		fmt.Fprintf(&s, "The level is capped at %s until %s is fixed: permguard's own files must be yours alone (permguard doctor says how).\n",
			capLevel, Printable(capped.Name))
	case capped != nil && capped.Unusable:
		fmt.Fprintf(&s, "The level is capped at %s until %s is fixed: it cannot be read (permguard config validate says where).\n",
			capLevel, Printable(capped.Name))
	case capped != nil && capped.Kind == settings.FromProject:
		fmt.Fprintf(&s, "The level is capped at %s by %s; change it there, or trust it (permguard trust %s) so your own level applies.\n",
			capLevel, Printable(capped.String()), Quote(capped.Name))
	case capped != nil:
		fmt.Fprintf(&s, "The level is capped at %s by %s; only a change there allows this.\n", capLevel, Printable(capped.String()))
	default:
		fmt.Fprintf(&s, "To allow it: %s\n", strings.Join(ev.waysToAllow(), ", or "))
	}
	return s.String()
}

// waysToAllow are the shortest ways a person lets the call through: a rule
// for the one command that needs more, where there is one, and the level
// it needs, set where it reaches the caller. An agent's hook runs in the
// agent's own session, which "permguard level" in a shell does not reach.
func (ev *Evaluation) waysToAllow() []string {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	var ways []string
	if line, ok := ev.ruleCandidate(); ok {
		if p := settings.EscapeGlob(line); len(p) <= maxRuleBytes {
			ways = append(ways, fmt.Sprintf("permguard allow --level %s %s", perm.Level, Quote(p)))
		}
	}
	return append(ways, ev.levelWay(v.Level))
}

// levelWay is how a person sets the level need where it reaches the
// caller, and where nothing the caller reads first sets another: the
// chosen level's source decides, since a setting under it changes
// nothing (design §4, Effective level and mode). A cap is never here:
// BlockText says no level helps under one.
func (ev *Evaluation) levelWay(need classify.Level) string {
	chosen, command := ev.Eff.Chosen.Src, ev.Display
	switch {
	case ev.Request.Via == ViaHook:
		switch chosen.Kind {
		case settings.FromDefault, settings.FromGlobal:
			return fmt.Sprintf("permguard level %s --global", need)
		case settings.FromProject:
			return Printable(fmt.Sprintf(`"level": "%s" in %s`, need, chosen.Name))
		case settings.FromEnv:
			return fmt.Sprintf("PERMGUARD_LEVEL=%s in the agent's environment, where it is set now", need)
		}
	case ev.Request.Via == ViaExec && len(command) <= maxRerunBytes:
		// PERMGUARD_LEVEL is under --level only, which the line leaves out
		return fmt.Sprintf("PERMGUARD_LEVEL=%s permguard exec -- %s", need, Printable(command))
	case ev.Call.Kind == hook.KindShell && len(command) <= maxRerunBytes:
		return fmt.Sprintf("PERMGUARD_LEVEL=%s permguard check %s", need, Quote(command))
	default:
		switch chosen.Kind {
		case settings.FromEnv:
			return fmt.Sprintf("PERMGUARD_LEVEL=%s, where it is set now", need)
		case settings.FromFlag:
			return fmt.Sprintf("--level %s on the same call", need)
		}
		return fmt.Sprintf("permguard level %s", need)
	}
	return Printable(fmt.Sprintf("the level %s, where it is chosen now (%s)", need, chosen))
}

// needsNote says what an allowed call needs when that is not the level
// in force it was allowed at: " (needs low)" at level medium, "" at low.
func needsNote(v classify.Verdict, perm settings.Permission) string {
	if !v.Dangerous && !perm.Bypassed && v.Level == perm.Level {
		return ""
	}
	return " (needs " + VerdictLabel(v) + ")"
}

// Refusal is what stderr says about a call that is not allowed: the
// person's answer when one was given, else the block message.
func (ev *Evaluation) Refusal() string {
	if t := ev.PersonText(); t != "" {
		return DisplayCommand(ev.Display) + "\npermguard: " + t + "\n"
	}
	return ev.BlockText()
}

// PersonText says, in one line, what the person decided, for the agent
// and for check's stderr; "" when nobody was asked.
func (ev *Evaluation) PersonText() string {
	if ev.Answer == nil && ev.Approval != ApprovalRemembered {
		return ""
	}
	switch ev.Approval {
	case ApprovalRemembered:
		return "allowed: the user allowed this command for this session"
	case ApprovalOnce:
		return "allowed by the user at the terminal prompt"
	case ApprovalSession:
		return "allowed by the user at the terminal prompt, for this session"
	case ApprovalRule:
		return "allowed by the user at the terminal prompt, who saved a rule to allow it from now on"
	}
	a := ev.Answer
	switch {
	case a.Choice == person.DenyWithReason && a.Reason != "":
		return "denied by the user, who says: " + a.Reason
	case a.Why == "" || a.Why == "denied at the prompt" || a.Choice == person.DenyWithReason:
		return "denied by the user at the terminal prompt; do not retry it, ask the user what to do instead"
	default:
		return "not allowed: the user was asked at the terminal and " + a.Why + "; the call was denied"
	}
}

// Reply is the answer to the agent: a switch on the outcome.
func (ev *Evaluation) Reply() hook.Reply {
	v, eff := ev.Res.Verdict, ev.Eff
	switch ev.Outcome.Action {
	case Allow:
		if ev.Box() != "" {
			return ev.boxedReply()
		}
		if ev.Approval != ApprovalNone {
			text := "permguard: " + ev.PersonText()
			return hook.Reply{Decision: hook.Allow, Reason: text, Summary: text}
		}
		return hook.Reply{Decision: hook.Allow, Quiet: eff.HookAllow.Value == settings.HookAllowDefer,
			Reason: fmt.Sprintf("permguard: allowed at level %s%s: %s", eff.Level.Value, needsNote(v, eff.Level.Value), Printable(MainReason(v)))}
	case Ask:
		var b strings.Builder
		fmt.Fprintf(&b, "permguard: needs %s, the level in force is %s — %s", VerdictLabel(v), eff.Level.Value, Printable(MainReason(v)))
		for _, r := range v.Reasons {
			if r.Level > eff.Level.Value.Level || r.Dangerous {
				fmt.Fprintf(&b, "\n  %s", Printable(r.String()))
			}
		}
		b.WriteString("\n" + doNextAsk)
		return hook.Reply{Decision: hook.Ask, Reason: b.String(), PromptTimeout: eff.PromptTimeout.Value,
			Summary: fmt.Sprintf("permguard: needs %s — %s", VerdictLabel(v), Printable(MainReason(v)))}
	}
	if ev.Answer != nil {
		text := Printable(ev.PersonText())
		return hook.Reply{Decision: hook.Deny, Reason: DisplayCommand(ev.Display) + "\npermguard: " + text, Summary: "permguard: " + text}
	}
	summary := fmt.Sprintf("permguard blocked this: it needs %s (level %s) — %s", VerdictLabel(v), eff.Level.Value, Printable(MainReason(v)))
	doNext := doNextBlocked
	switch {
	case ev.Res.Deny != nil:
		summary = fmt.Sprintf("permguard blocked this: deny rule %q (%s)", ev.Res.Deny.Rule.Pattern(), ev.Res.Deny.Rule.Src)
		doNext = doNextDenied
	case v.Limit != classify.LimitNone:
		summary = fmt.Sprintf("permguard blocked this: it is past the %s limit — %s", v.Limit, Printable(limitWhy(v)))
		doNext = doNextLimit
	}
	reason := ev.BlockText() + doNext
	if ev.Outcome.Row == RowNobody && ev.Call.SkillShell() {
		// Claude Code shows a skill's hook reason cut to 500 characters:
		// why nobody was asked comes first
		reason = ev.skillShellText() + "\n" + reason
		summary = ev.skillShellText()
	}
	return hook.Reply{Decision: hook.Deny, Reason: reason, Summary: Printable(summary)}
}

// skillShellText says why a skill's inline shell command that needs more
// than the level was blocked rather than put to a person: the agent can
// neither ask about it nor run it confined (design §4).
func (ev *Evaluation) skillShellText() string {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	skill := "a skill"
	if ev.Call.Skill != "" {
		skill = "/" + ev.Call.Skill
	}
	return fmt.Sprintf("permguard: the inline shell command of %s needs %s, above the level %s (%s); Claude Code cannot ask a person about a skill's shell command or run it confined, so it was not run",
		Printable(skill), VerdictLabel(v), perm, Printable(MainReason(v)))
}

// Explained says in words what would be decided, without deciding
// (explain's "decision:" line).
func (ev *Evaluation) Explained() string {
	eff := ev.Eff
	level := fmt.Sprintf("level %s (%s)", eff.Level.Value, eff.Level.Src)
	switch ev.Outcome.Row {
	case RowDenyRule:
		d := ev.Res.Deny
		return fmt.Sprintf("block: the deny rule %q (%s) matches %s", d.Rule.Pattern(), d.Rule.Src, d.Command)
	case RowRemembered:
		return "allow: you allowed it earlier in this session"
	case RowBoxed:
		return fmt.Sprintf("allow at %s, in %s: %s", level, ev.boxIn(), boxAllowsNet(eff.Level.Value.Level, ev.BoxNet()))
	case RowSandboxed:
		return fmt.Sprintf("allow at %s, in %s (%s): it needs more only to run code nobody has seen", level, ev.boxIn(), boxAllowsNet(eff.Level.Value.Level, ev.BoxNet()))
	case RowPastLimit:
		v := ev.Res.Verdict
		if eff.Level.Value.Bypassed {
			return fmt.Sprintf("block at %s: past the %s limit (%s), where your deny rules cannot be checked", level, v.Limit, limitWhy(v))
		}
		return fmt.Sprintf("block at every level but bypassed: past the %s limit (%s)", v.Limit, limitWhy(v))
	case RowBypassed, RowWithinLevel:
		return "allow at " + level
	case RowModeBlock:
		return fmt.Sprintf("block at %s: it needs more, and the mode is block (%s)", level, eff.Mode.Src)
	}
	if ev.Res.Verdict.Dangerous {
		return fmt.Sprintf("needs a person's typed confirmation at %s: it is dangerous", level)
	}
	return fmt.Sprintf("needs a person's approval at %s: asked at the terminal, or through an agent's own prompt, else blocked", level)
}

// question turns the evaluation into what the person reads.
func (ev *Evaluation) question() person.Question {
	v := ev.Res.Verdict
	perm := ev.Eff.Level.Value
	q := person.Question{
		Command:   Printable(DisplayCommand(ev.Display)),
		Needs:     VerdictLabel(v),
		Level:     perm.String(),
		Dangerous: v.Dangerous,
		Choices:   []person.Choice{person.AllowOnce},
		Timeout:   ev.Eff.PromptTimeout.Value,
	}
	for _, r := range v.Reasons {
		if r.Level > perm.Level || r.Dangerous {
			q.Reasons = append(q.Reasons, Printable(r.String()))
		}
	}
	if ev.Res.Deny == nil && !v.Dangerous {
		if ev.SessionID != "" && ev.StateDir != "" {
			// only what can be remembered is offered
			q.Choices = append(q.Choices, person.AllowSession)
		}
		if line, ok := ev.ruleCandidate(); ok {
			q.Choices = append(q.Choices, person.AlwaysAllow)
			q.Pattern = suggestPattern(line)
			q.ValidatePattern = func(p string) error {
				g, err := settings.CompileGlob(p)
				if err != nil {
					return err
				}
				if !g.Match(line) {
					return fmt.Errorf("%q does not match %q, so it would not allow it", p, line)
				}
				return nil
			}
		}
	}
	if pin := ev.Eff.ApprovalPin; pin != nil {
		hash := pin.Value
		q.Confirm.Verify = func(typed string) bool { return settings.VerifyPin(hash, typed) }
	}
	return q
}

// notice is the notification that a person is waited for, in the
// terminal or in the agent's own prompt.
func (ev *Evaluation) notice(inAgent bool, critical bool) person.Message {
	where := "in the terminal"
	if inAgent {
		where = "in " + ev.Call.Agent.Display()
	}
	body := DisplayCommand(ev.Display)
	if len(body) > 200 {
		body = body[:200] + "…"
	}
	return person.Message{
		Title:    fmt.Sprintf("permguard: approval needed %s", where),
		Body:     Printable(body) + "\nneeds " + VerdictLabel(ev.Res.Verdict),
		Critical: critical,
	}
}
