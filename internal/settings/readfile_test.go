package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: a file shown as it is says its value, a missing one
// nothing, and one that cannot be used its problem at the place of the
// syntax error (what level --global and mode --global print).
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]struct {
		content   string // "" for no file
		wantLevel string
		wantProb  string
	}{
		"no file":     {},
		"a level":     {content: `{"level": "medium"}`, wantLevel: "medium"},
		"no level":    {content: `{"mode": "block"}`},
		"bad JSON":    {content: "{\n  \"level\": medium\n}", wantProb: ":2:12: invalid JSON: "},
		"not object":  {content: `["level"]`, wantProb: ":1:1: invalid JSON: is a list, not an object of settings"},
		"bad value":   {content: `{"level": "medum"}`},
		"empty value": {content: `{}`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".json")
			if tt.content != "" {
				if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			f, p, err := ReadFile(path, FromGlobal)
			if err != nil {
				t.Fatal(err)
			}
			gotProb := ""
			if p != nil {
				gotProb = p.String()
			}
			if (tt.wantProb == "") != (p == nil) || (p != nil && !strings.Contains(gotProb, path+tt.wantProb)) {
				t.Fatalf("problem %q, want one with %q", gotProb, tt.wantProb)
			}
			if (f == nil) != (tt.content == "" || tt.wantProb != "") {
				t.Fatalf("file %v for content %q", f, tt.content)
			}
			gotLevel := ""
			if f != nil && f.Level != nil {
				gotLevel = f.Level.Value.String()
			}
			if gotLevel != tt.wantLevel {
				t.Errorf("level %q, want %q", gotLevel, tt.wantLevel)
			}
		})
	}
}
