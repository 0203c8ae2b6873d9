package cli

import (
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/guard"
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
