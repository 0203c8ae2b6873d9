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
	if raw, ok := f[key]; ok && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return ""
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
		return obj, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if strings.TrimSpace(s) == "" {
			return fields{}, nil
		}
		if err := json.Unmarshal([]byte(s), &obj); err == nil && obj != nil {
			return obj, nil
		}
		return nil, fmt.Errorf("%s is a string that does not hold a JSON object", key)
	}
	return nil, fmt.Errorf("%s is not an object", key)
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
		return fail(known, "the payload is over the %d MiB limit", MaxPayloadBytes>>20)
	case len(bytes.TrimSpace(data)) == 0:
		return fail(known, "the payload is empty")
	case !utf8.Valid(data):
		return fail(known, "the payload is not valid UTF-8")
	}
	var f fields
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil || f == nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te):
			return fail(known, "the payload is a JSON %s, not an object", te.Value)
		case err == nil:
			return fail(known, "the payload is null, not an object")
		}
		return fail(known, "the payload is not a JSON object: %v", err)
	}
	if _, err := dec.Token(); err == nil {
		return fail(known, "the payload holds more than one JSON value")
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
