package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWriterRemovesStaleTemps: a temporary copy left by a writer killed
// before its rename is removed by the next writer, which holds the lock
// every writer takes first; nothing else in the directory is touched.
func TestWriterRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	global := filepath.Join(dir, FileName)
	stale := []string{".settings.json.tmp-1234567890", ".sessions.json.tmp-42"}
	kept := []string{".settings.json.tmp-edit", "settings.json.tmp-1", ".other.json.tmp-7"}
	for _, name := range append(stale, kept...) {
		must(t, os.WriteFile(filepath.Join(dir, name), []byte("{"), 0o600))
	}
	if _, err := Update(global, fixedNow(), func(d *Document) error { return d.Set("level", "low") }); err != nil {
		t.Fatal(err)
	}
	if err := UpdateSession(dir, "s", fixedNow(), func(s *Session) { s.Level = "low" }); err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s was left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed", name)
		}
	}
}
