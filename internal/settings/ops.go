package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// ReadCurrent reads a settings file for a change made outside [Update]
// (an editor session): its content and its pin, "" for a missing file.
func ReadCurrent(path string) (data []byte, hash string, err error) {
	data, err = readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	return data, ContentHash(data), nil
}

// ReadFile reads and parses the settings file at path as kind, for a
// command that shows what the file itself says: nil when there is no
// file, and its one problem when it cannot be used at all (not valid
// JSON, not an object).
func ReadFile(path string, kind Kind) (*File, *Problem, error) {
	data, _, err := ReadCurrent(path)
	if err != nil || data == nil {
		return nil, nil, err
	}
	f, _, err := Parse(Source{Kind: kind, Name: path}, data)
	if err != nil {
		p := fileProblem(path, err, "")
		return nil, &p, nil
	}
	return f, nil, nil
}

// ErrChanged is returned by [ReplaceIf] when the file is no longer what
// the change started from.
var ErrChanged = errors.New("changed by another process meanwhile")

// ReplaceIf writes data to path, under the lock, only if the file still
// has the pin was ("" for a file that did not exist): an edit that took
// minutes must not silently undo another process's change.
func ReplaceIf(path, was string, data []byte) error {
	unlock, err := lockFile(path, safefile.Follow)
	if err != nil {
		return err
	}
	defer unlock()
	_, now, err := ReadCurrent(path)
	if err != nil {
		return err
	}
	if now != was {
		return ErrChanged
	}
	return writeAtomic(path, data, safefile.Follow)
}

// Reset moves the settings file at path aside (returned) and writes an
// empty one in its place, under the lock. A missing file is left missing
// and backup is "". A file that already sets nothing (empty, or "{}") is
// left as it is, with no copy, and the error is [ErrUnchanged].
func Reset(path string, now time.Time) (backup string, err error) {
	unlock, err := lockFile(path, safefile.Follow)
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if SetsNothing(path) {
		return "", ErrUnchanged
	}
	if backup, err = moveAside(path, ".bak", now); err != nil {
		return "", fmt.Errorf("cannot keep a copy of %s, so it was not reset: %w", path, err)
	}
	return backup, writeAtomic(path, []byte("{}\n"), safefile.Follow)
}

// SetsNothing reports whether the settings file at path can be read and
// sets nothing (empty, or "{}"): [Reset] leaves such a file as it is.
func SetsNothing(path string) bool {
	data, err := readFile(path)
	if err != nil {
		return false
	}
	d, err := ParseDocument(data)
	return err == nil && d.SetsNothing()
}

// Check reads the settings file at path without changing anything and
// returns every problem in it; a file that cannot be parsed at all is one
// problem, marked Unusable. A PIN written in clear is a problem too.
//
// The global file must be the user's alone, as [Load] wants it: one that
// is not is one problem, marked Unusable, with the fix.
func Check(path string, kind Kind) ([]Problem, error) {
	data, st, err := readFileInfo(path, safefile.Follow)
	if err != nil {
		return nil, err
	}
	if kind == FromGlobal {
		var ue *safefile.UnsafeError
		if errors.As(ownGlobal(path, st), &ue) {
			return []Problem{unsafeProblem(path, ue)}, nil
		}
	}
	f, problems, err := Parse(Source{Kind: kind, Name: path}, data)
	if err != nil {
		p := fileProblem(path, err, "")
		p.Unusable = true
		return []Problem{p}, nil
	}
	if f.ApprovalPin != nil && !IsPinHash(f.ApprovalPin.Value) {
		problems = append(problems, Problem{File: path, Line: f.ApprovalPin.Src.Line, Col: f.ApprovalPin.Src.Col,
			Msg: "approvalPin is written in clear; permguard replaces it with its hash the next time it reads your settings"})
	}
	return problems, nil
}

// WriteFileAtomic replaces path with data the way settings are written
// (see [Update]), under path's lock, for the agents' config files that
// permguard install edits. If was is not nil, the file must still hold
// exactly was, or nothing is written and the error is [ErrChanged].
func WriteFileAtomic(path string, data, was []byte) error {
	unlock, err := lockFile(path, safefile.Follow)
	if err != nil {
		return err
	}
	defer unlock()
	if was != nil {
		cur, _, err := ReadCurrent(path)
		if err != nil {
			return err
		}
		if string(cur) != string(was) {
			return ErrChanged
		}
	}
	return writeAtomic(path, data, safefile.Follow)
}

// Backup copies the file at path to path+".permguard-backup-<time>",
// never over an existing file, and returns the copy's name.
func Backup(path string, data []byte, now time.Time) (string, error) {
	base := path + ".permguard-backup-" + now.UTC().Format("20060102T150405Z")
	for i := 1; i <= 100; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(name)
			return "", err
		}
		return name, nil
	}
	return "", fmt.Errorf("cannot find a free name for a backup of %s", path)
}

// RemoveFileIf removes the file at path, under its lock, only if it still
// holds exactly was: otherwise nothing is removed and the error is
// [ErrChanged]. A file already gone is no error.
func RemoveFileIf(path string, was []byte) error {
	unlock, err := lockFile(path, safefile.Follow)
	if err != nil {
		return err
	}
	defer unlock()
	cur, _, err := ReadCurrent(path)
	switch {
	case err != nil:
		return err
	case cur == nil:
		return nil
	case string(cur) != string(was):
		return ErrChanged
	}
	return os.Remove(path)
}
