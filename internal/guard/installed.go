package guard

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// Budgets for reading what a project has installed: the hook must stay
// well inside design §7, and a workspace the agent controls may hold a
// directory of a million entries or a package.json of a gigabyte.
const (
	maxInstalledEntries = 4096
	maxPackageJSON      = 1 << 20
)

// installedPrograms lists the programs the project in dir has installed:
// the names in node_modules/.bin and the packages package.json depends on
// (dependencies, devDependencies). npx of one runs the project's copy. Any
// error, or a file past its budget, gives what was read so far: a name
// missing here only keeps npx at its higher level. Only a directory and a
// regular file are read, never waiting on a FIFO the agent (or a build)
// put in their place.
func installedPrograms(dir string) []string {
	if dir == "" {
		return nil
	}
	var out []string
	if f, err := safefile.OpenDir(filepath.Join(dir, "node_modules", ".bin")); err == nil {
		names, _ := f.Readdirnames(maxInstalledEntries)
		f.Close()
		out = append(out, names...)
	}
	if data, _, err := safefile.ReadFile(filepath.Join(dir, "package.json"), safefile.Follow, maxPackageJSON); err == nil {
		var pkg struct {
			Dependencies    map[string]json.RawMessage `json:"dependencies"`
			DevDependencies map[string]json.RawMessage `json:"devDependencies"`
		}
		if json.Unmarshal(data, &pkg) == nil {
			for _, deps := range []map[string]json.RawMessage{pkg.Dependencies, pkg.DevDependencies} {
				for name := range deps {
					out = append(out, name)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// mayLaunch reports a command that may name a launcher of installed
// programs (npx, bunx, npm exec, npm x, bun x): only then is the
// project's node_modules read, not for every npm test. This decides what
// is read, never a verdict.
func mayLaunch(src string) bool {
	if strings.Contains(src, "npx") || strings.Contains(src, "bunx") || strings.Contains(src, "pnpm") || strings.Contains(src, "yarn") {
		// pnpm NAME and yarn NAME run an installed program too
		return true
	}
	return (strings.Contains(src, "npm") || strings.Contains(src, "bun")) &&
		(strings.Contains(src, "exec") || strings.Contains(src, " x"))
}
