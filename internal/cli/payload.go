package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxPayloadBytes bounds the tool call read from stdin. Past it, check fails
// closed instead of reading on.
const maxPayloadBytes = 8 << 20

// toolCall is the part of an agent's tool call that check reads. Unknown
// fields are ignored: agents add fields freely.
type toolCall struct {
	ToolName  string                     `json:"tool_name"`
	ToolInput map[string]json.RawMessage `json:"tool_input"`
	Cwd       string                     `json:"cwd"`
}

// shellTools are tool names whose call runs a shell command. Any tool call
// with a tool_input.command is classified as one; this list only chooses the
// error message when the command is missing.
var shellTools = map[string]bool{
	"bash":              true, // Claude Code "Bash", pi "bash"
	"shell":             true, // Codex, Cursor
	"run_shell_command": true, // Gemini CLI
	"exec_command":      true, // Codex
	"local_shell":       true, // Codex
	"run_terminal_cmd":  true, // Cursor
}

var stdinHints = []string{
	"pass the command itself: permguard check -- COMMAND",
	`or pipe one tool call: {"tool_name":"Bash","tool_input":{"command":"..."},"cwd":"..."}`,
}

// readToolCall reads one tool call from r: the shell command it would run,
// or the name of a tool that runs none, and the directory it names.
func readToolCall(r io.Reader) (checkInputs, error) {
	command, tool, cwd, err := readToolCallParts(r)
	return checkInputs{command: command, tool: tool, cwd: cwd}, err
}

func readToolCallParts(r io.Reader) (command, tool, cwd string, err error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPayloadBytes+1))
	if err != nil {
		return "", "", "", fmt.Errorf("failed to read the tool call on stdin: %w", err)
	}
	if len(data) > maxPayloadBytes {
		return "", "", "", withHints(fmt.Errorf("the tool call on stdin is over the %d MiB limit", maxPayloadBytes>>20), stdinHints[0])
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return "", "", "", withHints(errors.New("no command given and stdin is empty"), stdinHints...)
	}
	if !utf8.Valid(data) {
		return "", "", "", withHints(errors.New("the tool call on stdin is not valid UTF-8"), stdinHints[1])
	}
	var tc toolCall
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&tc); err != nil {
		return "", "", "", withHints(fmt.Errorf("cannot read the tool call on stdin: %v", err), stdinHints[1])
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", "", "", withHints(errors.New("stdin holds more than one JSON value; expected one tool call"), stdinHints[1])
	}

	raw, ok := tc.ToolInput["command"]
	if !ok || string(raw) == "null" {
		if tc.ToolName == "" || shellTools[strings.ToLower(tc.ToolName)] {
			return "", "", "", withHints(errors.New("the tool call on stdin has no tool_input.command"), stdinHints[1])
		}
		return "", tc.ToolName, tc.Cwd, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, "", tc.Cwd, nil
	}
	// Some agents send an argument vector (["bash", "-lc", "..."]): quote it
	// into the shell command that runs exactly that vector.
	var argv []string
	if err := json.Unmarshal(raw, &argv); err == nil && len(argv) > 0 {
		return shellJoin(argv), "", tc.Cwd, nil
	}
	return "", "", "", errors.New("tool_input.command in the tool call on stdin is neither a string nor a list of strings")
}
