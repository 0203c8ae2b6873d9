package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Profile is what the build profile (design §4, sandboxed allow) confines
// a program to: it may read everything but the secrets, write only the
// writable directories, never the read-only holes inside them, and reach
// no network unless Network is set.
type Profile struct {
	Writable Writable
	// ReadOnly are paths inside writable directories that stay read-only:
	// git hooks and config, the agents' configuration, .permguard; the
	// footholds of design §2.9 a build has no business changing.
	ReadOnly []string
	// Pinned are directories bound onto themselves before the holes are
	// mounted, so that they cannot be renamed or removed: the workspace
	// and the directories between it and a hole below the top level.
	Pinned []string
	// Hidden are the secrets of design §2.6: a directory reads as empty,
	// a file as /dev/null.
	Hidden []string
	// Layers are the caches the program writes through a layer of its
	// own: it sees the cache and its own earlier writes, but the cache
	// itself, which builds outside the sandbox trust without checking
	// (Go's build and module caches, cargo's sources, pip's wheels),
	// never changes.
	Layers []Layer
	// Private are directories the program sees empty and writable: a
	// file system of the sandbox's own, gone when the run ends (/dev/shm
	// in the boxes where nothing written may last).
	Private []string
	Network bool // keep the network; else only a loopback of its own
	// Forward makes the TCP ports from 1024 up that a server in the box
	// listens on reachable from this machine's 127.0.0.1, inbound only
	// (Linux; forward_linux.go). It needs a box without the network:
	// Run refuses the two together.
	Forward bool
}

// Layer is one cache seen through an overlay: Dir as it was, with the
// program's writes going to Upper, which is kept between runs.
type Layer struct {
	Dir   string
	Upper string
	Work  string // overlayfs's work directory, on Upper's file system
	// Throwaway: Upper is removed after the run, so the overlay need not
	// sync it when the sandbox ends (overlayfs's volatile, Linux 5.10).
	Throwaway bool
}

// CacheLayers gives each cache that exists a layer of its own under dir
// (made if missing, readable by the user alone), named after the cache's
// path. A cache whose layer cannot be had (dir unset or not writable,
// a path overlayfs cannot be told) is returned in readOnly: the program
// may read it, never change it.
func CacheLayers(caches []string, dir string) (layers []Layer, readOnly []string) {
	for _, c := range caches {
		st, err := os.Stat(c)
		if err != nil || !st.IsDir() {
			continue
		}
		real, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		l, ok := cacheLayer(real, dir)
		if !ok {
			readOnly = append(readOnly, real)
			continue
		}
		layers = append(layers, l)
	}
	return layers, readOnly
}

func cacheLayer(cache, dir string) (Layer, bool) {
	// overlayfs's options are split at commas and its lower directories
	// at colons; a backslash escapes either
	if dir == "" || !filepath.IsAbs(dir) || strings.ContainsAny(cache+dir, ",:\\") || within(dir, cache) || within(cache, dir) {
		return Layer{}, false
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Layer{}, false
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Layer{}, false
	}
	sum := sha256.Sum256([]byte(cache))
	// named for a person who looks, not hidden: ".cache" gives "cache-…"
	base := filepath.Join(realDir, strings.TrimLeft(filepath.Base(cache), ".")+"-"+hex.EncodeToString(sum[:6]))
	l := Layer{Dir: cache, Upper: filepath.Join(base, "upper"), Work: filepath.Join(base, "work")}
	for _, d := range []string{l.Upper, l.Work} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return Layer{}, false
		}
		// a link planted in the layers' directory would send the
		// writes somewhere else: the real cache, say
		if real, err := filepath.EvalSymlinks(d); err != nil || real != d {
			return Layer{}, false
		}
	}
	if within(l.Upper, cache) || within(cache, base) {
		return Layer{}, false
	}
	return l, true
}

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ErrNoNamespaces reports a system where permguard cannot make a mount
// namespace: unprivileged user namespaces switched off (a sysctl, or
// AppArmor's restriction on Ubuntu 24.04), or not Linux.
var ErrNoNamespaces = errors.New("user and mount namespaces are not available")

// holeDirs and holeFiles are the read-only holes of the build profile
// inside the workspace, relative to it: the guard files and footholds of
// design §2.9 a build has no business changing. The package tools'
// project settings are among them (red team RT-5): cargo, npm, yarn and
// pnpm read .cargo/config.toml, .npmrc, .yarnrc, .yarnrc.yml and
// .pnpmfile.cjs from the project, and run what they name (build.rustc,
// a script shell, a pnpmfile's hooks) when they run unboxed, as a
// package query or an install outside the box may. gitHoles are those
// inside a .git directory, which git itself makes when it needs them.
var (
	holeDirs = []string{".claude", ".codex", ".gemini", ".cursor", ".permguard", ".husky", ".githooks", ".vscode", ".devcontainer", ".github/hooks", ".github/copilot", ".pi", ".opencode", ".cargo",
		// since issue 29 (a red team of the boxes' unasked calls): the
		// yarn release and plugins .yarnrc.yml names, which an unboxed
		// yarn query runs, and the editors' and other agents' settings,
		// which start servers and hooks outside any box
		".yarn/releases", ".yarn/plugins", ".zed", ".kiro", ".roo", ".amazonq", ".continue"}
	holeFiles = []string{".mcp.json", ".envrc", ".gitmodules", "opencode.json", "opencode.jsonc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs",
		// the hook managers' configurations, which the hooks git runs
		// outside the box read (issue 29), and pnpm's other pnpmfile
		".pnpmfile.mjs", ".pre-commit-config.yaml", ".pre-commit-config.yml", "lefthook.yml", "lefthook.yaml", ".lefthook.yml",
		".lefthook.yaml", "lefthook-local.yml", "lefthook-local.yaml", ".lefthook-local.yml", ".lefthook-local.yaml"}
	gitHoles = []string{".git/hooks", ".git/info", ".git/modules", ".git/worktrees"}
)

// HoleNames are the holes of the build profile, relative to the
// workspace (a directory ends in "/"), for tests that check them against
// the agents' files.
func HoleNames() []string {
	var out []string
	for _, d := range append(append([]string(nil), holeDirs...), gitHoles...) {
		out = append(out, d+"/")
	}
	return append(append(out, holeFiles...), ".git/config")
}

// Holes are the read-only holes of the build profile in one workspace.
type Holes struct {
	// Paths are mounted read-only over themselves.
	Paths []string
	// Missing are holes that could be neither found nor made: a build
	// can create them.
	Missing []string
	// Pinned are the workspace and each directory between it and a hole
	// below the top level (.git for .git/hooks, .github for
	// .github/hooks), for Profile.Pinned.
	Pinned []string
	made   []string // placeholders to remove once the run is over
	unlock func(removable bool) bool
}

// pinned are workspace and the real directories (no links) between it
// and each of holes, parents first.
func pinned(workspace string, holes []string) []string {
	out := []string{workspace}
	for _, h := range holes {
		rel, err := filepath.Rel(workspace, filepath.Dir(h))
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		d := workspace
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			d = filepath.Join(d, part)
			if st, err := os.Lstat(d); err != nil || !st.IsDir() {
				break
			}
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// holeSpec is one hole: its path relative to the workspace, and whether
// a placeholder for it is a directory.
type holeSpec struct {
	rel string
	dir bool
}

// holeSpecs are the holes of workspace: a .git directory adds those
// inside it, a .git file (a worktree, a submodule) is a hole itself: it
// names the repository git uses.
func holeSpecs(workspace string) []holeSpec {
	var out []holeSpec
	for _, d := range holeDirs {
		out = append(out, holeSpec{d, true})
	}
	for _, f := range holeFiles {
		out = append(out, holeSpec{f, false})
	}
	if st, err := os.Lstat(filepath.Join(workspace, ".git")); err == nil && st.IsDir() {
		for _, d := range gitHoles {
			out = append(out, holeSpec{d, true})
		}
		out = append(out, holeSpec{".git/config", false})
	} else if err == nil && st.Mode().IsRegular() {
		out = append(out, holeSpec{".git", false})
	}
	return out
}

// secretPaths are the credentials of design §2.6, relative to the home
// directory: keys, cloud and registry tokens, GPG's keyring. They cover
// every secret of the classifier's (internal/classify/paths.go,
// secretsHome and secretDirsHome; TestBoxHidesClassifierSecrets holds
// them so), whole directories where it names one: a directory it calls
// secret holds nothing else a build needs.
var secretPaths = []string{
	".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".config/gh", ".config/gcloud",
	".config/hub", ".netrc", ".git-credentials", ".config/git/credentials", ".npmrc", ".pypirc", ".yarnrc.yml", ".gem/credentials",
	".cargo/credentials", ".cargo/credentials.toml", ".vault-token", ".terraform.d",
	".local/share/keyrings", ".password-store", ".pgpass", ".my.cnf",
	// the classifier's other kinds (policy_paths.go, secretsHome)
	"Library/Keychains", ".oci", ".config/doctl/config.yaml", ".config/hcloud/cli.toml", ".fly/config.yml",
	".pulumi/credentials.json", ".config/rclone/rclone.conf", ".s3cfg", ".boto", ".config/glab-cli/config.yml",
	".composer/auth.json", ".config/composer/auth.json", ".config/pypoetry/auth.toml", ".mylogin.cnf",
	".config/containers/auth.json", ".config/helm/registry/config.json",
	".m2/settings.xml", ".m2/settings-security.xml", ".cache/huggingface/token", ".huggingface/token",
	".config/goose/secrets.yaml",
	// the agents' own credentials, read from the agents' packages (see
	// design §4, "The boxes"): Claude Code's, Codex's, Gemini CLI's,
	// opencode's (its data directory by default) and pi's
	".claude/.credentials.json", ".codex/auth.json", ".gemini/oauth_creds.json",
	".local/share/opencode/auth.json", ".pi/agent/auth.json",
	// the rest of the agents' logins the hook registry lists (each
	// dialect's Secrets; TestBoxHidesAgentSecrets in internal/cli holds
	// them so): Gemini CLI's accounts, MCP tokens and .env, Copilot's,
	// Cursor's and opencode's MCP logins
	".gemini/google_accounts.json", ".gemini/mcp-oauth-tokens*.json", ".gemini/.env",
	".copilot/config.json", ".config/github-copilot", ".cursor/cli-config.json", ".config/cursor/auth.json",
	".config/Cursor/User/globalStorage/state.vscdb", "Library/Application Support/Cursor/User/globalStorage/state.vscdb",
	".local/share/opencode/mcp-auth.json", ".claude.json",
	// browsers' profiles, whole: their cookies, saved logins and session
	// tokens (the classifier's browserProfiles, policy_secrets.go)
	".config/google-chrome", ".config/chromium", ".config/BraveSoftware", ".config/microsoft-edge", ".config/vivaldi",
	".config/opera", ".mozilla", ".thunderbird", "snap/firefox/common/.mozilla", "snap/chromium/common/chromium",
	"Library/Application Support/Google/Chrome", "Library/Application Support/Chromium",
	"Library/Application Support/BraveSoftware", "Library/Application Support/Microsoft Edge",
	"Library/Application Support/Firefox",
	".config/google-chrome-beta", ".config/google-chrome-unstable", ".config/microsoft-edge-beta", ".config/microsoft-edge-dev",
	"Library/Application Support/Google/Chrome Beta", "Library/Application Support/Google/Chrome Canary",
	"Library/Application Support/Arc", ".var/app/org.mozilla.firefox/.mozilla", ".var/app/com.google.Chrome/config/google-chrome",
	".var/app/org.chromium.Chromium/config/chromium", ".var/app/com.brave.Browser/config/BraveSoftware",
	".var/app/com.microsoft.Edge/config/microsoft-edge",
	// shell and interpreter histories: tokens typed on a command line
	// (red team RT-6)
	".bash_history", ".zsh_history", ".histfile", ".sh_history", ".local/share/fish/fish_history",
	".python_history", ".node_repl_history", ".psql_history", ".mysql_history", ".sqlite_history",
	".rediscli_history", ".irb_history", ".lesshst",
}

// configSecrets are the secrets of secretPaths under .config, relative
// to it: with $XDG_CONFIG_HOME elsewhere, gh, hub, gcloud and git read
// them there.
var configSecrets = []string{"gh", "hub", "gcloud", "git/credentials"}

// Secrets returns the secrets of design §2.6 that exist under home, and
// under configHome ($XDG_CONFIG_HOME; "" when unset or relative, which
// the programs ignore too).
func Secrets(home, configHome string) []string {
	var out []string
	add := func(p string) {
		if _, err := os.Stat(p); err == nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if home != "" && home != "/" {
		for _, s := range secretPaths {
			if strings.Contains(s, "*") {
				// a family of files (mcp-oauth-tokens-v2.json): each one there
				ms, _ := filepath.Glob(filepath.Join(home, s))
				for _, m := range ms {
					add(m)
				}
				continue
			}
			add(filepath.Join(home, s))
		}
	}
	if configHome != "" && configHome != "/" && filepath.IsAbs(configHome) {
		for _, s := range configSecrets {
			add(filepath.Join(configHome, s))
		}
	}
	return out
}

// SandboxExecProfile is the macOS sandbox-exec (Seatbelt) text of p: the
// same profile as on Linux, with what Seatbelt can say directly (a
// denied subpath inside an allowed one), for sandbox-exec -p.
func SandboxExecProfile(p Profile) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(allow default)\n(deny file-write*)\n")
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	for _, d := range p.Writable.Dirs {
		fmt.Fprintf(&b, "(allow file-write* (subpath %s))\n", q(d))
	}
	for _, f := range p.Writable.Files {
		fmt.Fprintf(&b, "(allow file-write* (literal %s))\n", q(f))
	}
	// later rules win in Seatbelt: the holes and secrets come last
	for _, h := range p.ReadOnly {
		fmt.Fprintf(&b, "(deny file-write* (subpath %s))\n", q(h))
	}
	for _, s := range p.Hidden {
		fmt.Fprintf(&b, "(deny file-read* file-write* (subpath %s))\n", q(s))
	}
	if !p.Network {
		b.WriteString("(deny network-outbound (remote ip))\n(deny network-outbound (remote unix-socket))\n")
	}
	return b.String()
}
