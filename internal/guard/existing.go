package guard

import "os"

// existingOf lists the paths of v.MaybePaths that are on disk (design
// §2.8, Git: git checkout X discards the file X's changes where no branch
// has that name). A path that cannot be looked at counts as there: the
// worse reading is the file's.
func existingOf(paths []string) []string {
	var out []string
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil || !os.IsNotExist(err) {
			out = append(out, p)
		}
	}
	return out
}
