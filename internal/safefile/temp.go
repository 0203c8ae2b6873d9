package safefile

import (
	"os"
	"path/filepath"
	"strings"
)

// tempPrefix is how the temporary copy of base is named while it is
// written: ".settings.json.tmp-" and the decimal number os.CreateTemp
// puts in place of its "*".
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// CreateTemp makes a new, empty file (0600) in dir to be renamed over
// base once written. It is made with O_EXCL, so it is never a file or a
// link that was there before.
func CreateTemp(dir, base string) (*os.File, error) {
	return os.CreateTemp(dir, tempPrefix(base)+"*")
}

// RemoveStaleTemps removes from dir the temporary copies of base that a
// writer killed before its rename left behind: only names [CreateTemp]
// makes, only regular files, only the user's own. The caller must hold
// the lock every writer of base takes before it makes one, so no live
// writer's copy is removed. It returns what it removed.
func RemoveStaleTemps(dir, base string) []string {
	d, err := OpenDir(dir)
	if err != nil {
		return nil
	}
	// bounded: a directory the agent can write may hold a million names
	names, _ := d.Readdirnames(maxNames)
	d.Close()
	prefix := tempPrefix(base)
	var removed []string
	for _, name := range names {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || !isNumber(rest) {
			continue
		}
		path := filepath.Join(dir, name)
		st, err := os.Lstat(path)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		if _, other := OwnedByOther(st); other {
			continue
		}
		if os.Remove(path) == nil {
			removed = append(removed, path)
		}
	}
	return removed
}

const maxNames = 4096

func isNumber(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
