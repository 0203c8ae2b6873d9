//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nobody is the user that owns the files another user would plant.
const nobody = 65534

// within fails the test instead of hanging it when f blocks: the bug
// these tests look for is an open that waits forever on a FIFO.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("blocked for 5 s")
	}
}

// places makes, in a scratch directory, one of each thing that may be
// found where permguard expects a file, and returns their paths by name.
func places(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	p := map[string]string{
		"file":     filepath.Join(dir, "file"),
		"fifo":     filepath.Join(dir, "fifo"),
		"dir":      filepath.Join(dir, "dir"),
		"link":     filepath.Join(dir, "link"),
		"dangling": filepath.Join(dir, "dangling"),
		"missing":  filepath.Join(dir, "missing"),
		"linkfifo": filepath.Join(dir, "linkfifo"),
		"target":   filepath.Join(dir, "target"),
		"nowhere":  filepath.Join(dir, "nowhere"),
		"writable": filepath.Join(dir, "writable"),
	}
	must(t, os.WriteFile(p["file"], []byte("data"), 0o600))
	must(t, os.WriteFile(p["target"], []byte("target"), 0o600))
	must(t, os.WriteFile(p["writable"], []byte("w"), 0o600))
	must(t, os.Chmod(p["writable"], 0o666))
	must(t, syscall.Mkfifo(p["fifo"], 0o600))
	must(t, os.Mkdir(p["dir"], 0o700))
	must(t, os.Symlink(p["target"], p["link"]))
	must(t, os.Symlink(p["nowhere"], p["dangling"]))
	must(t, os.Symlink(p["fifo"], p["linkfifo"]))
	return p
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpen(t *testing.T) {
	p := places(t)
	tests := []struct {
		name string
		link Link
		want string // "" for the file's content, else a substring of the error
	}{
		{name: "file", link: NoFollow, want: ""},
		{name: "fifo", link: Follow, want: "is a FIFO, not a regular file"},
		{name: "fifo", link: NoFollow, want: "is a FIFO, not a regular file"},
		{name: "linkfifo", link: Follow, want: "is a FIFO, not a regular file"},
		{name: "linkfifo", link: NoFollow, want: "is a symbolic link, not a regular file"},
		{name: "dir", link: Follow, want: "is a directory, not a regular file"},
		{name: "link", link: Follow, want: ""},
		{name: "link", link: NoFollow, want: "is a symbolic link, not a regular file"},
		{name: "dangling", link: Follow, want: "no such file"},
		{name: "dangling", link: NoFollow, want: "is a symbolic link, not a regular file"},
		{name: "missing", link: NoFollow, want: "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+map[Link]string{Follow: "follow", NoFollow: "nofollow"}[tt.link], func(t *testing.T) {
			var data []byte
			var err error
			within(t, func() { data, _, err = ReadFile(p[tt.name], tt.link, 100) })
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("ReadFile: %v", err)
			case tt.want == "" && len(data) == 0:
				t.Errorf("ReadFile read nothing")
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("ReadFile: %v, want an error with %q", err, tt.want)
			}
			if strings.Contains(tt.want, "not a regular file") && !errors.Is(err, ErrNotRegular) {
				t.Errorf("errors.Is(%v, ErrNotRegular) = false", err)
			}
		})
	}
	if _, _, err := ReadFile(p["file"], NoFollow, 3); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile past the limit: %v, want ErrTooLarge", err)
	}
}

func TestOpenDir(t *testing.T) {
	p := places(t)
	for name, ok := range map[string]bool{"dir": true, "fifo": false, "file": false, "missing": false} {
		var err error
		within(t, func() {
			var f *os.File
			if f, err = OpenDir(p[name]); err == nil {
				f.Close()
			}
		})
		if (err == nil) != ok {
			t.Errorf("OpenDir(%s): %v", name, err)
		}
	}
}

func TestOpenAppend(t *testing.T) {
	p := places(t)
	tests := []struct {
		name string
		want string // "" when it opens
	}{
		{name: "file"},
		{name: "missing"},
		{name: "fifo", want: "is a FIFO, not a regular file"},
		{name: "link", want: "is a symbolic link, not a regular file"},
		{name: "dangling", want: "is a symbolic link, not a regular file"},
		{name: "dir", want: "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			within(t, func() {
				var f *os.File
				if f, _, err = OpenAppend(p[tt.name], 0o600); err == nil {
					f.Close()
				}
			})
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("OpenAppend: %v, want %q", err, tt.want)
			}
		})
	}
	// a link, dangling or not, is never written through and never makes
	// its target
	if _, err := os.Lstat(p["nowhere"]); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a dangling link made its target: %v", err)
	}
	if data, _ := os.ReadFile(p["target"]); string(data) != "target" {
		t.Errorf("written through a link: %q", data)
	}
	// a FIFO that someone reads is refused too
	r, err := os.OpenFile(p["fifo"], os.O_RDONLY|syscall.O_NONBLOCK, 0)
	must(t, err)
	defer r.Close()
	within(t, func() { _, _, err = OpenAppend(p["fifo"], 0o600) })
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("OpenAppend of a FIFO with a reader: %v", err)
	}
	if st, err := os.Stat(p["missing"]); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("a new file: %v, %v; want mode 0600", st, err)
	}
}

func TestCheckPlace(t *testing.T) {
	p := places(t)
	dirLink := filepath.Join(filepath.Dir(p["dir"]), "dirlink")
	must(t, os.Symlink(p["dir"], dirLink))
	openDir := filepath.Join(filepath.Dir(p["dir"]), "open")
	must(t, os.Mkdir(openDir, 0o700))
	must(t, os.Chmod(openDir, 0o777))
	tests := []struct {
		name string
		path string
		want Want
		err  string // "" when it passes
		fix  string
	}{
		{name: "missing file", path: p["missing"], want: File},
		{name: "own file", path: p["file"], want: File},
		{name: "own dir", path: p["dir"], want: Dir},
		{name: "linked dir", path: dirLink, want: LinkedDir},
		{name: "link for a dir of its own", path: dirLink, want: Dir, err: "is a symbolic link (to ", fix: "rm "},
		{name: "file link", path: p["link"], want: File, err: "is a symbolic link (to ", fix: "rm "},
		{name: "dangling file link", path: p["dangling"], want: File, err: "is a symbolic link (to ", fix: "rm "},
		{name: "dangling dir link", path: p["dangling"], want: LinkedDir, err: "which cannot be used", fix: "rm "},
		{name: "fifo", path: p["fifo"], want: File, err: "is a FIFO, not a regular file", fix: "rm "},
		{name: "file for a dir", path: p["file"], want: Dir, err: "is a regular file, not a directory", fix: "rm "},
		{name: "writable file", path: p["writable"], want: File, err: "can be written by its group and others (mode 0666)", fix: "chmod go-w "},
		{name: "writable dir", path: openDir, want: Dir, err: "can be written by its group and others (mode 0777)", fix: "chmod go-w "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckPlace(tt.path, tt.want)
			var ue *UnsafeError
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("CheckPlace: %v", err)
			case tt.err == "":
			case !errors.As(err, &ue):
				t.Errorf("CheckPlace: %v, want an *UnsafeError with %q", err, tt.err)
			case !strings.Contains(ue.Problem, tt.err) || !strings.HasPrefix(ue.Error(), tt.path+" "):
				t.Errorf("CheckPlace: %q, want %q", ue.Error(), tt.err)
			case !strings.Contains(ue.Fix, tt.fix+Quote(tt.path)):
				t.Errorf("fix %q, want %q", ue.Fix, tt.fix+Quote(tt.path))
			}
		})
	}
}

// TestCheckPlaceOwner: as root, a file or directory of another user is
// refused, and so is a link of another user to a directory of root's.
func TestCheckPlaceOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give files to another user")
	}
	dir := t.TempDir()
	theirs := filepath.Join(dir, "theirs")
	must(t, os.Mkdir(theirs, 0o700))
	must(t, os.Chown(theirs, nobody, nobody))
	file := filepath.Join(dir, "file")
	must(t, os.WriteFile(file, nil, 0o600))
	must(t, os.Chown(file, nobody, nobody))
	mine := filepath.Join(dir, "mine")
	must(t, os.Mkdir(mine, 0o700))
	link := filepath.Join(dir, "link")
	must(t, os.Symlink(mine, link))
	must(t, os.Lchown(link, nobody, nobody))
	for path, want := range map[string]Want{theirs: Dir, file: File, link: LinkedDir} {
		err := CheckPlace(path, want)
		var ue *UnsafeError
		if !errors.As(err, &ue) || !strings.Contains(ue.Problem, "owned by uid 65534, not by you (uid 0)") {
			t.Errorf("CheckPlace(%s): %v", path, err)
		}
	}
	st, _ := os.Stat(file)
	if uid, other := OwnedByOther(st); !other || uid != nobody {
		t.Errorf("OwnedByOther = %d, %v", uid, other)
	}
}

func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, ".settings.json.tmp-123456")
	must(t, os.WriteFile(stale, nil, 0o600))
	made, err := CreateTemp(dir, "settings.json")
	must(t, err)
	made.Close()
	keep := map[string]string{
		"other base":     ".sessions.json.tmp-1",
		"not a number":   ".settings.json.tmp-12a",
		"no number":      ".settings.json.tmp-",
		"the file":       "settings.json",
		"a person's tmp": "settings.json.tmp-1",
	}
	for _, name := range keep {
		must(t, os.WriteFile(filepath.Join(dir, name), nil, 0o600))
	}
	// a link of the pattern is not followed, nor removed: not a file of
	// permguard's
	target := filepath.Join(dir, "target")
	must(t, os.WriteFile(target, nil, 0o600))
	link := filepath.Join(dir, ".settings.json.tmp-9")
	must(t, os.Symlink(target, link))

	removed := RemoveStaleTemps(dir, "settings.json")
	if len(removed) != 2 {
		t.Errorf("removed %q, want the stale copy and the one CreateTemp made", removed)
	}
	for _, p := range []string{stale, made.Name()} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there", p)
		}
	}
	for why, name := range keep {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s (%s) was removed", name, why)
		}
	}
	for _, p := range []string{link, target} {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
	if os.Geteuid() == 0 {
		theirs := filepath.Join(dir, ".settings.json.tmp-77")
		must(t, os.WriteFile(theirs, nil, 0o600))
		must(t, os.Chown(theirs, nobody, nobody))
		RemoveStaleTemps(dir, "settings.json")
		if _, err := os.Lstat(theirs); err != nil {
			t.Errorf("another user's file was removed")
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/home/u/.local/state/permguard": "/home/u/.local/state/permguard",
		"/tmp/a b":                       "'/tmp/a b'",
		"/tmp/it's":                      `'/tmp/it'\''s'`,
		"":                               "''",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
