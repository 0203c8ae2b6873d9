package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
)

// TestLostDenyRuleCaps: a settings file whose deny list cannot all be read
// (not a list, an entry that is not a pattern, a pattern that is invalid
// or too long, more patterns than are read) caps the level at minimal
// where it fails, as a file that cannot be read does; the rest of the file
// still applies. Other lists only warn: what they drop is not a rule that
// blocks.
func TestLostDenyRuleCaps(t *testing.T) {
	many := make([]string, maxDenyPatterns+1)
	for i := range many {
		many[i] = fmt.Sprintf("%q", fmt.Sprintf("cmd%d *", i))
	}
	huge := strings.Repeat("x", 900_000)
	tests := []struct {
		name   string
		json   string
		capped bool
		want   string // in the problems
	}{
		{name: "a string for a list", json: `{"level": "high", "mode": "block", "deny": "git push *"}`, capped: true,
			want: `:1:44: deny is a string, not a list of patterns; a deny rule cannot be read, so the level is capped at minimal until it is fixed`},
		{name: "null", json: `{"level": "high", "mode": "block", "deny": null}`, capped: true, want: "deny is null, not a list"},
		{name: "a number in the list", json: `{"level": "high", "mode": "block", "deny": ["rm *", 42]}`, capped: true, want: "deny[1] is a number, not a pattern; a deny rule cannot be read"},
		{name: "an invalid pattern", json: `{"level": "high", "mode": "block", "deny": ["git  push"]}`, capped: true, want: `deny[0] "git  push" holds two spaces in a row`},
		{name: "more than are read", json: `{"level": "high", "mode": "block", "deny": [` + strings.Join(many, ",") + `]}`, capped: true,
			want: "deny holds 101 patterns; only 100 are read, so the level is capped at minimal until it holds no more"},
		{name: "a pattern past the length cap", json: `{"level": "high", "mode": "block", "deny": ["` + huge + `"]}`, capped: true,
			want: `deny[0] "` + huge[:maxShown] + `"… (900000 bytes) is over 1024 bytes; a deny rule cannot be read`},
		{name: "an empty list", json: `{"level": "high", "mode": "block", "deny": []}`},
		{name: "a bad override only warns", json: `{"level": "high", "mode": "block", "overrides": {"high": [42]}}`, want: "overrides.high[0] is a number, not a pattern; ignored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLayout(t)
			l.write(t, l.global(), tt.json)
			o := l.options()
			o.EnvLevel = "bypassed"
			e, problems := Load(o)
			text := problemsText(problems)
			if tt.want != "" && !strings.Contains(text, tt.want) {
				t.Errorf("problems:\n%s\nwant %q", text, tt.want)
			}
			if len(text) > 1000 {
				t.Errorf("the problems take %d bytes: a pattern is echoed whole", len(text))
			}
			if capped := e.Level.Value == (Permission{Level: classify.Minimal}); capped != tt.capped {
				t.Errorf("level %v from %v, capped %v; want capped %v", e.Level.Value, e.Level.Src, e.Capped, tt.capped)
			}
			if tt.capped && (!e.Level.Src.Unusable || e.Level.Src.Name != l.global() || e.Level.Src.Line != 1) {
				t.Errorf("the cap's source is %+v, want the global file where the deny list fails", e.Level.Src)
			}
			if e.Mode.Value != ModeBlock {
				t.Errorf("the rest of the file is not read: mode %v", e.Mode.Value)
			}
			if ps, _ := Check(l.global(), FromGlobal); tt.capped != (len(ps) > 0 && ps[len(ps)-1].Unusable) {
				t.Errorf("Check = %v: the problem must be marked Unusable exactly when it caps", ps)
			}
		})
	}
}

// TestUnreadableFileCaps: a settings file that is a link to nothing, or
// not a regular file, cannot be read and caps the level, whoever's it is;
// a missing one is just missing.
func TestUnreadableFileCaps(t *testing.T) {
	tests := []struct {
		name  string
		place func(l layout) string
		make  func(t *testing.T, path string)
		want  string
	}{
		{name: "global link to nothing", place: layout.global,
			make: func(t *testing.T, p string) { must(t, os.Symlink(filepath.Join(filepath.Dir(p), "nowhere.json"), p)) },
			want: "which does not exist; the file is left as it is, and the level is capped at minimal"},
		{name: "global directory", place: layout.global,
			make: func(t *testing.T, p string) { must(t, os.Mkdir(p, 0o700)) },
			want: "is a directory, not a regular file; the file is left as it is, and the level is capped at minimal"},
		{name: "project link to nothing", place: layout.projectWs,
			make: func(t *testing.T, p string) {
				must(t, os.MkdirAll(filepath.Dir(p), 0o755))
				must(t, os.Symlink("nowhere.json", p))
			},
			want: "is a symbolic link to nowhere.json, which does not exist"},
		{name: "managed link to nothing", place: func(l layout) string { return l.managed },
			make: func(t *testing.T, p string) { must(t, os.Symlink("/nonexistent/permguard.json", p)) },
			want: "which does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLayout(t)
			path := tt.place(l)
			tt.make(t, path)
			o := l.options()
			o.FlagLevel = "high"
			e, problems := Load(o)
			if e.Level.Value.Level != classify.Minimal || !e.Level.Src.Unusable || e.Level.Src.Name != path {
				t.Errorf("level %v from %+v, want minimal from %s", e.Level.Value, e.Level.Src, path)
			}
			if text := problemsText(problems); !strings.Contains(text, path+": ") || !strings.Contains(text, tt.want) {
				t.Errorf("problems %q, want %q", text, tt.want)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
