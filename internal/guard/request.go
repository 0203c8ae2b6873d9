package guard

import (
	"io"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/person"
)

// Via is the command through which a call came: the "via" of the audit log.
type Via string

const (
	ViaCheck   Via = "check"
	ViaHook    Via = "hook"
	ViaExec    Via = "exec"
	ViaExplain Via = "explain" // never settled, never logged
)

// Request is what is judged, and what the caller can do.
type Request struct {
	Via Via
	// Command is a shell command a person or a script gave (check, exec);
	// Call a tool call an agent sent, or that was piped to check. Exactly
	// one is set.
	Command string
	Call    *hook.Call

	Level string // --level: the level to judge at; "" when not given
	Cwd   string // --cwd: the workspace; "" when not given

	// Wd is the process's working directory, or WdErr why it is unknown.
	Wd    string
	WdErr error
	// Parent identifies the process that ran permguard, for the session
	// of a call that names none (see [SessionID]).
	Parent string
	// Self is the path of the running permguard binary, or "": the
	// agents run it as their hook, so replacing it switches the guard off.
	Self string

	// Terminal: a person or a script called permguard (check, exec), so a
	// person may be asked at the terminal when one can be opened. Never
	// for an agent's hook: the agent owns the terminal (Claude Code and
	// Codex run hooks with none; Gemini CLI's screen hides a prompt and
	// kills the hook at its timeout).
	Terminal bool
	// AgentCanAsk: the reply may be "ask", which the agent's own prompt
	// puts to a person.
	AgentCanAsk bool
	// CanSandbox: the caller runs the call confined to the build
	// profile when it is allowed only that way (design §4, sandboxed
	// allow): an agent whose dialect rewrites the call to run under
	// `permguard exec --sandbox=require --profile build`, or that exec.
	// A function, called only when the sandboxed allow could decide,
	// because finding out reads the kernel's settings: nil is false.
	CanSandbox func() bool
	// Hypothetical: decide as if a person could be asked, and ask nobody
	// (explain).
	Hypothetical bool
}

// Deps is what the engine needs from the process besides the environment.
type Deps struct {
	// Classify is the classifier; tests replace it to pin a verdict.
	Classify func(src string, env classify.Env) classify.Verdict
	Now      func() time.Time
	// ErrOut receives warnings: settings that cannot be read, an audit
	// record that could not be written.
	ErrOut io.Writer
	// Terminal opens the prompt on the controlling terminal; nil, or an
	// error, means no person can be asked there.
	Terminal func(accessible bool) (person.Asker, error)
	// Notifier tells a person they are waited for; nil sends nothing.
	Notifier person.Notifier
}

func (d *Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

func (d *Deps) errOut() io.Writer {
	if d.ErrOut == nil {
		return io.Discard
	}
	return d.ErrOut
}
