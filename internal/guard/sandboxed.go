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
func BoxedCommand(self, level, workspace string, network bool, command string) string {
	argv := []string{self, "exec", "--box", "--level", level}
	if network {
		argv = append(argv, "--network")
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

// BoxAllowsNetwork is BoxAllows for the medium box with the network.
const BoxAllowsNetwork = "writes only in the workspace, the temporary directories and the build caches; the network open, credentials hidden"

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
	network := ev.BoxNetwork()
	cmd := BoxedCommand(ev.Request.Self, perm.String(), ev.Workspace, network, ev.Call.Command)
	reason := fmt.Sprintf("permguard: allowed at level %s, in its box: %s", perm, BoxAllows(perm.Level))
	if network {
		reason = fmt.Sprintf("permguard: allowed at level %s, in its box with the network: %s", perm, BoxAllowsNetwork)
	}
	if ev.Outcome.Row == RowSandboxed {
		reason = fmt.Sprintf("permguard: allowed at level %s, in its box (%s); outside the box it needs %s — %s. ",
			perm, BoxAllows(perm.Level), VerdictLabel(v), Printable(MainReason(v))) + fmt.Sprintf(msgUnseen, v.Level)
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

// BoxNetwork reports whether the box the call runs in keeps the network:
// a package install within the level medium (design §4, "Installs in the
// medium box"). Only row boxed: unseen code above the level (row
// sandboxed) never gets the network with it.
func (ev *Evaluation) BoxNetwork() bool {
	return ev.Outcome.Action == Allow && ev.Outcome.Row == RowBoxed && ev.networkBox()
}

// networkBox reports whether the verdict is one only the medium box
// serves, with the network, and the level in force is medium.
func (ev *Evaluation) networkBox() bool {
	perm := ev.Eff.Level.Value
	return !perm.Bypassed && perm.Level == classify.Medium && ev.Res.Verdict.BoxableWithNetwork()
}

// boxIn names the box for a person: "the box of level L", with the
// network where it keeps it.
func (ev *Evaluation) boxIn() string {
	s := "the box of level " + ev.Eff.Level.Value.String()
	if ev.BoxNetwork() {
		s += ", with the network"
	}
	return s
}
