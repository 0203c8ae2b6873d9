package hook

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Bounds on what the decoder keeps of one call (design §7). A call with a
// field past its bound is past a limit ([Call.Over]): it is not judged,
// and no level but bypassed allows it. Without them, judging an 8 MiB
// file_path took 3.3 s and 191 MB; within them, no field costs more than
// a few milliseconds, and a call stays within 100 ms and 64 MB.
const (
	// MaxCommandBytes bounds a shell command: the classifier's own input
	// limit, classify.MaxInputBytes (the guard's tests check they agree).
	MaxCommandBytes = 64 << 10
	// MaxFieldBytes bounds every other string the decoder keeps: a path,
	// a directory, a URL or query, a tool's or a server's name, a session
	// id. Paths set it: the kernel opens no path longer than PATH_MAX,
	// 4096 bytes on Linux, so a longer one names no file an agent can
	// write.
	MaxFieldBytes = 4096
	// MaxPaths bounds the paths of one call (a list of files to read, a
	// patch's headers).
	MaxPaths = 1024
	// MaxDepth bounds how deeply the payload's JSON nests. No tool's input
	// comes near it, and past it the agents' parsers and Go's stop at
	// depths of their own (Go's at 10,000).
	MaxDepth = 64
	// MaxMembers bounds the keys and array values of a whole payload,
	// counted before it is decoded.
	MaxMembers = 20000
	// MaxMCPArgs bounds the arguments of an MCP tool call, each leaf of
	// its input (MCPArg). The widely used servers' tools take a few; a
	// list of a few hundred is a batch, and each argument of a server
	// nobody mapped is read as a possible command (design §3). Each
	// argument's value is bounded as a command is; a longer one is kept
	// cut, and marked (MCPArg.Cut), not past a limit: a file's content is
	// often longer, and means nothing to the verdict.
	MaxMCPArgs = 512
)

// Over says which part of a call is past its bound. Its size is not
// kept: a string that long is not decoded whole (stringStart).
type Over struct {
	// Field names the part as a person reads it: "the command", "a
	// path", "the cwd".
	Field string
	Max   int    // the bound
	Unit  string // "bytes", "paths", "arguments" (of an MCP tool) or "levels" (of JSON nesting)
}

func (o *Over) String() string {
	switch o.Unit {
	case "paths":
		return fmt.Sprintf("the tool call names over the limit of %d paths", o.Max)
	case "levels":
		return fmt.Sprintf("the tool call's JSON nests over the limit of %d levels", o.Max)
	case "arguments":
		return fmt.Sprintf("the MCP tool call gives over the limit of %d arguments", o.Max)
	}
	return fmt.Sprintf("%s is over the limit of %d bytes", o.Field, o.Max)
}

// IsCommand reports that the command itself is too long: the shell input
// limit of the classifier, rather than a tool input's.
func (o *Over) IsCommand() bool { return o.Field == fieldCommand }

const fieldCommand = "the command"

// Bound checks every field of c against its bound, before anything else
// looks at it. The first field past its bound is c.Over; every field past
// its bound is cut to it (a directory, a session id or the workspace is
// dropped, so that nothing is looked up there), which leaves what a
// person is shown of the call short. Bound on a call already bound
// changes nothing. The decoder bounds every call it returns; a caller
// that builds a call itself bounds it.
func Bound(c *Call) {
	note := func(o Over) {
		if c.Over == nil {
			c.Over = &o
		}
	}
	text := func(s *string, field string, max int) {
		if len(*s) > max {
			note(Over{Field: field, Max: max, Unit: "bytes"})
			*s = clipField(*s, max)
		}
	}
	drop := func(s *string, field string) {
		if len(*s) > MaxFieldBytes {
			note(Over{Field: field, Max: MaxFieldBytes, Unit: "bytes"})
			*s = ""
		}
	}
	text(&c.Command, fieldCommand, MaxCommandBytes)
	if len(c.Paths) > MaxPaths {
		note(Over{Field: "the paths", Max: MaxPaths, Unit: "paths"})
		c.Paths = c.Paths[:MaxPaths]
	}
	for i := range c.Paths {
		text(&c.Paths[i], "a path", MaxFieldBytes)
	}
	if len(c.MCPArgs) > MaxMCPArgs {
		note(Over{Field: "the MCP tool's arguments", Max: MaxMCPArgs, Unit: "arguments"})
		c.MCPArgs = c.MCPArgs[:MaxMCPArgs]
	}
	for i := range c.MCPArgs {
		a := &c.MCPArgs[i]
		text(&a.Key, "an MCP argument's name", MaxFieldBytes)
		if len(a.Value) > MaxCommandBytes {
			a.Value, a.Cut = clipField(a.Value, MaxCommandBytes), true
		}
	}
	text(&c.Tool, "the tool's name", MaxFieldBytes)
	text(&c.Target, "the URL or query", MaxFieldBytes)
	text(&c.MCPServer, "the MCP server's name", MaxFieldBytes)
	text(&c.MCPTool, "the MCP tool's name", MaxFieldBytes)
	text(&c.Event, "the hook event's name", MaxFieldBytes)
	text(&c.Mode, "the permission mode", MaxFieldBytes)
	drop(&c.Cwd, "the cwd")
	drop(&c.Dir, "the command's directory")
	drop(&c.Workspace, "the workspace")
	drop(&c.SessionID, "the session id")
}

// clipField shortens s to at most n bytes without splitting a character, and
// marks the cut.
func clipField(s string, n int) string {
	const mark = "…"
	cut := n - len(mark)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + mark
}

// scanJSON reads valid JSON text: how many keys the outermost object
// holds, and how deeply the text nests. It is the decoder's second look,
// a byte loop without allocations: Go keeps the last of two equal keys,
// and the count tells that two were given.
func scanJSON(data []byte) (keys, depth int) {
	level := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			// to the closing quote: one not escaped by an odd run of
			// backslashes (IndexByte, as a Write's content is megabytes
			// of one string)
			for {
				j := bytes.IndexByte(data[i+1:], '"')
				if j < 0 {
					return keys, depth
				}
				i += 1 + j
				k := i - 1
				for k >= 0 && data[k] == '\\' {
					k--
				}
				if (i-1-k)%2 == 0 {
					break
				}
			}
		case '{', '[':
			level++
			depth = max(depth, level)
		case '}', ']':
			level--
		case ':':
			if level == 1 {
				keys++
			}
		}
	}
	return keys, depth
}

// countMembers counts the keys and array elements of JSON text (its ':'
// and ',' outside strings), a byte loop with no allocation; past
// MaxMembers it stops counting.
func countMembers(data []byte) int {
	n := 0
	for i := 0; i < len(data) && n <= MaxMembers; i++ {
		switch data[i] {
		case '"':
			for {
				j := bytes.IndexByte(data[i+1:], '"')
				if j < 0 {
					return n
				}
				i += 1 + j
				k := i - 1
				for k >= 0 && data[k] == '\\' {
					k--
				}
				if (i-1-k)%2 == 0 {
					break
				}
			}
		case ':', ',':
			n++
		}
	}
	return n
}
