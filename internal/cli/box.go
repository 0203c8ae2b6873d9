package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// boxFlags refuses what --box cannot be given with: the box is the
// level's, whole. --network is judged with the command (boxNetwork).
func boxFlags(opts *ExecOptions) error {
	switch {
	case opts.Sandbox != "" && opts.Sandbox != "require":
		return usageErrorf([]string{"drop --sandbox: --box requires the box"}, "--box implies --sandbox=require, not --sandbox=%s", opts.Sandbox)
	case opts.Profile != "":
		return usageErrorf([]string{"drop --profile: the build profile is the medium box"}, "--box chooses the profile from the level")
	case len(opts.Writable) > 0:
		return usageErrorf([]string{"use --sandbox with --writable"}, "--box takes no --writable: what a box may write is the level's")
	}
	return nil
}

// boxNetwork refuses --box --network for anything but what the medium
// box serves with the network (design §4, "Installs in the medium box"):
// a package install within level medium, as exec judged it anew, not as
// the caller's flags say. It is known before anyone is asked.
func boxNetwork(opts *ExecOptions, ev *guard.Evaluation) error {
	if !opts.Network || ev.BoxNetwork() {
		return nil
	}
	return refuseExec(withHints(fmt.Errorf("--box --network: only a package install within level medium runs in a box with the network, and %s is not one at level %s; nothing was run",
		printable(strings.Join(opts.Args, " ")), ev.Eff.Level.Value),
		"drop --network to run it in the box of the level, without the network"))
}

// runBox runs the program in box (design §4, "The boxes") and waits for
// it. medium is the build profile. Below it the caches are written
// through layers in a directory of this run's own, removed once the run
// is over, with the program and everything it started gone (its PID
// namespace ends with its init); at minimal that directory also holds
// the program's private temporary directory, its $TMPDIR.
func runBox(opts *ExecOptions, ev *guard.Evaluation, env guard.Env, box sandbox.Box, path string) error {
	caches := cacheDirs(env, opts.Getenv, ev.Workspace)
	if box == sandbox.BoxMedium {
		w := sandbox.Writable{Dirs: writableDirs(ev.Workspace, env, nil, caches), Files: sandbox.DefaultFiles}
		layersDir := ""
		if env.StateDir != "" && env.StateDirErr == nil {
			layersDir = filepath.Join(env.StateDir, guard.SandboxLayers)
		}
		return confine(opts, ev, env, sandbox.Require, box, w, caches, layersDir, opts.Environ(), path)
	}
	run, err := os.MkdirTemp(env.TempDir, "permguard-box-")
	if err != nil {
		return refuseExec(fmt.Errorf("--box: cannot make the run's own directory: %v; nothing was run", err))
	}
	defer os.RemoveAll(run)
	environ := opts.Environ()
	var dirs []string
	if box == sandbox.BoxMinimal {
		tmp := filepath.Join(run, "tmp")
		if err := os.Mkdir(tmp, 0o700); err != nil {
			return refuseExec(fmt.Errorf("--box: cannot make the private temporary directory: %v; nothing was run", err))
		}
		dirs = slices.Concat([]string{tmp}, caches, sandbox.DefaultDirs)
		environ = setEnv(environ, "TMPDIR", tmp)
	} else {
		dirs = writableDirs(ev.Workspace, env, nil, caches)
	}
	w := sandbox.Writable{Dirs: dirs, Files: sandbox.DefaultFiles}
	return confine(opts, ev, env, sandbox.Require, box, w, caches, filepath.Join(run, "layers"), environ, path)
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
