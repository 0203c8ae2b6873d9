package guard

import (
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/settings"
)

// A saved allow rule without a wildcard matches one command line exactly:
// "npm run dev" does not cover "npm run dev -- --port 3000" (issue 14,
// class 8). Rules are never widened behind the person's back ("git push"
// must not cover "git push --force"), so the widening is offered instead:
// the "Always allow" choice suggests the widened form, and saving an exact
// rule says how to widen it.

// suggestPattern is the rule "Always allow" offers for line: its words up
// to the first option followed by " *", when that matches line; else line
// itself, escaped.
func suggestPattern(line string) string {
	if w := settings.WidenedPattern(strings.Fields(line)); w != "" {
		if g, err := settings.CompileGlob(w); err == nil && g.Match(line) {
			return w
		}
	}
	return settings.EscapeGlob(line)
}

// ExactHint says, for a saved pattern without a wildcard, that it matches
// only that exact command and how a trailing " *" widens it; "" for any
// other pattern.
func ExactHint(pattern string) string {
	g, err := settings.CompileGlob(pattern)
	if err != nil || !g.Exact() {
		return ""
	}
	return fmt.Sprintf("%q matches only that exact command; %q also matches it with more arguments", pattern, pattern+" *")
}
