//go:build linux

package cli_test

// The box red team's findings (issue 25) against the boxes themselves,
// each fixed, as tests that fail while the finding stands: the
// reproductions of the red team (which ran behind a build tag) moved here
// with their fixes. The helpers (the scratch machine, the agent that
// runs a call as the hook says) are the red team's, in
// box_harness_test.go. Every target is a
// marker in scratch directories the test made outside every temporary
// directory, in a fake home; nothing real is touched.

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// RT-8: the seccomp filter refuses AF_UNIX only; AF_VSOCK reaches the
// hypervisor's services and any vsock listener of the machine, which no
// network namespace covers.
func TestRedteamBoxVsock(t *testing.T) {
	need(t, "python3")
	realHome, _ := os.UserHomeDir()
	r := newRedteam(t)
	r.extraEnv = []string{"PYENV_ROOT=" + filepath.Join(realHome, ".pyenv")}
	probe := "import socket\ntry:\n    socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)\n    print('vsock: made')\nexcept OSError as e:\n    print('vsock:', e)\n"
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{"v.py": probe})
	if out, _ := r.run("minimal", proj, "", "python3", "v.py"); !strings.Contains(out, "vsock: made") {
		t.Skipf("no AF_VSOCK outside the box either: %s", out)
	}
	if out := r.box("minimal", proj, "python3 v.py"); strings.Contains(out, "vsock: made") {
		t.Errorf("an AF_VSOCK socket was made in the box")
	}
}

// RT-14: the box keeps the caller's session keyring: a script at minimal
// reads the keys in it (Kerberos tickets, tokens kept with keyctl) and
// adds keys that outlast the run. testdata/boxredteam/keyring.py joins
// a new anonymous session keyring of its own first, so nothing real is
// read or written.
func TestRedteamSessionKeyring(t *testing.T) {
	need(t, "python3")
	if runtime.GOARCH != "amd64" {
		t.Skip("keyring.py calls the x86-64 system call numbers")
	}
	realHome, _ := os.UserHomeDir()
	r := newRedteam(t)
	r.extraEnv = []string{"PYENV_ROOT=" + filepath.Join(realHome, ".pyenv")}
	src, err := os.ReadFile(filepath.Join("testdata", "boxredteam", "keyring.py"))
	if err != nil {
		t.Fatal(err)
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{"keyring.py": string(src)})
	out, code := r.run("minimal", proj, "", "python3", "keyring.py", "outer", r.self, proj)
	t.Logf("exit %d: %s", code, out)
	if !strings.Contains(out, "after the box") {
		t.Skip("no session keyring to test with")
	}
	if strings.Contains(out, "FAKE-SECRET-IN-KEYRING") {
		t.Errorf("the box read a key of the caller's session keyring")
	}
	if strings.Contains(out, "pg-rt-added-by-box") {
		t.Errorf("the box added a key to the caller's session keyring")
	}
}

// RT-5, the sandbox half: the package tools' project settings are
// read-only holes, so that a box at low or medium cannot plant what
// cargo, npm, yarn and pnpm read and run from when they run unboxed: a
// missing one is a placeholder during the run, an existing one keeps
// its content.
func TestRedteamPackageToolSettings(t *testing.T) {
	settings := []string{".cargo/config.toml", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs"}
	for _, level := range []string{"low", "medium"} {
		t.Run(level, func(t *testing.T) {
			r := newRedteam(t)
			proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
				".npmrc": "registry=https://registry.npmjs.org/\n",
				"plant.sh": "#!/bin/sh\nmkdir -p .cargo\nfor f in " + strings.Join(settings, " ") +
					"; do (echo marker >> \"$f\"); done\n(mkdir -p .cargo/x && echo marker > .cargo/x/y)\nexit 0\n",
			})
			r.box(level, proj, "sh plant.sh")
			for _, f := range append(settings, ".cargo/x/y") {
				if b := readString(filepath.Join(proj, f)); strings.Contains(b, "marker") {
					t.Errorf("%s written at %s: %q", f, level, b)
				}
			}
			if b := readString(filepath.Join(proj, ".npmrc")); b != "registry=https://registry.npmjs.org/\n" {
				t.Errorf(".npmrc changed at %s: %q", level, b)
			}
			for _, f := range []string{".cargo", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs"} {
				if exists(filepath.Join(proj, f)) {
					t.Errorf("the placeholder %s stayed after the run", f)
				}
			}
		})
	}
}

// RT-5's other case: "cargo fetch" takes build.rustc from the
// .cargo/config.toml a box at low planted, and runs it.
func TestRedteamCargoConfigPlanted(t *testing.T) {
	need(t, "cargo")
	realHome, _ := os.UserHomeDir()
	r := newRedteam(t)
	r.extraEnv = []string{"CARGO_HOME=" + filepath.Join(realHome, ".cargo"), "RUSTUP_HOME=" + filepath.Join(realHome, ".rustup")}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		"Cargo.toml":  "[package]\nname = \"rt\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"src/main.rs": "fn main() {}\n",
		"plant.sh": "#!/bin/sh\nmkdir -p .cargo\nprintf '#!/bin/sh\\ntouch \"$RT_MARKERS/cargo-rustc\"\\nexit 1\\n' > rustc.sh\nchmod +x rustc.sh\n" +
			"printf '[build]\\nrustc = \"%s/rustc.sh\"\\n' \"$PWD\" > .cargo/config.toml\n",
	})
	if h, _ := r.agent("low", proj, "sh plant.sh"); h != boxed {
		t.Fatalf("the plant ran %s, want boxed", h)
	}
	// the box here runs cargo fetch too, where rustc.sh cannot reach the
	// marker: the plant itself is what must fail
	if exists(filepath.Join(proj, ".cargo", "config.toml")) {
		t.Errorf("the box at low planted .cargo/config.toml")
	}
	h, _ := r.agent("medium", proj, "cargo fetch")
	if r.marker("cargo-rustc") {
		t.Errorf("cargo fetch at medium ran the project's build.rustc %s", h)
	}
}

// RT-6: what the classifier calls a secret (it asks before "env", "cat
// ~/.pgpass") a boxed script reads at minimal: the caller's environment
// whole, and credential files the box does not hide (~/.pgpass and
// ~/.my.cnf are on the classifier's list, git's credential store in
// ~/.config/git/credentials, gh's hosts under $XDG_CONFIG_HOME). Fixed:
// the box hides every secret of the classifier's, histories and the
// secrets under $XDG_CONFIG_HOME, and leaves the variables named like
// credentials out of the program's environment.
func TestRedteamBoxSecrets(t *testing.T) {
	r := newRedteam(t)
	xdg := filepath.Join(r.home, "xdg")
	r.extraEnv = []string{"GITHUB_TOKEN=SECRET-ENV", "AWS_SECRET_ACCESS_KEY=SECRET-AWS", "XDG_CONFIG_HOME=" + xdg, "GOPATH=/rt/gopath"}
	for _, f := range []string{".pgpass", ".my.cnf", ".config/git/credentials", "xdg/gh/hosts.yml", ".bash_history"} {
		r.write(filepath.Join(r.home, f), "SECRET-"+f+"\n")
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		"s.sh": "#!/bin/sh\necho \"env:$GITHUB_TOKEN:$AWS_SECRET_ACCESS_KEY\"\necho \"gopath:$GOPATH home:$HOME\"\n" +
			"cat \"$HOME/.pgpass\" \"$HOME/.my.cnf\" \"$HOME/.config/git/credentials\" \"$XDG_CONFIG_HOME/gh/hosts.yml\" \"$HOME/.bash_history\"\n",
	})
	out := r.box("minimal", proj, "sh s.sh")
	for _, secret := range []string{"SECRET-ENV", "SECRET-AWS", "SECRET-.pgpass", "SECRET-.my.cnf", "SECRET-.config/git/credentials", "SECRET-xdg/gh/hosts.yml", "SECRET-.bash_history"} {
		if strings.Contains(out, secret) {
			t.Errorf("read in the box: %s", secret)
		}
	}
	// what builds need stays
	if !strings.Contains(out, "gopath:/rt/gopath home:"+r.home+"\n") {
		t.Errorf("GOPATH or HOME missing in the box: %q", out)
	}
}

// RT-2: Landlock governs writes, not a file's metadata: chmod, utimes
// and user extended attributes last after every box, on any file the
// user owns (as root: any root-owned file of the machine), and on the
// workspace at minimal, which is read-only there by Landlock alone.
// Fixed: every mount of the box is read-only but the writable
// directories.
func TestRedteamBoxMetadataWrites(t *testing.T) {
	for _, level := range []string{"minimal", "low", "medium"} {
		t.Run(level, func(t *testing.T) {
			r := newRedteam(t)
			proj := r.project(filepath.Join(r.root, "proj"), map[string]string{"README": "project\n"})
			rc, readme := filepath.Join(r.home, ".bashrc"), filepath.Join(proj, "README")
			before := map[string]os.FileInfo{}
			for _, p := range []string{rc, readme} {
				st, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				before[p] = st
			}
			r.write(filepath.Join(proj, "m.sh"), "#!/bin/sh\nchmod 4777 \"$HOME/.bashrc\" README\ntouch -d 2001-01-01 \"$HOME/.bashrc\" README\n")
			r.box(level, proj, "sh m.sh")
			check := []string{rc}
			if level == "minimal" {
				check = append(check, readme)
			}
			for _, p := range check {
				st, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if st.Mode() != before[p].Mode() {
					t.Errorf("%s: mode %v, was %v", p, st.Mode(), before[p].Mode())
				}
				if !st.ModTime().Equal(before[p].ModTime()) {
					t.Errorf("%s: modified %v, was %v", p, st.ModTime(), before[p].ModTime())
				}
			}
		})
	}
}

// RT-9: a hole below the top level (.github/hooks) is a mount inside an
// ordinary directory of the workspace; at low the box renames that
// directory, the read-only mount with it, and makes a new .github/hooks
// of its own, which Copilot reads for its hooks. Nothing after the run
// looks there, and the run exits 0. Fixed: the directories between the
// workspace and a hole are bound onto themselves, and a mount point
// cannot be renamed.
func TestRedteamHoleParentRenamed(t *testing.T) {
	r := newRedteam(t)
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{
		".github/workflows/ci.yml": "on: push\n",
		"swap.sh":                  "#!/bin/sh\nmv .github .github.moved\nmkdir -p .github/hooks\necho '{\"marker\": true}' > .github/hooks/hooks.json\n",
	})
	h, _ := r.agent("low", proj, "sh swap.sh")
	if strings.Contains(readString(filepath.Join(proj, ".github", "hooks", "hooks.json")), "marker") {
		t.Errorf(".github/hooks/hooks.json planted (%s)", h)
	}
}

// RT-10: a workspace in a temporary directory has a parent the box at
// low may write: the box moves the workspace away, its holes with it,
// and puts a new one in its place with .claude/settings.json (hooks, or
// the guard switched off, for the next session), .mcp.json and
// .vscode/tasks.json. Only a new .git is set aside. Fixed: the
// workspace is a mount point in the box.
func TestRedteamWorkspaceReplaced(t *testing.T) {
	r := newRedteam(t)
	proj := r.project(filepath.Join(t.TempDir(), "proj"), map[string]string{
		"swap.sh": "#!/bin/sh\nW=\"$1\"\nmv \"$W\" \"$W.old\" || exit 1\nmkdir -p \"$W/.claude\" \"$W/.vscode\"\n" +
			"for f in .claude/settings.json .mcp.json .vscode/tasks.json; do echo '{\"marker\": true}' > \"$W/$f\"; done\n",
	})
	h, _ := r.agent("low", proj, "sh swap.sh "+proj)
	for _, f := range []string{".claude/settings.json", ".mcp.json", ".vscode/tasks.json"} {
		if strings.Contains(readString(filepath.Join(proj, f)), "marker") {
			t.Errorf("%s planted (%s)", f, h)
		}
	}
}

// After RT-2's fix, extended attributes last no more than modes (RT-2),
// and the box cannot mark a hole as a placeholder of permguard's, which
// a later run would take for its own and remove (the red team's minor
// finding): setxattr fails on ~/.bashrc at every level, on the workspace
// at minimal, and on the holes, an existing empty one among them.
func TestRedteamBoxXattrs(t *testing.T) {
	need(t, "python3")
	realHome, _ := os.UserHomeDir()
	for _, level := range []string{"minimal", "low", "medium"} {
		t.Run(level, func(t *testing.T) {
			r := newRedteam(t)
			r.extraEnv = []string{"PYENV_ROOT=" + filepath.Join(realHome, ".pyenv")}
			proj := r.project(filepath.Join(r.root, "proj"), map[string]string{"README": "project\n",
				"x.py": "import os, sys\nfor p in sys.argv[1:]:\n    for name in ('user.rt', 'user.permguard.placeholder'):\n" +
					"        try:\n            os.setxattr(p, name, b'1')\n            print('set', name, p)\n        except OSError as e:\n            print(p, e)\n"})
			if err := os.Mkdir(filepath.Join(proj, ".vscode"), 0o755); err != nil {
				t.Fatal(err)
			}
			rc := filepath.Join(r.home, ".bashrc")
			targets := []string{rc, filepath.Join(proj, ".vscode"), filepath.Join(proj, ".git", "hooks")}
			if level == "minimal" {
				targets = append(targets, filepath.Join(proj, "README"))
			}
			out := r.box(level, proj, "python3 x.py "+strings.Join(targets, " "))
			if !strings.Contains(out, rc) {
				t.Fatalf("the probe did not run: %q", out)
			}
			for _, p := range targets {
				for _, name := range []string{"user.rt", "user.permguard.placeholder"} {
					if _, err := unix.Lgetxattr(p, name, make([]byte, 8)); err == nil {
						t.Errorf("%s: %s set by the box at %s", p, name, level)
					}
				}
			}
		})
	}
}
