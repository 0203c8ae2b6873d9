package report

import (
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/settings"
)

var overrideKeys = guard.OverrideKeys

// RulesText is what rules prints: the rules in force, eff, one per line
// with its source.
func RulesText(eff *settings.Effective) string {
	var b strings.Builder
	writeRules(&b, eff, false)
	return b.String()
}

// writeRules lists the rules in force after what b holds, with a blank
// line first when blankFirst.
func writeRules(b *strings.Builder, eff *settings.Effective, blankFirst bool) {
	start := b.Len()
	section := func(title string, rules []settings.Rule, note string) {
		if len(rules) == 0 {
			return
		}
		if blankFirst || b.Len() > start {
			b.WriteString("\n")
		}
		b.WriteString(title + ":" + note + "\n")
		for _, r := range rules {
			fmt.Fprintf(b, "  %-30s %s\n", printable(fmt.Sprintf("%q", r.Pattern())), printable(r.Src.String()))
		}
	}
	section("deny", eff.Deny, "")
	for i, key := range overrideKeys {
		idx := len(overrideKeys) - 1 - i
		section("overrides."+key, eff.Overrides[idx], "")
		section("overrides."+key, eff.Raises[idx], " (can only raise a command)")
	}
	if len(eff.PrefixMappings) > 0 {
		if blankFirst || b.Len() > start {
			b.WriteString("\n")
		}
		b.WriteString("prefixMappings:\n")
		for _, m := range eff.PrefixMappings {
			fmt.Fprintf(b, "  %-30s %s\n", printable(strings.Join(m.From, " ")+" -> "+strings.Join(m.To, " ")), printable(m.Src.String()))
		}
	}
	for i := len(classify.Levels()) - 1; i >= 0; i-- {
		name := classify.Level(i).String()
		section("tools."+name, eff.Tools[i], "")
		section("tools."+name, eff.ToolRaises[i], " (can only raise a tool)")
		section("mcp."+name, eff.MCP[i], "")
		section("mcp."+name, eff.MCPRaises[i], " (can only raise a tool)")
	}
	if b.Len() == start {
		if blankFirst {
			b.WriteString("\n")
		}
		b.WriteString("no deny rules, overrides, prefix mappings or tool levels are set\n")
	}
}

// RulesJSON is the output of rules --json, and part of config show --json.
// Field names are API.
type RulesJSON struct {
	Deny           []ruleJSON            `json:"deny"`
	Overrides      map[string][]ruleJSON `json:"overrides"`
	PrefixMappings []mappingJSON         `json:"prefixMappings"`
	Tools          map[string][]ruleJSON `json:"tools"`
	MCP            map[string][]ruleJSON `json:"mcp"`
}

type ruleJSON struct {
	Pattern   string `json:"pattern"`
	Source    string `json:"source"`
	RaiseOnly bool   `json:"raise_only"` // from a file that can only tighten
}

type mappingJSON struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Source string `json:"source"`
}

// Rules is rules --json's object for the rules in force, eff.
func Rules(eff *settings.Effective) RulesJSON {
	conv := func(rules []settings.Rule, raise bool, into []ruleJSON) []ruleJSON {
		for _, r := range rules {
			into = append(into, ruleJSON{Pattern: r.Pattern(), Source: r.Src.String(), RaiseOnly: raise})
		}
		return into
	}
	out := RulesJSON{
		Deny:           conv(eff.Deny, false, []ruleJSON{}),
		Overrides:      map[string][]ruleJSON{},
		PrefixMappings: []mappingJSON{},
		Tools:          map[string][]ruleJSON{},
		MCP:            map[string][]ruleJSON{},
	}
	for i, key := range overrideKeys {
		idx := len(overrideKeys) - 1 - i
		if list := conv(eff.Raises[idx], true, conv(eff.Overrides[idx], false, nil)); len(list) > 0 {
			out.Overrides[key] = list
		}
	}
	for i, l := range classify.Levels() {
		if list := conv(eff.ToolRaises[i], true, conv(eff.Tools[i], false, nil)); len(list) > 0 {
			out.Tools[l.String()] = list
		}
		if list := conv(eff.MCPRaises[i], true, conv(eff.MCP[i], false, nil)); len(list) > 0 {
			out.MCP[l.String()] = list
		}
	}
	for _, m := range eff.PrefixMappings {
		out.PrefixMappings = append(out.PrefixMappings, mappingJSON{From: strings.Join(m.From, " "), To: strings.Join(m.To, " "), Source: m.Src.String()})
	}
	return out
}

// AllowText is what allow says it did with pattern in the settings file
// path: added it to overrides.<level>, or with remove took it out; notes
// are the levels it was taken out of. changed is false when the file
// already said so.
func AllowText(pattern, level, path string, notes []string, changed, remove bool) string {
	var msg string
	switch {
	case !changed && remove:
		msg = fmt.Sprintf("%q is not in the overrides of %s; nothing changed", pattern, path)
	case !changed:
		msg = fmt.Sprintf("%q is already in overrides.%s of %s; nothing changed", pattern, level, path)
	case remove:
		msg = fmt.Sprintf("%s: %s", path, strings.Join(notes, ", "))
		msg = strings.Replace(msg, "removed it", fmt.Sprintf("removed %q", pattern), 1)
	default:
		msg = fmt.Sprintf("added %q to overrides.%s in %s", pattern, level, path)
		if len(notes) > 0 {
			msg += "; " + strings.Join(notes, ", ")
		}
	}
	return printable(msg)
}

// DenyText is what deny says it did with pattern in the settings file
// path: added it to the deny rules, or with remove took it out. changed
// is false when the file already said so.
func DenyText(pattern, path string, changed, remove bool) string {
	var msg string
	switch {
	case remove && changed:
		msg = fmt.Sprintf("removed %q from the deny rules in %s", pattern, path)
	case remove:
		msg = fmt.Sprintf("%q is not a deny rule in %s; nothing changed", pattern, path)
	case changed:
		msg = fmt.Sprintf("added %q to the deny rules in %s", pattern, path)
	default:
		msg = fmt.Sprintf("%q is already a deny rule in %s; nothing changed", pattern, path)
	}
	return printable(msg)
}

// RuleExamples is what allow and deny print under a rule they saved, g:
// a few commands it matches and a few it does not, since what a pattern
// covers is not always what it looks like.
func RuleExamples(g settings.Glob) string {
	matches, misses := settings.RuleExamples(g)
	quote := func(list []string) string {
		q := make([]string, len(list))
		for i, s := range list {
			q[i] = fmt.Sprintf("%q", s)
		}
		return printable(strings.Join(q, ", "))
	}
	var b strings.Builder
	if len(matches) > 0 {
		fmt.Fprintf(&b, "  matches:        %s\n", quote(matches))
	}
	if len(misses) > 0 {
		fmt.Fprintf(&b, "  does not match: %s\n", quote(misses))
	}
	return b.String()
}
