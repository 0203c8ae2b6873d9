package settings

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestBlankComments(t *testing.T) {
	tests := []struct {
		name, in, want string
		had            bool
	}{
		{"none", `{"a": 1}`, `{"a": 1}`, false},
		{"line", "{\n  // c\n  \"a\": 1\n}", "{\n      \n  \"a\": 1\n}", true},
		{"block over lines", "{/* a\r\nb */\"a\": 1}", "{    \r\n    \"a\": 1}", true},
		{"in a string", `{"u": "http://x//y", "b": "/* no */"}`, `{"u": "http://x//y", "b": "/* no */"}`, false},
		{"escaped quote", `{"a": "x\" // y"} // z`, `{"a": "x\" // y"}     `, true},
		{"unclosed block runs to the end", `{"a": 1} /* x`, `{"a": 1}     `, true},
		{"a lone slash stays", `{"a": 1} /`, `{"a": 1} /`, false},
	}
	for _, tt := range tests {
		got, had := BlankComments([]byte(tt.in))
		if string(got) != tt.want || had != tt.had {
			t.Errorf("%s: BlankComments(%q) = %q, %v; want %q, %v", tt.name, tt.in, got, had, tt.want, tt.had)
		}
		if len(got) != len(tt.in) {
			t.Errorf("%s: the offsets moved", tt.name)
		}
	}
}

// gemini is a Gemini CLI settings file as a person writes one.
const gemini = `{
  // the look
  "theme": "dark", /* for now */
  "hooks": {
    "BeforeTool": [
      // my own check, first
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "lint"}]}
    ]
  },
  /* trailing thoughts */
  "model": {"name": "gemini-2.5-pro"} // pinned
}
`

func TestSpliceJSONC(t *testing.T) {
	permguard := `{"matcher": ".*", "hooks": [{"type": "command", "command": "permguard hook --agent gemini"}]}`
	tests := []struct {
		name string
		src  string
		edit func(d *Document) error
		want string // "" when src is to come back unchanged
	}{
		{
			name: "unchanged",
			src:  gemini,
			edit: func(d *Document) error { return nil },
		},
		{
			name: "an entry added to a list",
			src:  gemini,
			edit: func(d *Document) error { return appendHook(d, "BeforeTool", permguard) },
			want: `{
  // the look
  "theme": "dark", /* for now */
  "hooks": {
    "BeforeTool": [
      // my own check, first
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "lint"}]},
      {
        "matcher": ".*",
        "hooks": [
          {
            "type": "command",
            "command": "permguard hook --agent gemini"
          }
        ]
      }
    ]
  },
  /* trailing thoughts */
  "model": {"name": "gemini-2.5-pro"} // pinned
}
`,
		},
		{
			name: "a new event after the others, keeping a comment before the brace",
			src:  "{\n  \"hooks\": {\n    \"AfterTool\": []\n    // more later\n  }\n}\n",
			edit: func(d *Document) error { return appendHook(d, "BeforeTool", `{"a":1}`) },
			want: "{\n  \"hooks\": {\n    \"AfterTool\": [],\n    // more later\n    \"BeforeTool\": [\n      {\n        \"a\": 1\n      }\n    ]\n  }\n}\n",
		},
		{
			name: "a key into an empty object with a comment",
			src:  "{\n  \"hooks\": { /* none yet */ },\n  \"x\": 1\n}",
			edit: func(d *Document) error { return appendHook(d, "BeforeTool", `{"a":1}`) },
			want: "{\n  \"hooks\": { /* none yet */ \n    \"BeforeTool\": [\n      {\n        \"a\": 1\n      }\n    ]\n  },\n  \"x\": 1\n}",
		},
		{
			name: "a member taken out with its line, the comments around it kept",
			src:  "{\n  // keep me\n  \"a\": 1,\n  \"b\": 2,\n  // and me\n  \"c\": 3\n}",
			edit: func(d *Document) error { d.Delete("b"); return nil },
			want: "{\n  // keep me\n  \"a\": 1,\n  // and me\n  \"c\": 3\n}",
		},
		{
			name: "the last member taken out, its comma with it",
			src:  "{\n  \"a\": 1, // about a\n  \"b\": 2\n}",
			edit: func(d *Document) error { d.Delete("b"); return nil },
			want: "{\n  \"a\": 1 // about a\n}",
		},
		{
			name: "the first member taken out, on one line",
			src:  `{"a": 1, /* x */ "b": 2}`,
			edit: func(d *Document) error { d.Delete("a"); return nil },
			want: `{ /* x */ "b": 2}`,
		},
		{
			name: "every member taken out",
			src:  "{\n  \"a\": 1, // one\n  \"b\": 2 // two\n}",
			edit: func(d *Document) error { d.Delete("a"); d.Delete("b"); return nil },
			want: "{\n   // one\n   // two\n}",
		},
		{
			name: "a value changed in place",
			src:  "{\n  \"theme\": \"dark\", // mine\n  \"n\": 1\n}",
			edit: func(d *Document) error { return d.Set("theme", "light") },
			want: "{\n  \"theme\": \"light\", // mine\n  \"n\": 1\n}",
		},
		{
			name: "comment-like text in strings is text",
			src:  "{\"u\": \"http://x//y\", // real\n \"v\": \"/* no */\"}",
			edit: func(d *Document) error { return d.Set("w", 1) },
			want: "{\"u\": \"http://x//y\", // real\n \"v\": \"/* no */\", \"w\": 1}",
		},
	}
	for _, tt := range tests {
		blank, _ := BlankComments([]byte(tt.src))
		d, err := ParseDocument(blank)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := tt.edit(d); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		rendered, err := d.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got, err := SpliceJSONC([]byte(tt.src), rendered)
		want := tt.want
		if want == "" {
			want = tt.src
		}
		if err != nil || string(got) != want {
			t.Errorf("%s: SpliceJSONC =\n%s\n(%v); want\n%s", tt.name, got, err, want)
		}
	}
}

// appendHook appends entry to hooks.event, as install does.
func appendHook(d *Document, event, entry string) error {
	hooks := &Document{vals: map[string]json.RawMessage{}}
	if raw, ok := d.Raw("hooks"); ok {
		var err error
		if hooks, err = ParseDocument(raw); err != nil {
			return err
		}
	}
	var list []json.RawMessage
	if raw, ok := hooks.Raw(event); ok {
		if err := json.Unmarshal(raw, &list); err != nil {
			return err
		}
	}
	list = append(list, json.RawMessage(entry))
	if err := hooks.Set(event, list); err != nil {
		return err
	}
	return d.Set("hooks", hooks)
}

// TestSpliceJSONCFallback: where the kept items are reordered, or an item
// is added before one that stays, the container is want's text whole.
func TestSpliceJSONCFallback(t *testing.T) {
	for _, tt := range []struct{ src, want, out string }{
		{`{"a": 1, /* x */ "b": 2}`, `{"b": 2, "a": 1}`, `{"b": 2, "a": 1}`},
		{`[1, /* x */ 2]`, `[0, 1, 2]`, `[0, 1, 2]`},
		{`{"l": [1, /* x */ 2], /* y */ "m": 3}`, `{"l": [1, 1.5, 2], "m": 3}`, `{"l": [1, 1.5, 2], /* y */ "m": 3}`},
		{`{"a": 1, "a": 2 /* twice */}`, `{"a": 3}`, `{"a": 3}`},
	} {
		got, err := SpliceJSONC([]byte(tt.src), []byte(tt.want))
		if err != nil || string(got) != tt.out {
			t.Errorf("SpliceJSONC(%s, %s) = %s, %v; want %s", tt.src, tt.want, got, err, tt.out)
		}
	}
}

// FuzzSpliceJSONC: for any src that reads as JSON once its comments are
// blanked and any JSON want, the splice reads as want; when want is
// what src holds, it is src byte for byte; every comment of src outside
// the values that changed is still there.
func FuzzSpliceJSONC(f *testing.F) {
	f.Add(gemini, `{"theme": "dark", "hooks": {}, "model": {"name": "x"}, "new": [1, 2]}`)
	f.Add("{\"a\": [1, 2, 3] // c\n}", `{"a": [1, 3]}`)
	f.Add("[\n  1, // one\n  2 /* two */\n]", `[2, 1]`)
	f.Add(`{"a": {"b": [ ]}}`, `{"a": {"b": [{"c": null}]}}`)
	f.Add("{\n  \"a\": 1,\n  // x\n  \"b\": 2\n}", `{"b": 2, "c": 3}`)
	f.Fuzz(func(t *testing.T, src, want string) {
		blank, _ := BlankComments([]byte(src))
		o, err := parseJSON(blank)
		if err != nil {
			return
		}
		if _, err := parseJSON([]byte(want)); err != nil {
			return
		}
		got, err := SpliceJSONC([]byte(src), []byte(want))
		if err != nil {
			t.Fatalf("SpliceJSONC(%q, %q): %v", src, want, err)
		}
		if gotBlank, _ := BlankComments(got); !sameJSON(gotBlank, []byte(want)) {
			t.Fatalf("SpliceJSONC(%q, %q) = %q, which reads otherwise", src, want, got)
		}
		if sameJSON(blank, []byte(want)) && compactOf(blank[o.off:o.end]) == compactOf([]byte(want)) && !bytes.Equal(got, []byte(src)) {
			t.Fatalf("SpliceJSONC(%q, %q) = %q, want src unchanged", src, want, got)
		}
		// a comment of src that is not inside a value is kept: the
		// comments at the top level, before and after the value
		for _, c := range outerComments(src, blank, o) {
			if !strings.Contains(string(got), c) {
				t.Fatalf("SpliceJSONC(%q, %q) = %q, lost the comment %q", src, want, got, c)
			}
		}
	})
}

// outerComments returns the text of the comments before and after the
// value o.
func outerComments(src string, blank []byte, o *node) []string {
	var out []string
	for _, r := range [][2]int{{0, o.off}, {o.end, len(src)}} {
		if s := strings.TrimSpace(src[r[0]:r[1]]); s != "" && strings.TrimSpace(string(blank[r[0]:r[1]])) == "" {
			out = append(out, s)
		}
	}
	return out
}
