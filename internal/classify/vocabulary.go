package classify

import "fmt"

// The vocabulary permguard's other packages read a verdict in, beside
// verdict.go's levels, reasons and Env: the limits an input can go past,
// the kinds of tool call, an MCP tool's arguments, the markers a caller
// puts in Env.Links. It is apart from the walk so that it can become a
// package of its own (issue 26) without taking the classifier with it.

// Limits checked before the parser sees an input. mvdan.cc/sh has no
// recursion limit: deep nesting overflows the Go stack, which no recover
// catches, and long flat chains of && or | overflow syntax.Walk. The numbers
// keep every input under 100 ms and 64 MB (BenchmarkLimits measures them).
const (
	MaxInputBytes = 64 << 10 // agents write large heredocs; the worst case at this size is bounded by the checks below
	MaxNesting    = 128      // brackets, braces, $( ( `...` and compound keywords open at once
	MaxOperators  = 1000     // && || | |&: they build a left-deep tree that is walked recursively
)

// Limit names a bound of design §7 that an input went past. Past one, part
// of the input was not judged, or not as bash reads it, so its verdict
// says too little: no level but bypassed allows it (design §4, row
// past-limit), whatever its level. The zero value is none.
type Limit uint8

// The limits. Each is checked before the work it bounds.
const (
	LimitNone      Limit = iota
	LimitSize            // more than MaxInputBytes
	LimitNesting         // brackets, substitutions or compound commands nested more than MaxNesting deep
	LimitOperators       // more than MaxOperators && || | |&
	LimitBytes           // a NUL byte or invalid UTF-8, which bash and the parser read differently
	LimitScripts         // scripts inside scripts (bash -c, eval) more than maxReparse deep
	LimitWork            // the scripts parsed again for one input past their shared budget
	LimitCommands        // more than maxCommands commands
	LimitFollows         // an alias or a hashed name not followed, past what one input follows
	LimitInputs          // GNU parallel with more inputs than are judged one by one
	LimitToolInput       // a field of a tool call past the bound the decoder keeps (internal/hook)
	LimitPaths           // more paths than the search for links looks at (shell_links.go)
)

var limitNames = [...]string{
	LimitNone: "none", LimitSize: "size", LimitNesting: "nesting", LimitOperators: "operators",
	LimitBytes: "bytes", LimitScripts: "script depth", LimitWork: "script budget", LimitCommands: "commands",
	LimitFollows: "follows", LimitInputs: "parallel inputs", LimitToolInput: "tool input", LimitPaths: "paths",
}

// String names the limit as the block message does: "size", "nesting".
func (l Limit) String() string {
	if int(l) < len(limitNames) {
		return limitNames[l]
	}
	return fmt.Sprintf("Limit(%d)", l)
}

// Limits lists every limit but none.
func Limits() []Limit {
	out := make([]Limit, 0, len(limitNames)-1)
	for l := LimitNone + 1; int(l) < len(limitNames); l++ {
		out = append(out, l)
	}
	return out
}

// PastLimit is the verdict of an input that went past the limit l before
// it could be judged: a tool call with a field past the decoder's bound.
// msg says which bound (the reason's detail), snip what the input was.
func PastLimit(l Limit, msg, snip string) Verdict {
	r := Reason{Rule: limitRule.id, Level: High, Message: limitRule.why, Detail: msg, Pos: Pos{1, 1}, Snippet: snippet(snip), Limit: l,
		Stage: StageToolCall, Effect: Effect{Kind: limitRule.effect}}
	return Verdict{Level: High, Reasons: []Reason{r}, Floors: []Reason{r}, Limit: l}
}

// ToolKind is what a tool call does, as the hook decoder normalized it.
type ToolKind uint8

const (
	ToolUnknown     ToolKind = iota // a tool permguard does not know: high
	ToolShell                       // a shell command: use Classify
	ToolFileRead                    // reads, globs, greps, lists
	ToolFileWrite                   // creates, overwrites or edits a file
	ToolFileDelete                  // deletes a file
	ToolWeb                         // fetches a URL or searches the web
	ToolBookkeeping                 // todo lists, sub-agents, plan mode, questions to the user
	ToolMCP                         // a tool of an MCP server
)

// ToolCall is a tool call that runs no shell command.
type ToolCall struct {
	Kind  ToolKind
	Name  string   // the tool's name as the agent sent it
	Paths []string // the files it reads, writes or deletes: absolute, or relative to the workspace
	// Target is what the call is about, for the reasons: a URL, a query,
	// an MCP server and tool.
	Target string
	// MCPTool is the MCP tool's own name, without the server
	// ("create_issue" of mcp__github__create_issue).
	MCPTool string
	// MCPServer is the MCP server's name as the agent's configuration
	// gives it ("github" of mcp__github__create_issue).
	MCPServer string
	// Args are an MCP tool's arguments, each leaf of its JSON input.
	Args []MCPArg
}

// MCPArg is one argument of an MCP tool call: a leaf of its JSON input.
type MCPArg struct {
	// Key is where it sits, object keys joined with "." and array
	// indexes as "[i]": "command", "edits[0].path", "paths[1]".
	Key string
	// Value is a string as given, or a number, boolean or null as JSON
	// writes it.
	Value string
	// Cut says Value holds only the start of the argument: the decoder
	// keeps no more of one than of a shell command (internal/hook). A cut
	// argument that is judged is at least high.
	Cut bool
}

// LinkNotKnown in [Env.Links] stands for a name of the path that the
// caller could not follow: a link loop, or a budget cut the search short.
// It may be anything: a secret to read, a guard file to write.
const LinkNotKnown = "?"

// LinkElsewhere in [Env.Links] says the path is a regular file with other
// hard links, none of them a file the caller found to matter (it compares
// the file with them): a write changes a file outside what permguard sees;
// a read is a read.
const LinkElsewhere = "?elsewhere"
