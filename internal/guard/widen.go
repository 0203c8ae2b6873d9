package guard

import (
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/hook"
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

// NativePattern is the pattern of permguard's own that an agent's
// permission rule for its shell tool means (see settings.AgentSyntax):
// Claude Code's "Bash(npm run test:*)", its prefix form, is "npm run test
// *". ok is false for a rule of any other tool (Read, Edit, WebFetch),
// whose calls permguard's command patterns never match.
func NativePattern(tool, arg string) (pattern string, ok bool) {
	if !hook.IsShellTool(tool) {
		return "", false
	}
	if stem, prefix := strings.CutSuffix(arg, ":*"); prefix {
		if stem == "" {
			return "*", true
		}
		return stem + " *", true
	}
	return arg, arg != ""
}
