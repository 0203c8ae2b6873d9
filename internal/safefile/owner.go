package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// UnsafeError is one of permguard's own files or directories that someone
// else could change: owned by another user, writable by its group or by
// others, a symbolic link where none may be, or not what it should be.
type UnsafeError struct {
	Path    string
	Problem string // "is owned by uid 65534, not by you (uid 1000)"
	Fix     string // what makes it safe, with the command
}

func (e *UnsafeError) Error() string { return e.Path + " " + e.Problem }

// Want is what a place must be.
type Want uint8

const (
	File Want = iota // a regular file, not a link
	Dir              // a directory, not a link
	// LinkedDir is a directory or a link to one, for the directories a
	// person chooses (the configuration and state directories): people
	// keep their configuration in linked directories. The link must be
	// the user's own, as must the directory it names.
	LinkedDir
)

// CheckOwned checks st, the state of path, as ssh checks its files: owned
// by the effective user (root's own files are root's), and not writable by
// its group or by others. Where the system has no owners, it checks
// nothing.
func CheckOwned(path string, st fs.FileInfo) error {
	uid, me, ok := owners(st)
	if !ok {
		return nil
	}
	if uid != me {
		return &UnsafeError{Path: path,
			Problem: fmt.Sprintf("is owned by uid %d, not by you (uid %d)", uid, me),
			Fix:     fmt.Sprintf("remove it, or make it yours: chown %d %s", me, Quote(path))}
	}
	if w := st.Mode().Perm() & 0o022; w != 0 {
		who := "its group and others"
		switch w {
		case 0o020:
			who = "its group"
		case 0o002:
			who = "others"
		}
		return &UnsafeError{Path: path,
			Problem: fmt.Sprintf("can be written by %s (mode %04o)", who, st.Mode().Perm()),
			Fix:     "chmod go-w " + Quote(path)}
	}
	return nil
}

// OwnedByOther reports whether st belongs to a user other than the
// effective one, and which.
func OwnedByOther(st fs.FileInfo) (uid int, other bool) {
	uid, me, ok := owners(st)
	return uid, ok && uid != me
}

// CheckPlace checks path, one of permguard's own places, before it is
// used: nothing there is fine (permguard makes it, 0700 or 0600); else it
// must be want, and pass [CheckOwned]. Only a LinkedDir may be a symbolic
// link.
func CheckPlace(path string, want Want) error {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return nil
	case err != nil:
		return &UnsafeError{Path: path, Problem: fmt.Sprintf("cannot be looked at (%v)", unwrapPath(err)),
			Fix: "check its permissions and those of the directories above it"}
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(path)
		if want != LinkedDir {
			what := "a file"
			if want == Dir {
				what = "a directory"
			}
			return &UnsafeError{Path: path, Problem: fmt.Sprintf("is a symbolic link (to %s), where permguard keeps %s of its own", target, what),
				Fix: "remove the link (rm " + Quote(path) + "); permguard makes it anew"}
		}
		// a link's own mode means nothing; its owner can replace it
		if uid, other := OwnedByOther(st); other {
			_, me, _ := owners(st)
			return &UnsafeError{Path: path, Problem: fmt.Sprintf("is a symbolic link (to %s) owned by uid %d, not by you (uid %d)", target, uid, me),
				Fix: "remove the link (rm " + Quote(path) + "), and make the directory yourself"}
		}
		st, err = os.Stat(path)
		if err != nil {
			return &UnsafeError{Path: path, Problem: fmt.Sprintf("is a symbolic link to %s, which cannot be used (%v)", target, unwrapPath(err)),
				Fix: "remove the link (rm " + Quote(path) + "), or make " + Quote(target) + " a directory of yours"}
		}
	}
	switch {
	case want != File && !st.IsDir():
		return &UnsafeError{Path: path, Problem: "is " + Kind(st.Mode()) + ", not a directory", Fix: "remove it: rm " + Quote(path)}
	case want == File && !st.Mode().IsRegular():
		return &UnsafeError{Path: path, Problem: "is " + Kind(st.Mode()) + ", not a regular file", Fix: "remove it: rm " + Quote(path)}
	}
	return CheckOwned(path, st)
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Quote returns s as one shell word, for the commands in fixes.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./@%+=:,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// CheckChain checks the way to path as the kernel walks it: every
// symbolic link on it, and the directory that holds each link and the
// file it ends at, must be the user's or root's, and no such directory
// may be writable by its group or others unless it is sticky (/tmp): else
// another user could point the way, or put another file at its end,
// where permguard reads its own settings. ssh checks the directories
// above its files the same way.
func CheckChain(path string) error {
	if !filepath.IsAbs(path) {
		return nil
	}
	dirOK := func(dir string) error {
		st, err := os.Stat(dir)
		if err != nil {
			return nil // a missing directory holds nothing to trust
		}
		uid, me, ok := owners(st)
		if !ok {
			return nil
		}
		if uid != me && uid != 0 {
			return &UnsafeError{Path: dir, Problem: fmt.Sprintf("is owned by uid %d, and holds the way to %s", uid, path),
				Fix: "keep permguard's settings in a directory of yours, or root's"}
		}
		if st.Mode().Perm()&0o022 != 0 && st.Mode()&fs.ModeSticky == 0 {
			return &UnsafeError{Path: dir, Problem: fmt.Sprintf("can be written by others (mode %04o), and holds the way to %s", st.Mode().Perm(), path),
				Fix: "chmod go-w " + Quote(dir)}
		}
		return nil
	}
	cur, elems, hops := "/", strings.Split(strings.TrimPrefix(path, "/"), "/"), 0
	for len(elems) > 0 {
		e := elems[0]
		elems = elems[1:]
		switch e {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, e)
		st, err := os.Lstat(next)
		if err != nil {
			return nil
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > 40 {
			return &UnsafeError{Path: path, Problem: "leads through too many links", Fix: "point it at its file directly"}
		}
		if uid, me, ok := owners(st); ok && uid != me && uid != 0 {
			return &UnsafeError{Path: next, Problem: fmt.Sprintf("is a symbolic link owned by uid %d on the way to %s", uid, path),
				Fix: "remove the link (rm " + Quote(next) + ")"}
		}
		if err := dirOK(cur); err != nil {
			return err
		}
		target, err := os.Readlink(next)
		if err != nil {
			return nil
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		elems = append(strings.Split(target, "/"), elems...)
	}
	return dirOK(filepath.Dir(cur))
}
