package guard

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/settings"
)

// Settle carries out the outcome of design §4: it asks a person at the
// terminal when the table says so, and acts on the answer (remember it
// for the session, save a rule), notifies a person who is waited for, and
// writes the audit record. A hypothetical request (explain) is neither
// settled nor logged.
func (ev *Evaluation) Settle(env Env, deps Deps) {
	if ev.Request.Hypothetical {
		return
	}
	// Decide again, now that the terminal may be opened: the table opens
	// it only when it reaches that row.
	var term person.Asker
	ev.decide(func() bool {
		if !ev.Request.Terminal || env.NoPrompt || deps.Terminal == nil {
			return false
		}
		term, _ = deps.Terminal(env.Accessible)
		return term != nil
	})
	switch ev.Outcome.Action {
	case Prompt:
		q := ev.question()
		// The notification goes out while the person reads the prompt.
		// It is bounded by its own timeout, so waiting for it afterwards
		// costs nothing unless someone answers within that half second.
		sent := make(chan struct{})
		go func() { defer close(sent); ev.notify(deps, false) }()
		ev.apply(askTerminal(term, q), env, deps)
		<-sent
		ev.decide(nil) // the table reads the answer
	case Ask:
		ev.notify(deps, true)
	}
	ev.audit(env, deps)
}

func askTerminal(term person.Asker, q person.Question) (a person.Answer) {
	defer func() {
		// The asker promises not to panic; a bug there is a denial too.
		if r := recover(); r != nil {
			a = person.Denied(fmt.Sprintf("the prompt failed: %v", r))
		}
	}()
	if c, ok := term.(io.Closer); ok {
		defer c.Close()
	}
	return term.Ask(context.Background(), q)
}

// ruleCandidate returns the one command an allow rule at the level in
// force would let through, when there is exactly one and nothing else
// (a floor, a cap) would still hold the call back.
func (ev *Evaluation) ruleCandidate() (string, bool) {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	if ev.Call.Kind != hook.KindShell || ev.Call.PowerShell || perm.Bypassed {
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
		if c.Dangerous || (ev.Eff.Cap != nil && c.Level > ev.Eff.Cap.Value) {
			return "", false
		}
		line, n = strings.Join(c.Argv, " "), n+1
	}
	return line, n == 1 && line != ""
}

// apply acts on the person's answer: remember it for the session or save
// the rule. Decide then reads the answer.
func (ev *Evaluation) apply(a person.Answer, env Env, deps Deps) {
	ev.Answer = &a
	errOut := deps.errOut()
	switch a.Choice {
	case person.AllowOnce:
		ev.Approval = ApprovalOnce
	case person.AllowSession:
		ev.Approval = ApprovalSession
		level := ev.Res.Verdict.Level
		err := settings.UpdateSession(ev.StateDir, ev.SessionID, deps.now(), func(s *settings.Session) {
			s.Approve(ev.Display, ev.Workspace, level, deps.now())
		})
		if err != nil {
			warnf(errOut, "%s", Printable(fmt.Sprintf("allowed once, but not remembered for the session: %v", err)))
		}
	case person.AlwaysAllow:
		ev.Approval = ApprovalRule
		level := ev.Eff.Level.Value.Level
		path, changed, err := AddAllowRule(env, deps, a.Pattern, level)
		switch {
		case err != nil:
			warnf(errOut, "%s", Printable(fmt.Sprintf("allowed once, but the rule was not saved: %v", err)))
		case changed:
			fmt.Fprintf(errOut, "permguard: added %s to overrides.%s in %s\n", Printable(fmt.Sprintf("%q", a.Pattern)), level, Printable(path))
			if h := ExactHint(a.Pattern); h != "" {
				fmt.Fprintf(errOut, "permguard: hint: %s\n", Printable(h))
			}
		}
	default:
		ev.Approval = ApprovalDenied
	}
}

// notify tells the person they are waited for, as the notifications
// setting says: in the agent's prompt (bounded by the notifier's timeout)
// or at the terminal (alongside the prompt). Its failure changes nothing.
func (ev *Evaluation) notify(deps Deps, inAgent bool) {
	if deps.Notifier == nil {
		return
	}
	mode := ev.Eff.Notifications.Value
	if mode == settings.NotifyOff {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), person.NotifyTimeout)
	defer cancel()
	if mode == settings.NotifyUnfocused {
		if focused, known := deps.Notifier.Focused(ctx); known && focused {
			return
		}
	}
	deps.Notifier.Notify(ctx, ev.notice(inAgent, mode == settings.NotifyPersistent))
}
