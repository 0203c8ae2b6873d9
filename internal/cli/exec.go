package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// ExecOptions is everything `permguard exec` works from.
type ExecOptions struct {
	callOptions

	// Environ is the environment the program gets; Exec replaces the
	// process with the program (syscall.Exec), and returns only on
	// failure; Restrict confines what the program may write.
	Environ  func() []string
	Exec     func(path string, argv, env []string) error
	Restrict func(sandbox.Writable) error
	ABI      func() (int, error)
	// Confine runs the program in the build profile's namespaces and
	// returns its exit status (sandbox.Run).
	Confine func(p sandbox.Profile, path string, argv, env []string) (int, error)
	// DenyTerminalInput and Spawn are Landlock alone's rest: a seccomp
	// filter against typing into a terminal, then the program run in a
	// session of its own and waited for (sandbox.DenyTerminalInput,
	// sandbox.Spawn).
	DenyTerminalInput func() error
	Spawn             func(path string, argv, env []string) (int, error)
	// BoxAvailable says whether the boxes can be had here, and if not
	// why (sandbox.BoxAvailable).
	BoxAvailable func() (bool, string)

	Level    string   // --level
	Cwd      string   // --cwd: the workspace; "" when not given
	Sandbox  string   // --sandbox: "" (off), best-effort or require
	Profile  string   // --profile: "" or build
	Box      bool     // --box: the box of the level in force
	NoPrompt bool     // --no-prompt: never ask at the terminal
	Network  bool     // --network: the build profile keeps the network
	Writable []string // --writable: more directories the sandbox allows
	Args     []string // PROGRAM ARGS...
}

// NewCmdExec returns the exec command.
func NewCmdExec(f *Factory, runF func(*ExecOptions) error) *cobra.Command {
	opts := &ExecOptions{callOptions: newCallOptions(f),
		Environ: os.Environ, Exec: syscall.Exec, Restrict: sandbox.Restrict, ABI: sandbox.ABI, Confine: sandbox.Run,
		DenyTerminalInput: sandbox.DenyTerminalInput, Spawn: sandbox.Spawn, BoxAvailable: sandbox.BoxAvailable}
	cmd := &cobra.Command{
		Use:   "exec [--level LEVEL] [--cwd DIR] [--no-prompt] [--box | --sandbox[=best-effort|require] [--profile build [--network]] [--writable DIR]...] [--] PROGRAM [ARG...]",
		Short: "Run a program if the level in force allows it (for scripts, CI and aliases)",
		Long: `Exec judges PROGRAM and its arguments as one command, each argument exactly
as given (nothing is expanded again), and decides as check does: allowed
at the level in force, or approved by you at the terminal prompt (never
with --no-prompt or PERMGUARD_NO_PROMPT=1), and permguard replaces itself
with the program, so its stdin, stdout, signals and exit status are the
program's own. Otherwise the block message goes to stderr, nothing runs,
and the exit status is 77 (sysexits' EX_NOPERM), which programs do not
use, so a script can tell "blocked" from a program that failed with 2.

--sandbox (Linux) restricts the program, and everything it starts, to
writing inside the workspace (the current directory), the temporary
directories, the build and package caches, the --writable directories and
the terminal, with Landlock. It may still read and run anything. The
caches, so that "go test" or "npm ci" work where the cache is outside the
workspace (a CI runner's home directory):
  $XDG_CACHE_HOME (else ~/.cache: Go's build cache, pip's), $GOCACHE,
  $GOMODCACHE (else $GOPATH/pkg/mod, else ~/go/pkg/mod), $npm_config_cache
  (else ~/.npm), $PIP_CACHE_DIR, $CARGO_HOME/registry and /git (else
  ~/.cargo/...)
A cache that does not exist yet cannot be created, and a variable that
points at your home directory or permguard's settings is ignored.
--writable DIR adds another directory. With best-effort (the default) a
kernel without Landlock gets a warning and the program runs unconfined;
with require, nothing runs. A confined program runs in a session of its
own, with no controlling terminal (it cannot type into yours) and no
open file but stdin, stdout and stderr; permguard waits for it and
passes the terminal's signals on, and its exit status is the
program's (128+N for signal N).

With no --box, --sandbox, --profile or --writable, exec runs the program
in the box of the level in force wherever an agent's hook would (the
sandbox setting auto, and a box can be had here), so check, explain and
exec give one answer; --level high has no box.

--box (Linux) runs the program in the box of the level in force (design
§4, "The boxes"); it implies --sandbox=require: where the box cannot be
had, nothing runs (exit 77). Every box hides the secrets (your keys and
tokens, and the agents' own credential files), has no network but a
loopback of its own, no Unix socket, no process of yours outside it and
no terminal to type into:
  minimal  reads anything but the secrets; writes only a private
           temporary directory ($TMPDIR, removed after the run) and the
           caches through layers thrown away after the run; the
           workspace is read-only
  low      as minimal, and the workspace and the temporary directories
           writable, but for the read-only holes below; the workspace is
           checked for planted repositories after the run
  medium   the build profile (--sandbox=require --profile build)
  high, bypassed
           no box: the program runs as exec without --sandbox runs it
With --network, the medium box keeps the network, for a package install
within level medium alone (npm ci, pip install -r, go mod download): its
lifecycle scripts run there with the network, and every other limit of
the box. exec judges the command anew and refuses --network for anything
else (exit 77).
This is the command line the hook rewrites an allowed shell call to.

--profile build (Linux), the medium box, adds, in new user, mount and network namespaces
that need no privileges: read-only holes in the workspace (.git/hooks,
.git/config, .claude/, .gemini/, .codex/, .permguard/, .vscode/, .husky/,
...), the secrets of your home hidden (~/.ssh, ~/.aws, ~/.netrc, ~/.npmrc,
GPG keys, ...), the caches written through a layer of the sandbox's own
(in permguard's state directory: the caches themselves never change), and
no network unless --network. Where the namespaces
cannot be made, best-effort falls back to Landlock alone with a warning
that names what is missing. After the program ends, git repositories it
created or changed anywhere in the workspace that could run a program
(sub/.git with core.fsmonitor, a .git file naming one in /tmp, a hook in a
vendored checkout), files Python runs at every start that it made in
a virtual environment (a .pth, sitecustomize.py; not setuptools' own in
an environment the run made), and the read-only hole files it created
(.envrc, .mcp.json, .gitmodules, opencode.json, ...), are renamed to
NAME.permguard-quarantine-TIME-RANDOM, which neither reads, with a warning
that says how to undo it. Symbolic links it made that lead out of the
workspace and the temporary directories are named in a warning and left
in place. With the
setting sandbox: "auto", a command
that needs more than the level in force only because it runs the
project's own code (a build, a test run, a workspace script) is allowed
in this profile, nobody asked (design §4, sandboxed allow).

Exit status:
  the program's own  it was allowed and ran
  77                 not allowed, nothing ran (also: the sandbox could not
                     be had with --sandbox=require); with --profile build,
                     also: the program succeeded but left git
                     repositories that could run programs (set aside), or
                     the workspace could not all be checked for them
  126                the program cannot be run
  127                the program was not found
  1                  usage error`,
		Example: `  permguard exec -- go test ./...
  permguard exec --level medium -- npm ci
  permguard exec --sandbox=require -- make build
  permguard exec --sandbox --profile build -- npm test
  alias git='permguard exec -- git'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Box = cmd.Flags().Changed("box")
			if len(args) == 0 {
				return usageErrorf([]string{"permguard exec -- PROGRAM [ARG...]"}, "no program to run")
			}
			if err := needValues(cmd, "level", "cwd"); err != nil {
				return err
			}
			if err := checkDirFlag(f, "cwd", opts.Cwd); err != nil {
				return err
			}
			if err := flagsAfterCommand(cmd, args); err != nil {
				return err
			}
			opts.Args = args
			if runF != nil {
				return runF(opts)
			}
			return execRun(opts)
		},
	}
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().StringVar(&opts.Level, "level", "", "the level to check against: "+permissionNames())
	cmd.RegisterFlagCompletionFunc("level", completeLevels(true))
	cmd.Flags().StringVar(&opts.Cwd, "cwd", "", "the workspace the program runs for (default: the agent's project directory, else the current directory); the program still starts in the current directory")
	cmd.Flags().Bool("box", false, "run the program in the box of the level in force (implies --sandbox=require)")
	cmd.Flags().BoolVar(&opts.NoPrompt, "no-prompt", false, "never ask at the terminal: what needs approval is not run (as PERMGUARD_NO_PROMPT=1)")
	cmd.Flags().StringVar(&opts.Sandbox, "sandbox", "", "restrict the program's writes to the workspace and temporary directories: best-effort or require")
	cmd.Flags().Lookup("sandbox").NoOptDefVal = "best-effort"
	cmd.Flags().StringArrayVar(&opts.Writable, "writable", nil, "with --sandbox, another directory the program may write to (repeatable)")
	cmd.Flags().StringVar(&opts.Profile, "profile", "", "with --sandbox, the profile: build (read-only holes, secrets hidden, no network)")
	cmd.Flags().BoolVar(&opts.Network, "network", false, "with --profile build, or --box for a package install at medium, keep the network")
	cmd.RegisterFlagCompletionFunc("profile", cobra.FixedCompletions([]string{"build"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("sandbox", cobra.FixedCompletions([]string{"best-effort", "require"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// errCannotRun and errNotFound are exec's failures to start the program,
// with the exit statuses a shell gives them.
var (
	errCannotRun = errors.New("cannot run")
	errNotFound  = errors.New("not found")
)

func execRun(opts *ExecOptions) error {
	if err := checkLevelFlag(opts.Level); err != nil {
		return err
	}
	if opts.Box {
		if err := boxFlags(opts); err != nil {
			return err
		}
	}
	mode := sandbox.Off
	if opts.Sandbox != "" && !opts.Box {
		m, ok := sandbox.ParseMode(opts.Sandbox)
		if !ok {
			return usageErrorf([]string{"--sandbox takes best-effort (the default) or require"}, "invalid value %q for --sandbox", opts.Sandbox)
		}
		mode = m
	}
	if len(opts.Writable) > 0 && mode == sandbox.Off {
		return usageErrorf([]string{"add --sandbox"}, "--writable only means something with --sandbox")
	}
	if opts.Profile != "" && opts.Profile != "build" {
		return usageErrorf([]string{"--profile takes build"}, "invalid value %q for --profile", opts.Profile)
	}
	if opts.Profile != "" && mode == sandbox.Off {
		return usageErrorf([]string{"add --sandbox"}, "--profile only means something with --sandbox")
	}
	if opts.Network && opts.Profile == "" && !opts.Box {
		return usageErrorf([]string{"add --sandbox --profile build"}, "--network only means something with --profile build or --box")
	}
	// A required sandbox that cannot be had is known before anyone is
	// asked to approve the program.
	if mode == sandbox.Require {
		if _, err := opts.ABI(); err != nil {
			return refuseExec(withHints(fmt.Errorf("--sandbox=require: %v; nothing was run", err),
				"run without --sandbox, or with --sandbox=best-effort to run unconfined where Landlock is missing"))
		}
	}

	req := opts.request(guard.ViaExec, opts.Level, opts.Cwd)
	req.Terminal = !opts.NoPrompt
	req.Command = guard.CommandLine(opts.Args)
	// only a required, full profile may stand in for a person's approval
	// (--box: a box is always required; at high or bypassed, where there
	// is none, no call needs more than the level but a dangerous one,
	// which the sandboxed allow never takes)
	// With no sandbox flag at all, exec boxes as the hook would (design
	// §4, rows 3a and 4b): a call the decision puts in a box runs there,
	// where a box can be had and the sandbox setting is auto.
	byDefault := !opts.Box && opts.Sandbox == "" && opts.Profile == "" && len(opts.Writable) == 0
	req.CanSandbox = func() bool {
		if byDefault {
			return opts.canBox(req.Self)
		}
		return opts.Box || (opts.Profile == "build" && mode == sandbox.Require)
	}
	env, deps := guard.ReadEnv(opts.Getenv), opts.deps()
	ev, err := guard.Evaluate(req, env, deps)
	if err != nil {
		return refuseExec(err)
	}
	if opts.Box {
		if err := boxNetwork(opts, ev); err != nil {
			return err
		}
	} else if byDefault && ev.BoxNetwork() {
		// as the hook's rewrite would say: an install in the medium box
		opts.Network = true
	}
	box := sandbox.NoBox
	if opts.Box || (byDefault && ev.Box() != "") {
		perm := ev.Eff.Level.Value
		box = sandbox.BoxOf(perm.Level.String(), perm.Bypassed)
		// known before anyone is asked to approve the program
		if why := guard.BoxWorkspace(ev.Workspace, env.Home); box != sandbox.NoBox && why != "" {
			return refuseExec(withHints(fmt.Errorf("--box: no box serves this workspace: %s, which a box would let the program write whole, the shell's startup files with it; nothing was run", why),
				"run the agent, or --cwd, in a project directory"))
		}
		if box != sandbox.NoBox {
			if ok, why := opts.BoxAvailable(); !ok {
				return refuseExec(withHints(fmt.Errorf("--box: the box of level %s cannot be had here: %s; nothing was run", box, why),
					"permguard doctor says what the sandbox needs; the boxes need unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0) and Landlock (Linux 5.13 or later)",
					"or run without --box"))
			}
		}
	}
	ev.Settle(env, deps)
	if ev.Outcome.Action != guard.Allow {
		fmt.Fprint(opts.IO.ErrOut, ev.Refusal())
		return refuseExec(ErrBlocked)
	}

	path, err := lookPath(opts.Args[0], env.Path)
	if err != nil {
		return err
	}
	if box != sandbox.NoBox {
		return runBox(opts, ev, env, box, path)
	}
	if mode != sandbox.Off {
		caches := cacheDirs(env, opts.Getenv, ev.Workspace)
		w := sandbox.Writable{Dirs: writableDirs(ev.Workspace, env, opts.Writable, caches), Files: sandbox.DefaultFiles}
		if opts.Profile == "build" {
			layersDir := ""
			if env.StateDir != "" && env.StateDirErr == nil {
				layersDir = filepath.Join(env.StateDir, guard.SandboxLayers)
			}
			return confine(opts, ev, env, mode, sandbox.BoxMedium, w, caches, layersDir, opts.Environ(), path)
		}
		if err := opts.Restrict(w); err != nil {
			if mode == sandbox.Require || !errors.Is(err, sandbox.ErrUnavailable) {
				return refuseExec(fmt.Errorf("%v; nothing was run", err))
			}
			warnf(opts.IO.ErrOut, "%v; running %s without a sandbox", err, opts.Args[0])
		} else {
			return spawn(opts, mode, path)
		}
	}
	err = opts.Exec(path, opts.Args, opts.Environ())
	return fmt.Errorf("%w: %s: %v", errCannotRun, printable(path), err)
}

// spawn runs the program that Landlock now confines in a session of its
// own, with no descriptor above 2 and no ioctl that types into a
// terminal, and waits for it (design §4, row 4b, Terminals): it must not
// push a command into the shell it was started from, nor reach what the
// caller left open. A filter that cannot be installed stops a required
// sandbox.
func spawn(opts *ExecOptions, mode sandbox.Mode, path string) error {
	if err := opts.DenyTerminalInput(); err != nil {
		if mode == sandbox.Require {
			return refuseExec(fmt.Errorf("%v; nothing was run", err))
		}
		warnf(opts.IO.ErrOut, "%v; %s runs without that guard", err, opts.Args[0])
	}
	code, err := opts.Spawn(path, opts.Args, opts.Environ())
	if err != nil {
		return fmt.Errorf("%w: %s: %v", errCannotRun, printable(path), err)
	}
	return exitWith(code)
}

// lookPath finds the program as execvp would, but never in a relative
// PATH entry ("." or empty): that would run whatever the current
// directory holds under a trusted name.
func lookPath(name, pathEnv string) (string, error) {
	if strings.Contains(name, "/") {
		if err := executable(name); err != nil {
			return "", err
		}
		return name, nil
	}
	var firstErr error
	for _, dir := range filepath.SplitList(pathEnv) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, name)
		err := executable(p)
		if err == nil {
			return p, nil
		}
		if firstErr == nil && !errors.Is(err, errNotFound) {
			firstErr = err
		}
	}
	if firstErr != nil {
		return "", firstErr
	}
	return "", withHints(fmt.Errorf("%w: %s is not in PATH", errNotFound, printable(name)),
		"give the program's path, or install it; relative PATH entries are not searched")
}

func executable(p string) error {
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%w: %s", errNotFound, printable(p))
	case err != nil:
		return fmt.Errorf("%w: %v", errCannotRun, err)
	case st.IsDir():
		return fmt.Errorf("%w: %s is a directory", errCannotRun, printable(p))
	case st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("%w: %s is not executable", errCannotRun, printable(p))
	}
	return nil
}

// writableDirs are the directories a sandboxed program may write: the
// workspace, the temporary directories, the build and package caches,
// --writable, and the terminals.
func writableDirs(workspace string, env guard.Env, writable, caches []string) []string {
	temp := tempDirs(env)
	dirs := slices.Clone(temp[:2])
	if workspace != "" {
		dirs = append(dirs, workspace)
	}
	dirs = append(dirs, temp[2:]...)
	dirs = append(dirs, caches...)
	for _, d := range writable {
		if !filepath.IsAbs(d) && workspace != "" {
			d = filepath.Join(workspace, d)
		}
		dirs = append(dirs, filepath.Clean(d))
	}
	return append(dirs, sandbox.DefaultDirs...)
}

// tempDirs are the temporary directories: /tmp, /var/tmp and $TMPDIR.
func tempDirs(env guard.Env) []string {
	dirs := []string{"/tmp", "/var/tmp"}
	if env.TempDir != "" {
		dirs = append(dirs, env.TempDir)
	}
	return dirs
}

// cacheDirs are the caches that ordinary builds write outside the
// workspace, which a sandboxed "go test" or "npm ci" needs (on a CI
// runner the Go build cache is in the home directory): the XDG cache
// (pip's and Go's build cache by default), $GOCACHE, $GOMODCACHE (else
// $GOPATH/pkg/mod), npm's ($npm_config_cache, else ~/.npm) and cargo's
// registry and git checkouts ($CARGO_HOME, else ~/.cargo). Directories
// that put programs on PATH (~/go/bin, ~/.cargo/bin) are not among them.
// A variable that points at the home directory, one of its parents, or
// permguard's own settings or state is ignored: a cache must not open
// those up.
func cacheDirs(env guard.Env, getenv func(string) string, workspace string) []string {
	home := env.Home
	abs := func(p string) string {
		if p == "" || !filepath.IsAbs(p) {
			return ""
		}
		return filepath.Clean(p)
	}
	inHome := func(parts ...string) string {
		if home == "" {
			return ""
		}
		return filepath.Join(append([]string{home}, parts...)...)
	}
	var dirs []string
	add := func(candidates ...string) {
		for _, d := range candidates {
			if d != "" {
				dirs = append(dirs, d)
				return
			}
		}
	}
	add(abs(getenv("XDG_CACHE_HOME")), inHome(".cache"))
	add(abs(getenv("GOCACHE")))
	gopath := ""
	if list := filepath.SplitList(getenv("GOPATH")); len(list) > 0 {
		gopath = abs(list[0])
	}
	if gopath != "" {
		gopath = filepath.Join(gopath, "pkg", "mod")
	}
	add(abs(getenv("GOMODCACHE")), gopath, inHome("go", "pkg", "mod"))
	add(abs(getenv("npm_config_cache")), inHome(".npm"))
	add(abs(getenv("PIP_CACHE_DIR")))
	if cargo := abs(getenv("CARGO_HOME")); cargo != "" {
		dirs = append(dirs, filepath.Join(cargo, "registry"), filepath.Join(cargo, "git"))
	} else if home != "" {
		dirs = append(dirs, inHome(".cargo", "registry"), inHome(".cargo", "git"))
	}
	var out []string
	for _, d := range dirs {
		// a cache that holds the workspace would be layered with it (the
		// build's output kept in the sandbox's layer); the workspace is
		// writable anyway
		if !safeCache(d, home, env) || (workspace != "" && within(workspace, d)) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// safeCache reports whether d may be a writable cache: not the root, the
// home directory or one of its parents, and holding none of permguard's
// own files.
func safeCache(d, home string, env guard.Env) bool {
	if d == "/" || (home != "" && within(home, d)) {
		return false
	}
	for _, own := range []string{env.ConfigDir, env.StateDir} {
		if own != "" && within(own, d) {
			return false
		}
	}
	return true
}

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// programExit is the exit status of a program exec ran confined and
// waited for; Main exits with it.
type programExit struct{ code int }

func (e *programExit) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// confine runs the program in box (the build profile is the medium box)
// and waits for it. The caches are written through layers in layersDir:
// a build outside trusts what is in them, so confined code must not
// change them. Where the namespaces cannot be made, best-effort falls
// back to Landlock alone and says what that leaves open; a call allowed
// only because it runs confined (design §4, sandboxed allow) never runs
// with less.
func confine(opts *ExecOptions, ev *guard.Evaluation, env guard.Env, mode sandbox.Mode, box sandbox.Box, w sandbox.Writable, caches []string, layersDir string, environ []string, path string) error {
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
		Pinned: pinned, Hidden: sandbox.Secrets(env.Home, opts.Getenv("XDG_CONFIG_HOME")), Layers: layers, Network: opts.Network}
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
	code, err := opts.Confine(p, path, opts.Args, withoutSecretVars(environ))
	// before the fallback below replaces this process: nothing of the
	// sandbox runs any more, and the fallback mounts nothing
	if holes != nil {
		holes.Remove()
	}
	if err == nil {
		if holes == nil {
			return exitWith(code)
		}
		return checkPlanted(opts, ev, env, base, code)
	}
	if !errors.Is(err, sandbox.ErrNoNamespaces) || mode == sandbox.Require {
		return refuseExec(withHints(fmt.Errorf("%v; nothing was run", err),
			"the build profile needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0)",
			`or set "sandbox": "off" and approve such calls yourself`))
	}
	warnf(opts.IO.ErrOut, "%v; falling back to Landlock alone: %s stay writable, the caches are written directly, the secrets readable and the network open",
		err, printable(strings.Join(relAll(ev.Workspace, holePaths), ", ")))
	if err := opts.Restrict(w); err != nil {
		if !errors.Is(err, sandbox.ErrUnavailable) {
			return refuseExec(fmt.Errorf("%v; nothing was run", err))
		}
		warnf(opts.IO.ErrOut, "%v; running %s without a sandbox", err, opts.Args[0])
		err = opts.Exec(path, opts.Args, opts.Environ())
		return fmt.Errorf("%w: %s: %v", errCannotRun, printable(path), err)
	}
	return spawn(opts, mode, path)
}

// ownInWritable are permguard's settings and state directories where a
// writable directory holds them (a home under /tmp, XDG_STATE_HOME in
// $TMPDIR, --writable ~/.local): they stay read-only in the sandbox, or
// a build could change the settings, the sessions, or the caches' layers.
func ownInWritable(env guard.Env, dirs []string) []string {
	var out []string
	for _, own := range []string{env.ConfigDir, env.StateDir} {
		if own == "" {
			continue
		}
		for _, d := range dirs {
			if within(own, d) {
				// made if missing, or the build could make it, with
				// settings of its choosing, for the next call to read
				_ = os.MkdirAll(own, 0o700)
				out = append(out, own)
				break
			}
		}
	}
	return out
}

// exitWith is nil for status 0, else the status for Main to exit with.
func exitWith(code int) error {
	if code == 0 {
		return nil
	}
	return &programExit{code}
}

// relAll shows paths inside the workspace relative to it.
func relAll(workspace string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if r, err := filepath.Rel(workspace, p); err == nil && !strings.HasPrefix(r, "..") {
			p = r
		}
		out[i] = p
	}
	return out
}
