package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// Edit is a person's edit of a settings file (permguard config edit) in
// a copy beside it, which an editor opens. The file changes only when
// the edit is saved: an edit that is not valid, or not saved, stays in
// the copy, so that no edit is ever lost.
type Edit struct {
	Path    string // the settings file
	Copy    string // the copy being edited
	Resumed bool   // the copy holds an earlier edit that was not saved
	old     []byte // the file as the edit started from; "{\n}\n" for none
	was     string // its pin, for [ReplaceIf]
}

// maxEditBytes bounds the edited copy read back: past the 1 MiB a
// settings file may hold, it is refused as the file would be.
const maxEditBytes = 2 << 20

// ErrLastEdit is matched by the error of [StartEdit] when the copy an
// earlier edit left cannot be opened again.
var ErrLastEdit = errors.New("cannot open your last edit")

// StartEdit starts an edit of the settings file path: it makes the copy
// from the file, or finds the one an earlier edit left (Resumed).
func StartEdit(path string) (*Edit, error) {
	old, was, err := ReadCurrent(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if old == nil {
		old = []byte("{\n}\n")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	e := &Edit{Path: path, Copy: editCopy(path), old: old, was: was}
	if _, err := os.Lstat(e.Copy); err == nil {
		if _, err := e.read(); err != nil {
			return e, fmt.Errorf("%w: %w", ErrLastEdit, err)
		}
		e.Resumed = true
		return e, nil
	}
	return e, writeNew(e.Copy, old)
}

// editCopy is where an edit of path is kept: one fixed, visible name
// (settings.edit.json), so a failed try leaves one file that the next
// edit opens again, never a new hidden copy per try.
func editCopy(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, strings.TrimSuffix(base, filepath.Ext(base))+".edit"+filepath.Ext(base))
}

// read reads the copy back. It is a file of permguard's own: never read
// through a link, never a FIFO waited on.
func (e *Edit) read() ([]byte, error) {
	data, _, err := safefile.ReadFile(e.Copy, safefile.NoFollow, maxEditBytes)
	return data, err
}

// Edited returns what the copy holds, and whether it differs from the
// file as the edit started from.
func (e *Edit) Edited() (data []byte, changed bool, err error) {
	data, err = e.read()
	return data, err == nil && string(data) != string(e.old), err
}

// Keep reports whether the copy holds an edit, and removes it when it
// holds nothing but the file.
func (e *Edit) Keep() bool {
	if _, changed, _ := e.Edited(); changed {
		return true
	}
	e.Drop()
	return false
}

// Drop removes the copy.
func (e *Edit) Drop() { os.Remove(e.Copy) }

// Check returns every problem of the edit, as [Check] finds them in a
// global file, each naming the file with " (edited)".
func (e *Edit) Check() ([]Problem, error) {
	problems, err := Check(e.Copy, FromGlobal)
	for i := range problems {
		problems[i].File = e.Path + " (edited)"
	}
	return problems, err
}

// Save writes data, the edit, to the file, unless another process
// changed it since the edit started ([ErrChanged]), and then removes the
// copy.
func (e *Edit) Save(data []byte) error {
	if err := ReplaceIf(e.Path, e.was, data); err != nil {
		return err
	}
	e.Drop()
	return nil
}

// writeNew makes the file path (0600) with data; it fails if anything is
// there, a link included.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
