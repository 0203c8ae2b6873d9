package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// claudeCall is a Claude Code payload with input as its tool_input.
func claudeCall(tool, input string) string {
	return `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/home/dev/proj","permission_mode":"default","tool_name":"` +
		tool + `","tool_input":` + input + `}`
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestBoundDecoded checks that every field the decoder keeps is bounded:
// past its bound, the call says which field (Over) and keeps only its
// start; within it, nothing is said (issue 22, item 9).
func TestBoundDecoded(t *testing.T) {
	long := "/home/dev/proj/" + strings.Repeat("a/", MaxFieldBytes/2)
	paths := func(n int) string {
		return `{"paths":[` + strings.Repeat(`"a.go",`, n-1) + `"b.go"]}`
	}
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	tests := []struct {
		name    string
		payload string
		over    string // Over's Field; "" for none
	}{
		{name: "path within", payload: claudeCall("Write", `{"file_path":`+jsonString(long[:MaxFieldBytes])+`}`)},
		{name: "path past", payload: claudeCall("Write", `{"file_path":`+jsonString(long)+`}`), over: "a path"},
		{name: "path of 8 MiB", payload: claudeCall("Read", `{"file_path":`+jsonString(strings.Repeat("a", 8<<20-200))+`}`), over: "a path"},
		{name: "path in a list", payload: claudeCall("read_many_files", `{"paths":["a.go",`+jsonString(long)+`]}`), over: "a path"},
		{name: "paths within", payload: claudeCall("read_many_files", paths(MaxPaths))},
		{name: "paths past", payload: claudeCall("read_many_files", paths(MaxPaths+1)), over: "the paths"},
		{name: "patch headers past", payload: claudeCall("apply_patch", `{"input":`+jsonString(strings.Repeat("*** Add File: a\n", MaxPaths+1))+`}`), over: "the paths"},
		{name: "command within", payload: claudeCall("Bash", `{"command":`+jsonString(strings.Repeat("a", MaxCommandBytes))+`}`)},
		{name: "command past", payload: claudeCall("Bash", `{"command":`+jsonString(strings.Repeat("a", MaxCommandBytes+1))+`}`), over: "the command"},
		{name: "command past in escapes", payload: claudeCall("Bash", `{"command":"`+strings.Repeat(`\u0061`, 2*MaxCommandBytes)+`"}`), over: "the command"},
		{name: "command's directory past", payload: claudeCall("Bash", `{"command":"ls","workdir":`+jsonString(long)+`}`), over: "the command's directory"},
		{name: "url past", payload: claudeCall("WebFetch", `{"url":`+jsonString("https://example.com/"+long)+`}`), over: "the URL or query"},
		{name: "tool name past", payload: claudeCall(strings.Repeat("x", MaxFieldBytes+1), `{}`), over: "the tool's name"},
		{name: "mcp name past", payload: claudeCall("mcp__s__"+strings.Repeat("x", MaxFieldBytes), `{}`), over: "the tool's name"},
		{name: "cwd past", payload: `{"hook_event_name":"PreToolUse","cwd":` + jsonString(long) + `,"permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"}}`, over: "the cwd"},
		{name: "session past", payload: `{"hook_event_name":"PreToolUse","session_id":` + jsonString(long) + `,"permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"}}`, over: "the session id"},
		{name: "nesting within", payload: claudeCall("Read", `{"file_path":"a","x":`+nested(MaxDepth-2)+`}`)},
		{name: "nesting past", payload: claudeCall("Read", `{"file_path":"a","x":`+nested(MaxDepth-1)+`}`), over: "the payload"},
		{name: "nesting in strings does not count", payload: claudeCall("Write", `{"file_path":"a","content":`+jsonString(nested(5000))+`}`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Decode([]byte(tc.payload), Auto)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			got := ""
			if c.Over != nil {
				got = c.Over.Field
			}
			if got != tc.over {
				t.Fatalf("Over = %+v, want %q", c.Over, tc.over)
			}
			checkBounded(t, c)
			if tc.over == "" {
				return
			}
			if !strings.Contains(c.Over.String(), "limit") {
				t.Errorf("Over.String() = %q, which names no limit", c.Over)
			}
			before := *c.Over
			Bound(c) // again: nothing changes
			if *c.Over != before {
				t.Errorf("Bound twice changed Over from %+v to %+v", before, *c.Over)
			}
		})
	}
}

// checkBounded fails when a field of c is past its bound.
func checkBounded(t *testing.T, c *Call) {
	t.Helper()
	if len(c.Command) > MaxCommandBytes || len(c.Paths) > MaxPaths {
		t.Fatalf("command of %d bytes, %d paths: past the bounds", len(c.Command), len(c.Paths))
	}
	fields := append([]string{c.Tool, c.Target, c.MCPServer, c.MCPTool, c.Event, c.Mode, c.Cwd, c.Dir, c.Workspace, c.SessionID}, c.Paths...)
	if len(c.MCPArgs) > MaxMCPArgs {
		t.Fatalf("%d MCP arguments: past the bound", len(c.MCPArgs))
	}
	for _, a := range c.MCPArgs {
		fields = append(fields, a.Key)
		if len(a.Value) > MaxCommandBytes || !utf8.ValidString(a.Value) {
			t.Fatalf("an MCP argument of %d bytes is past the bound, or cut inside a character", len(a.Value))
		}
	}
	for _, s := range fields {
		if len(s) > MaxFieldBytes {
			t.Fatalf("a field of %d bytes is past the bound", len(s))
		}
		if !utf8.ValidString(s) {
			t.Fatalf("a field was cut inside a character: %q", s[len(s)-8:])
		}
	}
}

// TestBoundBuilt checks the bounds on a call a caller builds itself
// (check and exec judge argv), and that the cut keeps characters whole.
func TestBoundBuilt(t *testing.T) {
	c := &Call{Kind: KindShell, Command: strings.Repeat("é", MaxCommandBytes)}
	Bound(c)
	if c.Over == nil || !c.Over.IsCommand() || !strings.HasSuffix(c.Command, "…") {
		t.Fatalf("Bound of a long command: Over %+v, command ends %q", c.Over, c.Command[len(c.Command)-8:])
	}
	checkBounded(t, c)
	c = &Call{Kind: KindShell, Command: "ls", Cwd: strings.Repeat("/a", MaxFieldBytes)}
	if Bound(c); c.Over == nil || c.Over.IsCommand() || c.Cwd != "" {
		t.Errorf("Bound of a long cwd: Over %+v, cwd %d bytes; want it dropped", c.Over, len(c.Cwd))
	}
}

// TestPayloadShape checks what JSON.parse would refuse, or read
// otherwise, is refused: anything but whitespace after the object, a key
// given twice (however it is spelled), a payload that is not an object,
// and two fields that name the same thing with different values.
func TestPayloadShape(t *testing.T) {
	bash := claudeCall("Bash", `{"command":"ls"}`)
	tests := []struct {
		name    string
		payload string
		err     string // "" for a call that decodes
	}{
		{name: "whitespace after", payload: bash + " \t\r\n"},
		{name: "text after", payload: bash + " x", err: "after top-level value"},
		{name: "a second object", payload: bash + `{"tool_name":"Bash","tool_input":{"command":"id"}}`, err: "after top-level value"},
		{name: "a second object after a space", payload: bash + "\n" + bash, err: "after top-level value"},
		{name: "a bracket after", payload: bash + "]", err: "after top-level value"},
		{name: "a NUL after", payload: bash + "\x00", err: "after top-level value"},
		{name: "a form feed after", payload: bash + "\f", err: "after top-level value"},
		{name: "a no-break space after", payload: bash + "\u00a0", err: "after top-level value"},
		{name: "a byte order mark before", payload: "\ufeff" + bash, err: "looking for beginning of value"},
		{name: "an array", payload: "[" + bash + "]", err: "a JSON array, not an object"},
		{name: "a string", payload: jsonString(bash), err: "a JSON string, not an object"},
		{name: "a number", payload: "1", err: "a JSON number, not an object"},
		{name: "null", payload: "null", err: "null, not an object"},
		{name: "a key twice at the top", payload: `{"tool_name":"Read","tool_name":"Bash","hook_event_name":"PreToolUse","permission_mode":"default","tool_input":{"command":"ls"}}`, err: "gives a key twice"},
		{name: "the command twice", payload: claudeCall("Bash", `{"command":"ls","command":"id"}`), err: "tool_input gives a key twice"},
		{name: "the command twice, one escaped", payload: claudeCall("Bash", `{"command":"ls","\u0063ommand":"id"}`), err: "tool_input gives a key twice"},
		{name: "a key twice deeper is not read", payload: claudeCall("Bash", `{"command":"ls","x":{"a":1,"a":2}}`)},
		{name: "colons in strings are not keys", payload: claudeCall("Bash", `{"command":"a:b:{c:d}"}`)},
		{name: "the command twice in a string of JSON", payload: `{"toolName":"bash","toolArgs":` + jsonString(`{"command":"ls","command":"id"}`) + `,"timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p","sessionId":"s"}`, err: "toolArgs gives a key twice"},
		{name: "a string of JSON nested too deep", payload: `{"toolName":"bash","toolArgs":` + jsonString(`{"command":"ls","x":`+strings.Repeat("[", MaxDepth)+strings.Repeat("]", MaxDepth)+`}`) + `,"timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p","sessionId":"s"}`, err: "nests more than"},
		{name: "command and cmd that differ", payload: claudeCall("Bash", `{"command":"ls","cmd":"id"}`), err: "both command and cmd"},
		{name: "command and cmd alike", payload: claudeCall("Bash", `{"command":"ls","cmd":"ls"}`)},
		{name: "two directories that differ", payload: claudeCall("Bash", `{"command":"ls","dir_path":"/p","workdir":"/"}`), err: "both dir_path and workdir"},
		{name: "two patches that differ", payload: claudeCall("apply_patch", `{"input":"*** Add File: a","patch":"*** Add File: b"}`), err: "both input and patch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.payload), Auto)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("Decode: %v, want a call", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("Decode: %v, want an error with %q", err, tc.err)
			}
		})
	}
}

// FuzzStringStart checks the shortcut the decoder takes for a string too
// long to keep: its start decodes to a prefix of the string, longer than
// every bound; a shorter string decodes whole.
func FuzzStringStart(f *testing.F) {
	f.Add("abc", uint16(1), false)
	f.Add("é😀\\\"\x01", uint16(30000), true)
	f.Fuzz(func(t *testing.T, unit string, n uint16, escape bool) {
		if len(unit)*int(n) > 1<<20 {
			n = uint16(1 << 20 / len(unit))
		}
		s := strings.ToValidUTF8(strings.Repeat(unit, int(n)), "?")
		raw := jsonString(s)
		if escape {
			// every character as \u escapes, astral ones as surrogate pairs
			var b strings.Builder
			b.WriteByte('"')
			for _, r := range s {
				if r > 0xFFFF {
					r -= 0x10000
					fmt.Fprintf(&b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
					continue
				}
				fmt.Fprintf(&b, `\u%04x`, r)
			}
			b.WriteByte('"')
			raw = b.String()
		}
		var got string
		if err := json.Unmarshal(stringStart([]byte(raw)), &got); err != nil {
			t.Fatalf("stringStart(%.40q) does not decode: %v", raw, err)
		}
		if len(raw) <= maxRawString {
			if got != s {
				t.Fatalf("stringStart of a short string changed it")
			}
			return
		}
		// a surrogate pair cut in two ends in U+FFFD
		if p := strings.TrimSuffix(got, "\uFFFD"); len(got) <= MaxCommandBytes || !strings.HasPrefix(s, p) {
			t.Fatalf("stringStart(%d bytes) = %d bytes, not a prefix longer than %d", len(raw), len(got), MaxCommandBytes)
		}
	})
}

// FuzzScanJSON checks the decoder's second look against encoding/json's
// tokens: the keys of the outermost object, duplicates counted, and the
// depth.
func FuzzScanJSON(f *testing.F) {
	f.Add([]byte(`{"a":1,"a":"x\"y","b":{"c":[1,{"d":"\\"}]}}`))
	f.Add([]byte(`{"k\\":"v:","s":"{[\\\\"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		level, depth, keys := 0, 0, 0
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				level++
				depth = max(depth, level)
			case json.Delim('}'), json.Delim(']'):
				level--
			}
		}
		// count the outermost object's keys by decoding it as pairs
		if len(bytes.TrimSpace(data)) > 0 && bytes.TrimSpace(data)[0] == '{' {
			d := json.NewDecoder(bytes.NewReader(data))
			d.Token()
			for d.More() {
				d.Token() // the key
				var v json.RawMessage
				if d.Decode(&v) != nil {
					return
				}
				keys++
			}
		}
		gotKeys, gotDepth := scanJSON(data)
		if gotDepth != depth || (bytes.TrimSpace(data)[0] == '{' && gotKeys != keys) {
			t.Fatalf("scanJSON(%q) = %d keys, depth %d; want %d, %d", data, gotKeys, gotDepth, keys, depth)
		}
	})
}
