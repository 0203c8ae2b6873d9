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
var ErrUnknownDialect = errors.New("the payload is not a tool call of any agent permguard knows (claude, codex, gemini, cursor, copilot)")

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
// from the payload (hook-protocols.md §9). An error is a *DecodeError.
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
	} else if agent == Claude && f.has("hookEventName") {
		c.Variant = VSCode
	} else if agent == Copilot && !f.has("toolName") {
		c.Variant = Snake
	}
	var err error
	switch {
	case c.Agent == Cursor:
		err = decodeCursor(c, f)
	case c.Agent == Copilot && c.Variant != Snake:
		err = decodeCopilot(c, f)
	default:
		err = decodeCommon(c, f)
	}
	if err != nil {
		return nil, &DecodeError{Agent: c.Agent, Err: err}
	}
	return c, nil
}

// detect tells the dialect from the fields only its agent sends.
func detect(f fields) (Agent, string) {
	event := f.str("hook_event_name")
	switch {
	case f.has("cursor_version") || (f.has("conversation_id") && f.has("generation_id")):
		return Cursor, ""
	case f.has("toolName") && f.has("toolArgs"):
		return Copilot, ""
	case f.has("hookEventName"):
		return Claude, VSCode
	case event == "BeforeTool":
		return Gemini, ""
	case event == "PreToolUse" && f.has("turn_id"):
		return Codex, ""
	case event == "PreToolUse" && f.has("permission_mode"):
		return Claude, ""
	case event == "PreToolUse" && isISOTime(f.str("timestamp")):
		return Copilot, Snake
	case event == "PreToolUse" && f.has("tool_name"):
		return Claude, "" // Kimi, Factory and others that copy Claude Code
	case event == "" && (f.has("tool_name") || f.has("tool_input")):
		// No agent sends this: it is what a person pipes into check. The
		// hook answers it as an unknown dialect.
		return Claude, Bare
	}
	return "", ""
}

// Variants of a dialect: payloads that are read apart but answered in the
// dialect's own way.
const (
	// VSCode is Claude Code's dialect as VS Code agent hooks send it
	// (camelCase hookEventName, sessionId).
	VSCode = "vscode"
	// Snake is Copilot's PascalCase PreToolUse payload, in snake_case.
	Snake = "snake"
	// Bare is a payload that names no hook event: a bare
	// {"tool_name": ..., "tool_input": ...}, as people write for check.
	// (Sent with --agent generic, the same shape is the [Generic] dialect.)
	Bare = "bare"
)

func isISOTime(s string) bool {
	return len(s) >= 20 && s[4] == '-' && s[7] == '-' && s[10] == 'T'
}

// decodeCommon reads the snake_case payload of Claude Code, Codex, Gemini
// CLI, Copilot's PreToolUse and the generic dialect.
func decodeCommon(c *Call, f fields) error {
	c.Event = f.str("hook_event_name")
	if c.Event == "" {
		c.Event = f.str("hookEventName")
	}
	c.SessionID = f.str("session_id")
	if c.SessionID == "" {
		c.SessionID = f.str("sessionId")
	}
	c.Cwd = f.str("cwd")
	c.Tool = f.str("tool_name")
	input, err := f.object("tool_input")
	if err != nil {
		return err
	}
	if c.Tool == "" && c.Variant == Bare && input.has("command") {
		c.Tool = "Bash"
	}
	if c.Tool == "" {
		return errors.New("the payload has no tool_name")
	}
	if c.Agent == Gemini {
		if mc, err := f.object("mcp_context"); err == nil && mc.has("server_name") {
			c.Kind, c.MCPServer, c.MCPTool = KindMCP, mc.str("server_name"), mc.str("tool_name")
			c.Target = c.MCPServer
			return nil
		}
	}
	return classifyTool(c, input)
}

// decodeCursor reads Cursor's events.
func decodeCursor(c *Call, f fields) error {
	c.Event = f.str("hook_event_name")
	c.SessionID = f.str("conversation_id")
	c.Cwd = f.str("cwd")
	var roots []string
	if raw, ok := f["workspace_roots"]; ok && json.Unmarshal(raw, &roots) == nil && len(roots) > 0 {
		c.Workspace = roots[0]
	}
	switch c.Event {
	case "beforeShellExecution":
		c.Kind, c.Tool = KindShell, "Shell"
		if !f.has("command") {
			return errors.New("beforeShellExecution has no command")
		}
		c.Command = f.str("command")
		if c.Command == "" {
			return errors.New("the command of beforeShellExecution is not a string")
		}
		return nil
	case "beforeMCPExecution":
		c.Kind, c.Tool = KindMCP, f.str("tool_name")
		if c.Tool == "" {
			return errors.New("beforeMCPExecution has no tool_name")
		}
		if _, err := f.object("tool_input"); err != nil {
			return err
		}
		c.MCPTool = c.Tool
		c.MCPServer = f.str("url")
		if c.MCPServer == "" {
			c.MCPServer = f.str("command")
		}
		c.Target = c.MCPServer
		return nil
	case "beforeReadFile":
		c.Kind, c.Tool = KindFileRead, "Read"
		if p := f.str("file_path"); p != "" {
			c.Paths = []string{p}
		}
		return nil
	case "preToolUse":
		c.Tool = f.str("tool_name")
		if c.Tool == "" {
			return errors.New("preToolUse has no tool_name")
		}
		input, err := f.object("tool_input")
		if err != nil {
			return err
		}
		if name, ok := strings.CutPrefix(c.Tool, "MCP:"); ok {
			c.Kind, c.MCPTool = KindMCP, name
			return nil
		}
		return classifyTool(c, input)
	}
	return fmt.Errorf("the Cursor event %q is not one permguard answers (beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse)", c.Event)
}

// decodeCopilot reads Copilot CLI's camelCase payload; toolArgs is a JSON
// string or an object.
func decodeCopilot(c *Call, f fields) error {
	c.Event = "preToolUse"
	c.SessionID = f.str("sessionId")
	c.Cwd = f.str("cwd")
	c.Tool = f.str("toolName")
	if c.Tool == "" {
		return errors.New("the payload has no toolName")
	}
	args, err := f.object("toolArgs")
	if err != nil {
		return err
	}
	return classifyTool(c, args)
}
