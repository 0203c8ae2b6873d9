package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// maxFileBytes bounds a settings file. A real one is a few kilobytes; past
// the bound the file is treated as invalid rather than read into memory.
const maxFileBytes = 1 << 20

// ErrNotRegular is matched by the error for a settings path that is, or
// points at, something other than a regular file (a directory, a FIFO, a
// device), or for a state file that is a symbolic link.
var ErrNotRegular = safefile.ErrNotRegular

// ErrTooLarge is returned for a settings file over the 1 MiB limit.
var ErrTooLarge = errors.New("over the 1 MiB limit")

// notRegular says what was found instead of a regular file, without the
// path: a [Problem] names the file.
type notRegular struct{ *safefile.NotRegularError }

func (e notRegular) Error() string { return "is " + e.What + ", not " + e.Want }
func (e notRegular) Unwrap() error { return e.NotRegularError }

// DanglingError is a settings file that is a symbolic link to nothing.
// It is not fs.ErrNotExist: the file is there, and what it says cannot be
// read, so it caps the level like any file that cannot be read (a
// dotfile manager that has not run yet must not switch its deny rules
// off).
type DanglingError struct{ Target string }

func (e *DanglingError) Error() string {
	return "is a symbolic link to " + e.Target + ", which does not exist"
}

// readFile reads a settings file, following a symlink, without blocking on
// a FIFO and without reading more than the limit. A missing file is
// fs.ErrNotExist; a link to nothing is a [*DanglingError].
func readFile(path string) ([]byte, error) {
	data, _, err := readFileInfo(path, safefile.Follow)
	return data, err
}

// readFileInfo is readFile, with the state of the file read; with
// NoFollow, a link at path is refused.
func readFileInfo(path string, link safefile.Link) ([]byte, fs.FileInfo, error) {
	data, st, err := safefile.ReadFile(path, link, maxFileBytes)
	var nr *safefile.NotRegularError
	switch {
	case err == nil:
		return data, st, nil
	case errors.Is(err, safefile.ErrTooLarge):
		return nil, nil, ErrTooLarge
	case errors.As(err, &nr):
		return nil, nil, notRegular{nr}
	case errors.Is(err, fs.ErrNotExist) && link == safefile.Follow:
		if target, lerr := os.Readlink(path); lerr == nil {
			return nil, nil, &DanglingError{Target: target}
		}
	}
	return nil, nil, err
}

// readOwn reads one of permguard's own files in its state directory
// (sessions, trust): never through a link, and only a file that is the
// user's alone, so that nothing another user planted or could change
// grants anything. A missing file is fs.ErrNotExist.
func readOwn(path string) ([]byte, error) {
	data, st, err := readFileInfo(path, safefile.NoFollow)
	if err != nil {
		return nil, err
	}
	if err := safefile.CheckOwned(path, st); err != nil {
		return nil, err
	}
	return data, nil
}

// ownDir makes permguard's state directory (0700) when it is missing, and
// checks that it is the user's alone before anything is written in it:
// another user may have made it first.
func ownDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return safefile.CheckPlace(dir, safefile.LinkedDir)
}

// writeTarget returns the file a write to path must replace: path itself,
// or, with Follow, the regular file a symlink at path points to, when it
// is the user's own. It refuses anything else, so a write never replaces
// a directory, a device, a file of another user's through a link, or, for
// permguard's own state files (NoFollow), a link at all.
func writeTarget(path string, link safefile.Link) (target string, mode fs.FileMode, err error) {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path, 0o600, nil
	case err != nil:
		return "", 0, err
	case info.Mode().IsRegular():
		return path, info.Mode().Perm(), nil
	case info.Mode()&fs.ModeSymlink == 0:
		return "", 0, fmt.Errorf("%s %w; refusing to replace it", path, notRegular{&safefile.NotRegularError{Path: path, What: safefile.Kind(info.Mode()), Want: "a regular file"}})
	case link == safefile.NoFollow:
		return "", 0, fmt.Errorf("%s is a symbolic link, and permguard never writes its own files through one; refusing to write: remove the link (rm %s)", path, safefile.Quote(path))
	}
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", 0, fmt.Errorf("%s is a symlink that cannot be followed (%v); refusing to write through it", path, err)
	}
	info, err = os.Stat(resolved)
	if err != nil {
		return "", 0, err
	}
	if !info.Mode().IsRegular() {
		return "", 0, fmt.Errorf("%s is a symlink to %s, which is %w; refusing to write through it", path, resolved, ErrNotRegular)
	}
	if uid, other := safefile.OwnedByOther(info); other {
		return "", 0, fmt.Errorf("%s is a symlink to %s, which is owned by uid %d, not by you; refusing to write through it", path, resolved, uid)
	}
	return resolved, info.Mode().Perm(), nil
}

// writeAtomic replaces path with data so that a reader sees the old file
// or the new one, never a mix, and a crash leaves one of them: a temporary
// file in the same directory, fsync, rename, fsync of the directory. The
// file's mode is kept; a new file is 0600.
//
// It is called with path's lock held (see [lockFile]), so a temporary
// copy of the file found in the directory was left by a writer killed
// before its rename, and is removed.
func writeAtomic(path string, data []byte, link safefile.Link) error {
	target, mode, err := writeTarget(path, link)
	if err != nil {
		return err
	}
	dir, base := filepath.Split(target)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	safefile.RemoveStaleTemps(dir, base)
	tmp, err := safefile.CreateTemp(dir, base)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return err
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := safefile.OpenDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return nil
}

// lockTimeout bounds how long a writer waits for another one.
const lockTimeout = 10 * time.Second

// lockFile takes the advisory lock that serializes writers of path. The
// lock is a separate file (.NAME.lock beside the target), because the
// settings file itself is replaced by rename and a lock on it would be
// lost with the old inode. It exists only while held: unlock removes it
// before letting go, so no lock file is left beside an agent's
// configuration or in a repository. A writer that waited on a lock file
// removed meanwhile finds, once it holds it, that the path no longer
// names the file it locked, and starts again with the new one; so two
// writers never hold locks on different files at once.
func lockFile(path string, link safefile.Link) (unlock func(), err error) {
	target, _, err := writeTarget(path, link)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	lockPath := filepath.Join(dir, LockName(filepath.Base(target)))
	deadline := time.Now().Add(lockTimeout)
	for {
		f, err := safefile.OpenLock(lockPath)
		if err != nil {
			return nil, fmt.Errorf("cannot open the lock %s: %w", lockPath, err)
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot lock %s: %w", lockPath, err)
		}
		if ok {
			if sameFile(f, lockPath) {
				return func() {
					os.Remove(lockPath) // still ours: nobody else holds it
					unlockFile(f)
					f.Close()
				}, nil
			}
			// the holder before us removed it: lock the one there now,
			// at once, but not for ever (a path that never names the
			// file opened, as a link would not, must not spin)
			unlockFile(f)
			f.Close()
			if time.Now().After(deadline) {
				return nil, fmt.Errorf("%s keeps changing while it is locked", lockPath)
			}
			continue
		}
		f.Close()
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s is locked by another permguard process for over %v", lockPath, lockTimeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// LockName is the name of the lock file of the file named base, beside
// it.
func LockName(base string) string { return "." + base + ".lock" }

// sameFile reports whether path still names the open file f.
func sameFile(f *os.File, path string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Lstat(path)
	return err == nil && os.SameFile(held, now)
}

// moveAside renames path to path+suffix+"-<time>", never replacing a file
// that is already there, and returns the new name.
func moveAside(path, suffix string, now time.Time) (string, error) {
	base := path + suffix + "-" + now.UTC().Format("20060102T150405Z")
	for i := 1; i <= 100; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		// A hard link fails if name exists, where rename would replace it.
		err := os.Link(path, name)
		if err == nil {
			if err := os.Remove(path); err != nil {
				os.Remove(name)
				return "", err
			}
			return name, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		// No hard links here (a symlink at path, some file systems):
		// check, then rename.
		if _, err := os.Lstat(name); err == nil {
			continue
		}
		if err := os.Rename(path, name); err != nil {
			return "", err
		}
		return name, nil
	}
	return "", fmt.Errorf("cannot find a free name for a copy of %s", path)
}
