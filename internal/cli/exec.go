package cli

import (
	"fmt"
	"os"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/launch"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// ExecOptions is everything `permguard exec` works from.
type ExecOptions struct {
	callOptions

	// Process runs the program (launch.Process: syscall.Exec, Landlock,
	// the boxes' namespaces).
	launch.Process
	// ABI says whether Landlock can be had here (sandbox.ABI);
	// BoxAvailable whether the boxes can, and if not why
	// (sandbox.BoxAvailable).
	ABI          func() (int, error)
	BoxAvailable func() (bool, string)

	Level    string   // --level
	Cwd      string   // --cwd: the workspace; "" when not given
	Sandbox  string   // --sandbox: "" (off), best-effort or require
	Profile  string   // --profile: "" or build
	Box      bool     // --box: the box of the level in force
	NoPrompt bool     // --no-prompt: never ask at the terminal
	Network  bool     // --network: the build profile keeps the network
	Serve    bool     // --serve: the medium box's servers are reached from outside
	Writable []string // --writable: more directories the sandbox allows
	Args     []string // PROGRAM ARGS...
}

// NewCmdExec returns the exec command.
func NewCmdExec(f *Factory, runF func(*ExecOptions) error) *cobra.Command {
	opts := &ExecOptions{callOptions: newCallOptions(f),
		Process: launch.Process{Environ: os.Environ, Exec: syscall.Exec, Restrict: sandbox.Restrict, Confine: sandbox.Run,
			DenyTerminalInput: sandbox.DenyTerminalInput, Spawn: sandbox.Spawn},
		ABI: sandbox.ABI, BoxAvailable: sandbox.BoxAvailable}
	cmd := &cobra.Command{
		Use:   "exec [--level LEVEL] [--cwd DIR] [--no-prompt] [--box [--network | --serve] | --sandbox[=best-effort|require] [--profile build [--network]] [--writable DIR]...] [--] PROGRAM [ARG...]",
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
else (exit 77). With --serve, the box stays without the network, and each
port from 1024 up that a server in it listens on is reached at this
machine's 127.0.0.1 on the same port, for a server or watcher alone
(hugo server, npm run dev, jupyter lab), in the box of the level in force;
exec refuses --serve for anything else (exit 77).
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
	cmd.Flags().BoolVar(&opts.Serve, "serve", false, "with --box for a server, reach the ports it listens on at 127.0.0.1")
	cmd.RegisterFlagCompletionFunc("profile", cobra.FixedCompletions([]string{"build"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("sandbox", cobra.FixedCompletions([]string{"best-effort", "require"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

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
	if opts.Serve && !opts.Box {
		return usageErrorf([]string{"add --box"}, "--serve only means something with --box")
	}
	if opts.Serve && opts.Network {
		return usageErrorf([]string{"--network alone: a box with the network reaches and is reached as the machine is"}, "--serve and --network cannot go together")
	}
	// known before anyone is asked to approve the program
	if err := launch.NeedLandlock(mode, opts.ABI); err != nil {
		return err
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
	net := guard.NetNone
	switch {
	case opts.Network:
		net = guard.NetOpen
	case opts.Serve:
		net = guard.NetServe
	}
	if opts.Box {
		if err := launch.BoxNet(ev, net, opts.Args); err != nil {
			return err
		}
	} else if byDefault {
		// as the hook's rewrite would say: an install, or a server, in
		// the medium box
		net = ev.BoxNet()
	}
	box := sandbox.NoBox
	if opts.Box || (byDefault && ev.Box() != "") {
		// known before anyone is asked to approve the program
		if box, err = launch.BoxFor(ev, env.Home, opts.BoxAvailable); err != nil {
			return err
		}
	}
	ev.Settle(env, deps)
	if ev.Outcome.Action != guard.Allow {
		fmt.Fprint(opts.IO.ErrOut, ev.Refusal())
		return refuseExec(ErrBlocked)
	}

	path, err := launch.LookPath(opts.Args[0], env.Path)
	if err != nil {
		return err
	}
	run := &launch.Run{Process: opts.Process, Ev: ev, Env: env, Deps: deps, Getenv: opts.Getenv, ErrOut: opts.IO.ErrOut, Now: opts.Now,
		Args: opts.Args, Net: net, Budget: testOnlyPlantedBudget}
	switch {
	case box != sandbox.NoBox:
		return run.Box(box, path)
	case mode != sandbox.Off:
		return run.Sandboxed(mode, opts.Profile == "build", opts.Writable, path)
	}
	return run.Unconfined(path)
}

// testOnlyPlantedBudget replaces the budget of the check for planted
// repositories in the test binary's permguard command (see
// export_test.go).
var testOnlyPlantedBudget *sandbox.Budget

// boxFlags refuses what --box cannot be given with: the box is the
// level's, whole. --network and --serve are judged with the command
// (launch.BoxNet).
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
