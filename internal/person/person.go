// Package person is the vocabulary of reaching a person: the question put
// to them about one tool call, their answer, and the notification that
// tells them they are waited for. It holds no UI: internal/prompt asks on
// the terminal (huh), internal/notify notifies the desktop (beeep), and the
// engine (internal/guard) speaks only these types, so that judging a call
// never loads a UI library.
package person

import (
	"context"
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

// Allows reports a choice that lets the call run.
func (c Choice) Allows() bool { return c == AllowOnce || c == AllowSession || c == AlwaysAllow }

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

// Asker puts a question to a person. It promises that an answer other than
// Deny only ever comes from the person's explicit choice.
type Asker interface {
	Ask(ctx context.Context, q Question) Answer
}

// Message is one notification.
type Message struct {
	Title, Body string
	// Critical asks the desktop to keep it until dismissed (the
	// "persistent" setting).
	Critical bool
}

// Notifier sends notifications and says whether the person is already
// looking at the terminal.
type Notifier interface {
	Notify(ctx context.Context, m Message) error
	// Focused reports whether the terminal permguard runs in has the
	// person's attention; known is false when that cannot be told.
	Focused(ctx context.Context) (focused, known bool)
}

// NotifyTimeout bounds one notification; past it the send is abandoned.
const NotifyTimeout = 500 * time.Millisecond
