package cli

import (
	"fmt"
	"strings"

	"github.com/permguard/permguard/internal/classify"
	"github.com/permguard/permguard/internal/settings"
)

// permissionNames is the list of valid permission values, for hints.
func permissionNames() string {
	return strings.Join(settings.PermissionNames(), ", ")
}

// allows says, in the words a user sees, what p allows.
func allows(p settings.Permission) string {
	if p.Bypassed {
		return "everything: all checks are off except deny rules"
	}
	switch p.Level {
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
	decisionAsk   decision = "ask" // a person must approve: the hook asks through the agent; check blocks
	decisionBlock decision = "block"
)

// decide applies design §4 with what exists so far: deny rules and levels;
// there are no remembered approvals and no prompts yet, so whatever needs
// approval is blocked whatever the mode.
func decide(res settings.Result, p settings.Permission) decision {
	v := res.Verdict
	switch {
	case res.Deny != nil:
		return decisionBlock // even when bypassed
	case p.Bypassed:
		return decisionAllow
	case !v.Dangerous && v.Level <= p.Level:
		return decisionAllow
	default:
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

// blockInfo is what the block message says about the level in force.
type blockInfo struct {
	perm settings.Permission
	// capped is the file that capped the level, when the command needs more
	// than that file allows: re-running at a higher level would not help.
	capped *settings.Source
	tool   bool // a tool call read from stdin, not a command
	exec   bool // permguard exec's argument vector, already quoted
}

// blockMessage renders the block message of design §4: exactly four lines,
// each ending in a newline.
func blockMessage(command string, v classify.Verdict, b blockInfo) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n", displayCommand(command))
	fmt.Fprintf(&s, "Blocked by permission (%s). Allowed at this level: %s\n", b.perm, allows(b.perm))
	needs := v.Level.String()
	if v.Dangerous {
		needs += ", dangerous"
	}
	fmt.Fprintf(&s, "Needs: %s — %s\n", needs, printable(mainReason(v)))
	switch {
	case v.Dangerous:
		s.WriteString("Only a person can approve this: it is dangerous at every level.\n")
	case b.capped != nil && b.capped.Kind == settings.FromProject:
		fmt.Fprintf(&s, "The level is capped at %s by %s; change it there, or trust it (permguard trust %s) so your own level applies.\n",
			b.perm, printable(b.capped.String()), shellQuote(b.capped.Name))
	case b.capped != nil:
		fmt.Fprintf(&s, "The level is capped at %s by %s; only a change there allows this.\n", b.perm, printable(b.capped.String()))
	case b.tool:
		fmt.Fprintf(&s, "User can re-run with: PERMGUARD_LEVEL=%s permguard check, with the same tool call on stdin\n", v.Level)
	case len(command) > maxRerunBytes:
		fmt.Fprintf(&s, "User can re-run with: PERMGUARD_LEVEL=%s permguard check COMMAND (the command is %d bytes, too long to repeat)\n", v.Level, len(command))
	case b.exec:
		fmt.Fprintf(&s, "User can re-run with: PERMGUARD_LEVEL=%s permguard exec -- %s\n", v.Level, printable(command))
	default:
		fmt.Fprintf(&s, "User can re-run with: PERMGUARD_LEVEL=%s permguard check %s\n", v.Level, shellQuote(command))
	}
	return s.String()
}

// denyMessage renders the block message for a deny rule, in the same four
// lines.
func denyMessage(command string, d *settings.DenyMatch) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n", displayCommand(command))
	fmt.Fprintf(&s, "Blocked by the deny rule %s (%s)\n", printable(fmt.Sprintf("%q", d.Rule.Pattern())), printable(d.Rule.Src.String()))
	fmt.Fprintf(&s, "Matched: %s — deny rules block at every level, even bypassed\n", displayCommand(d.Command))
	if d.Rule.Src.Kind == settings.FromGlobal {
		fmt.Fprintf(&s, "User can remove the rule with: permguard deny --remove %s\n", shellQuote(d.Rule.Pattern()))
	} else {
		fmt.Fprintf(&s, "Only a change to %s removes the rule.\n", printable(d.Rule.Src.Name))
	}
	return s.String()
}
