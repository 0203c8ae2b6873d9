package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestEdit: config edit's copy is made from the file, or found again
// with the edit an earlier try left; a copy that is a link is not read
// through; an edit is checked as a global file, named as the file; it is
// saved only over the file it started from, and the copy is removed only
// when it holds no edit or once the edit is saved.
func TestEdit(t *testing.T) {
	const (
		low     = `{"level": "low"}` + "\n"
		medium  = `{"level": "medium"}` + "\n"
		invalid = `{"level": "lowest"}` + "\n"
		other   = `{"level": "high"}` + "\n"
	)
	tests := map[string]struct {
		file     string                         // the settings file before; "" for none
		before   func(t *testing.T, dir string) // what is beside it before the edit starts
		edit     string                         // what the editor writes; "" for no change
		meantime string                         // what another process writes to the file during the edit
		startErr error
		resumed  bool
		problems int
		saveErr  error
		wantFile string // the file afterwards; "" for none
		wantCopy string // the copy afterwards; "" for no copy
	}{
		"an edit is saved and the copy removed": {
			file: low, edit: medium, wantFile: medium,
		},
		"no file: the copy is an empty object, and no file is made": {},
		"an unchanged copy is not kept": {
			file: low, wantFile: low,
		},
		"an edit is refused when the file changed meanwhile": {
			file: low, edit: medium, meantime: other, saveErr: ErrChanged, wantFile: other, wantCopy: medium,
		},
		"an invalid edit is a problem of the file, edited": {
			file: low, edit: invalid, problems: 1, wantFile: low, wantCopy: invalid,
		},
		"the edit an earlier try left is opened again": {
			file: low,
			before: func(t *testing.T, dir string) {
				must(t, os.WriteFile(filepath.Join(dir, "settings.edit.json"), []byte(invalid), 0o600))
			},
			resumed: true, problems: 1, wantFile: low, wantCopy: invalid,
		},
		"a copy that is a link is not read through": {
			file: low,
			before: func(t *testing.T, dir string) {
				must(t, os.WriteFile(filepath.Join(dir, "marker.json"), []byte(medium), 0o600))
				must(t, os.Symlink("marker.json", filepath.Join(dir, "settings.edit.json")))
			},
			startErr: ErrLastEdit, wantFile: low,
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "cfg")
			must(t, os.Mkdir(dir, 0o700))
			path := filepath.Join(dir, FileName)
			if tt.file != "" {
				must(t, os.WriteFile(path, []byte(tt.file), 0o600))
			}
			if tt.before != nil {
				tt.before(t, dir)
			}
			e, err := StartEdit(path)
			if !errors.Is(err, tt.startErr) {
				t.Fatalf("StartEdit: %v, want %v", err, tt.startErr)
			}
			if err == nil {
				if e.Copy != filepath.Join(dir, "settings.edit.json") || e.Resumed != tt.resumed {
					t.Errorf("copy %s (resumed %v), want %s (resumed %v)", e.Copy, e.Resumed, filepath.Join(dir, "settings.edit.json"), tt.resumed)
				}
				if want := tt.file; !tt.resumed {
					if want == "" {
						want = "{\n}\n"
					}
					if got := readOrNone(t, e.Copy); got != want {
						t.Errorf("the copy starts as %q, want %q", got, want)
					}
				}
				editAs(t, e, tt.edit, tt.meantime, tt.problems, tt.saveErr)
			}
			if got := readOrNone(t, path); got != tt.wantFile {
				t.Errorf("the file holds %q, want %q", got, tt.wantFile)
			}
			if tt.startErr != nil {
				if got := readOrNone(t, filepath.Join(dir, "marker.json")); got != medium {
					t.Errorf("the link's target holds %q, want it untouched", got)
				}
				return
			}
			if got := readOrNone(t, e.Copy); got != tt.wantCopy {
				t.Errorf("the copy holds %q, want %q", got, tt.wantCopy)
			}
		})
	}
}

// editAs does what config edit does after the editor wrote text to the
// copy ("" writes nothing) and another process wrote meantime to the
// file ("" writes nothing): read the copy back, check it, save it.
func editAs(t *testing.T, e *Edit, text, meantime string, wantProblems int, wantSave error) {
	t.Helper()
	if text != "" {
		must(t, os.WriteFile(e.Copy, []byte(text), 0o600))
	}
	if meantime != "" {
		must(t, os.WriteFile(e.Path, []byte(meantime), 0o600))
	}
	data, changed, err := e.Edited()
	if err != nil {
		t.Fatal(err)
	}
	if !changed {
		if e.Keep() {
			t.Error("Keep() = true for a copy that holds no edit")
		}
		return
	}
	problems, err := e.Check()
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != wantProblems {
		t.Fatalf("Check() = %v, want %d problems", problems, wantProblems)
	}
	for _, p := range problems {
		if p.File != e.Path+" (edited)" {
			t.Errorf("a problem names %s, want %s (edited)", p.File, e.Path)
		}
	}
	if len(problems) > 0 {
		if !e.Keep() {
			t.Error("Keep() = false for a copy that holds an edit")
		}
		return
	}
	if err := e.Save(data); !errors.Is(err, wantSave) {
		t.Errorf("Save: %v, want %v", err, wantSave)
	}
}

func readOrNone(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
