package hook

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
)

// MCPArg is one argument of an MCP tool call: a leaf of its JSON input,
// keyed as the classifier keys it (classify.MCPArg, which this package
// does not import).
type MCPArg struct {
	// Key is where it sits, object keys joined with "." and array indexes
	// as "[i]": "command", "edits[0].path", "paths[1]".
	Key string
	// Value is a string as given, or a number, boolean or null as JSON
	// writes it.
	Value string
	// Cut says Value is not all of the argument: it was longer than
	// MaxCommandBytes and holds only its start ([Bound]), the input could
	// not be read from there on, or it is a string of JSON whose
	// arguments were not read (jsonStrings).
	Cut bool
}

// mcpArgs flattens an MCP tool's input into its leaves: the top-level
// keys in sorted order (input is a map), each object's below in the
// order written. Past MaxMCPArgs leaves it stops, one leaf over, which
// Bound then reports. A string that is itself JSON is read as the
// arguments it holds as well (jsonStrings).
func mcpArgs(input fields) []MCPArg {
	return jsonStrings(flatten(input))
}

// flatten is mcpArgs without reading strings of JSON.
func flatten(input fields) []MCPArg {
	if len(input) == 0 {
		return nil
	}
	f := flattener{}
	for _, k := range slices.Sorted(maps.Keys(input)) {
		if f.stop {
			break
		}
		f.walk(k, input[k], 0, 1)
	}
	return f.out
}

// maxStringNesting bounds how deep strings of JSON inside strings of JSON
// are read ({"a": "{\"b\": \"{...}\"}"}).
const maxStringNesting = 4

// jsonStrings adds, after each string argument that is itself a JSON
// object or list ({"payload": "{\"cmd\": \"make\"}"}), the arguments it
// holds, keyed under it as if it were that object ("payload.cmd"): a
// server that decodes it runs what it holds, and the classifier reads
// them as it reads any argument (a string under a key its table gives a
// role is judged by that role alone). They count in the bound of
// MaxMCPArgs: a string that holds more than the bound leaves room for is
// kept whole and marked cut, not read.
func jsonStrings(args []MCPArg) []MCPArg {
	if len(args) > MaxMCPArgs {
		return args // past the bound already: not judged
	}
	var levels []int // how deep in strings of JSON each argument is, once one is read
	for i := 0; i < len(args); i++ {
		level := 0
		if levels != nil {
			level = levels[i]
		}
		v := bytes.TrimLeft([]byte(args[i].Value), " \t\r\n")
		if args[i].Cut || len(v) == 0 || (v[0] != '{' && v[0] != '[') || level >= maxStringNesting || !json.Valid(v) {
			continue
		}
		room := MaxMCPArgs - len(args)
		f := flattener{bound: room}
		if room > 0 {
			f.walk(args[i].Key, v, 0, 1)
		}
		if room == 0 || len(f.out) > room {
			// more than the bound leaves room for: not read, and so
			// not judged whole
			args[i].Cut = true
			continue
		}
		if levels == nil {
			levels = make([]int, len(args))
		}
		sub := make([]int, len(f.out))
		for j := range sub {
			sub[j] = level + 1
		}
		args = slices.Insert(args, i+1, f.out...)
		levels = slices.Insert(levels, i+1, sub...)
	}
	return args
}

// flattener reads JSON text that is known to be valid (the payload was
// decoded once already) in one pass: each byte is looked at once,
// however deep the nesting, and a string is decoded only as far as the
// bounds need (stringStart).
type flattener struct {
	out   []MCPArg
	stop  bool
	bound int // the bound on the leaves, when below MaxMCPArgs
}

// leaf adds one argument, and stops the walk one past the bound.
func (f *flattener) leaf(a MCPArg) {
	f.out = append(f.out, a)
	if len(f.out) > MaxMCPArgs || f.bound > 0 && len(f.out) > f.bound {
		f.stop = true
	}
}

// broken marks the argument at key as not read, and stops: what follows
// cannot be told apart.
func (f *flattener) broken(key string) {
	f.leaf(MCPArg{Key: key, Cut: true})
	f.stop = true
}

// walk reads the value at data[i:] as the argument key and returns where
// it ends.
func (f *flattener) walk(key string, data []byte, i, depth int) int {
	i = skipSpace(data, i)
	if f.stop || i >= len(data) {
		if !f.stop {
			f.broken(key)
		}
		return len(data)
	}
	switch data[i] {
	case '{', '[':
		if depth > MaxDepth {
			// the payload is past its own bound too (Decode)
			f.broken(key)
			return len(data)
		}
		return f.container(key, data, i, depth)
	case '"':
		end := stringEnd(data, i)
		if end < 0 {
			f.broken(key)
			return len(data)
		}
		var s string
		if json.Unmarshal(stringStart(data[i:end]), &s) != nil {
			f.broken(key)
			return len(data)
		}
		f.leaf(MCPArg{Key: key, Value: s})
		return end
	}
	end := i
	for end < len(data) && !isDelim(data[end]) {
		end++
	}
	f.leaf(MCPArg{Key: key, Value: string(data[i:end])})
	return end
}

// container reads the object or array at data[i], its members keyed
// below key.
func (f *flattener) container(key string, data []byte, i, depth int) int {
	obj := data[i] == '{'
	closer := byte(']')
	if obj {
		closer = '}'
	}
	i++
	for n := 0; ; n++ {
		i = skipSpace(data, i)
		if i < len(data) && data[i] == closer {
			return i + 1
		}
		if n > 0 {
			if i >= len(data) || data[i] != ',' {
				f.broken(key)
				return len(data)
			}
			i = skipSpace(data, i+1)
		}
		child := key + "[" + strconv.Itoa(n) + "]"
		if obj {
			end := -1
			if i < len(data) && data[i] == '"' {
				end = stringEnd(data, i)
			}
			var k string
			if end < 0 || json.Unmarshal(stringStart(data[i:end]), &k) != nil {
				f.broken(key)
				return len(data)
			}
			if i = skipSpace(data, end); i >= len(data) || data[i] != ':' {
				f.broken(key)
				return len(data)
			}
			i++
			child = key + "." + k
		}
		if i = f.walk(child, data, i, depth+1); f.stop {
			return len(data)
		}
	}
}

// stringEnd returns the index after the JSON string that starts at
// data[i], or -1: the closing quote is the first one not escaped by an
// odd run of backslashes (scanJSON's loop, with IndexByte, as an
// argument may be megabytes of one string).
func stringEnd(data []byte, i int) int {
	for {
		j := bytes.IndexByte(data[i+1:], '"')
		if j < 0 {
			return -1
		}
		i += 1 + j
		k := i - 1
		for data[k] == '\\' {
			k--
		}
		if (i-1-k)%2 == 0 {
			return i + 1
		}
	}
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

func isDelim(c byte) bool {
	return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}
