package launch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// BoxFor is the box of the level in force, which a call exec allowed runs
// in (design §4, "The boxes"), or the refusal when none serves it: the
// workspace is the home directory, holds it or is /, or no box can be had
// here (available is sandbox.BoxAvailable). At high and bypassed it is
// sandbox.NoBox: they have none.
func BoxFor(ev *guard.Evaluation, home string, available func() (bool, string)) (sandbox.Box, error) {
	perm := ev.Eff.Level.Value
	box := sandbox.BoxOf(perm.Level.String(), perm.Bypassed)
	if why := guard.BoxWorkspace(ev.Workspace, home); box != sandbox.NoBox && why != "" {
		return box, Refuse(withHints(fmt.Errorf("--box: no box serves this workspace: %s, which a box would let the program write whole, the shell's startup files with it; nothing was run", why),
			"run the agent, or --cwd, in a project directory"))
	}
	if box != sandbox.NoBox {
		if ok, why := available(); !ok {
			return box, Refuse(withHints(fmt.Errorf("--box: the box of level %s cannot be had here: %s; nothing was run", box, why),
				"permguard doctor says what the sandbox needs; the boxes need unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0) and Landlock (Linux 5.13 or later)",
				"or run without --box"))
		}
	}
	return box, nil
}

// runBox runs the program in box (design §4, "The boxes") and waits for
// it. medium is the build profile. Below it the caches are written
// through layers in a directory of this run's own, removed once the run
// is over, with the program and everything it started gone (its PID
// namespace ends with its init); at minimal that directory also holds
// the program's private temporary directory, its $TMPDIR.
func (r *Run) Box(box sandbox.Box, path string) error {
	ev, env := r.Ev, r.Env
	caches := cacheDirs(env, r.Getenv, ev.Workspace)
	if box == sandbox.BoxMedium {
		w := sandbox.Writable{Dirs: writableDirs(ev.Workspace, env, nil, caches), Files: sandbox.DefaultFiles}
		layersDir := ""
		if env.StateDir != "" && env.StateDirErr == nil {
			layersDir = filepath.Join(env.StateDir, guard.SandboxLayers)
		}
		return r.confine(sandbox.Require, box, w, caches, layersDir, r.Environ(), path)
	}
	run, err := os.MkdirTemp(env.TempDir, "permguard-box-")
	if err != nil {
		return Refuse(fmt.Errorf("--box: cannot make the run's own directory: %v; nothing was run", err))
	}
	defer os.RemoveAll(run)
	environ := r.Environ()
	var dirs []string
	if box == sandbox.BoxMinimal {
		tmp := filepath.Join(run, "tmp")
		if err := os.Mkdir(tmp, 0o700); err != nil {
			return Refuse(fmt.Errorf("--box: cannot make the private temporary directory: %v; nothing was run", err))
		}
		dirs = slices.Concat([]string{tmp}, caches, sandbox.DefaultDirs)
		environ = setEnv(environ, "TMPDIR", tmp)
	} else {
		dirs = writableDirs(ev.Workspace, env, nil, caches)
	}
	w := sandbox.Writable{Dirs: dirs, Files: sandbox.DefaultFiles}
	return r.confine(sandbox.Require, box, w, caches, filepath.Join(run, "layers"), environ, path)
}

// setEnv is environ with name set to value, in place of any it had.
func setEnv(environ []string, name, value string) []string {
	out := make([]string, 0, len(environ)+1)
	for _, kv := range environ {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}

// confine runs the program in box (the build profile is the medium box)
// and waits for it. The caches are written through layers in layersDir:
// a build outside trusts what is in them, so confined code must not
// change them. Where the namespaces cannot be made, best-effort falls
// back to Landlock alone and says what that leaves open; a call allowed
// only because it runs confined (design §4, sandboxed allow) never runs
// with less.
func (r *Run) confine(mode sandbox.Mode, box sandbox.Box, w sandbox.Writable, caches []string, layersDir string, environ []string, path string) error {
	ev, env := r.Ev, r.Env
	// A missing hole gets a placeholder for the run (design §4, row 4b);
	// one that could not be made is not worth a line on every run. A box
	// whose workspace is read-only needs neither, nor the check for
	// planted repositories: they are what a box costs.
	var holes *sandbox.Holes
	var holePaths, pinned []string
	if box.WorkspaceWritable() {
		holes = sandbox.BuildHoles(ev.Workspace)
		holePaths, pinned = holes.Paths, holes.Pinned
	}
	layers, frozen := sandbox.CacheLayers(caches, layersDir)
	for i := range layers {
		layers[i].Throwaway = !box.KeepsLayers()
	}
	p := sandbox.Profile{Writable: w, ReadOnly: slices.Concat(holePaths, frozen, ownInWritable(env, w.Dirs)),
		Pinned: pinned, Hidden: sandbox.Secrets(env.Home, r.Getenv("XDG_CONFIG_HOME")), Layers: layers, Network: r.Net == guard.NetOpen, Forward: r.Net == guard.NetServe}
	if !box.KeepsLayers() {
		// shared memory outlives a run like a file: below medium nothing
		// written may
		p.Private = []string{"/dev/shm"}
	}
	var base sandbox.Baseline
	if holes != nil {
		base = sandbox.TakeBaseline(ev.Workspace)
		base.Writable, base.TempDirs = w.Dirs, tempDirs(env)
	}
	code, err := r.Confine(p, path, r.Args, withoutSecretVars(environ))
	// before the fallback below replaces this process: nothing of the
	// sandbox runs any more, and the fallback mounts nothing
	if holes != nil {
		holes.Remove()
	}
	if err == nil {
		if holes == nil {
			return exitWith(code)
		}
		return r.checkPlanted(base, code)
	}
	if !errors.Is(err, sandbox.ErrNoNamespaces) || mode == sandbox.Require {
		return Refuse(withHints(fmt.Errorf("%v; nothing was run", err),
			"the build profile needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0)",
			`or set "sandbox": "off" and approve such calls yourself`))
	}
	warnf(r.ErrOut, "%v; falling back to Landlock alone: %s stay writable, the caches are written directly, the secrets readable and the network open",
		err, printable(strings.Join(relAll(ev.Workspace, holePaths), ", ")))
	if err := r.Restrict(w); err != nil {
		if !errors.Is(err, sandbox.ErrUnavailable) {
			return Refuse(fmt.Errorf("%v; nothing was run", err))
		}
		warnf(r.ErrOut, "%v; running %s without a sandbox", err, r.Args[0])
		err = r.Exec(path, r.Args, r.Environ())
		return fmt.Errorf("%w: %s: %v", ErrCannotRun, printable(path), err)
	}
	return r.spawn(mode, path)
}

// BoxNet refuses --box --network and --box --serve for anything but
// what a box serves so (design §4, "Installs in the medium box",
// "Servers in the box"): a package install within level medium, or a
// server in the box of the level in force, as exec judged args anew, not
// as the caller's flags say. It is known before anyone is asked.
func BoxNet(ev *guard.Evaluation, want guard.BoxNet, args []string) error {
	if want == guard.NetNone || ev.BoxNet() == want {
		return nil
	}
	what := "a package install within level medium runs in a box with the network"
	if want == guard.NetServe {
		what = "a server runs in a box whose ports are reached from outside"
	}
	return Refuse(withHints(fmt.Errorf("--box %s: only %s, and %s is not one at level %s; nothing was run",
		want.Flag(), what, printable(strings.Join(args, " ")), ev.Eff.Level.Value),
		fmt.Sprintf("drop %s to run it in the box of the level, without the network", want.Flag())))
}
