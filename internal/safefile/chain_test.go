package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckChain: the way to the settings file must be the user's: a link
// on it owned by another user, a directory of another user's holding a
// link on it, or a directory others can write holding the file, is
// refused; a sticky directory (/tmp) and the user's own links are fine.
func TestCheckChain(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("makes files of another user: needs root")
	}
	root := t.TempDir()
	mine := filepath.Join(root, "mine")
	theirs := filepath.Join(root, "theirs")
	open := filepath.Join(root, "open")
	sticky := filepath.Join(root, "sticky")
	for _, d := range []string{mine, theirs, open, sticky} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Chown(theirs, 65534, 65534))
	must(os.Chmod(open, 0o777))
	must(os.Chmod(sticky, 0o777|os.ModeSticky))
	for _, d := range []string{mine, open, sticky} {
		must(os.WriteFile(filepath.Join(d, "settings.json"), []byte("{}"), 0o600))
	}
	must(os.Symlink(filepath.Join(mine, "settings.json"), filepath.Join(mine, "link.json")))
	must(os.Symlink(filepath.Join(mine, "settings.json"), filepath.Join(theirs, "link.json")))
	must(os.Symlink(filepath.Join(mine, "settings.json"), filepath.Join(mine, "their-link.json")))
	must(os.Lchown(filepath.Join(mine, "their-link.json"), 65534, 65534))
	must(os.Symlink(filepath.Join(theirs, "link.json"), filepath.Join(mine, "via-theirs.json")))
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{filepath.Join(mine, "settings.json"), true},
		{filepath.Join(mine, "link.json"), true},
		{filepath.Join(sticky, "settings.json"), true},
		{filepath.Join(mine, "missing.json"), true},
		{filepath.Join(theirs, "link.json"), false},
		{filepath.Join(mine, "their-link.json"), false},
		{filepath.Join(mine, "via-theirs.json"), false},
		{filepath.Join(open, "settings.json"), false},
	} {
		if err := CheckChain(tc.path); (err == nil) != tc.ok {
			t.Errorf("CheckChain(%s) = %v, want ok %v", tc.path, err, tc.ok)
		}
	}
}
