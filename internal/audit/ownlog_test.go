//go:build unix

package audit

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

// TestAppendOnlyToTheUsersOwnLog: the log is written only when it is the
// user's alone; a link there (to a file or to nothing), a FIFO, a file
// others can write or another user's is refused, never waited on, never
// written through, and a link to nothing never makes its target.
func TestAppendOnlyToTheUsersOwnLog(t *testing.T) {
	rec := Record{Time: time.Unix(0, 0), Via: "check", Command: "ls", Decision: Allow, By: BySetting}
	tests := []struct {
		name  string
		root  bool
		plant func(t *testing.T, log, victim, nowhere string)
		want  string
	}{
		{name: "a link to a file", plant: func(t *testing.T, log, victim, _ string) { must(t, os.Symlink(victim, log)) },
			want: "audit.jsonl is a symbolic link, not a regular file"},
		{name: "a link to nothing", plant: func(t *testing.T, log, _, nowhere string) { must(t, os.Symlink(nowhere, log)) },
			want: "audit.jsonl is a symbolic link, not a regular file"},
		{name: "a FIFO", plant: func(t *testing.T, log, _, _ string) { must(t, syscall.Mkfifo(log, 0o600)) },
			want: "audit.jsonl is a FIFO, not a regular file"},
		{name: "writable by others", plant: func(t *testing.T, log, _, _ string) {
			must(t, os.WriteFile(log, nil, 0o600))
			must(t, os.Chmod(log, 0o666))
		}, want: "audit.jsonl can be written by its group and others (mode 0666)"},
		{name: "another user's", root: true, plant: func(t *testing.T, log, _, _ string) {
			must(t, os.WriteFile(log, nil, 0o600))
			must(t, os.Chown(log, 65534, 65534))
		}, want: "audit.jsonl is owned by uid 65534, not by you (uid 0)"},
		{name: "a directory of another user's", root: true, plant: func(t *testing.T, log, _, _ string) {
			must(t, os.Chown(filepath.Dir(log), 65534, 65534))
			must(t, os.Remove(filepath.Dir(log)))
			must(t, os.Mkdir(filepath.Dir(log), 0o777))
			must(t, os.Chown(filepath.Dir(log), 65534, 65534))
		}, want: "is owned by uid 65534"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.root && os.Geteuid() != 0 {
				t.Skip("needs root to give files to another user")
			}
			scratch := t.TempDir()
			dir := filepath.Join(scratch, "state")
			must(t, os.Mkdir(dir, 0o700))
			victim := filepath.Join(scratch, "victim")
			must(t, os.WriteFile(victim, []byte("victim\n"), 0o600))
			nowhere := filepath.Join(scratch, "nowhere")
			tt.plant(t, filepath.Join(dir, FileName), victim, nowhere)
			var err error
			done := make(chan struct{})
			go func() { defer close(done); err = Append(dir, rec) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Append still waiting after 5 s")
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Append: %v, want an error with %q", err, tt.want)
			}
			if data, _ := os.ReadFile(victim); string(data) != "victim\n" {
				t.Errorf("written through a link: %q", data)
			}
			if _, err := os.Lstat(nowhere); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a link to nothing made its target")
			}
		})
	}
}

// TestReadOnlyTheUsersOwnLog: permguard log never waits on a FIFO, and
// never shows a log that is not the user's alone.
func TestReadOnlyTheUsersOwnLog(t *testing.T) {
	dir := t.TempDir()
	must(t, syscall.Mkfifo(filepath.Join(dir, FileName+".1"), 0o600))
	var err error
	done := make(chan struct{})
	go func() { defer close(done); _, _, err = Read(dir) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Read still waiting after 5 s")
	}
	if err == nil || !strings.Contains(err.Error(), "audit.jsonl.1 is a FIFO, not a regular file") {
		t.Errorf("Read: %v", err)
	}
	os.Remove(filepath.Join(dir, FileName+".1"))
	must(t, Append(dir, Record{Time: time.Unix(1, 0), Command: "ls", Decision: Allow}))
	must(t, os.Chmod(filepath.Join(dir, FileName), 0o622))
	if _, _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "can be written by its group and others (mode 0622)") {
		t.Errorf("Read of a log others can write: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
