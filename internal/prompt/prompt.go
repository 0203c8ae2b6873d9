// Package prompt asks a person, on the controlling terminal, whether a tool
// call may run. It owns the terminal: opening /dev/tty, refusing to touch it
// from a background process group, the huh form and the plain-text
// (accessible) form, the timeout, and turning every failure into a denial.
//
// It knows nothing of levels or settings: the caller turns a verdict into a
// [Question] and acts on the [Answer]. The promise it keeps is that an
// answer other than [Deny] only ever comes from a person's explicit choice:
// a timeout, Ctrl-C, end of input, a signal or any error is a denial, and
// nothing is written to stdout.
package prompt

import (
	"context"
	"errors"
	"time"

	"github.com/agent-permguard/permguard/internal/person"
)

// The vocabulary of asking is package person's, so that the engine can
// speak it without loading this package's UI.
type (
	Choice   = person.Choice
	Question = person.Question
	Confirm  = person.Confirm
	Answer   = person.Answer
)

// The choices, Deny first (see person.Choice).
const (
	Deny           = person.Deny
	AllowOnce      = person.AllowOnce
	AllowSession   = person.AllowSession
	AlwaysAllow    = person.AlwaysAllow
	DenyWithReason = person.DenyWithReason
)

// DefaultTimeout is how long a person has to answer when the question
// names no timeout.
const DefaultTimeout = person.DefaultTimeout

// OpenTerminal opens the controlling terminal (see [Open]) and returns
// the prompt on it: how permguard reaches a person at a terminal.
func OpenTerminal(accessible bool) (person.Asker, error) {
	tty, err := Open()
	if err != nil {
		return nil, err
	}
	return NewTerminal(tty, accessible), nil
}

// Denied returns the answer for a prompt that ended without a choice.
func Denied(why string) Answer { return person.Denied(why) }

// Errors that say no person can be asked here.
var (
	ErrNoTerminal = errors.New("no controlling terminal")
	ErrBackground = errors.New("not in the terminal's foreground process group")
)

// offered returns the choices to show for q, Deny first, without
// duplicates and without what a dangerous call may not have.
func offered(q Question) []Choice {
	out := []Choice{Deny}
	seen := map[Choice]bool{Deny: true}
	for _, c := range q.Choices {
		if seen[c] || c < Deny || c > DenyWithReason {
			continue
		}
		if q.Dangerous && (c == AllowSession || c == AlwaysAllow) {
			continue
		}
		seen[c] = true
		out = append(out, c)
	}
	return out
}

func timeoutOf(q Question) time.Duration {
	if q.Timeout > 0 {
		return q.Timeout
	}
	return DefaultTimeout
}

// ended is the answer of a prompt that ended without a choice.
func ended(ctx context.Context, err error, timeout time.Duration) Answer {
	a := Denied(why(ctx, err, timeout))
	a.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
	return a
}

// why says why a prompt ended without a choice.
func why(ctx context.Context, err error, timeout time.Duration) string {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "nobody answered within " + timeout.String()
	case ctx.Err() != nil:
		return "the prompt was interrupted"
	case err != nil:
		return "the prompt failed: " + err.Error()
	}
	return "no choice was made"
}
