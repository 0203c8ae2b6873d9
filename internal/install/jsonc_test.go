package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// geminiSettings is a Gemini CLI settings file with comments, which
// Gemini CLI reads (through strip-json-comments).
const geminiSettings = `{
  // my editor
  "theme": "GitHub", /* dark one day */
  "hooks": {
    "BeforeTool": [
      // lint first
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "lint"}]}
    ]
  }
}
`

// TestJSONCRoundTrip: install reads a Gemini settings file with comments,
// adds its entry and changes nothing else, comments included; install
// again changes nothing; uninstall gives back the file byte for byte,
// and without its backup, takes out just the entry. Claude Code and Codex
// take no comments (measured: 2.1.332 loads none of such a file, 0.171.0
// fails to parse its hooks.json), so install refuses such a file there.
func TestJSONCRoundTrip(t *testing.T) {
	gemini, _ := Find("gemini")
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(geminiSettings), 0o600); err != nil {
		t.Fatal(err)
	}
	o := Options{Target: gemini, Path: path, Exe: exe, Now: now}
	res, err := Install(o)
	if err != nil || res.Outcome != Changed || len(res.Changes) != 1 || !strings.HasPrefix(res.Changes[0], "added hooks.BeforeTool: ") {
		t.Fatalf("Install: %+v, %v", res, err)
	}
	got := string(mustRead(t, path))
	entry := `      {"matcher": "write_file", "hooks": [{"type": "command", "command": "lint"}]},` + "\n" +
		"      {\n" +
		"        \"hooks\": [\n" +
		"          {\n" +
		"            \"command\": " + string(mustJSON(gemini.Command(exe))) + ",\n" +
		"            \"name\": \"permguard\",\n" +
		"            \"timeout\": 30000,\n" +
		"            \"type\": \"command\"\n" +
		"          }\n" +
		"        ],\n" +
		"        \"matcher\": \".*\"\n" +
		"      }\n"
	want := strings.Replace(geminiSettings, `      {"matcher": "write_file", "hooks": [{"type": "command", "command": "lint"}]}`+"\n", entry, 1)
	if got != want {
		t.Errorf("after install:\n%s\nwant\n%s", got, want)
	}
	if state, fix := state(gemini, path, exe, false); state != "installed, current" {
		t.Errorf("state after install: %q, %q", state, fix)
	}
	if res, err := Install(o); err != nil || res.Outcome != Unchanged {
		t.Errorf("Install again: %+v, %v", res, err)
	}

	// uninstall: the file as it was, from the backup
	if res, err := Uninstall(o); err != nil || len(res.Changes) != 2 {
		t.Errorf("Uninstall: %+v, %v", res, err)
	}
	if got := string(mustRead(t, path)); got != geminiSettings {
		t.Errorf("after uninstall:\n%s\nwant\n%s", got, geminiSettings)
	}

	// without the backup: the entry is taken out, the comments stay
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	backups, _ := filepath.Glob(path + ".permguard-backup-*")
	for _, b := range backups {
		os.Remove(b)
	}
	if res, err := Uninstall(o); err != nil || len(res.Changes) != 1 {
		t.Errorf("Uninstall without a backup: %+v, %v", res, err)
	}
	if got := string(mustRead(t, path)); got != geminiSettings {
		t.Errorf("after uninstall without a backup:\n%s\nwant\n%s", got, geminiSettings)
	}

	// the agents that read plain JSON: refused, left as it is
	for _, name := range []string{"claude", "codex"} {
		tg, _ := Find(name)
		p := filepath.Join(t.TempDir(), "settings.json")
		os.WriteFile(p, []byte(geminiSettings), 0o600)
		if _, err := Install(Options{Target: tg, Path: p, Exe: exe, Now: now}); !errors.Is(err, ErrInvalidJSON) {
			t.Errorf("%s: Install into a file with comments: %v", name, err)
		}
		if got := string(mustRead(t, p)); got != geminiSettings {
			t.Errorf("%s: the refused file was changed", name)
		}
	}
}
