//go:build unix

package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/safefile"
)

// nobody owns what another user would plant.
const nobody = 65534

func needRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to give files to another user")
	}
}

// TestStateFilesAreTheUsersAlone: sessions.json and trusted.json are read
// and written only when they are the user's alone; a link there is never
// followed, and a link to nothing never makes its target.
func TestStateFilesAreTheUsersAlone(t *testing.T) {
	now := fixedNow()
	grant := func(dir string) error {
		return UpdateSession(dir, "s", now, func(s *Session) { s.Level = "bypassed"; s.Set = now })
	}
	tests := []struct {
		name  string
		root  bool
		plant func(t *testing.T, dir, victim string)
		read  string // what ReadSession's problem says
		write string // what UpdateSession's error says
	}{
		{
			name:  "a link to a file",
			plant: func(t *testing.T, dir, victim string) { link(t, victim, filepath.Join(dir, SessionsFile)) },
			read:  "is a symbolic link, not a regular file",
			write: "is a symbolic link, and permguard never writes its own files through one",
		},
		{
			name: "a link to nothing",
			plant: func(t *testing.T, dir, victim string) {
				link(t, filepath.Join(filepath.Dir(victim), "nowhere"), filepath.Join(dir, SessionsFile))
			},
			read:  "is a symbolic link, not a regular file",
			write: "never writes its own files through one",
		},
		{
			name: "writable by others",
			plant: func(t *testing.T, dir, _ string) {
				must(t, grant(dir))
				must(t, os.Chmod(filepath.Join(dir, SessionsFile), 0o666))
			},
			read:  "can be written by its group and others (mode 0666)",
			write: "can be written by its group and others (mode 0666)",
		},
		{
			name: "another user's",
			root: true,
			plant: func(t *testing.T, dir, _ string) {
				must(t, grant(dir))
				must(t, os.Chown(filepath.Join(dir, SessionsFile), nobody, nobody))
			},
			read:  "is owned by uid 65534, not by you (uid 0)",
			write: "is owned by uid 65534",
		},
		{
			name: "a lock that is a link to nothing",
			plant: func(t *testing.T, dir, victim string) {
				link(t, filepath.Join(filepath.Dir(victim), "nowhere"), filepath.Join(dir, LockName(SessionsFile)))
			},
			write: "is a symbolic link, not a regular file",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.root {
				needRoot(t)
			}
			scratch := t.TempDir()
			dir := filepath.Join(scratch, "state")
			must(t, os.Mkdir(dir, 0o700))
			victim := filepath.Join(scratch, "victim")
			must(t, os.WriteFile(victim, []byte(`{"sessions": {}}`), 0o600))
			tt.plant(t, dir, victim)

			if tt.read != "" {
				s, p := ReadSession(dir, "s", now)
				if p == nil || !strings.Contains(p.Msg, tt.read) || s.Level != "" {
					t.Errorf("ReadSession = %+v, %v; want nothing and a problem with %q", s, p, tt.read)
				}
			}
			err := UpdateSession(dir, "s", now, func(s *Session) { s.Level = "low" })
			if err == nil || !strings.Contains(err.Error(), tt.write) {
				t.Errorf("UpdateSession: %v, want an error with %q", err, tt.write)
			}
			if data, _ := os.ReadFile(victim); string(data) != `{"sessions": {}}` {
				t.Errorf("written through the link: %s", data)
			}
			if _, err := os.Lstat(filepath.Join(scratch, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a link to nothing made its target")
			}
		})
	}
}

// TestStateDirOfAnotherUser: a state directory another user made first is
// never written: they could read or replace what is put there.
func TestStateDirOfAnotherUser(t *testing.T) {
	needRoot(t)
	dir := filepath.Join(t.TempDir(), "state")
	must(t, os.Mkdir(dir, 0o700))
	must(t, os.Chown(dir, nobody, nobody))
	err := UpdateSession(dir, "s", fixedNow(), func(s *Session) { s.Level = "low" })
	var ue *safefile.UnsafeError
	if !errors.As(err, &ue) || !strings.Contains(ue.Problem, "owned by uid 65534") {
		t.Errorf("UpdateSession: %v", err)
	}
	_, err = SetTrust(dir, "/p/.permguard/settings.json", []byte("{}"), false, fixedNow())
	if !errors.As(err, &ue) {
		t.Errorf("SetTrust: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("written in another user's directory: %v", entries)
	}
}

// TestTrustOfAnotherUser: a trust store that is not the user's alone
// trusts nothing.
func TestTrustOfAnotherUser(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.projectWs(), `{"level": "high"}`)
	if _, err := SetTrust(l.state, l.projectWs(), []byte(`{"level": "high"}`), false, fixedNow()); err != nil {
		t.Fatal(err)
	}
	o := l.options()
	if e, _ := Load(o); e.Level.Value.Level != classify.High {
		t.Fatalf("trusted: level %v", e.Level.Value)
	}
	must(t, os.Chmod(filepath.Join(l.state, TrustFile), 0o666))
	e, problems := Load(o)
	if e.Level.Value.Level == classify.High || !strings.Contains(problemsText(problems), "trusted.json: cannot be read") {
		t.Errorf("a trust store others can write still trusts: level %v, problems %v", e.Level.Value, problems)
	}
}

// TestLoadUnsafePlaces: a configuration or state directory that is not
// the user's alone caps the level at minimal, above every source that
// could open it up, and says the fix.
func TestLoadUnsafePlaces(t *testing.T) {
	unsafe := &safefile.UnsafeError{Path: "/tmp/pg", Problem: "is owned by uid 65534, not by you (uid 0)", Fix: "remove it, or make it yours: chown 0 /tmp/pg"}
	for _, tt := range []struct {
		name string
		set  func(*Options)
		kind Kind
	}{
		{"state", func(o *Options) { o.UnsafeState = unsafe }, FromState},
		{"config", func(o *Options) { o.UnsafeConfig = unsafe }, FromGlobal},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := Options{FlagLevel: "bypassed", EnvLevel: "high", SessionLevel: "high", ManagedFile: filepath.Join(t.TempDir(), "none"), Now: fixedNow}
			tt.set(&o)
			e, problems := Load(o)
			src := e.Level.Src
			if e.Level.Value != (Permission{Level: classify.Minimal}) || !src.Unusable || !src.Unsafe || src.Kind != tt.kind || src.Name != "/tmp/pg" {
				t.Errorf("level %v from %+v, want minimal from the unsafe place", e.Level.Value, src)
			}
			want := "/tmp/pg: is owned by uid 65534, not by you (uid 0); "
			if len(problems) != 1 || !strings.HasPrefix(problems[0].String(), want) || !strings.HasSuffix(problems[0].Msg, ": remove it, or make it yours: chown 0 /tmp/pg") {
				t.Errorf("problems %v, want one that starts %q and ends with the fix", problems, want)
			}
		})
	}
}

// TestGlobalFileIsTheUsersAlone: the global file, or the file a link there
// names, that another user owns or could write is not read, and caps.
func TestGlobalFileIsTheUsersAlone(t *testing.T) {
	tests := []struct {
		name  string
		root  bool
		setup func(t *testing.T, l layout) string // returns the file to fix
		want  string
	}{
		{
			name: "writable by others",
			setup: func(t *testing.T, l layout) string {
				must(t, os.Chmod(l.global(), 0o666))
				return l.global()
			},
			want: "can be written by its group and others (mode 0666); it is not read",
		},
		{
			name: "writable by its group",
			setup: func(t *testing.T, l layout) string {
				must(t, os.Chmod(l.global(), 0o664))
				return l.global()
			},
			want: "can be written by its group (mode 0664)",
		},
		{
			name: "a link to a file others can write",
			setup: func(t *testing.T, l layout) string {
				target := filepath.Join(filepath.Dir(l.cfg), "dotfiles.json")
				must(t, os.Rename(l.global(), target))
				must(t, os.Chmod(target, 0o666))
				link(t, target, l.global())
				return target
			},
			want: "links to ",
		},
		{
			name: "another user's",
			root: true,
			setup: func(t *testing.T, l layout) string {
				must(t, os.Chown(l.global(), nobody, nobody))
				return l.global()
			},
			want: "is owned by uid 65534, not by you (uid 0); it is not read",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.root {
				needRoot(t)
			}
			l := newLayout(t)
			l.write(t, l.global(), `{"level": "high"}`)
			fix := tt.setup(t, l)
			e, problems := l.load()
			text := problemsText(problems)
			if e.Level.Value.Level != classify.Minimal || !e.Level.Src.Unsafe || !strings.Contains(text, tt.want) {
				t.Errorf("level %v from %+v, problems %v; want minimal and %q", e.Level.Value, e.Level.Src, problems, tt.want)
			}
			if !strings.Contains(text, safefile.Quote(fix)) {
				t.Errorf("the fix does not name %s: %v", fix, problems)
			}
			if ps, err := Check(l.global(), FromGlobal); err != nil || len(ps) != 1 || !ps[0].Unusable || !strings.Contains(ps[0].Msg, tt.want) {
				t.Errorf("Check = %v, %v", ps, err)
			}
		})
	}
}

// TestProjectFileAboveOfAnotherUser: a project file in a directory above
// the workspace is not read when another user owns it or its .permguard;
// one in the workspace is read whoever owns it (it only tightens).
func TestProjectFileAboveOfAnotherUser(t *testing.T) {
	needRoot(t)
	for _, tt := range []struct {
		name  string
		chown func(l layout)
	}{
		{"the file", func(l layout) { os.Chown(l.project(), nobody, nobody) }},
		{"its directory", func(l layout) { os.Chown(filepath.Dir(l.project()), nobody, nobody) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := newLayout(t)
			l.write(t, l.project(), `{"deny": ["curl *"]}`)
			l.write(t, l.projectWs(), `{"deny": ["wget *"]}`)
			os.Chown(l.projectWs(), nobody, nobody)
			tt.chown(l)
			e, problems := l.load()
			var patterns []string
			for _, r := range e.Deny {
				patterns = append(patterns, r.Pattern())
			}
			if len(patterns) != 1 || patterns[0] != "wget *" {
				t.Errorf("deny %q, want only the workspace's", patterns)
			}
			want := l.project() + ": is owned by uid 65534, not by you (uid 0), above the workspace; not read"
			if !strings.Contains(problemsText(problems), want) {
				t.Errorf("problems %v, want %q", problems, want)
			}
		})
	}
}

func link(t *testing.T, target, path string) {
	t.Helper()
	must(t, os.Symlink(target, path))
}
