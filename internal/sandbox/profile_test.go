package sandbox

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The macOS profile says, in Seatbelt's words, what the Linux one does;
// later rules win there, so the holes and secrets come after the
// writable directories.
func TestSandboxExecProfile(t *testing.T) {
	p := Profile{
		Writable: Writable{Dirs: []string{"/ws"}, Files: []string{"/dev/null"}},
		ReadOnly: []string{"/ws/.git/hooks"},
		Hidden:   []string{"/home/u/.ssh"},
	}
	want := `(version 1)
(allow default)
(deny file-write*)
(allow file-write* (subpath "/ws"))
(allow file-write* (literal "/dev/null"))
(deny file-write* (subpath "/ws/.git/hooks"))
(deny file-read* file-write* (subpath "/home/u/.ssh"))
(deny network-outbound (remote ip))
(deny network-outbound (remote unix-socket))
`
	if got := SandboxExecProfile(p); got != want {
		t.Errorf("SandboxExecProfile =\n%s\nwant\n%s", got, want)
	}
	p.Network = true
	if got := SandboxExecProfile(p); strings.Contains(got, "network") {
		t.Errorf("with the network kept, the profile still denies it:\n%s", got)
	}
}

// Each cache that exists gets a layer of its own, kept between runs
// under the same name; one that cannot have a layer is read-only, and
// one that does not exist is left out.
func TestCacheLayers(t *testing.T) {
	root := t.TempDir()
	mk := func(p string) string {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	goCache, npm, comma := mk("home/.cache/go-build"), mk("home/.npm"), mk("home/a,b")
	state := filepath.Join(root, "state", "layers")
	missing := filepath.Join(root, "home", ".cargo", "registry")
	inside := mk("state/layers/x") // the layers' own directory is no cache

	layers, readOnly := CacheLayers([]string{goCache, npm, comma, missing, inside}, state)
	if len(layers) != 2 || layers[0].Dir != goCache || layers[1].Dir != npm {
		t.Fatalf("layers = %+v, want go-build and .npm", layers)
	}
	if !slices.Equal(readOnly, []string{comma, inside}) {
		t.Errorf("read-only = %q, want %q", readOnly, []string{comma, inside})
	}
	for _, l := range layers {
		for _, d := range []string{l.Upper, l.Work} {
			st, err := os.Stat(d)
			if err != nil || !st.IsDir() || st.Mode().Perm() != 0o700 || !strings.HasPrefix(d, state+string(filepath.Separator)) {
				t.Errorf("%s: %v, %v; want a directory of mode 0700 under %s", d, st, err, state)
			}
		}
		if filepath.Dir(l.Upper) != filepath.Dir(l.Work) {
			t.Errorf("upper %s and work %s are not side by side", l.Upper, l.Work)
		}
	}
	if layers[0].Upper == layers[1].Upper {
		t.Errorf("two caches share the layer %s", layers[0].Upper)
	}
	again, _ := CacheLayers([]string{npm}, state)
	if len(again) != 1 || again[0] != layers[1] {
		t.Errorf("a second run gets %+v, want the same layer %+v", again, layers[1])
	}
	// without a place for layers, every cache is read-only
	if l, ro := CacheLayers([]string{goCache}, ""); len(l) != 0 || !slices.Equal(ro, []string{goCache}) {
		t.Errorf("no layers directory: layers %+v, read-only %q", l, ro)
	}
}

// TestSecretsAgents: the agents' own credential files are secrets, each
// at the path its agent's package reads it from.
func TestSecretsAgents(t *testing.T) {
	home := t.TempDir()
	creds := []string{".claude/.credentials.json", ".codex/auth.json", ".gemini/oauth_creds.json",
		".local/share/opencode/auth.json", ".pi/agent/auth.json"}
	for _, c := range creds {
		p := filepath.Join(home, c)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got := Secrets(home, "")
	for _, c := range creds {
		if !slices.Contains(got, filepath.Join(home, c)) {
			t.Errorf("%s is not a secret: %q", c, got)
		}
	}
	// the agents' settings next to them stay readable
	if slices.Contains(got, filepath.Join(home, ".claude")) {
		t.Errorf("~/.claude is hidden whole")
	}
}

func TestBoxOf(t *testing.T) {
	tests := map[string]struct {
		level    string
		bypassed bool
		want     Box
	}{
		"minimal":  {"minimal", false, BoxMinimal},
		"low":      {"low", false, BoxLow},
		"medium":   {"medium", false, BoxMedium},
		"high":     {"high", false, NoBox},
		"bypassed": {"medium", true, NoBox},
		"unknown":  {"", false, NoBox},
	}
	for name, tt := range tests {
		if got := BoxOf(tt.level, tt.bypassed); got != tt.want {
			t.Errorf("%s: BoxOf = %v, want %v", name, got, tt.want)
		}
	}
}

// TestBoxHidesClassifierSecrets holds the boxes' secrets to the
// classifier's (red team RT-6): every file the classifier calls a secret
// in the home directory (secretsHome, each a prefix) and every directory
// it calls one (secretDirsHome) is hidden, or lies in a directory that
// is. The lists are read from the classifier's source: the sandbox may
// import nothing of permguard (scripts/check-deps.sh).
func TestBoxHidesClassifierSecrets(t *testing.T) {
	lists := classifierLists(t, filepath.Join("..", "classify", "policy_paths.go"), "secretsHome", "secretDirsHome")
	// a browser's profile, under any name, is a directory of secrets
	for name, entries := range classifierLists(t, filepath.Join("..", "classify", "policy_secrets.go"), "browserProfiles") {
		for i, e := range entries {
			entries[i] = strings.ReplaceAll(e, "*", "Default") + "/"
		}
		lists[name] = entries
	}
	for name, entries := range lists {
		home := t.TempDir()
		if len(entries) < 5 {
			t.Fatalf("%s: only %q read from the classifier's source", name, entries)
		}
		for _, e := range entries {
			p := filepath.Join(home, e)
			dir := name == "secretDirsHome" || strings.HasSuffix(e, "/")
			if dir {
				if err := os.MkdirAll(p, 0o700); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("secret"), 0o600); err != nil && !errors.Is(err, syscall.EISDIR) {
					t.Fatal(err)
				}
			}
		}
		hidden := Secrets(home, "")
		for _, e := range entries {
			p := filepath.Join(home, e)
			if !slices.ContainsFunc(hidden, func(h string) bool { return within(p, h) }) {
				t.Errorf("%s: the classifier's secret ~/%s is not hidden in the boxes (secretPaths)", name, e)
			}
		}
	}
}

// TestSecretsUnderConfigHome: with $XDG_CONFIG_HOME elsewhere, the
// secrets gh, hub, gcloud and git read there are hidden too.
func TestSecretsUnderConfigHome(t *testing.T) {
	home, cfg := t.TempDir(), t.TempDir()
	for _, d := range []string{"gh", "hub", "gcloud", "git"} {
		if err := os.MkdirAll(filepath.Join(cfg, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(cfg, "git", "credentials"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := Secrets(home, cfg)
	for _, s := range []string{"gh", "hub", "gcloud", "git/credentials"} {
		if !slices.Contains(got, filepath.Join(cfg, s)) {
			t.Errorf("$XDG_CONFIG_HOME/%s is not hidden: %q", s, got)
		}
	}
	if slices.Contains(got, filepath.Join(cfg, "git")) {
		t.Errorf("$XDG_CONFIG_HOME/git is hidden whole: %q", got)
	}
	if got := Secrets(home, "relative/cfg"); len(got) != 0 {
		t.Errorf("a relative $XDG_CONFIG_HOME is used: %q", got)
	}
}

// classifierLists reads the string slices named in names from the Go
// source at path.
func classifierLists(t *testing.T, path string, names ...string) map[string][]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 || !slices.Contains(names, vs.Names[0].Name) {
			return true
		}
		lit, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, el := range lit.Elts {
			if b, ok := el.(*ast.BasicLit); ok && b.Kind == token.STRING {
				s, err := strconv.Unquote(b.Value)
				if err != nil {
					t.Fatal(err)
				}
				out[vs.Names[0].Name] = append(out[vs.Names[0].Name], s)
			}
		}
		return false
	})
	for _, n := range names {
		if len(out[n]) == 0 {
			t.Fatalf("%s: no list named so in %s", n, path)
		}
	}
	return out
}

// pinned: the workspace, and the real directories between it and each
// nested hole, parents first, each once; a link is not followed.
func TestPinned(t *testing.T) {
	ws := t.TempDir()
	for _, d := range []string{".git/hooks", ".github/hooks", "a/b/c"} {
		if err := os.MkdirAll(filepath.Join(ws, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(ws, "a"), filepath.Join(ws, "link")); err != nil {
		t.Fatal(err)
	}
	j := func(rel ...string) []string {
		out := []string{ws}
		for _, r := range rel {
			out = append(out, filepath.Join(ws, r))
		}
		return out
	}
	tests := map[string]struct {
		holes []string
		want  []string
	}{
		"top-level holes only": {j(".envrc", ".vscode")[1:], j()},
		"git's":                {j(".git/hooks", ".git/config", ".git/info")[1:], j(".git")},
		"github's":             {j(".github/hooks")[1:], j(".github")},
		"deep":                 {j("a/b/c/d")[1:], j("a", "a/b", "a/b/c")},
		"through a link":       {j("link/b/x")[1:], j()},
		"outside":              {[]string{"/elsewhere/x/y"}, j()},
	}
	for name, tt := range tests {
		if got := pinned(ws, tt.holes); !slices.Equal(got, tt.want) {
			t.Errorf("%s: pinned = %q, want %q", name, got, tt.want)
		}
	}
}
