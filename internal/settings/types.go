package settings

import (
	"fmt"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Permission is an effective permission level: one of the classifier's
// levels, or bypassed, which is a setting and never a verdict.
type Permission struct {
	Level    classify.Level
	Bypassed bool
}

func (p Permission) String() string {
	if p.Bypassed {
		return "bypassed"
	}
	return p.Level.String()
}

// ParsePermission parses a level as a person writes it: a level name,
// "bypassed", or the alias "read" (minimal), which read/write-mode tools
// use and which means what it says.
//
// "write" is not a level: it meant high, every command but the dangerous
// ones, where a person reads "writes files", which is low. Where a person
// types a level now (--level, permguard level, config set) it is refused
// with [LevelWriteHint]; where one was written before (a settings file,
// PERMGUARD_LEVEL) [ParseStoredPermission] keeps its old meaning, with a
// warning.
func ParsePermission(s string) (Permission, bool) {
	switch strings.ToLower(s) {
	case "bypassed":
		return Permission{Bypassed: true}, true
	case "read":
		return Permission{Level: classify.Minimal}, true
	}
	l, ok := classify.ParseLevel(s)
	return Permission{Level: l}, ok
}

// LevelWriteHint says what "write" meant and what to say instead; "" for
// any other word.
func LevelWriteHint(s string) string {
	if !strings.EqualFold(s, "write") {
		return ""
	}
	return `"write" meant high, which allows every command but the dangerous ones; say "high" for that, or "low" for file writes inside the workspace`
}

// ParseStoredPermission is [ParsePermission] for a level written before
// "write" was dropped: "write" still means high, as it did when it was
// written (a settings file or PERMGUARD_LEVEL must not change meaning
// under its author), and warning says so.
func ParseStoredPermission(s string) (p Permission, ok bool, warning string) {
	if h := LevelWriteHint(s); h != "" {
		return Permission{Level: classify.High}, true, "the level alias " + h + "; it is read as high for now"
	}
	p, ok = ParsePermission(s)
	return p, ok, ""
}

// PermissionNames lists the values [ParsePermission] accepts, for messages
// and shell completion; the aliases are left out.
func PermissionNames() []string {
	var names []string
	for _, l := range classify.Levels() {
		names = append(names, l.String())
	}
	return append(names, "bypassed")
}

// Mode says what happens when a command needs approval.
type Mode uint8

const (
	ModeAsk   Mode = iota // ask a person when one can be asked
	ModeBlock             // never ask: block
)

func (m Mode) String() string {
	if m == ModeBlock {
		return "block"
	}
	return "ask"
}

// ParseMode parses "ask" or "block".
func ParseMode(s string) (Mode, bool) {
	switch strings.ToLower(s) {
	case "ask":
		return ModeAsk, true
	case "block":
		return ModeBlock, true
	}
	return ModeAsk, false
}

// Notify says when a desktop notification is sent while a person is asked.
type Notify uint8

const (
	NotifyOn         Notify = iota // every time
	NotifyOff                      // never
	NotifyUnfocused                // when the terminal is not in front, as far as can be told
	NotifyPersistent               // every time, with critical urgency so it stays on screen
)

var notifyNames = [...]string{"on", "off", "unfocused", "persistent"}

func (n Notify) String() string { return notifyNames[n] }

// ParseNotify parses a notifications setting.
func ParseNotify(s string) (Notify, bool) {
	for i, name := range notifyNames {
		if strings.EqualFold(s, name) {
			return Notify(i), true
		}
	}
	return NotifyOn, false
}

// HookAllow says how the hook answers a call it allows.
type HookAllow uint8

const (
	// HookAllowExplicit answers with the agent's explicit allow, so the
	// agent does not prompt again for what permguard allowed.
	HookAllowExplicit HookAllow = iota
	// HookAllowDefer answers nothing, so the agent's own permission
	// prompts still run for allowed calls.
	HookAllowDefer
)

func (h HookAllow) String() string {
	if h == HookAllowDefer {
		return "defer"
	}
	return "explicit"
}

// Sandbox says whether a shell call runs in the box of the level in
// force where the caller can confine it: every call allowed at that level,
// and a call that needs more only because it runs code nobody has seen
// (design §4, boxed and sandboxed allow). Auto is the default; it changes
// nothing where no box can be had.
type Sandbox uint8

const (
	SandboxOff  Sandbox = iota // every call is judged as before boxes: unboxed, or asked
	SandboxAuto                // allowed calls run in the level's box; unseen code too, unasked
)

func (s Sandbox) String() string {
	if s == SandboxAuto {
		return "auto"
	}
	return "off"
}

// ParseSandbox parses "auto" or "off".
func ParseSandbox(s string) (Sandbox, bool) {
	switch strings.ToLower(s) {
	case "auto":
		return SandboxAuto, true
	case "off":
		return SandboxOff, true
	}
	return SandboxOff, false
}

// ParseHookAllow parses "explicit" or "defer".
func ParseHookAllow(s string) (HookAllow, bool) {
	switch strings.ToLower(s) {
	case "explicit":
		return HookAllowExplicit, true
	case "defer":
		return HookAllowDefer, true
	}
	return HookAllowExplicit, false
}

// Defaults, used when nothing sets a value.
const (
	DefaultPromptTimeout = 120 * time.Second
	minPromptTimeout     = time.Second
	maxPromptTimeout     = time.Hour
)

// Kind says what kind of place a value came from.
type Kind uint8

const (
	FromDefault Kind = iota
	FromGlobal       // the user's settings file
	FromProject      // .permguard/settings.json or settings.local.json
	FromManaged      // /etc/permguard/settings.json
	FromSession      // this session's level or mode
	FromEnv          // PERMGUARD_LEVEL, PERMGUARD_MODE
	FromFlag         // --level
	FromState        // permguard's state directory, when it cannot be used
)

var kindNames = [...]string{"default", "global", "project", "managed", "session", "env", "flag", "state"}

func (k Kind) String() string { return kindNames[k] }

// Source is where a value came from: a file position, an environment
// variable, a flag, or the default.
type Source struct {
	Kind      Kind
	Name      string // the file's path, the variable or the flag
	Line, Col int    // in a file; 0 when not known
	Trusted   bool   // a project file the user trusts (permguard trust)
	// Unusable marks a file that exists but cannot be read or parsed, or
	// whose deny list cannot all be read, and a place of permguard's own
	// that another user could change. It stands for a cap at minimal,
	// whoever's file it is: its deny rules cannot be read, or cannot be
	// relied on.
	Unusable bool
	// Unsafe marks, of those, a place another user could change (see
	// [Options.UnsafeConfig]): the fix is its owner or mode, not its
	// content.
	Unsafe bool
}

// String renders a source for people: "default", "env PERMGUARD_LEVEL",
// "global /home/u/.config/permguard/settings.json:3:12".
func (s Source) String() string {
	label := s.Kind.String()
	if s.Kind == FromProject && s.Trusted {
		label = "trusted project"
	}
	switch {
	case s.Name == "":
		return label
	case s.Line > 0:
		return fmt.Sprintf("%s %s:%d:%d", label, s.Name, s.Line, s.Col)
	default:
		return label + " " + s.Name
	}
}

// tightenOnly reports a source that may only make things stricter: the
// managed file, project files the user has not trusted, and any file that
// cannot be used.
func (s Source) tightenOnly() bool {
	return s.Unusable || s.Kind == FromManaged || (s.Kind == FromProject && !s.Trusted)
}

// Setting is one value with where it came from.
type Setting[T any] struct {
	Value T
	Src   Source
}

// Rule is a pattern from the settings, with where it was written.
type Rule struct {
	Glob Glob
	Src  Source
}

// Pattern returns the pattern as written.
func (r Rule) Pattern() string { return r.Glob.String() }

// Mapping is one prefix mapping: commands that start with From are judged
// as if they started with To.
type Mapping struct {
	From, To []string
	Src      Source
}

// Problem is something wrong in a settings file, and what was done about it.
type Problem struct {
	File      string // the file; empty for problems with flags or variables
	Line, Col int
	Msg       string
	// Unusable is set when the file cannot be used (it does not read or
	// parse, another user could change it) or its deny list cannot all be
	// read: the level is capped at minimal until it is fixed.
	Unusable bool
	// Unsafe marks, of those, a place another user could change: the fix
	// is its owner or mode, which Msg says, not its content.
	Unsafe bool
}

func (p Problem) String() string {
	switch {
	case p.File == "":
		return p.Msg
	case p.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg)
	default:
		return p.File + ": " + p.Msg
	}
}

// Override levels: the classifier's four, and dangerous. Checked from the
// last (most restrictive) to the first.
const (
	numLevels    = 4
	overDanger   = numLevels // index of "dangerous" in an overrides array
	numOverrides = numLevels + 1
)

// overrideName names an index of an overrides array.
func overrideName(i int) string {
	if i == overDanger {
		return "dangerous"
	}
	return classify.Level(i).String()
}
