// Package hook speaks the pre-tool hook protocols of the coding agents
// permguard guards (docs: docs/agents.md): it decodes one tool call from
// whatever an agent sends into a [Call], and encodes a [Reply] in that
// agent's own dialect.
//
// Each dialect is one file (claude.go, codex.go, gemini.go, cursor.go,
// copilot.go, generic.go) holding one [Dialect], and every list of agents
// derives from the one ordered registry of them (registry.go).
//
// The package holds no policy: it does not classify and reads no settings.
// It promises that [Decode] never panics on any input and that [Encode]
// yields, for every dialect, stdout that is empty or exactly one JSON
// object, and an exit status of 0 or 2.
package hook

import (
	"encoding/json"
	"time"
)

// Agent is a hook dialect: the agent whose payload was read and to whom
// the reply is written. Each dialect but Auto is defined in a file of its
// own and listed in the registry (registry.go).
type Agent string

// Auto is no dialect: it asks [Decode] to tell the dialect from the
// payload.
const Auto Agent = "auto"

// Kind is what a tool call does.
type Kind uint8

const (
	KindUnknown     Kind = iota // a tool nobody mapped: judged high
	KindShell                   // runs a shell command
	KindFileRead                // reads, globs, greps, lists
	KindFileWrite               // creates, overwrites or edits files
	KindFileDelete              // deletes files
	KindWeb                     // fetches a URL or searches the web
	KindBookkeeping             // todo lists, sub-agents, plan mode, questions
	KindMCP                     // a tool of an MCP server
)

var kindNames = [...]string{"unknown", "shell", "file read", "file write", "file delete", "web", "bookkeeping", "mcp"}

func (k Kind) String() string { return kindNames[k] }

// Call is one tool call, normalized.
type Call struct {
	Agent     Agent
	Variant   string // "", VSCode, Snake or Bare
	Event     string // the hook event as sent: PreToolUse, PreSkillShellCommand, BeforeTool, beforeShellExecution, preToolUse
	SessionID string
	// Workspace is the project root the agent names (Cursor's
	// workspace_roots); Cwd is where the call runs. Either may be empty.
	Workspace string
	Cwd       string
	// Mode is the permission mode the agent names (Claude Code's
	// permission_mode): whether an ask would reach a person depends on it.
	Mode string

	Kind Kind
	Tool string // the tool's name as sent

	// Skill, for a skill's inline shell command (SkillShell), names the
	// skill or slash command whose text holds it (command_name).
	Skill string

	Command    string // KindShell: the command
	PowerShell bool   // KindShell: a PowerShell command, not a POSIX shell one
	Dir        string // KindShell: a directory the command runs in, apart from Cwd (Gemini dir_path)

	// Input is the tool's input as sent, kept where the dialect can
	// rewrite the call ([CanRewrite]): a rewrite replaces all of it.
	Input map[string]json.RawMessage

	Paths     []string // file kinds: the files, as sent
	Target    string   // KindWeb: the URL or query; KindMCP: the server
	MCPServer string
	MCPTool   string
	// MCPArgs are an MCP tool's arguments (KindMCP), each leaf of its
	// input.
	MCPArgs []MCPArg

	// Over, when set, is the first part of the call past its bound
	// ([Bound]): the call is past a limit of design §7, and the fields
	// past their bounds hold only their start.
	Over *Over
}

// Decision is what permguard answers.
type Decision uint8

const (
	Allow Decision = iota
	Ask            // a person must approve; answered with the agent's own prompt where it has one
	Deny
)

func (d Decision) String() string { return [...]string{"allow", "ask", "deny"}[d] }

// Reply is permguard's answer to one call.
type Reply struct {
	Decision Decision
	// Reason is for the model: the block message, or why the call needs
	// approval, or why it is allowed.
	Reason string
	// Summary is one line for the person, where the dialect shows one.
	Summary string
	// Quiet makes an allow print nothing where the dialect allows that,
	// so the agent's own permission prompts still run (hookAllow: defer).
	Quiet bool
	// PromptTimeout is, for an ask, how long the agent's prompt may wait
	// before it denies (promptTimeout), where the dialect can say so; 0
	// leaves it to the agent.
	PromptTimeout time.Duration
	// UpdatedInput, with an allow, is the tool input the agent runs in
	// place of the one it sent ([Rewrite]); never Quiet then.
	UpdatedInput map[string]json.RawMessage

	// event is the hook event answered, set by [Encode] from the call.
	event string
}

// Output is what permguard writes and how it exits.
type Output struct {
	Stdout []byte // empty, or one JSON object and a newline
	Stderr string
	Exit   int // 0 or 2
}

// Exit statuses. A hook never exits with anything else: most agents treat
// any other status as "go ahead".
const (
	ExitOK    = 0
	ExitBlock = 2
)
