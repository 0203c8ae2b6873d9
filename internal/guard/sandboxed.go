package guard

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// BoxedCommand is the command an agent runs in place of command when it
// is allowed in the box of a level (design §4, boxed and sandboxed
// allow): permguard itself, as exec, judging command again at level and
// running it in that level's box for workspace, or nothing when the box
// cannot be had. It is built from words, each quoted as one POSIX shell
// word (PosixCommandLine), because nothing classifies the rewritten
// command again but exec, and the agent's shell may be sh: opencode runs
// it with /bin/sh, where bash's $'…' is a syntax error.
func BoxedCommand(self, level, workspace string, net BoxNet, command string) string {
	argv := []string{self, "exec", "--box", "--level", level}
	if flag := net.Flag(); flag != "" {
		argv = append(argv, flag)
	}
	if workspace != "" {
		// the workspace the hook judged in, which the agent's shell may
		// have left
		argv = append(argv, "--cwd", workspace)
	}
	return PosixCommandLine(append(argv, "--", "bash", "-c", command))
}

// BoxAllows says in a few words what the box of level lets a call do
// (design §4, "The boxes"), or "" for a level without a box.
func BoxAllows(level classify.Level) string {
	switch level {
	case classify.Minimal:
		return "nothing it writes lasts, no network"
	case classify.Low:
		return "writes only in the workspace and the temporary directories, no network"
	case classify.Medium:
		return "writes only in the workspace, the temporary directories and the build caches, no network"
	}
	return ""
}

// BoxNet is what of the network the box a call runs in has (design §4,
// "The boxes").
type BoxNet int

const (
	// NetNone: a loopback of the box's own, nothing else (every box).
	NetNone BoxNet = iota
	// NetServe: a loopback of its own, and the ports listened on there
	// reached from the machine's 127.0.0.1 ("Servers in the medium box").
	NetServe
	// NetOpen: the machine's network ("Installs in the medium box").
	NetOpen
)

// Flag is exec's flag that asks for n, or "" for NetNone.
func (n BoxNet) Flag() string {
	switch n {
	case NetServe:
		return "--serve"
	case NetOpen:
		return "--network"
	}
	return ""
}

// With says, after a box's name, what of the network it has: "" for
// NetNone.
func (n BoxNet) With() string {
	switch n {
	case NetServe:
		return ", its servers reached at 127.0.0.1"
	case NetOpen:
		return ", with the network"
	}
	return ""
}

// BoxAllowsNetwork is BoxAllows for the medium box with the network.
const BoxAllowsNetwork = "writes only in the workspace, the temporary directories and the build caches; the network open, credentials hidden"

// boxServes is what a box whose servers are reached from outside adds to
// BoxAllows.
const boxServes = "; the ports a server listens on are reached at 127.0.0.1 on this machine"

// boxAllowsNet is BoxAllows for the box of level with net.
func boxAllowsNet(level classify.Level, net BoxNet) string {
	switch net {
	case NetServe:
		return BoxAllows(level) + boxServes
	case NetOpen:
		return BoxAllowsNetwork
	}
	return BoxAllows(level)
}

// msgUnseen tells the model what the box takes away, so that a failure it
// causes is not mistaken for a bug to work around.
const msgUnseen = "in the box, .git/hooks, .git/config, the agents' settings and .permguard stay read-only; credentials (~/.ssh, cloud and registry tokens) are hidden; " +
	"there is no network, no daemon socket, and no process outside the box. If it fails for one of these, do not work around the box: tell the user what it needs and how to allow it " +
	"(permguard level %s, for this session)"

// boxedReply allows the call rewritten to run in the box of the level in
// force: within the level (row boxed), the reason is short, since it goes
// with every call; above it only for code nobody has seen (row
// sandboxed), it says what the box forbids.
func (ev *Evaluation) boxedReply() hook.Reply {
	v, perm := ev.Res.Verdict, ev.Eff.Level.Value
	net := ev.BoxNet()
	cmd := BoxedCommand(ev.Request.Self, perm.String(), ev.Workspace, net, ev.Call.Command)
	reason := fmt.Sprintf("permguard: allowed at level %s, in its box: %s", perm, BoxAllows(perm.Level))
	switch net {
	case NetOpen:
		reason = fmt.Sprintf("permguard: allowed at level %s, in its box with the network: %s", perm, BoxAllowsNetwork)
	case NetServe:
		reason = fmt.Sprintf("permguard: allowed at level %s, in its box: %s", perm, boxAllowsNet(perm.Level, net))
	}
	if ev.Outcome.Row == RowSandboxed {
		reason = fmt.Sprintf("permguard: allowed at level %s, in its box (%s); outside the box it needs %s — %s. ",
			perm, boxAllowsNet(perm.Level, net), VerdictLabel(v), Printable(MainReason(v))) + fmt.Sprintf(msgUnseen, v.Level)
	}
	return hook.Reply{Decision: hook.Allow, Reason: reason, Summary: "permguard: runs in " + ev.boxIn(),
		UpdatedInput: hook.Rewrite(ev.Call, cmd)}
}

// Box is the level whose box the call runs in, or "" when it runs
// unboxed (check --json's "box").
func (ev *Evaluation) Box() string {
	if ev.Outcome.Action == Allow && (ev.Outcome.Row == RowBoxed || ev.Outcome.Row == RowSandboxed) {
		return ev.Eff.Level.Value.String()
	}
	return ""
}

// BoxNet is what of the network the box the call runs in has: the
// network for a package install within the level medium (design §4,
// "Installs in the medium box"), by row boxed alone; its listening ports
// reached from outside for a server, in the box of the level in force,
// by row boxed or sandboxed ("Servers in the box"); else none. Unseen
// code above the level (row sandboxed) never gets the network with it.
func (ev *Evaluation) BoxNet() BoxNet {
	if ev.Outcome.Action != Allow {
		return NetNone
	}
	switch n := ev.netBox(); {
	case ev.Outcome.Row == RowBoxed:
		return n
	case ev.Outcome.Row == RowSandboxed && n == NetServe:
		return n
	}
	return NetNone
}

// netBox is what of the network the box that alone serves the verdict
// has, at the level in force: NetNone when the box of the level serves
// it as every box is, or no box does.
func (ev *Evaluation) netBox() BoxNet {
	perm, v := ev.Eff.Level.Value, ev.Res.Verdict
	if perm.Bypassed || perm.Level >= classify.High {
		return NetNone
	}
	switch {
	case v.BoxableWithNetwork() && perm.Level == classify.Medium:
		return NetOpen
	case v.BoxableListening():
		return NetServe
	}
	return NetNone
}

// boxIn names the box for a person: "the box of level L", and what of
// the network it has.
func (ev *Evaluation) boxIn() string {
	return "the box of level " + ev.Eff.Level.Value.String() + ev.BoxNet().With()
}
