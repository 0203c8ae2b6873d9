package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxPayloadBytes bounds what a hook reads from stdin. Past it the call is
// denied, never read on.
const MaxPayloadBytes = 8 << 20

// DecodeError is a payload that cannot be read as a tool call. Agent is
// the dialect, when it could still be told: the reply is a deny in it.
type DecodeError struct {
	Agent Agent
	Err   error
}

func (e *DecodeError) Error() string { return e.Err.Error() }
func (e *DecodeError) Unwrap() error { return e.Err }

// ErrUnknownDialect is a payload that no dialect recognizes.
var ErrUnknownDialect = errors.New("the payload is not a tool call of any agent permguard knows (" + detectedNames() + ")")

type fields map[string]json.RawMessage

func (f fields) str(key string) string {
	var s string
	if raw, ok := f[key]; ok && json.Unmarshal(stringStart(raw), &s) == nil {
		return s
	}
	return ""
}

// maxRawString bounds the JSON text of a string that is decoded whole.
// Each byte of a string takes at most six bytes of JSON (\u0041), so a
// longer one is past every bound of Bound, and only its start is needed.
const maxRawString = 6*MaxCommandBytes + 8

// stringStart returns raw, or, for a JSON string past maxRawString, its
// start closed as a string: it decodes to more than any bound allows,
// without decoding megabytes to learn that (issue 22).
func stringStart(raw []byte) []byte {
	if len(raw) <= maxRawString || raw[0] != '"' {
		return raw
	}
	i := 1
	for i < maxRawString {
		if raw[i] == '\\' {
			i += 2
			if raw[i-1] == 'u' {
				i += 4
			}
			continue
		}
		i++
	}
	for !utf8.RuneStart(raw[i]) {
		i--
	}
	return append(raw[:i:i], '"')
}

// strs reads key as a list of strings, or nil when it is not one. It
// reads no further than one past MaxPaths: a longer list is past a limit
// whatever the rest holds (Bound).
func (f fields) strs(key string) []string {
	raw, ok := f[key]
	if !ok {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil
	}
	out := []string{}
	for dec.More() && len(out) <= MaxPaths {
		var elem json.RawMessage
		var s string
		if dec.Decode(&elem) != nil || json.Unmarshal(stringStart(elem), &s) != nil {
			return nil
		}
		out = append(out, s)
	}
	return out
}

func (f fields) has(key string) bool {
	raw, ok := f[key]
	return ok && string(raw) != "null"
}

// object reads key as a JSON object, or as a string holding one (Cursor's
// MCP tool_input, Copilot's toolArgs).
func (f fields) object(key string) (fields, error) {
	raw, ok := f[key]
	if !ok || string(raw) == "null" {
		return fields{}, nil
	}
	var obj fields
	if err := json.Unmarshal(raw, &obj); err == nil && obj != nil {
		return obj, onceEach(key, raw, obj)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if strings.TrimSpace(s) == "" {
			return fields{}, nil
		}
		if err := json.Unmarshal([]byte(s), &obj); err == nil && obj != nil {
			if _, depth := scanJSON([]byte(s)); depth > MaxDepth {
				// the payload's own depth is a limit (Bound); this
				// string is an agent's quirk, read whole or not at all
				return nil, fmt.Errorf("%s is a string of JSON that nests more than %d deep", key, MaxDepth)
			}
			return obj, onceEach(key, []byte(s), obj)
		}
		return nil, fmt.Errorf("%s is a string that does not hold a JSON object", key)
	}
	return nil, fmt.Errorf("%s is not an object", key)
}

// onceEach fails when the object text raw, decoded as obj, gives a key
// twice. JavaScript's JSON.parse keeps the last, as Go does; an agent
// written otherwise might run the first. Which one runs is a doubt, and a
// doubt is a deny.
func onceEach(what string, raw []byte, obj fields) error {
	if keys, _ := scanJSON(raw); keys != len(obj) {
		return fmt.Errorf("%s gives a key twice, which agents' JSON parsers may read differently", what)
	}
	return nil
}

// oneOf returns the first of keys that f holds (not null), or "". Where
// f holds two of them with different values, the agent's tool reads one
// of them and permguard cannot tell which: that is an error.
func (f fields) oneOf(keys ...string) (string, error) {
	found := ""
	for _, k := range keys {
		if !f.has(k) {
			continue
		}
		if found == "" {
			found = k
			continue
		}
		if !bytes.Equal(bytes.TrimSpace(f[k]), bytes.TrimSpace(f[found])) {
			return "", fmt.Errorf("tool_input gives both %s and %s, which differ: which one the tool runs with is not known", found, k)
		}
	}
	return found, nil
}

// Decode reads one tool call. agent chooses the dialect; [Auto] detects it
// from the payload (docs/agents.md §9). An error is a *DecodeError.
func Decode(data []byte, agent Agent) (*Call, error) {
	fail := func(a Agent, format string, args ...any) (*Call, error) {
		return nil, &DecodeError{Agent: a, Err: fmt.Errorf(format, args...)}
	}
	known := agent
	if known == Auto {
		known = ""
	}
	switch {
	case len(data) > MaxPayloadBytes:
		return fail(known, "the payload is over the %d MiB limit and was not read: send a smaller tool call (a large file in parts)", MaxPayloadBytes>>20)
	case len(bytes.TrimSpace(data)) == 0:
		return fail(known, "the payload is empty")
	case !utf8.Valid(data):
		return fail(known, "the payload is not valid UTF-8")
	}
	// keys and values counted before anything is decoded: 300,000 keys
	// in a few megabytes take half a second to decode into maps (design
	// §7 gives an input 100 ms)
	if n := countMembers(data); n > MaxMembers {
		return fail(known, "the payload holds over %d keys and values and was not read: no tool call needs that many", MaxMembers)
	}
	// One JSON value and only JSON's whitespace around it, as JSON.parse
	// reads a payload: json.Unmarshal refuses anything after the value,
	// where a decoder's stream would stop reading before it.
	var f fields
	if err := json.Unmarshal(data, &f); err != nil || f == nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te):
			return fail(known, "the payload is a JSON %s, not an object", te.Value)
		case err == nil:
			return fail(known, "the payload is null, not an object")
		}
		return fail(known, "the payload is not a JSON object: %v", err)
	}
	keys, depth := scanJSON(data)
	if keys != len(f) {
		return fail(known, "the payload gives a key twice, which agents' JSON parsers may read differently")
	}
	c := &Call{Agent: agent}
	if agent == Auto {
		c.Agent, c.Variant = detect(f)
		if c.Agent == "" {
			return nil, &DecodeError{Err: ErrUnknownDialect}
		}
	}
	decode := decodeCommon
	if d := lookup(c.Agent); d != nil {
		decode = d.decode
	}
	if err := decode(c, f); err != nil {
		return nil, &DecodeError{Agent: c.Agent, Err: err}
	}
	if depth > MaxDepth {
		c.Over = &Over{Field: "the payload", Max: MaxDepth, Unit: "levels"}
	}
	Bound(c)
	return c, nil
}

// detect tells the dialect from the fields only its agent sends.
func detect(f fields) (Agent, string) {
	for _, s := range detection {
		if s.matches(f) {
			return s.agent, s.variant
		}
	}
	return "", ""
}

// readCommon reads the snake_case payload that Claude Code, Codex, Gemini
// CLI, Copilot's PreToolUse and the generic dialect share, all but the
// tool's input, which it returns.
func readCommon(c *Call, f fields) (fields, error) {
	c.Event = f.str("hook_event_name")
	if c.Event == "" {
		c.Event = f.str("hookEventName")
	}
	c.SessionID = f.str("session_id")
	if c.SessionID == "" {
		c.SessionID = f.str("sessionId")
	}
	c.Cwd = f.str("cwd")
	c.Mode = f.str("permission_mode")
	c.Tool = f.str("tool_name")
	input, err := f.object("tool_input")
	if err != nil {
		return nil, err
	}
	if c.Tool == "" && c.Variant == Bare && input.has("command") {
		c.Tool = "Bash"
	}
	if c.Tool == "" {
		return nil, errors.New("the payload has no tool_name")
	}
	return input, nil
}

// decodeCommon reads a snake_case payload whose tools need nothing of
// their dialect to be told apart.
func decodeCommon(c *Call, f fields) error {
	input, err := readCommon(c, f)
	if err != nil {
		return err
	}
	return classifyTool(c, input)
}
