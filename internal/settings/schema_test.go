package settings

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestSchemaFile fails when the committed schema is not what the list of
// settings makes: a setting or a value added to Keys must reach the file
// editors read.
func TestSchemaFile(t *testing.T) {
	want, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "docs", "settings.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/settings.schema.json is not what settings.Keys make: run \"make schema\" (go generate ./internal/settings) and commit it")
	}
}

// TestSchemaFromKeys reads the schema back: every setting is a property,
// nothing else is allowed, and an enum lists exactly the values and
// aliases of its key.
func TestSchemaFromKeys(t *testing.T) {
	data, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		ID         string `json:"$id"`
		Additional bool   `json:"additionalProperties"`
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.ID != SchemaURL || s.Additional || len(s.Properties) != len(Keys) {
		t.Errorf("$id %q, additionalProperties %v, %d properties for %d keys", s.ID, s.Additional, len(s.Properties), len(Keys))
	}
	for _, k := range Keys {
		p, ok := s.Properties[k.Name]
		if !ok {
			t.Errorf("%s is not in the schema", k.Name)
			continue
		}
		want := append([]string(nil), k.Values...)
		for a := range k.Aliases {
			want = append(want, a)
		}
		if !slices.Equal(p.Enum, sortedAfter(want, len(k.Values))) {
			t.Errorf("%s: enum %q, want %q", k.Name, p.Enum, want)
		}
	}
}

// TestNewFileNamesSchema: a settings file permguard creates names the
// schema; one that exists is not given one, and a file with only
// "$schema" sets nothing.
func TestNewFileNamesSchema(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if _, err := Update(path, time.Now(), func(d *Document) error { return d.Set("level", "low") }); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if want := "{\n  \"$schema\": \"" + SchemaURL + "\",\n  \"level\": \"low\"\n}\n"; string(data) != want {
		t.Errorf("a new file:\n%s\nwant:\n%s", data, want)
	}
	if _, problems, err := Parse(Source{Kind: FromGlobal, Name: path}, data); err != nil || len(problems) > 0 {
		t.Errorf("the new file reads with %v %v", err, problems)
	}
	old := filepath.Join(dir, "old.json")
	os.WriteFile(old, []byte(`{"mode": "block"}`), 0o600)
	if _, err := Update(old, time.Now(), func(d *Document) error { return d.Set("level", "low") }); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(old); bytes.Contains(data, []byte("$schema")) {
		t.Errorf("a file that existed was given $schema:\n%s", data)
	}
	d, _ := ParseDocument([]byte(`{"$schema": "x"}`))
	if !d.SetsNothing() {
		t.Error(`{"$schema": "x"} sets something`)
	}
	_, problems, _ := Parse(Source{Kind: FromGlobal, Name: "s.json"}, []byte(`{"$schema": 1}`))
	if len(problems) != 1 {
		t.Errorf(`{"$schema": 1}: %v`, problems)
	}
}
