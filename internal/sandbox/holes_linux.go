//go:build linux

package sandbox

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// placeholderAttr marks a placeholder permguard made for a missing hole,
// so that one a crashed run left behind is known for ours and removed by
// the next run in that workspace. It is invisible to git and to the user.
const placeholderAttr = "user.permguard.placeholder"

// BuildHoles returns the read-only holes of the build profile inside
// workspace. A mount cannot cover a path that does not exist, and a
// build that may create .vscode/tasks.json or .claude/settings.json
// could run code later or switch the guard off; so a missing directory
// hole gets a placeholder, an empty directory (for .github/hooks, its
// highest missing directory), which the sandbox mounts read-only like
// the rest, and [Holes.Remove] takes away once the run is over.
//
// A missing file hole (.envrc, .mcp.json, .gitmodules, ...) gets none:
// an empty file in the workspace is one git commits and npm packs. It is
// left out of the box, and [ScanPlanted] sets aside whatever the run
// made at its path ([HoleMade]); [TakeBaseline] notes which were missing.
//
// The run holds a shared lock on the workspace from here until Remove: a placeholder is removed only when no other confined run in
// the workspace may be using it as a hole. Removing a mount point in
// another mount namespace detaches the mount there (Linux 3.18).
func BuildHoles(workspace string) *Holes {
	h := &Holes{unlock: func(bool) bool { return false }}
	if workspace == "" || workspace == "/" {
		return h
	}
	if f, err := os.Open(workspace); err == nil {
		if lockShared(f) {
			h.unlock = func(removable bool) bool {
				defer f.Close()
				// another run's shared lock keeps this one's placeholders:
				// that run mounted them as its own holes
				return removable && unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) == nil
			}
		} else {
			f.Close()
		}
	}
	for _, s := range holeSpecs(workspace) {
		p := filepath.Join(workspace, s.rel)
		if _, err := os.Stat(p); err == nil {
			// a symbolic link is mounted over as its target: the link's
			// own directory cannot be made to refuse a write through it
			if isPlaceholder(p) {
				h.made = append(h.made, p)
			}
			h.add(p)
			continue
		}
		if _, err := os.Lstat(p); err == nil {
			h.Missing = append(h.Missing, p) // a link to nothing: a write creates its target
			continue
		}
		top := highestMissing(workspace, p)
		if !s.dir && top == p {
			continue // found after the run if the run made it
		}
		if parent := filepath.Dir(top); parent != workspace && isPlaceholder(parent) {
			// .github left by a killed run for .github/hooks: the same
			// hole, not one to fill with another
			h.made = append(h.made, parent)
			h.add(parent)
			continue
		}
		if err := makePlaceholder(top); err != nil {
			h.Missing = append(h.Missing, p)
			continue
		}
		h.made = append(h.made, top)
		h.add(top)
	}
	h.Pinned = pinned(workspace, h.Paths)
	return h
}

// lockShared takes a shared lock on f, waiting a little for a run that
// is removing its placeholders. A lock held longer (by something else
// that locks the directory) is not waited for: the run goes on without
// it and removes nothing, so its placeholders stay for the next run.
func lockShared(f *os.File) bool {
	for range 20 {
		if err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB); err == nil {
			return true
		} else if !errors.Is(err, unix.EWOULDBLOCK) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func (h *Holes) add(p string) {
	if !slices.Contains(h.Paths, p) {
		h.Paths = append(h.Paths, p)
	}
}

// Remove takes away the placeholders BuildHoles made (or found left by a
// crashed run) that are still empty and still marked, once the program
// and everything it started are gone (the sandbox's PID namespace ends
// with its init), and releases the workspace's lock. It leaves them when
// another confined run in the workspace is still going; that run, or the
// next, removes them.
func (h *Holes) Remove() {
	if !h.unlock(len(h.made) > 0) {
		return
	}
	for i := len(h.made) - 1; i >= 0; i-- {
		p := h.made[i]
		// checked again: the user may have filled it meanwhile, or an
		// editor replaced it with a file of its own
		if isPlaceholder(p) {
			_ = os.Remove(p)
		}
	}
}

// highestMissing is the directory nearest workspace on the way to p
// that does not exist (p itself when its parent exists).
func highestMissing(workspace, p string) string {
	top := p
	for d := filepath.Dir(p); d != workspace && strings.HasPrefix(d, workspace+string(filepath.Separator)); d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		top = d
	}
	return top
}

// makePlaceholder creates the directory p, empty, and marks it; it
// never replaces anything that appeared meanwhile.
func makePlaceholder(p string) error {
	if err := os.Mkdir(p, 0o755); err != nil {
		return err
	}
	// without the mark (a file system with no user attributes) the
	// placeholder is still removed by this run, only not by the next
	// after a crash
	_ = unix.Setxattr(p, placeholderAttr, []byte("1"), 0)
	return nil
}

// placeholderContent is what a placeholder file holds: nothing, or for
// the JSON files an empty object. No run makes placeholder files any
// more; one a killed run of an earlier version left behind is still
// known by it, used as a hole, and removed.
func placeholderContent(p string) []byte {
	if strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonc") {
		return []byte("{}\n")
	}
	return nil
}

// isPlaceholder reports whether p is an empty directory, or a file
// holding placeholderContent, bearing permguard's mark.
func isPlaceholder(p string) bool {
	st, err := os.Lstat(p)
	if err != nil {
		return false
	}
	if _, err := unix.Lgetxattr(p, placeholderAttr, make([]byte, 8)); err != nil {
		return false
	}
	switch {
	case st.Mode().IsRegular():
		want := placeholderContent(p)
		if st.Size() != int64(len(want)) {
			return false
		}
		b, err := os.ReadFile(p)
		return err == nil && string(b) == string(want)
	case st.IsDir():
		d, err := os.Open(p)
		if err != nil {
			return false
		}
		defer d.Close()
		_, err = d.Readdirnames(1)
		return errors.Is(err, io.EOF)
	}
	return false
}
