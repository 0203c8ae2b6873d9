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
)

// Choice is what the person chose.
type Choice int

// The choices, in the order they are offered. Deny is first so that it is
// the default: huh binds the highlighted option before anyone presses a key.
const (
	Deny Choice = iota
	AllowOnce
	AllowSession   // remembered for this session
	AlwaysAllow    // saved as an allow rule
	DenyWithReason // the reason goes back to the agent
)

var choiceLabels = [...]string{
	Deny:           "Deny",
	AllowOnce:      "Allow once",
	AllowSession:   "Allow for this session",
	AlwaysAllow:    "Always allow (save a rule)",
	DenyWithReason: "Deny and tell the agent why",
}

func (c Choice) String() string {
	if c < 0 || int(c) >= len(choiceLabels) {
		return "Deny"
	}
	return choiceLabels[c]
}

// DefaultTimeout is how long a person has to answer when the question
// names no timeout.
const DefaultTimeout = 120 * time.Second

// Question is what the person is asked about one tool call.
type Question struct {
	Command   string   // the call as shown to a person
	Needs     string   // the level it needs, "high" or "high, dangerous"
	Level     string   // the level in force
	Dangerous bool     // only Deny and AllowOnce are offered, and AllowOnce needs Confirm
	Reasons   []string // every reason, in plain words, one per line
	// Choices offered besides Deny (which is always offered, first).
	// AllowSession and AlwaysAllow are never offered for a dangerous call.
	Choices []Choice
	// Pattern is the allow rule AlwaysAllow suggests; the person may edit
	// it. ValidatePattern, when set, rejects an edit that would not work.
	Pattern         string
	ValidatePattern func(string) error
	Confirm         Confirm
	Timeout         time.Duration // 0 means DefaultTimeout
}

// Confirm is what a dangerous call's AllowOnce must be confirmed with.
type Confirm struct {
	// Verify checks the approval PIN; when nil, the person types Word.
	Verify func(pin string) bool
	Word   string
}

// Answer is the person's answer. For any outcome but an explicit choice,
// Choice is Deny and Why says what happened.
type Answer struct {
	Choice  Choice
	Pattern string // AlwaysAllow: the rule to save
	Reason  string // DenyWithReason: the person's words for the agent
	Why     string // Deny without a choice: "nobody answered within 2m0s", "the prompt was interrupted", ...
	// TimedOut: nobody answered before the timeout. The audit log records
	// a timeout apart from a person's denial.
	TimedOut bool
}

// Denied returns the answer for a prompt that ended without a choice.
func Denied(why string) Answer { return Answer{Choice: Deny, Why: why} }

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
