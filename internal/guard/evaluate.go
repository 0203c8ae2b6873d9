package guard

import (
	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/settings"
)

// Evaluation is what permguard concluded about one call: the verdict after
// the settings and, once decided, the outcome and how it was settled.
type Evaluation struct {
	Request Request
	Call    *hook.Call // the call judged: Request.Call, or the command as a shell call
	Display string     // the call as a person sees it
	Res     settings.Result
	Eff     *settings.Effective

	Workspace string // where the call runs, as classified
	StateDir  string // "" when not known
	SessionID string // "" when not known
	Session   settings.Session

	Outcome  Outcome
	Approval Approval       // how a call that needed a person was settled
	Answer   *person.Answer // when a person was asked at the terminal

	home   string // the user's home directory, "" when not known
	canBox *bool  // Request.CanSandbox's answer, once asked
}

// Home is the user's home directory as the call was classified with, ""
// when not known.
func (ev *Evaluation) Home() string { return ev.home }

// Approval says how a call that needed a person's approval was settled.
// The strings are API: the "approval" field of check --json.
type Approval string

const (
	ApprovalNone       Approval = "none"
	ApprovalRemembered Approval = "remembered"    // allowed for this session earlier
	ApprovalOnce       Approval = "allow-once"    // a person allowed it at the prompt
	ApprovalSession    Approval = "allow-session" // ... and for the rest of the session
	ApprovalRule       Approval = "always-allow"  // ... and saved a rule
	ApprovalDenied     Approval = "denied"        // a person denied it, or the prompt ended without a choice
)

// Evaluate judges req: where it runs, the settings there, its verdict, and
// the decision of design §4 (before anyone is asked).
func Evaluate(req Request, env Env, deps Deps) (*Evaluation, error) {
	call := req.Call
	if call == nil {
		tool := "Bash"
		if req.Via == ViaExec {
			tool = "exec"
		}
		call = &hook.Call{Kind: hook.KindShell, Tool: tool, Command: req.Command}
	}
	// Before anything reads the call: a field past its bound is a limit,
	// and nothing more of the call is looked at (design §7).
	hook.Bound(call)
	cenv, err := classifyEnv(req, call, env)
	if err != nil {
		return nil, err
	}
	ev := &Evaluation{Request: req, Call: call, Display: displayOf(call), Workspace: cenv.Workspace, Approval: ApprovalNone}
	if call.SessionID != "" {
		ev.SessionID = SessionID(call.Agent, call.SessionID, env, req.Parent)
	} else {
		ev.SessionID = SessionID("", "", env, req.Parent)
	}
	ev.readSession(env, &deps)
	ev.Eff = LoadSettings(env, cenv.Workspace, req.Level, ev.Session, deps)
	cenv.PrefixMappings = ev.Eff.ClassifyMappings()

	var v classify.Verdict
	switch {
	case call.Over != nil:
		limit := classify.LimitToolInput
		if call.Over.IsCommand() {
			limit = classify.LimitSize
		}
		v = classify.PastLimit(limit, call.Over.String(), ev.Display)
	case call.Kind == hook.KindShell && call.PowerShell:
		r := classify.Reason{Rule: "powershell", Level: classify.High, Pos: classify.Pos{Line: 1, Col: 1}, Snippet: call.Command,
			Message: msgPowerShell}
		v = classify.Verdict{Level: classify.High, Reasons: []classify.Reason{r}, Floors: []classify.Reason{r}}
	case call.Kind == hook.KindShell:
		classifier := deps.Classify
		if classifier == nil {
			classifier = classify.Classify
		}
		v = classifier(call.Command, cenv)
		if cenv.Links, cenv.TreeLinks = linksFor(v, cenv, env); cenv.Links != nil || cenv.TreeLinks != nil {
			// a path is a link, or passes through one: judged again with
			// where each leads (design §2.6, "Links")
			v = classifier(call.Command, cenv)
		}
		if cenv.FoundSecrets = foundSecrets(v.Reads, v.ReadTrees, cenv.Workspace); cenv.FoundSecrets != nil {
			// a file read holds a private key, or a tree read whole
			// holds a secret: judged again with them (design §2.6,
			// "Secrets found on disk")
			v = classifier(call.Command, cenv)
		}
		if cenv.Existing = existingOf(v.MaybePaths); cenv.Existing != nil {
			// a word that names a file only if one is there names one
			// (git checkout FILE): judged again with it
			v = classifier(call.Command, cenv)
		}
	default:
		tc := toolCallOf(call)
		v = classify.ClassifyTool(tc, cenv)
		if cenv.Links, cenv.TreeLinks = linksFor(v, cenv, env); cenv.Links != nil || cenv.TreeLinks != nil {
			v = classify.ClassifyTool(tc, cenv)
		}
		if cenv.FoundSecrets = foundSecrets(v.Reads, v.ReadTrees, cenv.Workspace); cenv.FoundSecrets != nil {
			v = classify.ClassifyTool(tc, cenv)
		}
		v = ev.Eff.ApplyTool(v, call.Tool, call.Kind == hook.KindMCP)
	}
	ev.Res = ev.Eff.Apply(v)
	ev.home = env.Home
	if ev.runsUnboxedBesideBoxes() {
		start := cenv.Cwd
		if start == "" {
			start = cenv.Workspace
		}
		reach := boxReach{workspace: cenv.Workspace, temps: cenv.TempDirs, cwd: start, path: env.Path, env: env}
		ev.Res.Verdict = ev.unboxedRisks(ev.Res.Verdict, ev.Eff.Level.Value.Level, reach)
	}
	ev.decide(nil)
	return ev, nil
}

// confinable reports whether the call is one the box of the level in
// force could take: a shell call the caller can rewrite, not denied,
// bypassed, past a limit or dangerous, below high, in a workspace a box
// may write (BoxWorkspace).
func (ev *Evaluation) confinable() bool {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	return ev.Res.Deny == nil && !perm.Bypassed && v.Limit == classify.LimitNone && !v.Dangerous && perm.Level < classify.High &&
		ev.Call != nil && ev.Call.Kind == hook.KindShell && !ev.Call.PowerShell &&
		ev.Request.CanSandbox != nil && BoxWorkspace(ev.Workspace, ev.home) == ""
}

// boxOn reports whether the settings put calls within the level in
// their box. "sandbox": "off" from a project file turns off only row 4b
// (unseen code is asked about, not run boxed): a repository must not be
// able to take the box away from calls the level allows, which would
// make every misjudged call a hole again. Only the user's own settings
// (or the environment) run allowed calls unboxed.
func (ev *Evaluation) boxOn() bool {
	return ev.Eff.Sandbox.Value == settings.SandboxAuto || ev.Eff.Sandbox.Src.Kind == settings.FromProject
}

// canSandbox is Request.CanSandbox, asked once: finding out reads the
// kernel's settings.
func (ev *Evaluation) canSandbox() bool {
	if ev.canBox == nil {
		ok := ev.Request.CanSandbox != nil && ev.Request.CanSandbox()
		ev.canBox = &ok
	}
	return *ev.canBox
}

// runsUnboxedBesideBoxes reports whether the call is within the level
// and would run unboxed although boxes serve calls here: no box can
// serve it (design §4, "What the box cannot serve").
func (ev *Evaluation) runsUnboxedBesideBoxes() bool {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	within := v.Level <= perm.Level
	return within && ev.boxOn() && ev.confinable() && !v.Boxable() && ev.netBox() == NetNone && ev.canSandbox()
}

// facts gathers what design §4 depends on.
func (ev *Evaluation) facts(terminal func() bool) Facts {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	f := Facts{
		Deny:        ev.Res.Deny != nil,
		Bypassed:    perm.Bypassed,
		PastLimit:   v.Limit != classify.LimitNone,
		DenyRules:   len(ev.Eff.Deny) > 0,
		Within:      !v.Dangerous && v.Level <= perm.Level,
		Dangerous:   v.Dangerous,
		ModeBlock:   ev.Eff.Mode.Value == settings.ModeBlock,
		Terminal:    terminal,
		AgentCanAsk: ev.Request.AgentCanAsk,
	}
	// The box of the level in force, for a shell call the caller can
	// confine; finding out whether it can reads the kernel's settings, so
	// it is asked last, and only where a box row could decide.
	auto := ev.Eff.Sandbox.Value == settings.SandboxAuto
	confinable := ev.confinable()
	boxable := confinable && v.Boxable()
	switch {
	case ev.boxOn() && f.Within && (boxable || confinable && ev.netBox() != NetNone):
		f.Boxed = ev.canSandbox()
	case !f.Deny && !f.Bypassed && !f.PastLimit && !f.Within && !v.Dangerous:
		// Reading the session's approvals only matters past the first rows.
		f.Remembered = ev.Session.Approved(ev.Display, ev.Workspace, v.Level)
		// a server, code nobody has seen that runs on, is served by the
		// box whose ports are reached from outside (design §4, "Servers
		// in the box")
		serveable := confinable && ev.netBox() == NetServe
		f.Sandboxed = (boxable || serveable) && auto && v.LevelBesidesUnseen() <= perm.Level && ev.canSandbox()
	}
	if ev.Answer != nil {
		f.Answered, f.PersonAllowed = true, ev.Answer.Choice.Allows()
	}
	if ev.Request.Hypothetical {
		f.Terminal = func() bool { return true }
	}
	return f
}

// decide sets the outcome from the facts as they are now.
func (ev *Evaluation) decide(terminal func() bool) {
	ev.Outcome = Decide(ev.facts(terminal))
	if ev.Outcome.Row == RowRemembered {
		ev.Approval = ApprovalRemembered
	}
}

// readSession reads what the session has been granted, and notes the
// state directory for what the person grants next.
func (ev *Evaluation) readSession(env Env, deps *Deps) {
	if env.StateDirErr != nil || ev.SessionID == "" {
		return
	}
	ev.StateDir = env.StateDir
	s, p := settings.ReadSession(env.StateDir, ev.SessionID, deps.now())
	if p != nil {
		warnf(deps.errOut(), "%s", Printable(p.String()))
	}
	ev.Session = s
}

// SessionID names the session a call belongs to (issue 5): the agent's
// own session id; else $PERMGUARD_SESSION; else the process that ran
// permguard (the shell a person types in, or the agent), identified with
// its start time so that a reused pid is a new session. The prefixes keep
// the three kinds apart.
func SessionID(agent hook.Agent, agentSession string, env Env, parent string) string {
	switch {
	case agentSession != "":
		return "agent:" + string(agent) + ":" + agentSession
	case env.Session != "":
		return "env:" + env.Session
	case parent != "":
		return "process:" + parent
	}
	return ""
}

// ReadSession returns what the session id has been granted, warning on
// errOut about a state file that cannot be read.
func ReadSession(env Env, id string, deps Deps) settings.Session {
	if env.StateDirErr != nil || id == "" {
		return settings.Session{}
	}
	s, p := settings.ReadSession(env.StateDir, id, deps.now())
	if p != nil {
		warnf(deps.errOut(), "%s", Printable(p.String()))
	}
	return s
}
