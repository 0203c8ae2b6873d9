package settings

import (
	"slices"
	"strings"
	"testing"
)

// TestKeysAreWhatParseReads holds the list of settings to the parser: a
// key the list has is one Parse reads, and each value the list says an
// enum takes (and each alias) is one Parse accepts, so config set, the
// schema and the messages can never name a value a file may not hold.
func TestKeysAreWhatParseReads(t *testing.T) {
	for _, k := range Keys {
		values := []string{`"x"`}
		switch k.Type {
		case TypeEnum:
			values = nil
			for _, v := range k.Values {
				values = append(values, `"`+v+`"`)
			}
			for a := range k.Aliases {
				values = append(values, `"`+a+`"`)
			}
		case TypeDuration:
			values = []string{"30", `"90s"`}
		case TypePatterns:
			values = []string{`["git push"]`}
		case TypeLevelPatterns:
			values = nil
			for _, l := range k.Levels {
				values = append(values, `{"`+l+`": ["git push"]}`)
			}
		case TypeMappings:
			values = []string{`[{"from": "fvm flutter", "to": "flutter"}]`}
		}
		for _, v := range values {
			_, problems, err := Parse(Source{Kind: FromGlobal, Name: "s.json"}, []byte(`{"`+k.Name+`": `+v+`}`))
			if err != nil || len(problems) > 0 {
				t.Errorf("Keys says %s takes %s; Parse says %v %v", k.Name, v, err, problems)
			}
		}
	}
	// and a setting Parse reads is in the list
	for _, name := range []string{"$schema", "approvalPin", "deny", "hookAllow", "level", "mcp", "mode", "notifications", "overrides", "prefixMappings", "promptTimeout", "sandbox", "tools"} {
		if KeyNamed(name) == nil {
			t.Errorf("Parse reads %s, which Keys does not list", name)
		}
	}
	_, problems, _ := Parse(Source{Kind: FromGlobal, Name: "s.json"}, []byte(`{"nosuch": 1}`))
	if len(problems) != 1 || !strings.Contains(problems[0].Msg, "unknown setting") {
		t.Errorf("an unknown key: %v", problems)
	}
}

// TestSetKey: what config set writes is read back as written, and what
// it refuses says what was likely meant, never a value that turns a
// check off.
func TestSetKey(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		want       string // the file's value, as JSON; "" for an error
		hints      string // the error's hints, joined by "|"
	}{
		{key: "level", value: "medium", want: `"medium"`},
		{key: "level", value: "High", want: `"high"`},
		{key: "level", value: "read", want: `"minimal"`},
		{key: "level", value: "bypassed", want: `"bypassed"`},
		{key: "level", value: "medum", hints: `did you mean "medium"?`},
		{key: "level", value: "bypased"}, // never offered
		{key: "level", value: "write", hints: `"write" meant high, which allows every command but the dangerous ones; say "high" for that, or "low" for file writes inside the workspace`},
		{key: "sandbox", value: "auto", want: `"auto"`},
		{key: "sandbox", value: "aut", hints: `did you mean "auto"?`},
		{key: "sandbox", value: "of"}, // never offered
		{key: "mode", value: "blok", hints: `did you mean "block"?`},
		{key: "notifications", value: "unfocussed", hints: `did you mean "unfocused"?`},
		{key: "hookAllow", value: "defer", want: `"defer"`},
		{key: "promptTimeout", value: "90s", want: `"90s"`},
		{key: "promptTimeout", value: "30", want: `30`},
		{key: "promptTimeout", value: "0"},
		{key: "promptTimeout", value: "2h"},
		{key: "promptTimeout", value: "soon"},
		{key: "deny", value: "git push", hints: "permguard deny PATTERN adds a deny rule; permguard rules lists them"},
		{key: "approvalPin", value: "1234", hints: KeyNamed("approvalPin").SetHint},
		{key: "sandbx", value: "auto", hints: `did you mean "sandbox"?`},
	} {
		d := NewDocument()
		raw, err := SetKey(d, tc.key, tc.value)
		if tc.want == "" {
			ve, ok := err.(*ValueError)
			if !ok {
				t.Errorf("SetKey(%s, %q) = %s, %v; want a *ValueError", tc.key, tc.value, raw, err)
				continue
			}
			if got := strings.Join(ve.Hints, "|"); got != tc.hints {
				t.Errorf("SetKey(%s, %q): hints %q, want %q", tc.key, tc.value, got, tc.hints)
			}
			if d.Len() != 0 {
				t.Errorf("SetKey(%s, %q) failed and changed the document", tc.key, tc.value)
			}
			continue
		}
		if err != nil || string(raw) != tc.want {
			t.Errorf("SetKey(%s, %q) = %s, %v; want %s", tc.key, tc.value, raw, err, tc.want)
			continue
		}
		out, _ := d.MarshalJSON()
		if _, problems, err := Parse(Source{Kind: FromGlobal, Name: "s.json"}, out); err != nil || len(problems) > 0 {
			t.Errorf("SetKey(%s, %q) wrote %s, which Parse reads with %v %v", tc.key, tc.value, out, err, problems)
		}
		if _, err := SetKey(d, tc.key, tc.value); err != ErrUnchanged {
			t.Errorf("SetKey(%s, %q) again = %v, want ErrUnchanged", tc.key, tc.value, err)
		}
	}
}

func TestSuggestValueNeverLoosens(t *testing.T) {
	for _, k := range Keys {
		for _, never := range k.NeverSuggest {
			for _, typo := range []string{never, never[1:], never + "x", strings.ToUpper(never), never[:len(never)-1]} {
				if got := SuggestValue(k.Name, typo); slices.Contains(k.NeverSuggest, got) {
					t.Errorf("SuggestValue(%s, %q) = %q, which turns a check off", k.Name, typo, got)
				}
			}
		}
	}
	if got := SuggestValue("level", "medum"); got != "medium" {
		t.Errorf(`SuggestValue(level, "medum") = %q, want "medium"`, got)
	}
}

// TestParseSuggestsValues: a file's mistyped value is named with the one
// likely meant, from the same list.
func TestParseSuggestsValues(t *testing.T) {
	_, problems, _ := Parse(Source{Kind: FromGlobal, Name: "s.json"}, []byte(`{"level": "medum", "sandbox": "of"}`))
	if len(problems) != 2 {
		t.Fatalf("problems: %v", problems)
	}
	if want := `level "medum" is not one of minimal, low, medium, high, bypassed; ignored (did you mean "medium"?)`; problems[0].Msg != want {
		t.Errorf("problem %q, want %q", problems[0].Msg, want)
	}
	if want := `sandbox "of" is not auto or off; ignored`; problems[1].Msg != want {
		t.Errorf("problem %q, want %q", problems[1].Msg, want)
	}
}

// FuzzSetKey: whatever config set is given, it either refuses and leaves
// the document as it was, or writes what Parse reads back with no problem.
func FuzzSetKey(f *testing.F) {
	for _, k := range Keys {
		f.Add(k.Name, k.Default)
		for _, v := range k.Values {
			f.Add(k.Name, v)
		}
	}
	f.Add("promptTimeout", "1e3")
	f.Add("promptTimeout", "NaN")
	f.Add("level", "WRITE")
	f.Fuzz(func(t *testing.T, key, value string) {
		d, _ := ParseDocument([]byte(`{"mode": "block"}`))
		before, _ := d.MarshalJSON()
		_, err := SetKey(d, key, value)
		after, _ := d.MarshalJSON()
		if err != nil {
			if string(after) != string(before) {
				t.Errorf("SetKey(%q, %q) = %v and changed the document:\n%s", key, value, err, after)
			}
			return
		}
		if _, problems, perr := Parse(Source{Kind: FromGlobal, Name: "s.json"}, after); perr != nil || len(problems) > 0 {
			t.Errorf("SetKey(%q, %q) wrote %s, which Parse reads with %v %v", key, value, after, perr, problems)
		}
	})
}
