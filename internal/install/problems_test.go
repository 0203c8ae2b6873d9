package install

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBinaryProblems: what doctor says of the program an entry runs, for
// the user's file and the repository's.
func TestBinaryProblems(t *testing.T) {
	dir := t.TempDir()
	bin := func(d string) string {
		p := filepath.Join(dir, d, "permguard")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mine, other := bin("mine"), bin("other")
	home := filepath.Join(dir, "home")
	homeBin := filepath.Join(home, "go", "bin", "permguard")
	tests := []struct {
		name       string
		prog, path string // the entry's program, and PATH
		project    bool
		want       []Problem
	}{
		{name: "current, by its path", prog: mine},
		{name: "gone", prog: filepath.Join(dir, "gone", "permguard"), want: []Problem{{
			Text: "the hook runs " + filepath.Join(dir, "gone", "permguard") + ", which does not exist or cannot be run: the agent blocks every call",
			Hint: "run permguard install claude with the permguard you use now",
		}}},
		{name: "a user's entry may run a path in the home directory", prog: mine, path: filepath.Dir(mine)},
		{name: "a repository's entry that runs a path in a home directory", prog: homeBin, project: true, want: []Problem{
			{
				Text: "the hook runs " + homeBin + ", which does not exist or cannot be run: the agent blocks every call",
				Hint: "run permguard install claude --project with the permguard you use now",
			},
			{
				Text: "the repository's entry runs " + homeBin + ", a path in a home directory: teammates without this path have every call blocked",
				Hint: "run permguard install claude --project: the entry then runs permguard as PATH finds it on each machine",
			},
		}},
		{name: "/home is a home too", prog: "/home/dev/go/bin/permguard", project: true, want: []Problem{
			{
				Text: "the hook runs /home/dev/go/bin/permguard, which does not exist or cannot be run: the agent blocks every call",
				Hint: "run permguard install claude --project with the permguard you use now",
			},
			{
				Text: "the repository's entry runs /home/dev/go/bin/permguard, a path in a home directory: teammates without this path have every call blocked",
				Hint: "run permguard install claude --project: the entry then runs permguard as PATH finds it on each machine",
			},
		}},
		{name: "from PATH, this one", prog: PathName, path: filepath.Join(dir, "nothing") + ":" + filepath.Dir(mine), project: true},
		{name: "from PATH, none there", prog: PathName, path: filepath.Join(dir, "nothing"), project: true, want: []Problem{{
			Text: "the hook runs permguard as PATH finds it, and PATH here has none: the agent blocks every call",
			Hint: "add " + filepath.Dir(mine) + " to PATH in your shell's startup file, or install permguard in a directory on PATH",
		}}},
		{name: "from PATH, another one", prog: PathName, path: filepath.Dir(other) + ":" + filepath.Dir(mine), project: true, want: []Problem{{
			Hint: "the hook runs " + other + ", the first permguard on PATH here, not this one (" + mine + ")",
		}}},
		{name: "from PATH, relative to the working directory", prog: PathName, path: "mine", project: true},
	}
	for _, tt := range tests {
		env := Env{
			Getenv: func(k string) string { return map[string]string{"HOME": home, "PATH": tt.path}[k] },
			Getwd:  func() (string, error) { return dir, nil },
		}
		reinstall := "permguard install claude"
		if tt.project {
			reinstall += " --project"
		}
		got := binaryProblems(env, tt.prog, mine, tt.project, reinstall)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: %q, want %q", tt.name, got[i], tt.want[i])
			}
		}
	}
}
