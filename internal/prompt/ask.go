package prompt

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
	"unicode"
)

// ui is one way of putting a question on a terminal: the huh form or
// plain numbered lines. Each method returns an error when it ends without
// an answer (timeout, interrupt, end of input), and the flow denies.
type ui interface {
	choose(ctx context.Context, q Question, choices []Choice) (Choice, error)
	input(ctx context.Context, f field) (string, error)
}

// field is one line of text to ask for.
type field struct {
	title, desc string
	value       string // the starting value, which Enter keeps
	secret      bool   // not echoed (the PIN)
	validate    func(string) error
}

// ask runs the whole exchange on u: the choice, then what the choice
// needs (the confirmation, the rule, the reason).
func ask(ctx context.Context, u ui, q Question) Answer {
	timeout := timeoutOf(q)
	choice, err := u.choose(ctx, q, offered(q))
	if err != nil || ctx.Err() != nil {
		return ended(ctx, err, timeout)
	}
	switch {
	case choice == AllowOnce && q.Dangerous:
		f := field{title: "This is dangerous. Type the approval PIN to allow it once", secret: true}
		word := q.Confirm.Word
		if q.Confirm.Verify == nil {
			if word == "" {
				word = confirmWord()
			}
			f = field{title: fmt.Sprintf("This is dangerous. Type %q to allow it once", word)}
		}
		typed, err := u.input(ctx, f)
		if err != nil || ctx.Err() != nil {
			return ended(ctx, err, timeout)
		}
		typed = strings.TrimSpace(typed)
		ok := typed != "" && (q.Confirm.Verify != nil && q.Confirm.Verify(typed) || q.Confirm.Verify == nil && typed == word)
		if !ok {
			return Denied("the confirmation did not match")
		}
		return Answer{Choice: AllowOnce}
	case choice == AlwaysAllow:
		validate := q.ValidatePattern
		if validate == nil {
			validate = func(string) error { return nil }
		}
		rule, err := u.input(ctx, field{
			title: "Rule to save (Enter keeps it; end it with \" *\" to allow every command that starts this way)",
			value: q.Pattern,
			validate: func(s string) error {
				if strings.TrimSpace(s) == "" {
					return fmt.Errorf("the rule is empty")
				}
				return validate(s)
			},
		})
		if err != nil || ctx.Err() != nil {
			return ended(ctx, err, timeout)
		}
		return Answer{Choice: AlwaysAllow, Pattern: rule}
	case choice == DenyWithReason:
		reason, err := u.input(ctx, field{title: "Tell the agent why (Enter sends it)"})
		if err != nil || ctx.Err() != nil {
			// it is a denial either way; the words are lost
			a := ended(ctx, err, timeout)
			a.Choice = DenyWithReason
			return a
		}
		return Answer{Choice: DenyWithReason, Reason: clean(strings.TrimSpace(reason))}
	case choice == Deny:
		return Answer{Choice: Deny, Why: "denied at the prompt"}
	}
	return Answer{Choice: choice}
}

// confirmWords are easy to read and to type; the number makes the word
// differ from one prompt to the next, so it cannot be typed ahead.
var confirmWords = []string{
	"amber", "birch", "cedar", "delta", "ember", "fjord", "garnet", "harbor",
	"indigo", "juniper", "kestrel", "lantern", "meadow", "nutmeg", "orchid", "pebble",
	"quartz", "raven", "saffron", "thistle", "umber", "violet", "willow", "yarrow",
}

func confirmWord() string {
	w, err1 := rand.Int(rand.Reader, big.NewInt(int64(len(confirmWords))))
	n, err2 := rand.Int(rand.Reader, big.NewInt(90))
	if err1 != nil || err2 != nil {
		// crypto/rand does not fail on supported systems; if it did, a
		// fixed word would still need typing
		return "confirm-dangerous"
	}
	return fmt.Sprintf("%s-%d", confirmWords[w.Int64()], 10+n.Int64())
}

// details is the body of the question: what the call is and why it needs
// a person.
func details(q Question) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", clean(q.Command))
	fmt.Fprintf(&b, "needs %s; the level in force is %s\n", clean(q.Needs), clean(q.Level))
	for _, r := range q.Reasons {
		fmt.Fprintf(&b, "  %s\n", clean(r))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func headline(q Question) string {
	if q.Dangerous {
		return "permguard: allow this DANGEROUS call?"
	}
	return "permguard: allow this call?"
}

// clean makes text safe to put on a terminal: control characters (which
// could move the cursor or rewrite what the person reads) are shown as
// escapes, except newlines and tabs.
func clean(s string) string {
	if strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) && r != '\n' && r != '\t' || r == unicode.ReplacementChar
	}) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
