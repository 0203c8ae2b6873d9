package settings

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Effective is the settings in force, each value with where it came from.
//
// Two kinds of source are merged differently. The user's own sources (the
// global file, trusted project files, the session, PERMGUARD_*, flags) are
// layered by precedence. The tighten-only sources (the managed file and
// untrusted project files) can only make things stricter: their level caps
// the effective level, their mode can only be block, their overrides only
// raise a command, their deny rules are added, and whatever else they hold
// is ignored with a warning.
type Effective struct {
	// Level is the effective level: Chosen, capped by the tighten-only
	// sources. Its source is the cap's when the cap applies.
	Level  Setting[Permission]
	Chosen Setting[Permission] // by precedence, before any cap
	Capped bool                // a tighten-only file lowered Chosen
	// Cap is the strictest level a tighten-only file sets, whether or not
	// it is below Chosen; nil when none sets one. No override makes a
	// command that needs more than Cap run at Cap or below.
	Cap *Setting[classify.Level]

	Mode          Setting[Mode]
	Notifications Setting[Notify]
	PromptTimeout Setting[time.Duration]
	HookAllow     Setting[HookAllow]
	Sandbox       Setting[Sandbox]
	ApprovalPin   *Setting[string] // the stored hash; nil when there is none

	Deny           []Rule
	Overrides      [numOverrides][]Rule // the user's: replace a command's level
	Raises         [numOverrides][]Rule // tighten-only: raise it, never lower it
	PrefixMappings []Mapping            // first match wins
	Tools          [numLevels][]Rule
	ToolRaises     [numLevels][]Rule
	MCP            [numLevels][]Rule
	MCPRaises      [numLevels][]Rule

	Files []FileState // every file looked at, in the order read
}

// Defaults returns the settings when nothing is configured.
func Defaults() *Effective {
	def := Source{Kind: FromDefault}
	p := Setting[Permission]{Permission{Level: classify.Minimal}, def}
	return &Effective{
		Level:         p,
		Chosen:        p,
		Mode:          Setting[Mode]{ModeAsk, def},
		Notifications: Setting[Notify]{NotifyOn, def},
		PromptTimeout: Setting[time.Duration]{DefaultPromptTimeout, def},
		HookAllow:     Setting[HookAllow]{HookAllowExplicit, def},
		Sandbox:       Setting[Sandbox]{SandboxAuto, def},
	}
}

func merge(files []*File, o Options, problems *[]Problem) *Effective {
	e := Defaults()
	var user, tighten, projects []*File
	for _, f := range files {
		switch {
		case f.Src.tightenOnly():
			tighten = append(tighten, f)
		case f.Src.Kind == FromGlobal:
			user = append(user, f)
		default:
			projects = append(projects, f)
		}
	}
	// Project files come innermost first; precedence grows inwards.
	for i := len(projects) - 1; i >= 0; i-- {
		user = append(user, projects[i])
	}
	for _, f := range user {
		e.layer(f, problems)
	}
	// Highest precedence first, for first-match.
	for i := len(user) - 1; i >= 0; i-- {
		e.PrefixMappings = append(e.PrefixMappings, user[i].PrefixMappings...)
	}

	if o.SessionLevel != "" {
		// written by permguard level, so a bad value is a damaged store:
		// it is ignored, which leaves the files' level
		if p, ok := ParsePermission(o.SessionLevel); ok {
			e.Chosen = Setting[Permission]{p, Source{Kind: FromSession, Name: "permguard level"}}
		}
	}
	if o.SessionMode != "" {
		if m, ok := ParseMode(o.SessionMode); ok {
			e.Mode = Setting[Mode]{m, Source{Kind: FromSession, Name: "permguard mode"}}
		}
	}
	if o.EnvLevel != "" {
		src := Source{Kind: FromEnv, Name: "PERMGUARD_LEVEL"}
		if p, ok, warning := ParseStoredPermission(o.EnvLevel); ok {
			e.Chosen = Setting[Permission]{p, src}
			if warning != "" {
				*problems = append(*problems, Problem{Msg: "PERMGUARD_LEVEL: " + warning})
			}
		} else {
			// Fail closed: a typo must not leave a looser level in force.
			e.Chosen = Setting[Permission]{Permission{Level: classify.Minimal}, src}
			*problems = append(*problems, Problem{Msg: fmt.Sprintf("PERMGUARD_LEVEL=%q is not a level; using minimal (levels are %s)", o.EnvLevel, strings.Join(PermissionNames(), ", "))})
		}
	}
	if o.EnvMode != "" {
		src := Source{Kind: FromEnv, Name: "PERMGUARD_MODE"}
		if m, ok := ParseMode(o.EnvMode); ok {
			e.Mode = Setting[Mode]{m, src}
		} else {
			e.Mode = Setting[Mode]{ModeBlock, src}
			*problems = append(*problems, Problem{Msg: fmt.Sprintf("PERMGUARD_MODE=%q is not ask or block; using block", o.EnvMode)})
		}
	}
	if o.FlagLevel != "" {
		if p, ok := ParsePermission(o.FlagLevel); ok {
			e.Chosen = Setting[Permission]{p, Source{Kind: FromFlag, Name: "--level"}}
		}
	}

	e.Level = e.Chosen
	for _, f := range tighten {
		e.tighten(f, problems)
	}
	for _, f := range tighten {
		e.warnLooser(f, problems)
	}
	return e
}

// layer applies one of the user's own files over what is in force.
func (e *Effective) layer(f *File, problems *[]Problem) {
	if f.Level != nil {
		e.Chosen = *f.Level
	}
	if f.Mode != nil {
		e.Mode = *f.Mode
	}
	if f.Notifications != nil {
		e.Notifications = *f.Notifications
	}
	if f.PromptTimeout != nil {
		e.PromptTimeout = *f.PromptTimeout
	}
	if f.HookAllow != nil {
		e.HookAllow = *f.HookAllow
	}
	if f.Sandbox != nil {
		e.Sandbox = *f.Sandbox
	}
	if f.ApprovalPin != nil {
		if f.Src.Kind == FromGlobal {
			e.ApprovalPin = f.ApprovalPin
		} else {
			*problems = append(*problems, ignored(f.ApprovalPin.Src, "approvalPin is personal and is read from your global settings only; ignored"))
		}
	}
	e.Deny = append(e.Deny, f.Deny...)
	for i := range f.Overrides {
		e.Overrides[i] = append(e.Overrides[i], f.Overrides[i]...)
	}
	for i := range f.Tools {
		e.Tools[i] = append(e.Tools[i], f.Tools[i]...)
		e.MCP[i] = append(e.MCP[i], f.MCP[i]...)
	}
}

// tighten applies a tighten-only file.
func (e *Effective) tighten(f *File, problems *[]Problem) {
	trustHint := ""
	if f.Src.Kind == FromProject {
		trustHint = fmt.Sprintf(" (to let this file loosen, run \"permguard trust %s\")", f.Src.Name)
	}
	if f.Level != nil && !f.Level.Value.Bypassed && (e.Cap == nil || f.Level.Value.Level < e.Cap.Value) {
		e.Cap = &Setting[classify.Level]{f.Level.Value.Level, f.Level.Src}
	}
	if f.Level != nil && !f.Level.Value.Bypassed {
		// Equal counts as capped: raising the chosen level would not help.
		if capLevel := f.Level.Value.Level; e.Level.Value.Bypassed || capLevel <= e.Level.Value.Level {
			e.Level = Setting[Permission]{Permission{Level: capLevel}, f.Level.Src}
			e.Capped = true
		}
	}
	if f.Mode != nil && f.Mode.Value == ModeBlock && e.Mode.Value != ModeBlock {
		e.Mode = *f.Mode
	}
	if f.HookAllow != nil && f.HookAllow.Value == HookAllowDefer {
		e.HookAllow = *f.HookAllow // the agent's own prompts too: stricter
	}
	if f.Sandbox != nil && f.Sandbox.Value == SandboxOff {
		e.Sandbox = *f.Sandbox // today's answers: asking instead of running unseen code boxed
	}
	if f.PromptTimeout != nil && f.PromptTimeout.Value < e.PromptTimeout.Value {
		e.PromptTimeout = *f.PromptTimeout // a shorter wait denies sooner
	}
	e.Deny = append(e.Deny, f.Deny...)
	if rules := f.Overrides[classify.Minimal]; len(rules) > 0 {
		*problems = append(*problems, ignored(rules[0].Src, "overrides.minimal can only lower a command, and this file can only tighten; ignored"+trustHint))
	}
	for i := range f.Overrides {
		if i != int(classify.Minimal) {
			e.Raises[i] = append(e.Raises[i], f.Overrides[i]...)
		}
	}
	for i := range f.Tools {
		e.ToolRaises[i] = append(e.ToolRaises[i], f.Tools[i]...)
		e.MCPRaises[i] = append(e.MCPRaises[i], f.MCP[i]...)
	}
	if len(f.PrefixMappings) > 0 {
		*problems = append(*problems, ignored(f.PrefixMappings[0].Src, "prefixMappings can change how a command is judged, and this file can only tighten; ignored"+trustHint))
	}
	if f.Notifications != nil {
		*problems = append(*problems, ignored(f.Notifications.Src, "notifications is personal and is not read from this file; ignored"))
	}
	if f.ApprovalPin != nil {
		*problems = append(*problems, ignored(f.ApprovalPin.Src, "approvalPin is personal and is read from your global settings only; ignored"))
	}
}

// warnLooser says which settings of an untrusted project file are ignored
// because they would loosen what is in force.
func (e *Effective) warnLooser(f *File, problems *[]Problem) {
	if f.Src.Kind != FromProject {
		return // a managed file looser than the user's settings simply does not bind
	}
	hint := fmt.Sprintf("a project file can only tighten, so it is ignored (to let this file loosen, run \"permguard trust %s\")", f.Src.Name)
	if f.Level != nil && (f.Level.Value.Bypassed || (!e.Level.Value.Bypassed && f.Level.Value.Level > e.Level.Value.Level)) {
		*problems = append(*problems, ignored(f.Level.Src, fmt.Sprintf("level %s is looser than %s (%s); %s", f.Level.Value, e.Level.Value, e.Level.Src, hint)))
	}
	if f.Mode != nil && f.Mode.Value == ModeAsk && e.Mode.Value == ModeBlock {
		*problems = append(*problems, ignored(f.Mode.Src, fmt.Sprintf("mode ask is looser than block (%s); %s", e.Mode.Src, hint)))
	}
}

func ignored(src Source, msg string) Problem {
	return Problem{File: src.Name, Line: src.Line, Col: src.Col, Msg: msg}
}

// ClassifyMappings returns the prefix mappings in the form the classifier
// takes.
func (e *Effective) ClassifyMappings() []classify.PrefixMapping {
	if len(e.PrefixMappings) == 0 {
		return nil
	}
	out := make([]classify.PrefixMapping, len(e.PrefixMappings))
	for i, m := range e.PrefixMappings {
		out[i] = classify.PrefixMapping{From: m.From, To: m.To}
	}
	return out
}

// DenyMatch is a deny rule that matched a command.
type DenyMatch struct {
	Rule    Rule
	Command string // the command it matched, words joined by spaces
}

// Result is a verdict after the settings were applied.
type Result struct {
	Verdict classify.Verdict
	Deny    *DenyMatch // the first deny rule that matched, if any
}

// Apply matches the deny rules and overrides against each command of v.
//
// A command's text is its words after wrappers were unwrapped and prefix
// mappings applied, joined by single spaces ("sudo -u x rm -rf /" is
// "rm -rf /"). Deny rules and tighten-only overrides also match the
// command as written ("sudo -u x rm -rf /"), so "sudo *" can be denied.
//
// The user's overrides, most restrictive level first, replace a command's
// level; they never clear the dangerous flag of a built-in verdict, which
// design §1 says needs a typed confirmation at every level but bypassed.
// Tighten-only overrides raise a command, never lower it. What the input
// does outside any one command (redirections, parse errors, limits) is
// never overridden.
func (e *Effective) Apply(v classify.Verdict) Result {
	res := Result{Verdict: v}
	hasOverrides := false
	for i := range e.Overrides {
		hasOverrides = hasOverrides || len(e.Overrides[i]) > 0 || len(e.Raises[i]) > 0
	}
	if len(e.Deny) == 0 && !hasOverrides {
		return res
	}
	var cmds []classify.Command
	for i, c := range v.Commands {
		line := strings.Join(c.Argv, " ")
		if res.Deny == nil {
			if r := firstMatch(e.Deny, line, c.Snippet); r != nil {
				res.Deny = &DenyMatch{Rule: *r, Command: line}
			}
		}
		if !hasOverrides {
			continue
		}
		if nc, changed := e.override(c, line); changed {
			if cmds == nil {
				cmds = append([]classify.Command(nil), v.Commands...)
			}
			cmds[i] = nc
		}
	}
	if cmds != nil {
		res.Verdict = rebuild(v, cmds)
	}
	return res
}

func firstMatch(rules []Rule, texts ...string) *Rule {
	for i := range rules {
		for _, s := range texts {
			if s != "" && rules[i].Glob.Match(s) {
				return &rules[i]
			}
		}
	}
	return nil
}

// override applies the overrides to one command.
func (e *Effective) override(c classify.Command, line string) (classify.Command, bool) {
	changed := false
	for i := overDanger; i >= 0; i-- {
		r := firstMatch(e.Overrides[i], line)
		if r == nil {
			continue
		}
		var kept []classify.Reason
		level, dangerous := classify.Level(min(i, int(classify.High))), i == overDanger
		msg := fmt.Sprintf("the override %q (%s) sets this command to %s", r.Pattern(), r.Src, overrideName(i))
		if e.Cap != nil && c.Level > e.Cap.Value && level <= e.Cap.Value && !dangerous {
			// A team's or project's floor: what needed approval under it
			// still does.
			c.Reasons = append(append([]classify.Reason(nil), c.Reasons...), classify.Reason{
				Rule: "override", Level: c.Level, Dangerous: c.Dangerous, Pos: c.Pos, Snippet: c.Snippet,
				Message: fmt.Sprintf("%s, but it is not applied: %s caps the level at %s, and no override lets a command past a cap",
					msg, e.Cap.Src, e.Cap.Value),
			})
			changed = true
			break
		}
		if c.Dangerous && !dangerous {
			for _, cr := range c.Reasons {
				if cr.Dangerous {
					kept = append(kept, cr)
				}
			}
			level, dangerous = classify.High, true
			msg += ", but it stays dangerous: an override never clears the dangerous flag"
		}
		// The built-in dangerous reasons stay first: they are what a
		// person is asked to confirm.
		c.Reasons = append(kept, classify.Reason{Rule: "override", Level: level, Dangerous: dangerous, Message: msg, Pos: c.Pos, Snippet: c.Snippet})
		c.Level, c.Dangerous = level, dangerous
		changed = true
		break
	}
	for i := overDanger; i > 0; i-- {
		r := firstMatch(e.Raises[i], line, c.Snippet)
		if r == nil {
			continue
		}
		level, dangerous := classify.Level(min(i, int(classify.High))), i == overDanger
		if (dangerous && !c.Dangerous) || level > c.Level {
			c.Reasons = append(append([]classify.Reason(nil), c.Reasons...), classify.Reason{
				Rule: "override", Level: level, Dangerous: dangerous, Pos: c.Pos, Snippet: c.Snippet,
				Message: fmt.Sprintf("the override %q (%s) raises this command to %s", r.Pattern(), r.Src, overrideName(i)),
			})
			c.Level = max(c.Level, level)
			c.Dangerous = c.Dangerous || dangerous
			changed = true
		}
		break
	}
	return c, changed
}

// rebuild recomputes a verdict from its floors and its (overridden)
// commands, reasons in source order.
func rebuild(v classify.Verdict, cmds []classify.Command) classify.Verdict {
	out := classify.Verdict{Commands: cmds, Floors: v.Floors, Limit: v.Limit}
	out.Reasons = append(out.Reasons, v.Floors...)
	lift := func(l classify.Level, d bool) {
		out.Level = max(out.Level, l)
		out.Dangerous = out.Dangerous || d
	}
	for _, r := range v.Floors {
		lift(r.Level, r.Dangerous)
	}
	for _, c := range cmds {
		out.Reasons = append(out.Reasons, c.Reasons...)
		lift(c.Level, c.Dangerous)
	}
	if out.Dangerous {
		out.Level = classify.High
	}
	sort.SliceStable(out.Reasons, func(i, j int) bool {
		a, b := out.Reasons[i].Pos, out.Reasons[j].Pos
		return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
	})
	return out
}

// ToolLevel returns the level of a tool call whose built-in level is def,
// and the setting that changed it (nil if none did). The user's tools (or,
// for an MCP tool, mcp) settings replace def, most restrictive level
// first; tighten-only files can then only raise the result.
func (e *Effective) ToolLevel(name string, mcp bool, def classify.Level) (classify.Level, *Rule) {
	user, raises := &e.Tools, &e.ToolRaises
	if mcp {
		user, raises = &e.MCP, &e.MCPRaises
	}
	level := def
	var rule *Rule
	for i := numLevels - 1; i >= 0; i-- {
		if r := firstMatch(user[i], name); r != nil {
			level, rule = classify.Level(i), r
			break
		}
	}
	for i := numLevels - 1; i >= 0; i-- {
		if r := firstMatch(raises[i], name); r != nil {
			if classify.Level(i) > level {
				level, rule = classify.Level(i), r
			}
			break
		}
	}
	return level, rule
}

func jsonString(raw json.RawMessage, s *string) error { return json.Unmarshal(raw, s) }

// ApplyTool gives a tool call's verdict v the level the tools (or, for an
// MCP tool, mcp) settings give the tool named name. Like an override, it
// never clears the dangerous flag (writing permguard's own files stays
// dangerous whatever the settings say, and so does an MCP argument that
// runs rm -rf ~), never lets the call past a cap, and never changes a call
// past a limit, which no level allows.
func (e *Effective) ApplyTool(v classify.Verdict, name string, mcp bool) classify.Verdict {
	level, rule := e.ToolLevel(name, mcp, v.Level)
	if rule == nil || level == v.Level || v.Dangerous || v.Limit != classify.LimitNone {
		return v
	}
	if level < v.Level && e.Cap != nil && v.Level > e.Cap.Value && level <= e.Cap.Value {
		return v
	}
	key := "tools"
	if mcp {
		key = "mcp"
	}
	pos, snip := classify.Pos{Line: 1, Col: 1}, name
	if len(v.Reasons) > 0 {
		pos, snip = v.Reasons[0].Pos, v.Reasons[0].Snippet
	}
	r := classify.Reason{Rule: "tool-setting", Level: level, Pos: pos, Snippet: snip,
		Message: fmt.Sprintf("is set to %s by %s %q (%s)", level, key, rule.Pattern(), rule.Src)}
	out := v
	out.Level = level
	out.Reasons = []classify.Reason{r}
	out.Floors = []classify.Reason{r}
	if len(v.Commands) > 0 {
		// the tool, and the commands its MCP arguments run, are at the
		// level set: an override that matches one of them (Apply) then
		// starts from it, not from what the setting replaced
		out.Commands = make([]classify.Command, len(v.Commands))
		for i, c := range v.Commands {
			c.Level, c.Reasons = level, []classify.Reason{r}
			out.Commands[i] = c
		}
		out.Floors = nil
	}
	return out
}
