package doctor

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/person"
	"github.com/agent-permguard/permguard/internal/settings"
)

// TestCheck runs every check in a scratch home whose settings file cannot
// be read: the sections come in the report's order, the file's problem is
// in its section with the hints the command line gives for it, every
// note is in the section's problems or hints in the same order, and
// Problems counts them.
func TestCheck(t *testing.T) {
	home := t.TempDir()
	cfg := filepath.Join(home, ".config", "permguard")
	if err := os.MkdirAll(cfg, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte("{bad"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "PERMGUARD_MANAGED_FILE": filepath.Join(home, "managed.json")}
	in := Input{
		Getenv:        func(k string) string { return env[k] },
		Getwd:         func() (string, error) { return home, nil },
		Now:           time.Now,
		Workspace:     home,
		Terminal:      func(bool) (person.Asker, error) { return nil, errors.New("no terminal here") },
		ABI:           func() (int, error) { return 0, errors.New("no Landlock here") },
		Namespaces:    func() error { return errors.New("no namespaces here") },
		BoxAvailable:  func() (bool, string) { return false, "no box here" },
		UnusableHints: func(p settings.Problem, _ settings.Kind) []string { return []string{"fix " + p.File} },
	}
	sections := Check(in)
	var titles []string
	for _, s := range sections {
		titles = append(titles, s.Title)
	}
	want := []string{"agents", "settings files", "in force here (" + home + ")", "asking a person", "exec --sandbox", "permguard's own files", "audit log"}
	if !slices.Equal(titles, want) {
		t.Fatalf("sections %q, want %q", titles, want)
	}
	files := sections[1]
	if len(files.Problems) != 1 || !strings.Contains(files.Problems[0], "settings.json:1:2: invalid JSON") {
		t.Errorf("settings files: problems %q, want the file's one", files.Problems)
	}
	if !slices.Contains(files.Hints, "fix "+filepath.Join(cfg, "settings.json")) {
		t.Errorf("settings files: hints %q, want the command line's for the file", files.Hints)
	}
	total := 0
	for _, s := range sections {
		var problems, hints []string
		for _, n := range s.Notes {
			switch n.Kind {
			case "problem":
				problems = append(problems, n.Text)
			case "hint":
				hints = append(hints, n.Text)
			default:
				t.Errorf("%s: a note of kind %q", s.Title, n.Kind)
			}
		}
		if !slices.Equal(problems, s.Problems) || !slices.Equal(hints, s.Hints) || s.Rows == nil {
			t.Errorf("%s: notes %q, but problems %q and hints %q (rows %v)", s.Title, s.Notes, s.Problems, s.Hints, s.Rows)
		}
		total += len(s.Problems)
	}
	if got := Problems(sections); got != total || got == 0 {
		t.Errorf("Problems = %d, want %d", got, total)
	}
}
