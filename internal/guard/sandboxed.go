package guard

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/hook"
)

// SandboxedCommand is the command an agent runs in place of command when
// it is allowed only confined (design §4, sandboxed allow): permguard
// itself, as exec, judging command again at level and running it in the
// build profile for workspace, or nothing when the sandbox cannot be had
// (--sandbox=require). It is built from words, each quoted as one bash
// word, because nothing classifies the rewritten command again but exec.
func SandboxedCommand(self, level, workspace, command string) string {
	argv := []string{self, "exec", "--sandbox=require", "--profile", "build", "--level", level}
	if workspace != "" {
		// the workspace the hook judged in, which the agent's shell may
		// have left
		argv = append(argv, "--cwd", workspace)
	}
	return CommandLine(append(argv, "--", "bash", "-c", command))
}

// msgSandboxed tells the model what the sandbox takes away, so that a
// failure it causes is not mistaken for a bug to work around.
const msgSandboxed = "it runs confined: it may write only the workspace, the temporary directories and the build caches; " +
	".git/hooks, .git/config, the agents' settings and .permguard stay read-only; credentials (~/.ssh, cloud and registry tokens) are hidden; " +
	"there is no network. If it fails for one of these, do not work around the sandbox: tell the user what it needs and how to allow it " +
	"(permguard level %s, for this session)"

// sandboxedReply allows the call rewritten to run in the sandbox.
func (ev *Evaluation) sandboxedReply() hook.Reply {
	v, eff := ev.Res.Verdict, ev.Eff
	cmd := SandboxedCommand(ev.Request.Self, eff.Level.Value.String(), ev.Workspace, ev.Call.Command)
	reason := fmt.Sprintf("permguard: allowed at level %s inside permguard's build sandbox; unconfined it needs %s — %s. ",
		eff.Level.Value, VerdictLabel(v), Printable(MainReason(v))) + fmt.Sprintf(msgSandboxed, v.Level)
	return hook.Reply{Decision: hook.Allow, Reason: reason, Summary: "permguard: runs in the build sandbox",
		UpdatedInput: hook.Rewrite(ev.Call, cmd)}
}
