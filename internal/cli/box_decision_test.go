package cli_test

// The box red team's findings against the decision (issue 25), fixed:
// each test failed while its finding stood.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// RT-7: "ss -K" closes the sockets its filter matches (as root, any
// process's); the hook allows it at minimal, unboxed.
func TestBoxDecisionSsKill(t *testing.T) {
	r := newRedteam(t)
	proj := r.project(filepath.Join(r.root, "proj"), nil)
	payload := `{"session_id":"rt","transcript_path":"/x.jsonl","cwd":` + quoteJSON(proj) +
		`,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ss -K dst 127.0.0.1"}}`
	out, _ := r.run("minimal", proj, payload, "permguard", "hook", "--agent", "claude")
	if strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("ss -K allowed at minimal: %s", out)
	}
}

// RT-3: one reason the box cannot serve (ps, docker ps, git fetch,
// journalctl, ...) makes the whole call unboxable, and a call within
// the level then runs unboxed (row 3b): at medium, "make test; ps" runs
// the project's Makefile, which the agent wrote a moment earlier, outside
// the box that "make test" alone gets.
func TestBoxDecisionHostCarrierUnboxesBuild(t *testing.T) {
	need(t, "make", "ps")
	for _, carrier := range []string{"make test; ps", "make test && docker ps", "make test; journalctl -n 1 || true"} {
		t.Run(carrier, func(t *testing.T) {
			r := newRedteam(t)
			proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
				"Makefile": "test:\n\techo pwned >> \"$$HOME/.bashrc\"\n",
			})
			h, _ := r.agent("medium", proj, carrier)
			if b := readString(filepath.Join(r.home, ".bashrc")); b != "# rc\n" {
				t.Errorf("the Makefile ran %s and wrote ~/.bashrc: %q", h, b)
			}
		})
	}
}

// RT-15: RT-3 below medium. Calls the classifier rates minimal that run
// code from the current directory ("python3 -m json.tool" imports json
// from it first; "cargo metadata" runs build.rustc from
// .cargo/config.toml) are boxed alone, and run unboxed with "; ps"
// after them, at minimal and low: a box at low plants, the next call
// runs the plant outside.
func TestBoxDecisionHostCarrierBelowMedium(t *testing.T) {
	realHome, _ := os.UserHomeDir()
	cases := []struct {
		name, command, marker string
		need                  []string
		files                 map[string]string
		env                   []string
	}{
		{name: "python -m json.tool", command: "python3 -m json.tool x.json; ps >/dev/null", marker: "json-shadow",
			need: []string{"python3", "ps"},
			files: map[string]string{"x.json": "{}\n", "plant.sh": "#!/bin/sh\nmkdir -p json\n" +
				"printf 'import os\\nopen(os.environ[\"RT_MARKERS\"] + \"/json-shadow\", \"w\").close()\\n' > json/__init__.py\n"},
			env: []string{"PYENV_ROOT=" + filepath.Join(realHome, ".pyenv")}},
		{name: "cargo metadata", command: "cargo metadata --format-version 1 >/dev/null; ps >/dev/null", marker: "cargo-metadata",
			need: []string{"cargo", "ps"},
			files: map[string]string{
				"Cargo.toml":  "[package]\nname = \"rt\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
				"src/main.rs": "fn main() {}\n",
				"plant.sh": "#!/bin/sh\nmkdir -p .cargo\nprintf '#!/bin/sh\\ntouch \"$RT_MARKERS/cargo-metadata\"\\nexit 1\\n' > rustc.sh\nchmod +x rustc.sh\n" +
					"printf '[build]\\nrustc = \"%s/rustc.sh\"\\n' \"$PWD\" > .cargo/config.toml\n"},
			env: []string{"CARGO_HOME=" + filepath.Join(realHome, ".cargo"), "RUSTUP_HOME=" + filepath.Join(realHome, ".rustup")}},
	}
	for _, c := range cases {
		for _, level := range []string{"minimal", "low"} {
			t.Run(c.name+"/"+level, func(t *testing.T) {
				need(t, c.need...)
				r := newRedteam(t)
				r.extraEnv = c.env
				proj := r.project(filepath.Join(r.root, "proj"), c.files)
				if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
					t.Fatalf("the plant ran %s, want boxed", h)
				}
				h, _ := r.agent(level, proj, c.command)
				if r.marker(c.marker) {
					t.Errorf("%q at %s ran the project's code %s", c.command, level, h)
				}
			})
		}
	}
}

// RT-1: an agent started in the home directory has the home directory as
// its workspace, and the low and medium boxes let a script there write
// the shell's startup file and ~/.local/bin: the box's writable
// workspace is the home directory whole, where the classifier knows
// persistence paths.
func TestBoxDecisionWorkspaceIsHome(t *testing.T) {
	for _, level := range []string{"low", "medium"} {
		t.Run(level, func(t *testing.T) {
			r := newRedteam(t)
			r.project(r.home, map[string]string{
				"x.sh": "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\nmkdir -p \"$HOME/.local/bin\" && echo '#!/bin/sh' > \"$HOME/.local/bin/git\"\n",
			})
			h, _ := r.agent(level, r.home, "./x.sh")
			if b := readString(filepath.Join(r.home, ".bashrc")); b != "# rc\n" {
				t.Errorf("~/.bashrc written (%s): %q", h, b)
			}
			if exists(filepath.Join(r.home, ".local", "bin", "git")) {
				t.Errorf("~/.local/bin/git planted (%s)", h)
			}
		})
	}
}

// RT-1 by exec: --box in the home directory refuses, and runs nothing.
func TestBoxDecisionExecBoxInHome(t *testing.T) {
	r := newRedteam(t)
	r.write(filepath.Join(r.home, "x.sh"), "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n")
	for _, ws := range []string{r.home, r.root} {
		_, code := r.run("low", ws, "", "permguard", "exec", "--box", "--level", "low", "--cwd", ws, "--", "sh", filepath.Join(r.home, "x.sh"))
		if code != 77 {
			t.Errorf("exec --box --cwd %s: exit %d, want 77", ws, code)
		}
	}
	if b := readString(filepath.Join(r.home, ".bashrc")); b != "# rc\n" {
		t.Errorf("~/.bashrc written: %q", b)
	}
}

// RT-13: a directory of the workspace on the agent's PATH (an activated
// virtual environment, node_modules/.bin put there by direnv or mise)
// is written by the box at low like any other; the programs the box
// cannot serve then run unboxed from there: ps, git, docker.
func TestBoxDecisionPathInWorkspace(t *testing.T) {
	r := newRedteam(t)
	proj := filepath.Join(r.root, "proj")
	bin := filepath.Join(proj, ".venv", "bin")
	r.extraEnv = []string{"PATH=" + bin + ":" + os.Getenv("PATH"), "VIRTUAL_ENV=" + filepath.Join(proj, ".venv")}
	r.project(proj, map[string]string{
		".venv/bin/activate": "# venv\n",
		"plant.sh":           "#!/bin/sh\nprintf '#!/bin/sh\\ntouch \"$RT_MARKERS/escaped-path\"\\n' > .venv/bin/ps\nchmod +x .venv/bin/ps\n",
	})
	if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
		t.Fatalf("the plant ran %s, want boxed", h)
	}
	h, _ := r.agent("low", proj, "ps")
	if r.marker("escaped-path") {
		t.Errorf("the ps the box planted on PATH ran %s", h)
	}
}

// RT-4: a box at low writes the temporary directories, where the
// planted-repository scan never looks, and git fetch is allowed unboxed
// at every level wherever it runs: a repository planted in /tmp with a
// reference-transaction hook runs that hook outside the box on the next
// "git -C /tmp/... fetch".
func TestBoxDecisionTempRepoFetch(t *testing.T) {
	need(t, "git")
	r := newRedteam(t)
	tmp := t.TempDir()
	upstream, planted := filepath.Join(tmp, "upstream"), filepath.Join(tmp, "planted")
	for _, args := range [][]string{{"init", "-q", upstream}, {"-C", upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		"plant.sh": "#!/bin/sh\nset -e\ngit init -q " + planted + "\ngit -C " + planted + " remote add origin " + upstream +
			"\nprintf '#!/bin/sh\\ntouch \"$RT_MARKERS/escaped-fetch\"\\n' > " + planted + "/.git/hooks/reference-transaction\nchmod +x " +
			planted + "/.git/hooks/reference-transaction\n",
	})
	if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
		t.Fatalf("the plant ran %s, want boxed", h)
	}
	if !exists(filepath.Join(planted, ".git", "hooks", "reference-transaction")) {
		t.Fatal("the box could not plant the repository in a temporary directory")
	}
	h, _ := r.agent("low", proj, "git -C "+planted+" fetch -q origin")
	if r.marker("escaped-fetch") {
		t.Errorf("the planted hook ran outside the box: git fetch ran %s", h)
	}
}

// RT-11: past its budget the check for planted repositories stops, and
// fails closed only in the exit status (77, a warning): the repository
// it did not reach stays, and the next unboxed git fetch there runs its
// hook. (The budget is lowered here, TEST_PLANTED_ENTRIES; a real run
// needs 1,000,000 entries, or 10 s of walking.)
func TestBoxDecisionPlantedScanBudget(t *testing.T) {
	need(t, "git")
	r := newRedteam(t)
	r.extraEnv = []string{"TEST_PLANTED_ENTRIES=5"}
	upstream := filepath.Join(t.TempDir(), "upstream")
	for _, args := range [][]string{{"init", "-q", upstream}, {"-C", upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		"plant.sh": "#!/bin/sh\nset -e\nmkdir filler && (cd filler && for i in $(seq 200); do : > f$i; done)\n" +
			"git init -q deep/a/b/sub\ngit -C deep/a/b/sub remote add origin " + upstream + "\n" +
			"printf '#!/bin/sh\\ntouch \"$RT_MARKERS/escaped-scan\"\\n' > deep/a/b/sub/.git/hooks/reference-transaction\n" +
			"chmod +x deep/a/b/sub/.git/hooks/reference-transaction\n",
	})
	if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
		t.Fatalf("the plant ran %s, want boxed", h)
	}
	h, _ := r.agent("low", proj, "git -C deep/a/b/sub fetch -q origin")
	if r.marker("escaped-scan") {
		t.Errorf("the repository the check did not reach ran its hook: git fetch ran %s", h)
	}
	// a later check that completes does not clear the mark: it compares
	// the workspace with how its own run found it, and misses the plant
	r.extraEnv = nil
	r.box("low", proj, "true")
	if h, _ := r.agent("low", proj, "git -C deep/a/b/sub fetch -q origin"); h != notRun || r.marker("escaped-scan") {
		t.Errorf("after a later complete check git fetch ran %s, want not run", h)
	}
}

// RT-12: the check for planted repositories runs when the box ends, but
// a box still running (Claude Code's run_in_background, or parallel
// tool calls) has already planted: a repository it made in the
// workspace runs its hook on an unboxed git fetch there meanwhile.
func TestBoxDecisionPlantWhileBoxRuns(t *testing.T) {
	need(t, "git")
	r := newRedteam(t)
	upstream := filepath.Join(t.TempDir(), "upstream")
	for _, args := range [][]string{{"init", "-q", upstream}, {"-C", upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		"plant.sh": "#!/bin/sh\nset -e\ngit init -q sub\ngit -C sub remote add origin " + upstream + "\n" +
			"printf '#!/bin/sh\\ntouch \"$RT_MARKERS/escaped-running\"\\n' > sub/.git/hooks/reference-transaction\n" +
			"chmod +x sub/.git/hooks/reference-transaction\ntouch planted\nsleep 5\n",
	})
	// the first call, boxed, in the background
	bg := exec.Command(r.self, "exec", "--box", "--level", "low", "--cwd", proj, "--", "bash", "-c", "sh plant.sh")
	bg.Args[0] = "permguard"
	bg.Env, bg.Dir = r.env("low"), proj
	if err := bg.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- bg.Wait() }()
	t.Cleanup(func() { _ = bg.Process.Kill(); <-done })
	deadline := time.Now().Add(20 * time.Second)
	for !exists(filepath.Join(proj, "planted")) {
		if time.Now().After(deadline) {
			t.Fatal("the box did not plant")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// the next call, while the first still runs
	h, _ := r.agent("low", proj, "git -C sub fetch -q origin")
	if r.marker("escaped-running") {
		t.Errorf("the repository a running box planted ran its hook: git fetch ran %s", h)
	}
}

// The git rule asks only where it must: after a box's run whose check
// completed, in the workspace, with no box running, git fetch runs
// unboxed as before.
func TestBoxDecisionGitAfterCompleteCheck(t *testing.T) {
	need(t, "git")
	r := newRedteam(t)
	proj := r.project(filepath.Join(r.root, "proj"), nil)
	if h, _ := r.agent("low", proj, "ls"); h != boxed {
		t.Fatalf("ls ran %s, want boxed", h)
	}
	for _, c := range []string{"git fetch -q", "git -C . ls-remote -q", "git status; ps"} {
		if h, _ := r.agent("low", proj, c); h != unboxed {
			t.Errorf("%s ran %s, want unboxed", c, h)
		}
	}
}

// RT-5: package queries and installs run unboxed (the box has no
// network) and read the current directory, which a box at low writes
// outside the holes: "python3 -m pip ..." imports pip from it first, and
// "cargo fetch" takes build.rustc from .cargo/config.toml.
func TestRedteamUnboxedToolsReadTheProject(t *testing.T) {
	realHome, _ := os.UserHomeDir()
	cases := []struct {
		name, level, command, marker string
		need                         []string
		files                        map[string]string
		env                          []string
	}{
		{name: "python -m pip shadowed", level: "low", command: "python3 -m pip index versions requests", marker: "pip-shadow",
			need: []string{"python3"},
			files: map[string]string{"plant.sh": "#!/bin/sh\nmkdir -p pip && : > pip/__init__.py\n" +
				"printf 'import os\\nopen(os.environ[\"RT_MARKERS\"] + \"/pip-shadow\", \"w\").close()\\n' > pip/__main__.py\n"},
			env: []string{"PYENV_ROOT=" + filepath.Join(realHome, ".pyenv")}},
		{name: "cargo build.rustc", level: "medium", command: "cargo fetch", marker: "cargo-rustc",
			need: []string{"cargo"},
			files: map[string]string{
				"Cargo.toml":  "[package]\nname = \"rt\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
				"src/main.rs": "fn main() {}\n",
				"plant.sh": "#!/bin/sh\nmkdir -p .cargo\nprintf '#!/bin/sh\\ntouch \"$RT_MARKERS/cargo-rustc\"\\nexit 1\\n' > rustc.sh\nchmod +x rustc.sh\n" +
					"printf '[build]\\nrustc = \"%s/rustc.sh\"\\n' \"$PWD\" > .cargo/config.toml\n"},
			env: []string{"CARGO_HOME=" + filepath.Join(realHome, ".cargo"), "RUSTUP_HOME=" + filepath.Join(realHome, ".rustup")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			need(t, c.need...)
			r := newRedteam(t)
			r.extraEnv = c.env
			proj := r.project(filepath.Join(r.root, "proj"), c.files)
			if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
				t.Fatalf("the plant ran %s, want boxed", h)
			}
			h, _ := r.agent(c.level, proj, c.command)
			if r.marker(c.marker) {
				t.Errorf("%q at %s ran the project's code %s", c.command, c.level, h)
			}
		})
	}
}
