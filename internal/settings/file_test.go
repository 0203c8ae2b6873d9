package settings

import (
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

var globalSrc = Source{Kind: FromGlobal, Name: "/cfg/settings.json"}

func TestParseValid(t *testing.T) {
	f, problems, err := Parse(globalSrc, []byte(`{
  "$schema": "https://example.invalid/permguard.json",
  "level": "medium",
  "mode": "block",
  "notifications": "unfocused",
  "promptTimeout": 30,
  "deny": ["git push --force *", "rm -rf /*"],
  "overrides": {"low": ["npm run dev"], "dangerous": ["terraform destroy *"]},
  "prefixMappings": [{"from": "fvm flutter", "to": "flutter"}],
  "tools": {"minimal": ["Read"]},
  "mcp": {"high": ["mcp__github__*"]}
}`))
	if err != nil || len(problems) != 0 {
		t.Fatalf("Parse = %v, %v; want no problems", problems, err)
	}
	switch {
	case f.Level.Value.Level != classify.Medium || f.Level.Src.Line != 3 || f.Level.Src.Col != 12:
		t.Errorf("level = %+v, want medium at 3:12", f.Level)
	case f.Mode.Value != ModeBlock, f.Notifications.Value != NotifyUnfocused, f.PromptTimeout.Value != 30*time.Second:
		t.Errorf("mode, notifications, promptTimeout = %v, %v, %v", f.Mode.Value, f.Notifications.Value, f.PromptTimeout.Value)
	case len(f.Deny) != 2 || f.Deny[1].Pattern() != "rm -rf /*" || f.Deny[1].Src.Line != 7:
		t.Errorf("deny = %+v", f.Deny)
	case len(f.Overrides[classify.Low]) != 1 || len(f.Overrides[overDanger]) != 1:
		t.Errorf("overrides = %+v", f.Overrides)
	case len(f.PrefixMappings) != 1 || strings.Join(f.PrefixMappings[0].From, "|") != "fvm|flutter":
		t.Errorf("prefixMappings = %+v", f.PrefixMappings)
	case len(f.Tools[classify.Minimal]) != 1 || len(f.MCP[classify.High]) != 1:
		t.Errorf("tools, mcp = %+v, %+v", f.Tools, f.MCP)
	}
}

// TestParseProblems: each invalid entry is dropped with one problem at its
// position, and the valid entries around it survive.
func TestParseProblems(t *testing.T) {
	tests := []struct {
		name    string
		json    string
		want    []string // substrings, one per problem, in order
		survive func(*File) bool
	}{
		{
			name: "unknown key with a suggestion",
			json: `{"denny": ["x"], "level": "low"}`,
			want: []string{`1:2: unknown setting "denny"; ignored (did you mean "deny"?)`},
			survive: func(f *File) bool {
				return f.Level != nil && f.Level.Value.Level == classify.Low
			},
		},
		{
			name: "bad patterns among good ones",
			json: "{\"deny\": [\"ok *\", 3, \"\", \" x\", \"also ok\"]}",
			want: []string{"1:19: deny[1] is a number", `1:22: deny[2] "" is empty`, `1:26: deny[3] " x" starts or ends with white space`},
			survive: func(f *File) bool {
				return len(f.Deny) == 2 && f.Deny[0].Pattern() == "ok *" && f.Deny[1].Pattern() == "also ok"
			},
		},
		{
			name: "bad scalars",
			json: `{"level": "root", "mode": 1, "notifications": "loud", "promptTimeout": "forever", "approvalPin": ""}`,
			want: []string{`level "root" is not one of`, "mode is a number", `notifications "loud"`, `promptTimeout "forever"`, "approvalPin is empty"},
			survive: func(f *File) bool {
				return f.Level == nil && f.Mode == nil && f.Notifications == nil && f.PromptTimeout == nil && f.ApprovalPin == nil
			},
		},
		{
			name: "prompt timeout out of range",
			json: `{"promptTimeout": 0.5}`,
			want: []string{"not between 1s and 1h"},
		},
		{
			name: "bad override levels",
			json: `{"overrides": {"superuser": ["x"], "high": ["curl *"]}, "tools": {"dangerous": ["X"]}}`,
			want: []string{`overrides."superuser" is not a level`, `tools."dangerous" is not a level`},
			survive: func(f *File) bool {
				return len(f.Overrides[classify.High]) == 1
			},
		},
		{
			name: "bad mappings",
			json: `{"prefixMappings": [{"from": "a"}, {"from": "a *", "to": "b"}, {"from": "x", "to": "x"}, {"from": "fvm flutter", "to": "flutter", "via": 1}, {"from": "asdf exec", "to": "exec"}]}`,
			want: []string{`needs both "from" and "to"`, "holds a wildcard", "maps a command to itself", `unknown key "via"`},
			survive: func(f *File) bool {
				return len(f.PrefixMappings) == 1 && f.PrefixMappings[0].From[0] == "asdf"
			},
		},
		{
			name: "duplicate keys: the last is used",
			json: "{\"level\": \"low\",\n \"level\": \"high\"}",
			want: []string{`2:2: "level" is set twice (also on line 1)`},
			survive: func(f *File) bool {
				return f.Level.Value.Level == classify.High
			},
		},
		{
			name: "wrong types for lists",
			json: `{"deny": "rm *", "overrides": [], "prefixMappings": {}}`,
			want: []string{"deny is a string, not a list", "overrides is a list, not an object", "prefixMappings is an object, not a list"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, problems, err := Parse(globalSrc, []byte(tc.json))
			if err != nil {
				t.Fatalf("Parse = %v", err)
			}
			if len(problems) != len(tc.want) {
				t.Fatalf("Parse gave %d problems, want %d:\n%v", len(problems), len(tc.want), problems)
			}
			for i, p := range problems {
				if !strings.Contains(p.String(), tc.want[i]) || !strings.HasPrefix(p.String(), "/cfg/settings.json:") {
					t.Errorf("problem %d = %q, want it to name the file and contain %q", i, p, tc.want[i])
				}
			}
			if tc.survive != nil && !tc.survive(f) {
				t.Errorf("the valid entries did not survive: %+v", f)
			}
		})
	}
}

func TestParseCaps(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"deny": [`)
	for i := range 150 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"cmd` + strings.Repeat("x", i%7) + `"`)
	}
	b.WriteString(`], "prefixMappings": [`)
	for i := range 60 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"from": "a` + strings.Repeat("b", i) + `", "to": "c"}`)
	}
	b.WriteString(`]}`)
	f, problems, err := Parse(globalSrc, []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Deny) != 100 || len(f.PrefixMappings) != 50 || len(problems) != 2 {
		t.Errorf("kept %d deny patterns and %d mappings with problems %v; want 100, 50 and two warnings", len(f.Deny), len(f.PrefixMappings), problems)
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	tests := []struct{ json, want string }{
		{"{\n  \"level\": \"low\",\n}", "3:1:"},
		{"{\"level\": \"low\"", "1:16: unexpected end of file"},
		{"[1, 2]", "1:1: is a list, not an object"},
		{"{} {}", "1:4: more than one JSON value"},
		{`{"level" "low"}`, "1:10: invalid character"},
		{`{"level": lo}`, "1:11: invalid character 'l'"},
		{`{"level": "low" "mode": "ask"}`, "1:17: invalid character"},
		{"{\"a\": \"\xff\"}", "1:8: invalid UTF-8"},
		{strings.Repeat("[", 100), "nested more than 16 levels"},
	}
	for _, tc := range tests {
		_, _, err := Parse(globalSrc, []byte(tc.json))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want %q", tc.json, err, tc.want)
		}
	}
	if f, problems, err := Parse(globalSrc, []byte(" \n")); err != nil || len(problems) != 0 || f.Level != nil {
		t.Errorf("Parse(empty) = %+v, %v, %v; want an empty file", f, problems, err)
	}
}

// FuzzParse: whatever the bytes, Parse never panics, no problem echoes
// more than a bounded piece of the file, a valid entry survives an
// arbitrary neighbour, and a deny list loses an entry exactly when a
// problem says the level is capped (Unusable).
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"level": "low", "deny": ["x"]}`), `3`)
	f.Add([]byte(`{"overrides": {"high": ["a"]}}`), `{"from": "a"}`)
	f.Add([]byte(`[`), `"  "`)
	f.Add([]byte("{\"deny\": [\"\xff\"]}"), `null`)
	f.Add([]byte(`{"`+strings.Repeat("k", 5000)+`": 1}`), `"`+strings.Repeat("x", 5000)+`"`)
	f.Fuzz(func(t *testing.T, data []byte, neighbour string) {
		_, problems, _ := Parse(globalSrc, data)
		bounded(t, problems)
		doc := `{"level": "low", "deny": ["git push *", ` + neighbour + `], "mode": "block"}`
		f, problems, err := Parse(globalSrc, []byte(doc))
		if err != nil {
			return // the neighbour broke the JSON itself
		}
		bounded(t, problems)
		root, _ := parseJSON([]byte(doc))
		written := 0
		for i, k := range root.keys {
			if k.str == "deny" {
				written = len(root.vals[i].elems) // the last "deny" is the one read
			}
		}
		capped := false
		for _, p := range problems {
			capped = capped || p.Unusable
		}
		if lost := len(f.Deny) < written; lost != capped {
			t.Fatalf("%d of %d deny patterns read, and capped is %v: %v", len(f.Deny), written, capped, problems)
		}
		if f.Level == nil || f.Level.Value.Level != classify.Low || f.Mode == nil || f.Mode.Value != ModeBlock {
			t.Fatalf("valid scalars lost next to %q: %+v", neighbour, f)
		}
		if len(f.Deny) == 0 || f.Deny[0].Pattern() != "git push *" {
			t.Fatalf("valid pattern lost next to %q: %+v", neighbour, f.Deny)
		}
	})
}

// bounded fails when a problem quotes more of the file than a few
// strings of maxShown bytes, escaped.
func bounded(t *testing.T, problems []Problem) {
	t.Helper()
	for _, p := range problems {
		if len(p.Msg) > 1000 {
			t.Fatalf("a problem of %d bytes: %.200q…", len(p.Msg), p.Msg)
		}
	}
}
