package cli

import (
	"runtime"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/notify"
	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/settings"
)

// callOptions is what every command that judges a call (check, hook,
// exec, explain) takes from the process, and the one place the engine's
// request and dependencies are made from it.
type callOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	Parent func() string // see guard.SessionID
	// Executable finds the running binary, which the engine protects
	// like the agents' hook files; nil or an error leaves it unprotected.
	Executable func() (string, error)

	// Terminal and Notifier reach a person when a call needs approval;
	// explain leaves them nil.
	Terminal openTerminal
	Notifier notify.Notifier

	// Classify is the classifier; tests replace it to pin a verdict.
	Classify func(src string, env classify.Env) classify.Verdict

	// Namespaces reports why no box can be made here; nil means none
	// ever can.
	Namespaces func() error
}

func newCallOptions(f *Factory) callOptions {
	return callOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Parent: f.Parent,
		Executable: f.Executable, Terminal: f.Terminal, Notifier: f.Notifier, Classify: classify.Classify,
		Namespaces: f.Namespaces}
}

// canBox reports whether a call can run in the box of a level here: the
// box is permguard's own exec (self), on Linux, where the kernel lets it
// make the namespaces. Elsewhere every call is decided as without boxes.
func (o *callOptions) canBox(self string) bool {
	return self != "" && runtime.GOOS == "linux" && o.Namespaces != nil && o.Namespaces() == nil
}

// request is the engine's request for a call through via; level and cwd
// are the --level and --cwd flags, "" when not given.
func (o *callOptions) request(via guard.Via, level, cwd string) guard.Request {
	req := guard.Request{Via: via, Level: level, Cwd: cwd}
	req.Wd, req.WdErr = o.Getwd()
	if o.Parent != nil {
		req.Parent = o.Parent()
	}
	if o.Executable != nil {
		if exe, err := o.Executable(); err == nil {
			req.Self = exe
		}
	}
	return req
}

// deps is what the engine needs from the process.
func (o *callOptions) deps() guard.Deps {
	d := guard.Deps{Classify: o.Classify, Now: o.Now, ErrOut: o.IO.ErrOut}
	if o.Terminal != nil {
		d.Terminal = func(accessible bool) (person.Asker, error) { return o.Terminal(accessible) }
	}
	if o.Notifier != nil {
		d.Notifier = o.Notifier
	}
	return d
}

// asker puts a question to a person (see person.Asker).
type asker = person.Asker

// openTerminal is the Factory's way to reach a person: an asker on the
// controlling terminal, or why there is none.
type openTerminal func(accessible bool) (asker, error)

// permissionNames is the list of valid permission values, for hints.
func permissionNames() string {
	return strings.Join(settings.PermissionNames(), ", ")
}

// The engine's text helpers, under the names this package has always
// used.
var (
	printable  = guard.Printable
	shellQuote = guard.Quote
)
