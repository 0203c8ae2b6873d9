package cli

import (
	"fmt"
	"strings"

	"github.com/permguard/permguard/internal/classify"
)

// permission is an effective permission level: one of the classifier's
// levels, or bypassed, which is a setting and never a verdict.
type permission struct {
	level    classify.Level
	bypassed bool
}

func (p permission) String() string {
	if p.bypassed {
		return "bypassed"
	}
	return p.level.String()
}

// parsePermission parses a --level or PERMGUARD_LEVEL value.
func parsePermission(s string) (permission, bool) {
	if strings.EqualFold(s, "bypassed") {
		return permission{bypassed: true}, true
	}
	l, ok := classify.ParseLevel(s)
	return permission{level: l}, ok
}

// permissionNames is the list of valid permission values, for hints.
func permissionNames() string {
	var names []string
	for _, l := range classify.Levels() {
		names = append(names, l.String())
	}
	return strings.Join(append(names, "bypassed"), ", ")
}

// allows says, in the words a user sees, what p allows.
func (p permission) allows() string {
	if p.bypassed {
		return "everything: all checks are off"
	}
	switch p.level {
	case classify.Minimal:
		return "read-only: no file changes, no network"
	case classify.Low:
		return "file writes inside the workspace"
	case classify.Medium:
		return "development work: build, test, install dependencies, local git"
	default:
		return "everything except dangerous commands"
	}
}

// decision is what permguard does with a command. The strings are API: they
// are the "decision" field of check --json.
type decision string

const (
	decisionAllow decision = "allow"
	decisionAsk   decision = "ask" // a person is asked; not produced until prompting exists
	decisionBlock decision = "block"
)

// decide applies design §4 with what exists so far: there are no deny rules,
// no remembered approvals and no prompts yet.
func decide(v classify.Verdict, p permission) decision {
	switch {
	case p.bypassed:
		return decisionAllow
	case !v.Dangerous && v.Level <= p.level:
		return decisionAllow
	default:
		// Approval is needed, and nobody can be asked yet: block.
		return decisionBlock
	}
}

// mainReason returns the message of the reason that set the verdict: the
// first whose level and dangerous flag equal the verdict's.
func mainReason(v classify.Verdict) string {
	for _, r := range v.Reasons {
		if r.Level == v.Level && r.Dangerous == v.Dangerous {
			return r.Message
		}
	}
	// The classifier promises a matching reason; fail soft in the message.
	for _, r := range v.Reasons {
		if r.Dangerous == v.Dangerous {
			return r.Message
		}
	}
	return "no reason given"
}

// maxRerunBytes bounds the command repeated in the block message's re-run
// line; longer commands are not repeated.
const maxRerunBytes = 4096

// blockMessage renders the block message of design §4: exactly four lines,
// each ending in a newline.
func blockMessage(command string, v classify.Verdict, p permission) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", displayCommand(command))
	fmt.Fprintf(&b, "Blocked by permission (%s). Allowed at this level: %s\n", p, p.allows())
	needs := v.Level.String()
	if v.Dangerous {
		needs += ", dangerous"
	}
	fmt.Fprintf(&b, "Needs: %s — %s\n", needs, printable(mainReason(v)))
	switch {
	case v.Dangerous:
		b.WriteString("Only a person can approve this: it is dangerous at every level.\n")
	case len(command) > maxRerunBytes:
		fmt.Fprintf(&b, "User can re-run with: PERMGUARD_LEVEL=%s permguard check COMMAND (the command is %d bytes, too long to repeat)\n", v.Level, len(command))
	default:
		fmt.Fprintf(&b, "User can re-run with: PERMGUARD_LEVEL=%s permguard check %s\n", v.Level, shellQuote(command))
	}
	return b.String()
}
