// Package safefile opens the files permguard reads and writes in places
// where someone else may have put something other than what permguard
// expects: only regular files (or directories, where it reads a
// directory), never blocking on a FIFO or a device, never through a
// symbolic link where none may be; and, for permguard's own files, only
// those the user owns and nobody else can write, as ssh and git check
// theirs.
//
// It is one place for the open, stat and ownership rules that the
// settings, the audit log and the engine share; it imports nothing else
// of permguard (scripts/check-deps.sh).
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular matches every [*NotRegularError].
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned by [ReadFile] for a file over its limit.
var ErrTooLarge = errors.New("over the size limit")

// NotRegularError is a path that names something other than what was to
// be read: a FIFO, a socket, a device, a directory, or a symbolic link
// where none may be.
type NotRegularError struct {
	Path string
	What string // "a FIFO", "a symbolic link", ...
	Want string // "a regular file" or "a directory"
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not %s", e.Path, e.What, e.Want)
}

// Is makes errors.Is(err, ErrNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// Link says whether a symbolic link at the last element of a path is
// followed.
type Link bool

const (
	Follow   Link = true
	NoFollow Link = false
)

// Open opens the regular file at path for reading. It never blocks: the
// open is non-blocking, and the type is read from the open descriptor, so
// a FIFO or a device put there, even between a look and the open, is a
// [*NotRegularError] rather than a wait. With NoFollow a symbolic link at
// path is one too. The FileInfo is the open file's.
func Open(path string, link Link) (*os.File, fs.FileInfo, error) {
	flags := os.O_RDONLY | oNonblock
	if link == NoFollow {
		flags |= oNoFollow
	}
	if err := preOpen(path, link); err != nil {
		return nil, nil, err
	}
	// a device is not opened at all: opening one may do something (a
	// watchdog arms, a serial line resets its board); what the open
	// finds is checked again below
	stat := os.Stat
	if link == NoFollow {
		stat = os.Lstat
	}
	if st, err := stat(path); err == nil && st.Mode()&(fs.ModeDevice|fs.ModeCharDevice) != 0 {
		return nil, nil, &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a regular file"}
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		return nil, nil, linkError(path, link, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a regular file"}
	}
	return f, st, nil
}

// OpenDir opens the directory at path for reading its names, following a
// link, without blocking on anything else found there.
func OpenDir(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNonblock|oDirectory, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.IsDir() {
		f.Close()
		return nil, &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a directory"}
	}
	return f, nil
}

// OpenAppend opens the regular file at path for appending, creating it
// (mode perm) when it does not exist. A link at path is never followed and
// never makes its target: a new file is made with O_EXCL, which fails on
// any name that exists, a dangling link included. A FIFO, found with or
// without a reader, is a [*NotRegularError], never a wait. The FileInfo
// is the open file's.
func OpenAppend(path string, perm fs.FileMode) (*os.File, fs.FileInfo, error) {
	if err := preOpen(path, NoFollow); err != nil {
		return nil, nil, err
	}
	for range 3 {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|oNonblock|oNoFollow, 0)
		if errors.Is(err, fs.ErrNotExist) {
			f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|os.O_EXCL|oNoFollow, perm)
			if errors.Is(err, fs.ErrExist) {
				continue // made by another process meanwhile: open that one
			}
		}
		if err != nil {
			return nil, nil, linkError(path, NoFollow, fifoError(path, err))
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		if !st.Mode().IsRegular() {
			f.Close()
			return nil, nil, &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a regular file"}
		}
		return f, st, nil
	}
	return nil, nil, fmt.Errorf("%s keeps changing between open and create", path)
}

// ReadFile reads the regular file at path (see [Open]), at most limit
// bytes: a longer file is [ErrTooLarge], and is not read into memory.
func ReadFile(path string, link Link, limit int64) ([]byte, fs.FileInfo, error) {
	f, st, err := Open(path, link)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, nil, ErrTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, nil, err
	}
	if int64(len(data)) > limit {
		return nil, nil, ErrTooLarge // it grew while being read
	}
	return data, st, nil
}

// Kind names what a mode is, for messages: "a FIFO", "a directory".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// OpenLock opens, or makes (0600), the lock file at path for flock: never
// through a link, never blocking on a FIFO, and only a regular file that
// no other user owns (its owner could remove it while it is held, and
// two writers would then hold locks on different files).
func OpenLock(path string) (*os.File, error) {
	if err := preOpen(path, NoFollow); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|oNonblock|oNoFollow, 0o600)
	if err != nil {
		return nil, linkError(path, NoFollow, fifoError(path, err))
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a regular file"}
	}
	if err == nil {
		if uid, other := OwnedByOther(st); other {
			err = &UnsafeError{Path: path, Problem: fmt.Sprintf("is owned by uid %d, not by you", uid), Fix: "remove it: rm " + Quote(path)}
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// CheckAppend says whether the regular file at path could be appended to,
// without making it, following a link, or waiting on a FIFO.
func CheckAppend(path string) error {
	if err := preOpen(path, NoFollow); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|oNonblock|oNoFollow, 0)
	if err != nil {
		return linkError(path, NoFollow, fifoError(path, err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &NotRegularError{Path: path, What: Kind(st.Mode()), Want: "a regular file"}
	}
	return err
}
