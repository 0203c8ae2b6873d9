package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestMCPArgs: an MCP tool's input as its leaves, keyed as the classifier
// keys them (issue 23).
func TestMCPArgs(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []MCPArg
	}{
		{name: "strings", input: `{"command":"ls -la","timeout_ms":30000}`,
			want: []MCPArg{{Key: "command", Value: "ls -la"}, {Key: "timeout_ms", Value: "30000"}}},
		{name: "top keys sorted", input: `{"z":"1","a":"2"}`,
			want: []MCPArg{{Key: "a", Value: "2"}, {Key: "z", Value: "1"}}},
		{name: "literals as JSON writes them", input: `{"b":true,"n":null,"f":-1.5e3}`,
			want: []MCPArg{{Key: "b", Value: "true"}, {Key: "f", Value: "-1.5e3"}, {Key: "n", Value: "null"}}},
		{name: "nested objects", input: `{"args":{"script":"make","env":{"CI":"1"}}}`,
			want: []MCPArg{{Key: "args.script", Value: "make"}, {Key: "args.env.CI", Value: "1"}}},
		{name: "lists", input: `{"paths":["a.go","b.go"]}`,
			want: []MCPArg{{Key: "paths[0]", Value: "a.go"}, {Key: "paths[1]", Value: "b.go"}}},
		{name: "lists of objects", input: `{"edits":[{"path":"a","text":"x"},{"path":"b"}]}`,
			want: []MCPArg{{Key: "edits[0].path", Value: "a"}, {Key: "edits[0].text", Value: "x"}, {Key: "edits[1].path", Value: "b"}}},
		{name: "lists in lists", input: `{"m":[[1,2],[]]}`,
			want: []MCPArg{{Key: "m[0][0]", Value: "1"}, {Key: "m[0][1]", Value: "2"}}},
		{name: "empty containers have no leaves", input: `{"a":{},"b":[],"c":""}`,
			want: []MCPArg{{Key: "c", Value: ""}}},
		{name: "escapes decoded", input: `{"command":"echo \"a\\\\\" \u0072m","k\u0065y":"v"}`,
			want: []MCPArg{{Key: "command", Value: `echo "a\\" rm`}, {Key: "key", Value: "v"}}},
		{name: "whitespace between", input: "{ \"a\" :\n [ 1 , { \"b\" : \"c\" } ] }",
			want: []MCPArg{{Key: "a[0]", Value: "1"}, {Key: "a[1].b", Value: "c"}}},
		// the server's JSON.parse keeps the last; both are judged
		{name: "a key twice below the top: both kept", input: `{"x":{"command":"ls","command":"id"}}`,
			want: []MCPArg{{Key: "x.command", Value: "ls"}, {Key: "x.command", Value: "id"}}},
		{name: "no input", input: `{}`},
		// a string that is itself JSON is read as what it holds too
		{name: "a string of a JSON object", input: `{"payload":"{\"cmd\":\"rm -rf ~\"}","x":"1"}`,
			want: []MCPArg{{Key: "payload", Value: `{"cmd":"rm -rf ~"}`}, {Key: "payload.cmd", Value: "rm -rf ~"}, {Key: "x", Value: "1"}}},
		{name: "a string of a JSON list", input: `{"argv":" [\"sh\",\"-c\",\"ls\"]"}`,
			want: []MCPArg{{Key: "argv", Value: ` ["sh","-c","ls"]`}, {Key: "argv[0]", Value: "sh"}, {Key: "argv[1]", Value: "-c"}, {Key: "argv[2]", Value: "ls"}}},
		{name: "a string of JSON in a string of JSON", input: `{"job":"{\"step\":\"{\\\"cmd\\\":\\\"make\\\"}\"}"}`,
			want: []MCPArg{{Key: "job", Value: `{"step":"{\"cmd\":\"make\"}"}`}, {Key: "job.step", Value: `{"cmd":"make"}`}, {Key: "job.step.cmd", Value: "make"}}},
		{name: "a string that only starts as JSON", input: `{"title":"[WIP] fix the build","t":"{not json}"}`,
			want: []MCPArg{{Key: "t", Value: "{not json}"}, {Key: "title", Value: "[WIP] fix the build"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in fields
			if err := json.Unmarshal([]byte(tc.input), &in); err != nil {
				t.Fatal(err)
			}
			if got := mcpArgs(in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("mcpArgs(%s) = %+v, want %+v", tc.input, got, tc.want)
			}
		})
	}
}

// TestMCPArgsDecoded: every dialect that sees an MCP call keeps its
// arguments (docs/agents.md).
func TestMCPArgsDecoded(t *testing.T) {
	want := []MCPArg{{Key: "args[0]", Value: "-la"}, {Key: "command", Value: "ls"}}
	input := `{"command":"ls","args":["-la"]}`
	tests := []struct {
		name    string
		agent   Agent
		payload string
		server  string
		tool    string
	}{
		{name: "Claude Code", agent: Auto, payload: claudeCall("mcp__desktop-commander__execute_command", input),
			server: "desktop-commander", tool: "execute_command"},
		{name: "Codex", agent: Auto, payload: `{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/p","tool_name":"mcp__dc__run","tool_input":` + input + `}`,
			server: "dc", tool: "run"},
		{name: "Gemini CLI with mcp_context", agent: Auto,
			payload: `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"mcp_dc_run","tool_input":` + input + `,"mcp_context":{"server_name":"dc","tool_name":"run"}}`,
			server:  "dc", tool: "run"},
		{name: "Gemini CLI by name", agent: Auto, payload: `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"mcp_dc_run","tool_input":` + input + `}`,
			tool: "dc_run"},
		{name: "Cursor beforeMCPExecution", agent: Auto,
			payload: `{"conversation_id":"c","generation_id":"g","hook_event_name":"beforeMCPExecution","tool_name":"run","tool_input":` + jsonString(input) + `,"command":"npx dc"}`,
			server:  "npx dc", tool: "run"},
		{name: "Cursor preToolUse", agent: Auto,
			payload: `{"conversation_id":"c","generation_id":"g","hook_event_name":"preToolUse","tool_name":"MCP:run","tool_input":` + input + `}`,
			tool:    "run"},
		{name: "generic", agent: Generic, payload: `{"tool_name":"mcp__dc__run","tool_input":` + input + `,"cwd":"/p"}`,
			server: "dc", tool: "run"},
		{name: "Copilot", agent: Auto, payload: `{"toolName":"mcp__dc__run","toolArgs":` + jsonString(input) + `,"timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p","sessionId":"s"}`,
			server: "dc", tool: "run"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Decode([]byte(tc.payload), tc.agent)
			if err != nil {
				t.Fatal(err)
			}
			if c.Kind != KindMCP || c.MCPServer != tc.server || c.MCPTool != tc.tool || !reflect.DeepEqual(c.MCPArgs, want) {
				t.Errorf("Decode = kind %v server %q tool %q args %+v, want mcp %q %q %+v", c.Kind, c.MCPServer, c.MCPTool, c.MCPArgs, tc.server, tc.tool, want)
			}
		})
	}
	// the agent's own tool that reads an MCP server's resource
	c, err := Decode([]byte(claudeCall("ReadMcpResourceTool", `{"server":"fs","uri":"file:///etc/hosts"}`)), Auto)
	if err != nil || len(c.MCPArgs) != 2 || c.MCPArgs[1] != (MCPArg{Key: "uri", Value: "file:///etc/hosts"}) {
		t.Errorf("ReadMcpResourceTool: %v, args %+v", err, c)
	}
}

// TestMCPArgsBounded: past MaxMCPArgs the call is past the tool-input
// limit; a value longer than a command is kept cut and marked, not past a
// limit; a name longer than a field is past one.
func TestMCPArgsBounded(t *testing.T) {
	many := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"xs":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString(`]}`)
		return b.String()
	}
	long := strings.Repeat("a", MaxCommandBytes+1)
	tests := []struct {
		name    string
		payload string
		over    string // Over's Field; "" for none
		cut     bool   // the last argument is cut
		n       int    // arguments kept
	}{
		{name: "arguments within", payload: claudeCall("mcp__s__t", many(MaxMCPArgs)), n: MaxMCPArgs},
		{name: "arguments past", payload: claudeCall("mcp__s__t", many(MaxMCPArgs+1)), over: "the MCP tool's arguments", n: MaxMCPArgs},
		{name: "arguments far past", payload: claudeCall("mcp__s__t", many(MaxMembers-100)), over: "the MCP tool's arguments", n: MaxMCPArgs},
		{name: "value within", payload: claudeCall("mcp__s__t", `{"command":`+jsonString(long[1:])+`}`), n: 1},
		{name: "value past is cut", payload: claudeCall("mcp__s__t", `{"command":`+jsonString(long)+`}`), cut: true, n: 1},
		{name: "value of 8 MiB is cut", payload: claudeCall("mcp__s__t", `{"content":`+jsonString(strings.Repeat("é", 4<<20-100))+`}`), cut: true, n: 1},
		{name: "name past", payload: claudeCall("mcp__s__t", `{`+jsonString(strings.Repeat("k", MaxFieldBytes+1))+`:1}`), over: "an MCP argument's name", n: 1},
		{name: "nested past the depth", payload: claudeCall("mcp__s__t", `{"a":`+strings.Repeat("[", MaxDepth+2)+strings.Repeat("]", MaxDepth+2)+`}`), over: "the payload", cut: true, n: 1},
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
			if got != tc.over || len(c.MCPArgs) != tc.n {
				t.Fatalf("Over = %+v, %d arguments; want %q, %d", c.Over, len(c.MCPArgs), tc.over, tc.n)
			}
			if last := c.MCPArgs[len(c.MCPArgs)-1]; last.Cut != tc.cut {
				t.Errorf("the last argument's Cut = %v, want %v", last.Cut, tc.cut)
			}
			checkBounded(t, c)
			before := fmt.Sprintf("%+v", c.MCPArgs)
			Bound(c)
			if after := fmt.Sprintf("%+v", c.MCPArgs); after != before {
				t.Errorf("Bound twice changed the arguments")
			}
		})
	}
}

// FuzzMCPArgs holds the one-pass reader (flatten) to encoding/json's
// tokens: for any object, the same leaves in the same order, each value a
// string's value or a literal's text, and never more than one past the
// bound. What reading strings of JSON adds keeps every leaf flatten
// gives, in its order, and never goes past the bound.
func FuzzMCPArgs(f *testing.F) {
	f.Add([]byte(`{"command":"rm -rf ~","args":{"script":"x","list":[1,"two",{"k":null}]}}`))
	f.Add([]byte(`{"a\"b":"c\\\"d","e":[[],{}],"f":true}`))
	f.Add([]byte(`{"x":{"k":"1","k":"2"},"y":-0.5E+2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var in fields
		if json.Unmarshal(data, &in) != nil || in == nil {
			return
		}
		got := flatten(in)
		if len(got) > MaxMCPArgs+1 {
			t.Fatalf("%d arguments, past the bound and one", len(got))
		}
		all := mcpArgs(in)
		if len(got) <= MaxMCPArgs && len(all) > MaxMCPArgs {
			t.Fatalf("strings of JSON took %d arguments past the bound", len(all))
		}
		j := 0
		for _, a := range all {
			if j < len(got) && a.Key == got[j].Key && a.Value == got[j].Value {
				j++
			}
		}
		if j != len(got) {
			t.Fatalf("mcpArgs(%s) = %+v lost flatten's %+v", data, all, got[j])
		}
		want := refArgs(t, in)
		if len(want) > MaxMCPArgs {
			want = want[:MaxMCPArgs+1]
		}
		for i := range got {
			if got[i].Cut && i == len(got)-1 && len(got[i].Value) == 0 {
				return // the reference reads on where the flattener stopped
			}
		}
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("mcpArgs(%s) = %+v, want %+v", data, got, want)
		}
	})
}

// TestMCPArgsJSONStrings: strings of JSON are read within the bound on
// the arguments, and only so deep.
func TestMCPArgsJSONStrings(t *testing.T) {
	nested := `"make"`
	for range maxStringNesting + 1 {
		nested = jsonString(`{"k":` + nested + `}`)
	}
	list := func(n int) string {
		xs := make([]string, n)
		for i := range xs {
			xs[i] = strconv.Itoa(i)
		}
		return jsonString("[" + strings.Join(xs, ",") + "]")
	}
	for _, tc := range []struct {
		name  string
		input string
		n     int  // arguments
		cut   bool // the string of JSON is marked cut
	}{
		{name: "within the bound", input: `{"xs":` + list(MaxMCPArgs-1) + `}`, n: MaxMCPArgs},
		{name: "past the bound: kept whole and cut", input: `{"xs":` + list(MaxMCPArgs) + `}`, n: 1, cut: true},
		{name: "strings in strings, so deep", input: `{"a":` + nested + `}`, n: maxStringNesting + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in fields
			if err := json.Unmarshal([]byte(tc.input), &in); err != nil {
				t.Fatal(err)
			}
			got := mcpArgs(in)
			if len(got) != tc.n || got[0].Cut != tc.cut {
				t.Errorf("%d arguments, the first cut %v; want %d, %v", len(got), got[0].Cut, tc.n, tc.cut)
			}
		})
	}
}

// TestMCPProxy: pi's MCP adapter calls a server's tool through its one
// tool, mcp; the call is that tool's, with its arguments, given as an
// object or as a string of JSON.
func TestMCPProxy(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []MCPArg
	}{
		{name: "args an object", input: `{"tool":"desktop_commander_start_process","args":{"command":"ls"}}`,
			args: []MCPArg{{Key: "command", Value: "ls"}}},
		{name: "args a string of JSON", input: `{"tool":"desktop_commander_start_process","args":"{\"command\":\"ls\"}"}`,
			args: []MCPArg{{Key: "command", Value: "ls"}}},
		{name: "args neither", input: `{"tool":"desktop_commander_start_process","args":"ls"}`,
			args: []MCPArg{{Key: "args", Value: "ls"}, {Key: "tool", Value: "desktop_commander_start_process"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Decode([]byte(`{"tool_name":"mcp","tool_input":`+tc.input+`,"cwd":"/p","session_id":"s"}`), Generic)
			if err != nil || c.Kind != KindMCP || c.Tool != "desktop_commander_start_process" || c.MCPTool != c.Tool || c.MCPServer != "" ||
				!reflect.DeepEqual(c.MCPArgs, tc.args) {
				t.Errorf("Decode = %v, %+v; want the MCP tool desktop_commander_start_process with %+v", err, c, tc.args)
			}
		})
	}
}

// refArgs flattens with encoding/json's decoder.
func refArgs(t *testing.T, in fields) []MCPArg {
	var out []MCPArg
	var walk func(key string, dec *json.Decoder)
	walk = func(key string, dec *json.Decoder) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("Token: %v", err)
		}
		switch v := tok.(type) {
		case json.Delim:
			for i := 0; dec.More(); i++ {
				if v == '{' {
					k, _ := dec.Token()
					walk(key+"."+k.(string), dec)
				} else {
					walk(key+"["+strconv.Itoa(i)+"]", dec)
				}
			}
			dec.Token() // the closer
		case string:
			out = append(out, MCPArg{Key: key, Value: v})
		case json.Number:
			out = append(out, MCPArg{Key: key, Value: v.String()})
		case bool:
			out = append(out, MCPArg{Key: key, Value: strconv.FormatBool(v)})
		case nil:
			out = append(out, MCPArg{Key: key, Value: "null"})
		}
	}
	for _, k := range slices.Sorted(maps.Keys(in)) {
		dec := json.NewDecoder(bytes.NewReader(in[k]))
		dec.UseNumber()
		walk(k, dec)
	}
	return out
}
