package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/permguard/permguard/internal/hook"
	"github.com/permguard/permguard/internal/notify"
	"github.com/permguard/permguard/internal/prompt"
	"github.com/permguard/permguard/internal/settings"
)

// asker puts a question to a person. The answer is a denial unless the
// person chose otherwise (prompt's promise); nothing here second-guesses it.
type asker interface {
	Ask(ctx context.Context, q prompt.Question) prompt.Answer
}

// openTerminal is the Factory's way to reach a person: an asker on the
// controlling terminal, or why there is none.
type openTerminal func(accessible bool) (asker, error)

// systemTerminal opens /dev/tty when this process may use it.
func systemTerminal(accessible bool) (asker, error) {
	tty, err := prompt.Open()
	if err != nil {
		return nil, err
	}
	return prompt.NewTerminal(tty, accessible), nil
}

// approval says how a call that needed a person's approval was settled.
// The strings are API: the "approval" field of check --json.
type approval string

const (
	approvalNone       approval = "none"
	approvalRemembered approval = "remembered"    // allowed for this session earlier
	approvalOnce       approval = "allow-once"    // a person allowed it at the prompt
	approvalSession    approval = "allow-session" // ... and for the rest of the session
	approvalRule       approval = "always-allow"  // ... and saved a rule
	approvalDenied     approval = "denied"        // a person denied it, or the prompt ended without a choice
)

// askInputs is what asking a person needs from the process.
type askInputs struct {
	getenv   func(string) string
	now      func() time.Time
	errOut   io.Writer
	terminal openTerminal
	notifier notify.Notifier
	// native reports that the caller can put the question to the person
	// through the agent's own prompt; agent that it is an agent at all
	// (so a reason can be sent back to it).
	native, agent bool
}

// promptDisabled reports PERMGUARD_NO_PROMPT set to anything but 0.
func promptDisabled(getenv func(string) string) bool {
	v := getenv("PERMGUARD_NO_PROMPT")
	return v != "" && v != "0"
}

// accessible reports whether the plain-text prompt is wanted.
func accessible(getenv func(string) string) bool {
	v := getenv("PERMGUARD_ACCESSIBLE")
	return getenv("TERM") == "dumb" || (v != "" && v != "0")
}

// askPerson settles a call that needs approval (design §4 step 5): the
// terminal prompt when there is one, else the agent's own prompt (the
// decision stays ask), else a block. It sends the notification when a
// person is waited for.
func (ev *evaluation) askPerson(in askInputs) {
	if ev.decision != decisionAsk {
		return
	}
	var term asker
	if !promptDisabled(in.getenv) && in.terminal != nil {
		term, _ = in.terminal(accessible(in.getenv))
	}
	switch {
	case term != nil:
		q := ev.question(in)
		// The notification goes out while the person reads the prompt.
		// It is bounded by its own timeout, so waiting for it afterwards
		// costs nothing unless someone answers within that half second.
		sent := make(chan struct{})
		go func() { defer close(sent); ev.notify(in, false) }()
		ev.apply(ev.askTerminal(term, q), in)
		<-sent
	case in.native && !ev.res.Verdict.Dangerous:
		ev.notify(in, true)
	default:
		ev.decision = decisionBlock
	}
}

// settleAlone finishes the decision for a call made by a person or a
// script (check, exec): there is no agent to ask through, so what still
// needs a person after the terminal prompt is blocked. Then it is logged.
func (ev *evaluation) settleAlone(via string, in askInputs) {
	ev.askPerson(in)
	if ev.decision == decisionAsk {
		ev.decision = decisionBlock
	}
	ev.audit(via, auditInputs{getenv: in.getenv, now: in.now, errOut: in.errOut})
}

// refusal is what stderr says about a call that is not allowed: the
// person's answer when one was given, else the block message.
func (ev *evaluation) refusal() string {
	if t := ev.personText(); t != "" {
		return displayCommand(ev.display) + "\npermguard: " + t + "\n"
	}
	return ev.blockText()
}

func (ev *evaluation) askTerminal(term asker, q prompt.Question) (a prompt.Answer) {
	defer func() {
		// The asker promises not to panic; a bug there is a denial too.
		if r := recover(); r != nil {
			a = prompt.Denied(fmt.Sprintf("the prompt failed: %v", r))
		}
	}()
	if c, ok := term.(io.Closer); ok {
		defer c.Close()
	}
	return term.Ask(context.Background(), q)
}

// question turns the evaluation into what the person reads.
func (ev *evaluation) question(in askInputs) prompt.Question {
	v := ev.res.Verdict
	perm := ev.eff.Level.Value
	q := prompt.Question{
		Command:   printable(displayCommand(ev.display)),
		Needs:     verdictLabel(v),
		Level:     perm.String(),
		Dangerous: v.Dangerous,
		Choices:   []prompt.Choice{prompt.AllowOnce},
		Timeout:   ev.eff.PromptTimeout.Value,
	}
	for _, r := range v.Reasons {
		if r.Level > perm.Level || r.Dangerous {
			q.Reasons = append(q.Reasons, printable(r.String()))
		}
	}
	if ev.res.Deny == nil && !v.Dangerous {
		if ev.sessionID != "" && ev.stateDir != "" {
			// only what can be remembered is offered
			q.Choices = append(q.Choices, prompt.AllowSession)
		}
		if line, ok := ev.ruleCandidate(); ok {
			q.Choices = append(q.Choices, prompt.AlwaysAllow)
			q.Pattern = settings.EscapeGlob(line)
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
	if in.agent {
		q.Choices = append(q.Choices, prompt.DenyWithReason)
	}
	if pin := ev.eff.ApprovalPin; pin != nil {
		hash := pin.Value
		q.Confirm.Verify = func(typed string) bool { return settings.VerifyPin(hash, typed) }
	}
	return q
}

// ruleCandidate returns the one command an allow rule at the level in
// force would let through, when there is exactly one and nothing else
// (a floor, a cap) would still hold the call back.
func (ev *evaluation) ruleCandidate() (string, bool) {
	v, perm := ev.res.Verdict, ev.eff.Level.Value
	if ev.call.Kind != hook.KindShell || ev.call.PowerShell || perm.Bypassed {
		return "", false
	}
	for _, f := range v.Floors {
		if f.Level > perm.Level || f.Dangerous {
			return "", false
		}
	}
	line, n := "", 0
	for _, c := range v.Commands {
		if c.Level <= perm.Level && !c.Dangerous {
			continue
		}
		if c.Dangerous || (ev.eff.Cap != nil && c.Level > ev.eff.Cap.Value) {
			return "", false
		}
		line, n = strings.Join(c.Argv, " "), n+1
	}
	return line, n == 1 && line != ""
}

// apply acts on the person's answer: remember it, save the rule, and set
// the decision.
func (ev *evaluation) apply(a prompt.Answer, in askInputs) {
	ev.answer = &a
	v := ev.res.Verdict
	switch a.Choice {
	case prompt.AllowOnce:
		ev.decision, ev.approval = decisionAllow, approvalOnce
	case prompt.AllowSession:
		ev.decision, ev.approval = decisionAllow, approvalSession
		err := settings.UpdateSession(ev.stateDir, ev.sessionID, in.now(), func(s *settings.Session) {
			s.Approve(ev.display, ev.workspace, v.Level, in.now())
		})
		if err != nil {
			warnf(in.errOut, "%s", printable(fmt.Sprintf("allowed once, but not remembered for the session: %v", err)))
		}
	case prompt.AlwaysAllow:
		ev.decision, ev.approval = decisionAllow, approvalRule
		level := ev.eff.Level.Value.Level
		path, changed, err := addAllowRule(settingsEnv{Getenv: in.getenv, Now: in.now, ErrOut: in.errOut}, a.Pattern, level)
		switch {
		case err != nil:
			warnf(in.errOut, "%s", printable(fmt.Sprintf("allowed once, but the rule was not saved: %v", err)))
		case changed:
			fmt.Fprintf(in.errOut, "permguard: added %s to overrides.%s in %s\n", printable(fmt.Sprintf("%q", a.Pattern)), level, printable(path))
		}
	default:
		ev.decision, ev.approval = decisionBlock, approvalDenied
	}
}

// notify tells the person they are waited for, as the notifications
// setting says. wait bounds the send by notify.Timeout; otherwise it runs
// alongside the prompt. Its failure changes nothing.
func (ev *evaluation) notify(in askInputs, wait bool) {
	if in.notifier == nil {
		return
	}
	mode := ev.eff.Notifications.Value
	if mode == settings.NotifyOff {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), notify.Timeout)
	defer cancel()
	if mode == settings.NotifyUnfocused {
		if focused, known := in.notifier.Focused(ctx); known && focused {
			return
		}
	}
	where := "in the terminal"
	if wait {
		where = "in " + agentName(ev.call.Agent)
	}
	body := displayCommand(ev.display)
	if len(body) > 200 {
		body = body[:200] + "…"
	}
	m := notify.Message{
		Title:    fmt.Sprintf("permguard: approval needed %s", where),
		Body:     printable(body) + "\nneeds " + verdictLabel(ev.res.Verdict),
		Critical: mode == settings.NotifyPersistent,
	}
	in.notifier.Notify(ctx, m)
}

// agentName is how a person calls the agent.
func agentName(a hook.Agent) string {
	switch a {
	case hook.Claude:
		return "Claude Code"
	case hook.Codex:
		return "Codex"
	case hook.Gemini:
		return "Gemini CLI"
	case hook.Cursor:
		return "Cursor"
	case hook.Copilot:
		return "Copilot"
	}
	return "the agent"
}

// personText says, in one line, what the person decided, for the agent
// and for check's stderr; "" when nobody was asked.
func (ev *evaluation) personText() string {
	if ev.answer == nil && ev.approval != approvalRemembered {
		return ""
	}
	switch ev.approval {
	case approvalRemembered:
		return "allowed: the user allowed this command for this session"
	case approvalOnce:
		return "allowed by the user at the terminal prompt"
	case approvalSession:
		return "allowed by the user at the terminal prompt, for this session"
	case approvalRule:
		return "allowed by the user at the terminal prompt, who saved a rule to allow it from now on"
	}
	a := ev.answer
	switch {
	case a.Choice == prompt.DenyWithReason && a.Reason != "":
		return "denied by the user, who says: " + a.Reason
	case a.Why == "" || a.Why == "denied at the prompt" || a.Choice == prompt.DenyWithReason:
		return "denied by the user at the terminal prompt; do not retry it, ask the user what to do instead"
	default:
		return "not allowed: the user was asked at the terminal and " + a.Why + "; the call was denied"
	}
}
