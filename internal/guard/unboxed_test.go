package guard

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBoxWorkspace: no box serves a workspace that is the home
// directory, holds it, or is the root (box red team RT-1).
func TestBoxWorkspace(t *testing.T) {
	tests := []struct {
		name, ws, home string
		boxes          bool
	}{
		{"project", "/home/u/src/app", "/home/u", true},
		{"home", "/home/u", "/home/u", false},
		{"above home", "/home", "/home/u", false},
		{"root", "/", "/home/u", false},
		{"root, home unknown", "/", "", false},
		{"sibling with the home's prefix", "/home/u2", "/home/u", true},
		{"home unknown", "/home/u", "", true},
		{"workspace unknown", "", "/home/u", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := BoxWorkspace(tt.ws, tt.home)
			if (why == "") != tt.boxes {
				t.Errorf("BoxWorkspace(%q, %q) = %q, want boxes %v", tt.ws, tt.home, why, tt.boxes)
			}
		})
	}
}

// TestBoxReachLookPath: a program is found on $PATH as the shell finds
// it, and a directory of the workspace or a temporary directory is one a
// box writes, also through a link (box red team RT-13).
func TestBoxReachLookPath(t *testing.T) {
	root := t.TempDir()
	ws, sys, tmp := filepath.Join(root, "ws"), filepath.Join(root, "sys"), filepath.Join(root, "tmp")
	for _, p := range []string{filepath.Join(ws, ".venv", "bin", "ps"), filepath.Join(sys, "ps"), filepath.Join(sys, "ls"), filepath.Join(tmp, "bin", "git")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ws, "notes"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(ws, ".venv", "bin"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, prog string
		boxWrites        bool
	}{
		{"venv first", filepath.Join(ws, ".venv", "bin") + ":" + sys, "ps", true},
		{"system first", sys + ":" + filepath.Join(ws, ".venv", "bin"), "ps", false},
		{"not in the venv", filepath.Join(ws, ".venv", "bin") + ":" + sys, "ls", false},
		{"a link to the venv", filepath.Join(root, "linked") + ":" + sys, "ps", true},
		{"relative entry", ".venv/bin:" + sys, "ps", true},
		{"temporary directory", filepath.Join(tmp, "bin") + ":" + sys, "git", true},
		{"not executable", ws, "notes", false},
		{"a path", sys, "./.venv/bin/ps", true},
		{"dynamic", filepath.Join(ws, ".venv", "bin"), "$P", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := boxReach{workspace: ws, temps: []string{tmp}, cwd: ws, path: tt.path}
			p := b.lookPath(tt.prog)
			if got := p != "" && b.writes(filepath.Dir(p)); got != tt.boxWrites {
				t.Errorf("%s on %s: found %q, box writes it = %v, want %v", tt.prog, tt.path, p, got, tt.boxWrites)
			}
		})
	}
}

// TestGitDir: the directory git starts from, as its own options move it
// (box red team RT-4).
func TestGitDir(t *testing.T) {
	tests := []struct {
		name string
		argv []string
		dir  string
		ok   bool
	}{
		{"plain", []string{"git", "fetch"}, "/w", true},
		{"-C relative", []string{"git", "-C", "sub", "fetch"}, "/w/sub", true},
		{"-C twice", []string{"git", "-C", "a", "-C", "../b", "pull"}, "/w/b", true},
		{"-C absolute", []string{"git", "-C", "/tmp/x", "fetch"}, "/tmp/x", true},
		{"--git-dir=", []string{"git", "--git-dir=/tmp/x/.git", "fetch"}, "/tmp/x/.git", true},
		{"--git-dir value", []string{"git", "--git-dir", "../y", "fetch"}, "/y", true},
		{"-c skipped", []string{"git", "-c", "x.y=z", "fetch"}, "/w", true},
		{"after the subcommand", []string{"git", "fetch", "-C", "/tmp"}, "/w", true},
		{"dynamic", []string{"git", "-C", "$D", "fetch"}, "", false},
		{"dangling -C", []string{"git", "-C"}, "/w", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, ok := gitDir(tt.argv, "/w")
			if dir != tt.dir || ok != tt.ok {
				t.Errorf("gitDir(%q) = %q, %v, want %q, %v", tt.argv, dir, ok, tt.dir, tt.ok)
			}
		})
	}
}
