//go:build unix

package guard

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// returnsWithin fails the test, instead of hanging it, when f has not
// returned after 5 s: an open of a FIFO that nobody writes waits forever.
func returnsWithin(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting after 5 s")
	}
}

// TestReadsNeverWaitOnAFIFO: what the engine reads in a workspace the
// agent (or a sandboxed build) can write is opened without blocking, and a
// FIFO in its place is read as nothing.
func TestReadsNeverWaitOnAFIFO(t *testing.T) {
	tests := []struct {
		name  string
		fifo  string   // made a FIFO, below the workspace
		dirs  []string // made first
		files []string // regular, empty
		read  func(ws string) int
		want  int // how many names or archives are read
	}{
		{
			name: "package.json",
			fifo: "package.json",
			read: func(ws string) int { return len(installedPrograms(ws)) },
		},
		{
			name: "node_modules/.bin",
			fifo: "node_modules/.bin",
			dirs: []string{"node_modules"},
			read: func(ws string) int { return len(installedPrograms(ws)) },
		},
		{
			name: "a program in node_modules/.bin",
			fifo: "node_modules/.bin/vitest",
			dirs: []string{"node_modules/.bin"},
			read: func(ws string) int { return len(installedPrograms(ws)) },
			want: 1, // its name is read; the FIFO is never opened
		},
		{
			name: "a tar archive",
			fifo: "build.tar",
			read: func(ws string) int { return len(archivesOf("tar -xf build.tar", ws, ws)) },
		},
		{
			name: "a zip archive",
			fifo: "dist.zip",
			read: func(ws string) int { return len(archivesOf("unzip dist.zip", ws, ws)) },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := t.TempDir()
			for _, d := range tt.dirs {
				if err := os.MkdirAll(filepath.Join(ws, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := syscall.Mkfifo(filepath.Join(ws, tt.fifo), 0o644); err != nil {
				t.Fatal(err)
			}
			n := -1
			returnsWithin(t, func() { n = tt.read(ws) })
			if n != tt.want {
				t.Errorf("read %d entries, want %d", n, tt.want)
			}
		})
	}
}
