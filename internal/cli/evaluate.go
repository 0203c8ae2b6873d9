package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/permguard/permguard/internal/classify"
	"github.com/permguard/permguard/internal/hook"
	"github.com/permguard/permguard/internal/notify"
	"github.com/permguard/permguard/internal/prompt"
	"github.com/permguard/permguard/internal/settings"
)

// callOptions is what every command that judges a call (check, hook,
// exec, explain) takes from the process, and the one place the inputs of
// judging, asking and logging are made from it.
type callOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	Parent func() string // see sessionID

	// Terminal and Notifier reach a person when a call needs approval;
	// explain leaves them nil.
	Terminal openTerminal
	Notifier notify.Notifier

	// Classify is the classifier; tests replace it to pin a verdict.
	Classify func(src string, env classify.Env) classify.Verdict
}

func newCallOptions(f *Factory) callOptions {
	return callOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Parent: f.Parent,
		Terminal: f.Terminal, Notifier: f.Notifier, Classify: classify.Classify}
}

// evalInputs is what judging the call needs; level and cwd are the
// --level and --cwd flags, "" when not given.
func (o *callOptions) evalInputs(level, cwd string) evalInputs {
	return evalInputs{getenv: o.Getenv, getwd: o.Getwd, errOut: o.IO.ErrOut, now: o.Now, classify: o.Classify,
		flagLevel: level, flagCwd: cwd, parent: o.Parent}
}

// askInputs is what asking a person needs.
func (o *callOptions) askInputs() askInputs {
	return askInputs{getenv: o.Getenv, now: o.Now, errOut: o.IO.ErrOut, terminal: o.Terminal, notifier: o.Notifier}
}

// evalInputs is what judging one call needs from the process.
type evalInputs struct {
	getenv    func(string) string
	getwd     func() (string, error)
	errOut    io.Writer
	now       func() time.Time
	classify  func(string, classify.Env) classify.Verdict
	flagLevel string // check --level
	flagCwd   string // check --cwd
	// parent identifies the process that ran permguard, for the session
	// of a call that names none (see sessionID).
	parent func() string
}

// evaluation is what permguard concluded about one call: the verdict after
// the settings, and the decision of design §4.
type evaluation struct {
	call     *hook.Call
	display  string
	res      settings.Result
	eff      *settings.Effective
	decision decision // allow, ask (needs a person) or block

	workspace string // where the call runs, as classified
	stateDir  string // "" when not known
	sessionID string // "" when not known
	approval  approval
	answer    *prompt.Answer // when a person was asked at the terminal
	exec      bool           // the call is permguard exec's program and arguments
}

// evaluateCall judges call: where it runs, the settings there, its
// verdict, and the decision.
func evaluateCall(call *hook.Call, in evalInputs) (evaluation, error) {
	if in.now == nil {
		in.now = time.Now
	}
	env, err := callEnv(call, in)
	if err != nil {
		return evaluation{}, err
	}
	senv := settingsEnv{Getenv: in.getenv, Now: in.now, ErrOut: in.errOut}
	ev := evaluation{call: call, display: displayOf(call), workspace: env.Workspace, sessionID: sessionID(call, in.getenv, in.parent), approval: approvalNone}
	sess := ev.readSession(senv)
	eff := loadSettings(senv, env.Workspace, in.flagLevel, sess)
	env.PrefixMappings = eff.ClassifyMappings()
	ev.eff = eff

	var v classify.Verdict
	switch {
	case call.Kind == hook.KindShell && call.PowerShell:
		r := classify.Reason{Rule: "powershell", Level: classify.High, Pos: classify.Pos{Line: 1, Col: 1}, Snippet: call.Command,
			Message: "is a PowerShell command: permguard reads POSIX shell only, so what it does is unknown"}
		v = classify.Verdict{Level: classify.High, Reasons: []classify.Reason{r}, Floors: []classify.Reason{r}}
	case call.Kind == hook.KindShell:
		v = in.classify(call.Command, env)
	default:
		v = classify.ClassifyTool(toolCallOf(call), env)
		v = eff.ApplyTool(v, call.Tool, call.Kind == hook.KindMCP)
	}
	ev.res = eff.Apply(v)
	ev.decision = decide(ev.res, eff.Level.Value)
	if ev.decision == decisionBlock && ev.res.Deny == nil {
		// design §4 step 4, before the mode: what the person allowed for
		// this session stays allowed; a dangerous call never is.
		v := ev.res.Verdict
		switch {
		case !v.Dangerous && sess.Approved(ev.display, ev.workspace, v.Level):
			ev.decision, ev.approval = decisionAllow, approvalRemembered
		case eff.Mode.Value == settings.ModeAsk:
			ev.decision = decisionAsk
		}
	}
	return ev, nil
}

// readSession returns what the session has been granted, and notes the
// state directory for what the person grants next.
func (ev *evaluation) readSession(env settingsEnv) settings.Session {
	dir, err := StateDir(env.Getenv)
	if err != nil || ev.sessionID == "" {
		return settings.Session{}
	}
	ev.stateDir = dir
	s, p := settings.ReadSession(dir, ev.sessionID, env.Now())
	if p != nil {
		warnf(env.ErrOut, "%s", printable(p.String()))
	}
	return s
}

// callEnv returns where call runs. The workspace is --cwd, else the
// project the agent names, else the call's cwd, else the current
// directory. The call's own cwd, when it is elsewhere, is where the command
// starts.
func callEnv(call *hook.Call, in evalInputs) (classify.Env, error) {
	var env classify.Env
	wd, wdErr := in.getwd()
	absolute := func(dir, what string) (string, error) {
		if filepath.IsAbs(dir) {
			return filepath.Clean(dir), nil
		}
		if wdErr != nil {
			return "", fmt.Errorf("bad %s: cannot resolve %q: %w", what, dir, wdErr)
		}
		return filepath.Join(wd, dir), nil
	}
	cwd := ""
	if call.Cwd != "" {
		c, err := absolute(call.Cwd, "cwd in the tool call")
		if err != nil {
			return env, err
		}
		cwd = c
	}
	project := hookWorkspace(call, in.getenv)
	switch {
	case in.flagCwd != "":
		ws, err := absolute(in.flagCwd, "--cwd")
		if err != nil {
			return env, err
		}
		env.Workspace = ws
	case project != "":
		env.Workspace = project
	case cwd != "":
		env.Workspace = cwd
	case wdErr == nil:
		env.Workspace = filepath.Clean(wd)
	}
	// An unknown workspace stays empty: every path is then outside it.
	start := cwd
	if call.Dir != "" {
		base := start
		if base == "" {
			base = env.Workspace
		}
		if filepath.IsAbs(call.Dir) {
			start = filepath.Clean(call.Dir)
		} else if base != "" {
			start = filepath.Join(base, call.Dir)
		}
	}
	if start != "" && start != env.Workspace {
		env.Cwd = start
	}

	if home := in.getenv("HOME"); filepath.IsAbs(home) {
		env.Home = filepath.Clean(home)
	}
	env.TempDirs = []string{"/tmp", "/var/tmp"}
	if tmp := in.getenv("TMPDIR"); filepath.IsAbs(tmp) {
		tmp = filepath.Clean(tmp)
		if tmp != "/tmp" && tmp != "/var/tmp" {
			env.TempDirs = append(env.TempDirs, tmp)
		}
	}
	// Where permguard keeps its settings and state, when they are not in
	// the default places the classifier already protects.
	for _, dir := range []func(func(string) string) (string, error){ConfigDir, StateDir} {
		if d, err := dir(in.getenv); err == nil && d != "" && !isDefaultOwnDir(d, env.Home) {
			env.OwnDirs = append(env.OwnDirs, d)
		}
	}
	return env, nil
}

// isDefaultOwnDir reports a directory the classifier protects anyway.
func isDefaultOwnDir(d, home string) bool {
	return home != "" && (d == filepath.Join(home, ".config", "permguard") || d == filepath.Join(home, ".local", "state", "permguard"))
}

// toolKinds maps the decoder's kinds to the classifier's; a kind not here
// is unknown, and high.
var toolKinds = map[hook.Kind]classify.ToolKind{
	hook.KindFileRead: classify.ToolFileRead, hook.KindFileWrite: classify.ToolFileWrite,
	hook.KindFileDelete: classify.ToolFileDelete, hook.KindWeb: classify.ToolWeb,
	hook.KindBookkeeping: classify.ToolBookkeeping, hook.KindMCP: classify.ToolMCP,
}

// toolCallOf turns a decoded call into the classifier's tool call.
func toolCallOf(call *hook.Call) classify.ToolCall {
	return classify.ToolCall{Kind: toolKinds[call.Kind], Name: call.Tool, Paths: call.Paths, Target: call.Target, MCPTool: call.MCPTool}
}

// displayOf is how a call is shown to a person: the command, or the tool
// and what it is about.
func displayOf(call *hook.Call) string {
	if call.Kind == hook.KindShell {
		return call.Command
	}
	parts := []string{call.Tool}
	if len(call.Paths) > 0 {
		parts = append(parts, call.Paths...)
	} else if call.Target != "" && call.Kind != hook.KindMCP {
		parts = append(parts, call.Target)
	}
	return strings.Join(parts, " ")
}

// blockText is the block message of design §4 for this evaluation.
func (ev evaluation) blockText() string {
	if ev.res.Deny != nil {
		return denyMessage(ev.display, ev.res.Deny)
	}
	perm := ev.eff.Level.Value
	b := blockInfo{perm: perm, tool: ev.call.Kind != hook.KindShell, exec: ev.exec}
	if ev.eff.Capped && !ev.res.Verdict.Dangerous && ev.res.Verdict.Level > perm.Level {
		b.capped = &ev.eff.Level.Src
	}
	return blockMessage(ev.display, ev.res.Verdict, b)
}

// hookReply is the answer to the agent.
func (ev evaluation) hookReply() hook.Reply {
	v := ev.res.Verdict
	switch {
	case ev.decision == decisionAllow && ev.approval != approvalNone:
		text := "permguard: " + ev.personText()
		return hook.Reply{Decision: hook.Allow, Reason: text, Summary: text}
	case ev.decision == decisionAllow:
		return hook.Reply{Decision: hook.Allow, Quiet: ev.eff.HookAllow.Value == settings.HookAllowDefer,
			Reason: fmt.Sprintf("permguard: allowed at level %s (%s): %s", ev.eff.Level.Value, verdictLabel(v), printable(mainReason(v)))}
	case ev.decision == decisionAsk && hook.CanAsk(ev.call) && !v.Dangerous:
		// A dangerous call is never put to the agent's own prompt: that is
		// one click, and design §1 asks for a typed confirmation.
		var b strings.Builder
		fmt.Fprintf(&b, "permguard: needs %s, the level in force is %s — %s", verdictLabel(v), ev.eff.Level.Value, printable(mainReason(v)))
		for _, r := range v.Reasons {
			if r.Level > ev.eff.Level.Value.Level || r.Dangerous {
				fmt.Fprintf(&b, "\n  %s", printable(r.String()))
			}
		}
		return hook.Reply{Decision: hook.Ask, Reason: b.String(),
			Summary: fmt.Sprintf("permguard: needs %s — %s", verdictLabel(v), printable(mainReason(v)))}
	case ev.answer != nil:
		text := printable(ev.personText())
		return hook.Reply{Decision: hook.Deny, Reason: displayCommand(ev.display) + "\npermguard: " + text, Summary: "permguard: " + text}
	default:
		summary := fmt.Sprintf("permguard blocked this: it needs %s (level %s) — %s", verdictLabel(v), ev.eff.Level.Value, printable(mainReason(v)))
		if ev.res.Deny != nil {
			summary = fmt.Sprintf("permguard blocked this: deny rule %q (%s)", ev.res.Deny.Rule.Pattern(), ev.res.Deny.Rule.Src)
		}
		return hook.Reply{Decision: hook.Deny, Reason: strings.TrimSuffix(ev.blockText(), "\n"), Summary: printable(summary)}
	}
}
