package classify

import "slices"

// What the box of a level cannot serve (design §4, "What the box cannot
// serve"): a call with one of these reasons runs unboxed at its verdict,
// as it did before there were boxes, because inside a box it would fail
// or, worse, answer untruthfully.

// hostRules are rule ids the box cannot serve, each for its reason.
var hostRules = []string{
	// the network at a level below high: no box has it but the medium
	// box for networkRules
	"package-query", // asks a registry about packages
	"git-fetch",     // git fetch, git ls-remote
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

// networkRules are rule ids the medium box serves with the network
// (Reason.Network; design §4, "Installs in the medium box"): a package
// manager's install, which downloads from a registry and then runs the
// packages' and the project's lifecycle scripts (npm's preinstall and
// postinstall, setup.py, a build.rs), code the agent could have written
// at low a moment earlier. Unboxed, that code could write anywhere and
// read every secret; in the medium box it keeps only the network, which
// the install needs. Not git's fetch, pull or clone: they run no code of
// the project's (its hooks are read-only in every box) and need the
// user's credentials, which every box hides.
var networkRules = []string{
	"package-install", // npm ci, npm install, pip install -r, go mod download, cargo fetch, ...
}

// listenRules are rule ids the medium box serves with its listening
// ports reached from the machine's loopback (Reason.Listen; design §4,
// "Servers in the medium box"): a development server or watcher, which
// runs the project's code as its tests do and needs no network but to
// be reached by the person's browser.
var listenRules = []string{
	"run-server", // hugo server, mkdocs serve, npm run dev, jupyter notebook, ...
}

// listenReason reports whether a reason of rule id raised on program
// name is one only the medium box serves, its listening ports reached
// from outside.
func listenReason(ru rule, name string) bool {
	return !ru.host && slices.Contains(listenRules, ru.id) && !slices.Contains(hostPrograms, name)
}

// hostReason reports whether a reason of rule id raised on program name
// is one no box can serve.
func hostReason(ru rule, name string) bool {
	if networkReason(ru, name) || listenReason(ru, name) {
		return false
	}
	return ru.host || ru.sends || slices.Contains(hostRules, ru.id) || slices.Contains(hostPrograms, name)
}

// networkReason reports whether a reason of rule id raised on program
// name is one only the medium box can serve, with the network.
func networkReason(ru rule, name string) bool {
	return !ru.host && slices.Contains(networkRules, ru.id) && !slices.Contains(hostPrograms, name)
}

// hostOnly marks ru as a rule the box cannot serve.
func hostOnly(ru rule) rule { ru.host = true; return ru }
