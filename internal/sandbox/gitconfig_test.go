package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// configTests are config files and the keys git reads from them (nil
// with err: git refuses the file, or this parser does). Each row with a
// key list is checked against git itself where git is installed.
var configTests = []struct {
	name string
	in   string
	keys []string
	err  bool
}{
	{name: "git init", in: "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n",
		keys: []string{"core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates"}},
	{name: "clone", in: "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n",
		keys: []string{"core.bare", "remote.origin.url", "remote.origin.fetch", "branch.main.remote", "branch.main.merge"}},
	{name: "empty", in: "", keys: nil},
	{name: "comments only", in: "# x\n; y\n\n", keys: nil},
	{name: "key on the header's line", in: "[core] fsmonitor = x\n", keys: []string{"core.fsmonitor"}},
	{name: "case", in: "[CoRe]\n\tFSMonitor = x\n", keys: []string{"core.fsmonitor"}},
	{name: "boolean", in: "[core]\n\tbare\n", keys: []string{"core.bare"}},
	{name: "subsection keeps its case", in: "[Remote \"Or.Ig\"]\n\tURL = x\n", keys: []string{"remote.Or.Ig.url"}},
	{name: "old-style subsection", in: "[remote.Origin]\n\turl = x\n", keys: []string{"remote.origin.url"}},
	{name: "escaped quote in subsection", in: "[remote \"a\\\"b\"]\n\turl = x\n", keys: []string{"remote.a\"b.url"}},
	{name: "comment hides a key", in: "[core]\n\tbare = false # fsmonitor = x\n", keys: []string{"core.bare"}},
	{name: "quoted comment char", in: "[user]\n\tname = \"a # b\"\n\temail = c\n", keys: []string{"user.name", "user.email"}},
	{name: "continuation hides the next line", in: "[user]\n\tname = a \\\nfsmonitor = x\n", keys: []string{"user.name"}},
	{name: "continuation in a comment does not", in: "[core]\n\tbare = false ; x \\\n\tfsmonitor = x\n", keys: []string{"core.bare", "core.fsmonitor"}},
	{name: "escapes", in: "[user]\n\tname = a\\tb\\nc\\\\d\\\"e\\b\n", keys: []string{"user.name"}},
	{name: "crlf", in: "[core]\r\n\tbare = false\r\n\tfsmonitor = x\r\n", keys: []string{"core.bare", "core.fsmonitor"}},
	{name: "bom", in: "\xef\xbb\xbf[core]\n\tbare = false\n", keys: []string{"core.bare"}},
	{name: "no newline at the end", in: "[core]\n\tfsmonitor = x", keys: []string{"core.fsmonitor"}},
	{name: "include", in: "[include]\n\tpath = ../x\n", keys: []string{"include.path"}},
	{name: "includeIf", in: "[includeIf \"gitdir:/\"]\n\tpath = ../x\n", keys: []string{"includeif.gitdir:/.path"}},
	{name: "two headers on one line", in: "[user][core] fsmonitor = x\n", keys: []string{"core.fsmonitor"}},
	{name: "spaces before =", in: "[core]\n\tpager\t =  x\n", keys: []string{"core.pager"}},
	{name: "a key before any section", in: "fsmonitor = x\n", keys: []string{"fsmonitor"}},
	{name: "digit and dash", in: "[a-1]\n\tb-2 = x\n", keys: []string{"a-1.b-2"}},

	{name: "unclosed quote", in: "[user]\n\tname = \"a\n", err: true},
	{name: "unknown escape", in: "[user]\n\tname = a\\q\n", err: true},
	{name: "unclosed header", in: "[core\n\tbare = false\n", err: true},
	{name: "empty header", in: "[]\n\tbare = false\n", err: true},
	{name: "key starting with a digit", in: "[core]\n\t1x = y\n", err: true},
	{name: "junk after a key", in: "[core]\n\tbare false\n", err: true},
	{name: "comment right after a key", in: "[core]\n\tbare # x\n", err: true},
	{name: "bad char in a header", in: "[co_re]\n\tx = y\n", err: true},
	{name: "subsection without quotes", in: "[remote origin]\n\turl = x\n", err: true},
	{name: "no ] after subsection", in: "[remote \"o\" ]\n\turl = x\n", err: true},
	{name: "partial bom", in: "\xef\xbb[core]\n", err: true},
	{name: "lone carriage return", in: "[core]\n\tbare\r= x\n", err: true},
	{name: "vertical tab is not space to git", in: "[core]\n\v\tbare = x\n", err: true},
	{name: "NUL, which C would cut at", in: "[core \"a\x00\"]\n\tfsmonitor = x\n", err: true},
}

func TestConfigKeys(t *testing.T) {
	for _, tt := range configTests {
		t.Run(tt.name, func(t *testing.T) {
			keys, err := configKeys([]byte(tt.in))
			if tt.err {
				if err == nil {
					t.Fatalf("configKeys(%q) = %q, want an error", tt.in, keys)
				}
				return
			}
			if err != nil || !slices.Equal(keys, tt.keys) {
				t.Fatalf("configKeys(%q) = %q, %v, want %q", tt.in, keys, err, tt.keys)
			}
		})
	}
}

// TestConfigKeysAgreeWithGit reads every row with git itself: where this
// parser reads keys, git reads the same; where it refuses a file, so does
// git (but for the NUL, which only this parser refuses).
func TestConfigKeysAgreeWithGit(t *testing.T) {
	git := gitOrSkip(t)
	for _, tt := range configTests {
		t.Run(tt.name, func(t *testing.T) {
			keys, ok := git(tt.in)
			if tt.err {
				if ok && !strings.Contains(tt.in, "\x00") {
					t.Errorf("git reads %q as %q; the table says it refuses it", tt.in, keys)
				}
				return
			}
			if !ok || !slices.Equal(keys, tt.keys) {
				t.Errorf("git reads %q as %q (ok %v), the table says %q", tt.in, keys, ok, tt.keys)
			}
		})
	}
}

// FuzzConfigKeys holds the property the check relies on: when this parser
// reads a file, git reads the same keys from it; so a key that runs a
// program is never missed. It never panics either.
func FuzzConfigKeys(f *testing.F) {
	for _, tt := range configTests {
		f.Add(tt.in)
	}
	git := gitOrSkip(f)
	f.Fuzz(func(t *testing.T, in string) {
		keys, err := configKeys([]byte(in))
		if err != nil {
			return
		}
		got, ok := git(in)
		if !ok {
			t.Fatalf("configKeys(%q) = %q, but git refuses the file", in, keys)
		}
		if !slices.Equal(keys, got) {
			t.Fatalf("configKeys(%q) = %q, git reads %q", in, keys, got)
		}
	})
}

// gitOrSkip returns a function that lists, with git itself, the keys of a
// config file, and whether git could read it; no user or system config
// is read.
func gitOrSkip(tb testing.TB) func(string) ([]string, bool) {
	tb.Helper()
	path, err := exec.LookPath("git")
	if err != nil {
		tb.Skip("git is not installed")
	}
	dir := tb.TempDir()
	file := filepath.Join(dir, "config")
	return func(in string) ([]string, bool) {
		if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
			tb.Fatal(err)
		}
		cmd := exec.Command(path, "config", "--file", file, "--null", "--list", "--name-only")
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "PATH=" + os.Getenv("PATH")}
		out, err := cmd.Output()
		if err != nil {
			return nil, false
		}
		var keys []string
		for _, k := range strings.Split(string(out), "\x00") {
			if k != "" {
				keys = append(keys, k)
			}
		}
		return keys, true
	}
}

func TestInertKey(t *testing.T) {
	for key, want := range map[string]bool{
		"core.bare": true, "remote.origin.url": true, "remote.a.b.url": true, "user.email": true,
		"core.fsmonitor": false, "core.hookspath": false, "core.pager": false, "diff.external": false,
		"filter.x.clean": false, "include.path": false, "includeif.gitdir:/.path": false,
		"submodule.x.update": false, "remote.origin.uploadpack": false, "alias.st": false,
		"core.x.bare": false, ".bare": false, "core.": false, "core": false, "remote.url": false,
	} {
		if got := inertKey(key); got != want {
			t.Errorf("inertKey(%q) = %v, want %v", key, got, want)
		}
	}
}
