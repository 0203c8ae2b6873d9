// Package notify sends the desktop notification that tells a person
// permguard is waiting for them. It owns the traps of doing that from a
// short-lived process (go-notes §4c): only beeep.Notify is used (Alert and
// Beep write a BEL to stdout, which is the hook's reply), every send has a
// timeout (a bus that accepts and never answers would hang forever), and
// nothing is sent when there is no session bus (D-Bus would otherwise
// autolaunch a daemon per call and leave it running).
//
// A notification is a courtesy: callers ignore its errors, and nothing in
// this package can change a decision.
package notify

import (
	"context"
	"errors"
	"time"

	"github.com/agent-permguard/permguard/internal/person"
)

// Message and Notifier are package person's, so that the engine can
// speak them without loading beeep.
type (
	Message  = person.Message
	Notifier = person.Notifier
)

// Timeout bounds one notification; past it the send is abandoned.
const Timeout = person.NotifyTimeout

// ErrNoBus means no notification was sent because there is no desktop
// session bus to send it on.
var ErrNoBus = errors.New("no desktop session bus")

// Nop sends nothing.
type Nop struct{}

// Notify does nothing.
func (Nop) Notify(context.Context, Message) error { return nil }

// Focused says the focus is unknown.
func (Nop) Focused(context.Context) (bool, bool) { return false, false }

// withTimeout runs send in a goroutine and gives up after d: libraries
// that talk to a bus or run a helper take no context of their own. A send
// that is abandoned keeps running until the process exits.
func withTimeout(ctx context.Context, d time.Duration, send func() error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- send() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
