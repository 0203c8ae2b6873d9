package launch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// writableDirs are the directories a sandboxed program may write: the
// workspace, the temporary directories, the build and package caches,
// --writable, and the terminals.
func writableDirs(workspace string, env guard.Env, writable, caches []string) []string {
	temp := tempDirs(env)
	dirs := slices.Clone(temp[:2])
	if workspace != "" {
		dirs = append(dirs, workspace)
	}
	dirs = append(dirs, temp[2:]...)
	dirs = append(dirs, caches...)
	for _, d := range writable {
		if !filepath.IsAbs(d) && workspace != "" {
			d = filepath.Join(workspace, d)
		}
		dirs = append(dirs, filepath.Clean(d))
	}
	return append(dirs, sandbox.DefaultDirs...)
}

// tempDirs are the temporary directories: /tmp, /var/tmp and $TMPDIR.
func tempDirs(env guard.Env) []string {
	dirs := []string{"/tmp", "/var/tmp"}
	if env.TempDir != "" {
		dirs = append(dirs, env.TempDir)
	}
	return dirs
}

// cacheDirs are the caches that ordinary builds write outside the
// workspace, which a sandboxed "go test" or "npm ci" needs (on a CI
// runner the Go build cache is in the home directory): the XDG cache
// (pip's and Go's build cache by default), $GOCACHE, $GOMODCACHE (else
// $GOPATH/pkg/mod), npm's ($npm_config_cache, else ~/.npm) and cargo's
// registry and git checkouts ($CARGO_HOME, else ~/.cargo). Directories
// that put programs on PATH (~/go/bin, ~/.cargo/bin) are not among them.
// A variable that points at the home directory, one of its parents, or
// permguard's own settings or state is ignored: a cache must not open
// those up.
func cacheDirs(env guard.Env, getenv func(string) string, workspace string) []string {
	home := env.Home
	abs := func(p string) string {
		if p == "" || !filepath.IsAbs(p) {
			return ""
		}
		return filepath.Clean(p)
	}
	inHome := func(parts ...string) string {
		if home == "" {
			return ""
		}
		return filepath.Join(append([]string{home}, parts...)...)
	}
	var dirs []string
	add := func(candidates ...string) {
		for _, d := range candidates {
			if d != "" {
				dirs = append(dirs, d)
				return
			}
		}
	}
	add(abs(getenv("XDG_CACHE_HOME")), inHome(".cache"))
	add(abs(getenv("GOCACHE")))
	gopath := ""
	if list := filepath.SplitList(getenv("GOPATH")); len(list) > 0 {
		gopath = abs(list[0])
	}
	if gopath != "" {
		gopath = filepath.Join(gopath, "pkg", "mod")
	}
	add(abs(getenv("GOMODCACHE")), gopath, inHome("go", "pkg", "mod"))
	add(abs(getenv("npm_config_cache")), inHome(".npm"))
	add(abs(getenv("PIP_CACHE_DIR")))
	if cargo := abs(getenv("CARGO_HOME")); cargo != "" {
		dirs = append(dirs, filepath.Join(cargo, "registry"), filepath.Join(cargo, "git"))
	} else if home != "" {
		dirs = append(dirs, inHome(".cargo", "registry"), inHome(".cargo", "git"))
	}
	var out []string
	for _, d := range dirs {
		// a cache that holds the workspace would be layered with it (the
		// build's output kept in the sandbox's layer); the workspace is
		// writable anyway
		if !safeCache(d, home, env) || (workspace != "" && within(workspace, d)) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// safeCache reports whether d may be a writable cache: not the root, the
// home directory or one of its parents, and holding none of permguard's
// own files.
func safeCache(d, home string, env guard.Env) bool {
	if d == "/" || (home != "" && within(home, d)) {
		return false
	}
	for _, own := range []string{env.ConfigDir, env.StateDir} {
		if own != "" && within(own, d) {
			return false
		}
	}
	return true
}

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ownInWritable are permguard's settings and state directories where a
// writable directory holds them (a home under /tmp, XDG_STATE_HOME in
// $TMPDIR, --writable ~/.local): they stay read-only in the sandbox, or
// a build could change the settings, the sessions, or the caches' layers.
func ownInWritable(env guard.Env, dirs []string) []string {
	var out []string
	for _, own := range []string{env.ConfigDir, env.StateDir} {
		if own == "" {
			continue
		}
		for _, d := range dirs {
			if within(own, d) {
				// made if missing, or the build could make it, with
				// settings of its choosing, for the next call to read
				_ = os.MkdirAll(own, 0o700)
				out = append(out, own)
				break
			}
		}
	}
	return out
}
