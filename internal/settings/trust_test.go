package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrust: permguard trust's steps in order, on one project file: a
// file with problems is refused with them, a clean one is pinned to its
// content, trusting it again changes nothing, and revoking withdraws it
// once; a missing file can only be revoked.
func TestTrust(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	ws := t.TempDir()
	path := filepath.Join(ws, ProjectDir, ProjectFile)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	write := func(content string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name        string
		content     string // written first, unless ""
		revoke      bool
		wantChanged bool
		wantProblem string
		wantErr     error
	}{
		{name: "a problem", content: `{"level": "medum"}`, wantProblem: `level "medum" is not one of`},
		{name: "trusted", content: `{"level": "medium"}`, wantChanged: true},
		{name: "trusted again", wantChanged: false},
		{name: "revoked", revoke: true, wantChanged: true},
		{name: "revoked again", revoke: true, wantChanged: false},
	}
	for _, st := range steps {
		if st.content != "" {
			write(st.content)
		}
		changed, hash, problems, err := Trust(state, path, st.revoke, fixedNow())
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.wantProblem != "" {
			if len(problems) != 1 || !strings.Contains(problems[0].String(), st.wantProblem) || changed {
				t.Errorf("%s: problems %v, changed %v; want %q and nothing trusted", st.name, problems, changed, st.wantProblem)
			}
			continue
		}
		if len(problems) > 0 || changed != st.wantChanged {
			t.Errorf("%s: changed %v, problems %v; want changed %v", st.name, changed, problems, st.wantChanged)
		}
		data, _ := os.ReadFile(path)
		if hash != ContentHash(data) {
			t.Errorf("%s: hash %q, want the content's %q", st.name, hash, ContentHash(data))
		}
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := Trust(state, path, false, fixedNow()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("trusting a missing file: %v, want it not to exist", err)
	}
	if changed, _, _, err := Trust(state, path, true, fixedNow()); err != nil || changed {
		t.Errorf("revoking a missing file that is not trusted: changed %v, %v", changed, err)
	}
}
