package classify

import "slices"

// What the box of a level cannot serve (design §4, "What the box cannot
// serve"): a call with one of these reasons runs unboxed at its verdict,
// as it did before there were boxes, because inside a box it would fail
// or, worse, answer untruthfully.

// hostRules are rule ids the box cannot serve, each for its reason.
var hostRules = []string{
	// the network at a level below high: the box has none
	"package-install", // installs from a manifest or lockfile download from a registry
	"package-query",   // asks a registry about packages
	"git-fetch",       // git fetch, git ls-remote
	"git-clone",
	"container-read-remote", "cluster-read", "forge-read", "cloud-read", // queries to a service
	"network", // high: no box at high, listed so the reason says so
	// the host's processes, sockets, services and terminals: the box has
	// its own process and network view, no daemon sockets, no journal
	"process-info",     // lsof
	"net-info",         // ss, netstat
	"container-read",   // docker ps, podman ps: the engine's socket
	"systemctl-status", // systemctl --user status: the service manager's bus
	"journalctl",
	"multiplexer", // tmux, screen, zellij: their server runs outside
}

// hostPrograms are programs the box cannot serve whatever the rule that
// judged them: their output is the host's process, network or service
// view, which a box replaces with its own (ps shows only the box's
// processes).
var hostPrograms = []string{
	"ps", "top", "htop", "btop", "pgrep", "pidof", "fuser", "lsof", "ss", "netstat", "ip", "ifconfig",
	"docker", "podman", "nerdctl", "systemctl", "journalctl", "loginctl", "busctl",
	"tmux", "screen", "zellij",
}

// hostReason reports whether a reason of rule id raised on program name
// is one the box cannot serve.
func hostReason(ru rule, name string) bool {
	return ru.host || ru.sends || slices.Contains(hostRules, ru.id) || slices.Contains(hostPrograms, name)
}

// hostOnly marks ru as a rule the box cannot serve.
func hostOnly(ru rule) rule { ru.host = true; return ru }
