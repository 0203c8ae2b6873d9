package settings

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// KeyType is what a setting's value is.
type KeyType uint8

const (
	TypeEnum          KeyType = iota // one of a few words
	TypeDuration                     // seconds as a number, or a duration ("90s", "2m")
	TypeSecret                       // a string nobody is shown: only whether it is set
	TypeString                       // any string
	TypePatterns                     // a list of patterns
	TypeLevelPatterns                // an object of levels, each a list of patterns
	TypeMappings                     // a list of {"from", "to"}
)

// Key describes one setting a settings file may hold. [Keys] is the one
// list of them: config show prints the settings in its order, config get
// and config set read and write them, Parse's messages name their values
// and the likely one meant, and the JSON Schema of the file
// (docs/settings.schema.json) is made from it.
type Key struct {
	Name string
	Type KeyType
	// Values are an enum's values as permguard writes them, in order;
	// Aliases are words also read as one of them (level's "read").
	Values  []string
	Aliases map[string]string
	// NeverSuggest are values "did you mean" never offers for a typo:
	// they turn checks off, and a guess must not.
	NeverSuggest []string
	Default      string
	Doc          string // what it means, in a sentence or two
	// Levels are the keys of a TypeLevelPatterns object, in order.
	Levels []string
	// Max bounds a list; MaxBytes a pattern in it.
	Max int
	// Set says config set writes it; SetHint what to use instead.
	Set     bool
	SetHint string
	// Show is what config show and config get print of it from the
	// settings in force; nil for the lists, which permguard rules prints.
	Show func(*Effective) Shown
}

// Shown is a setting as config show prints it.
type Shown struct {
	Value string
	Src   Source
	// Capped is what was chosen when a tighten-only file lowered it
	// (level only); nil otherwise.
	Capped *Setting[Permission]
}

// promptTimeout's bounds in seconds, as the schema and messages say them.
const (
	minPromptSeconds = 1
	maxPromptSeconds = 3600
)

// Keys are every setting a settings file may hold, in the order config
// show prints them.
var Keys = []Key{
	{Name: "level", Type: TypeEnum, Values: append(levelNames(), "bypassed"), Aliases: map[string]string{"read": "minimal"},
		NeverSuggest: []string{"bypassed"}, Default: "minimal", Set: true,
		Doc: "The permission level: minimal (reading), low (writes in the workspace), medium (development work), high (anything else but dangerous commands), bypassed (every check off except deny rules). A project or managed file can only lower it.",
		Show: func(e *Effective) Shown {
			v := Shown{Value: e.Level.Value.String(), Src: e.Level.Src}
			if e.Capped {
				v.Capped = &e.Chosen
			}
			return v
		}},
	{Name: "mode", Type: TypeEnum, Values: []string{"ask", "block"}, Default: "ask", Set: true,
		Doc:  "What happens when a command needs more than the level: ask a person when one can be asked, or block.",
		Show: func(e *Effective) Shown { return Shown{Value: e.Mode.Value.String(), Src: e.Mode.Src} }},
	{Name: "notifications", Type: TypeEnum, Values: notifyNames[:], Default: "on", Set: true,
		Doc: "When a desktop notification says a person is waited for: on, off, unfocused (when the terminal is not in front), persistent (it stays on screen).",
		Show: func(e *Effective) Shown {
			return Shown{Value: e.Notifications.Value.String(), Src: e.Notifications.Src}
		}},
	{Name: "promptTimeout", Type: TypeDuration, Default: "120", Set: true,
		Doc: "How long a prompt waits before it denies: seconds (a number), or a duration such as \"90s\" or \"2m\"; between 1 s and 1 h.",
		Show: func(e *Effective) Shown {
			return Shown{Value: e.PromptTimeout.Value.String(), Src: e.PromptTimeout.Src}
		}},
	{Name: "hookAllow", Type: TypeEnum, Values: []string{"explicit", "defer"}, Default: "explicit", Set: true,
		Doc:  "How the hook answers a call it allows: explicit (the agent's own allow), or defer (nothing where the agent allows that, so its own permission rules still run).",
		Show: func(e *Effective) Shown { return Shown{Value: e.HookAllow.Value.String(), Src: e.HookAllow.Src} }},
	{Name: "sandbox", Type: TypeEnum, Values: []string{"auto", "off"}, NeverSuggest: []string{"off"}, Default: "auto", Set: true,
		Doc:  "auto: where the caller can, every shell call the level allows runs in that level's box, and one that needs more only to run code nobody has seen runs there unasked; off: the answers of before boxes.",
		Show: func(e *Effective) Shown { return Shown{Value: e.Sandbox.Value.String(), Src: e.Sandbox.Src} }},
	{Name: "approvalPin", Type: TypeSecret,
		SetHint: "a PIN on a command line stays in the shell's history: write it in your settings file (permguard config edit), where permguard replaces it with its salted hash",
		Doc:     "The PIN a person types to confirm a dangerous command, stored as a salted hash (a PIN written in clear is replaced by its hash); read from the global file only.",
		Show: func(e *Effective) Shown {
			// only whether there is one: the hash is nobody's business
			if e.ApprovalPin == nil {
				return Shown{Value: "not set"}
			}
			return Shown{Value: "set", Src: e.ApprovalPin.Src}
		}},
	{Name: "deny", Type: TypePatterns, Max: maxDenyPatterns, SetHint: "permguard deny PATTERN adds a deny rule; permguard rules lists them",
		Doc: "Patterns of commands blocked at every level. A pattern matches the command it names with any arguments after it (\"git push\" blocks \"git push origin main\"), unless it ends in \"$\"; \"*\" is any run of characters, \"?\" one character."},
	{Name: "overrides", Type: TypeLevelPatterns, Levels: []string{"minimal", "low", "medium", "high", "dangerous"}, Max: maxPatternsPerLevel,
		SetHint: "permguard allow --level LEVEL PATTERN adds an override; permguard rules lists them",
		Doc:     "Patterns per level that set a command's level, checked from dangerous down; the first match wins. A pattern matches the whole command: one without \"*\" only that exact command line. An override never clears the dangerous flag."},
	{Name: "prefixMappings", Type: TypeMappings, Max: maxPrefixMappings, SetHint: "edit your settings file: permguard config edit",
		Doc: "Commands judged as others: {\"from\": \"fvm flutter\", \"to\": \"flutter\"} judges fvm flutter as flutter. The first match wins."},
	{Name: "tools", Type: TypeLevelPatterns, Levels: levelNames(), Max: maxPatternsPerLevel, SetHint: "edit your settings file: permguard config edit",
		Doc: "Tool names or patterns per level, for an agent's tools that run no shell command (Read, WebFetch)."},
	{Name: "mcp", Type: TypeLevelPatterns, Levels: levelNames(), Max: maxPatternsPerLevel, SetHint: "edit your settings file: permguard config edit",
		Doc: "MCP tool names or patterns per level (mcp__server__tool)."},
	{Name: "$schema", Type: TypeString, SetHint: "permguard writes $schema itself",
		Doc: "The JSON Schema of this file, for editors; permguard does not read it."},
}

func levelNames() []string { return []string{"minimal", "low", "medium", "high"} }

// KeyNamed returns the setting named name, or nil.
func KeyNamed(name string) *Key {
	for i := range Keys {
		if Keys[i].Name == name {
			return &Keys[i]
		}
	}
	return nil
}

// SuggestKey returns the setting a mistyped name likely meant, or "".
func SuggestKey(name string) string {
	names := make([]string, len(Keys))
	for i, k := range Keys {
		names[i] = k.Name
	}
	return nearest(name, names)
}

// SuggestValue returns the value of the setting key a mistyped word
// likely meant, or "": never one of the values that turn checks off.
func SuggestValue(key, word string) string {
	k := KeyNamed(key)
	if k == nil {
		return ""
	}
	var offer []string
	for _, v := range k.Values {
		if !slices.Contains(k.NeverSuggest, v) {
			offer = append(offer, v)
		}
	}
	return nearest(word, offer)
}

// Valid says, in words, what an enum's value may be: "ask or block",
// "one of on, off, unfocused, persistent".
func (k *Key) Valid() string {
	if len(k.Values) == 2 {
		return k.Values[0] + " or " + k.Values[1]
	}
	return "one of " + strings.Join(k.Values, ", ")
}

// ValueError is a value a setting does not take.
type ValueError struct {
	Key   string
	Value string
	Msg   string // what is wrong
	// Hints say what to write instead: the likely value meant, what the
	// setting takes.
	Hints []string
}

func (e *ValueError) Error() string {
	switch {
	case e.Key == "":
		return fmt.Sprintf("unknown setting %s", shown(e.Value))
	case e.Value == "":
		return e.Key + " " + e.Msg
	}
	return fmt.Sprintf("%s %s %s", e.Key, shown(e.Value), e.Msg)
}

// Check reads value as a person types it for this setting (config set)
// and returns it as permguard writes it to a file: an enum's value, or
// promptTimeout's seconds as a number or a duration as typed. What the
// setting does not take is a [*ValueError] with the likely value meant.
func (k *Key) Check(value string) (json.RawMessage, error) {
	switch k.Type {
	case TypeEnum:
		for _, v := range k.Values {
			if strings.EqualFold(value, v) {
				return jsonOf(v), nil
			}
		}
		for a, v := range k.Aliases {
			if strings.EqualFold(value, a) {
				return jsonOf(v), nil
			}
		}
		e := &ValueError{Key: k.Name, Value: value, Msg: "is not " + k.Valid()}
		if k.Name == "level" {
			if h := LevelWriteHint(value); h != "" {
				e.Msg, e.Hints = "is not a level", []string{h}
				return nil, e
			}
		}
		if near := SuggestValue(k.Name, value); near != "" {
			e.Hints = append(e.Hints, fmt.Sprintf("did you mean %q?", near))
		}
		return nil, e
	case TypeDuration:
		if secs, err := strconv.ParseFloat(value, 64); err == nil {
			if math.IsNaN(secs) || secs < minPromptSeconds || secs > maxPromptSeconds {
				return nil, &ValueError{Key: k.Name, Value: value, Msg: "is not between 1 and 3600 seconds"}
			}
			return json.RawMessage(strconv.FormatFloat(secs, 'f', -1, 64)), nil
		}
		d, err := time.ParseDuration(value)
		if err != nil {
			return nil, &ValueError{Key: k.Name, Value: value, Msg: `is not seconds or a duration such as "90s" or "2m"`}
		}
		if d < minPromptTimeout || d > maxPromptTimeout {
			return nil, &ValueError{Key: k.Name, Value: value, Msg: "is not between 1s and 1h"}
		}
		return jsonOf(value), nil
	}
	return nil, &ValueError{Key: k.Name, Msg: "is not set with config set", Hints: []string{k.SetHint}}
}

func jsonOf(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// SetKey sets the setting key to value in d, as [Key.Check] reads it,
// and returns what it wrote. It is [ErrUnchanged] when d already holds
// that.
func SetKey(d *Document, key, value string) (json.RawMessage, error) {
	k := KeyNamed(key)
	if k == nil {
		return nil, UnknownKeyError(key)
	}
	if !k.Set {
		return nil, &ValueError{Key: k.Name, Msg: "is not set with config set", Hints: []string{k.SetHint}}
	}
	raw, err := k.Check(value)
	if err != nil {
		return nil, err
	}
	if old, ok := d.Raw(k.Name); ok && sameJSON(old, raw) {
		return raw, ErrUnchanged
	}
	return raw, d.Set(k.Name, raw)
}

// UnknownKeyError is a setting no settings file may hold, with the one a
// typo likely meant.
func UnknownKeyError(name string) error {
	e := &ValueError{Value: name}
	if near := SuggestKey(name); near != "" {
		e.Hints = append(e.Hints, fmt.Sprintf("did you mean %q?", near))
	}
	return e
}

// KeyNames lists the settings that pass keep, in order.
func KeyNames(keep func(*Key) bool) []string {
	var names []string
	for i := range Keys {
		if keep(&Keys[i]) {
			names = append(names, Keys[i].Name)
		}
	}
	return names
}
