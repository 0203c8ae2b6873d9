package classify

import "slices"

// A rule id has one message (design §2.8): what differs from one raise of
// a rule to the next is the occurrence — the variable set, the argument of
// a tool call, the link written through — which the reason keeps apart
// from the message, in Reason.Detail. Each reason also names the stage
// that raised it and the effect it judged (Reason.Stage, Reason.Effect).

// occurrence is what one raise of a rule knows besides the rule.
type occurrence struct {
	// detail is what the occurrence adds to the rule's message
	// (Reason.Detail): "sets CC", "argument path", "the backup it makes".
	detail string
	// target is what the effect acts on (Effect.Target): the resolved
	// path, the program, the variable's name, the URL.
	target string
	// kind is the effect's kind where the place that raises knows better
	// than the rule's default: a guard file deleted rather than changed.
	kind EffectKind
	// stage is the stage where it is not the raiser's own: an assignment
	// before a command, which the shell judges, raised on the command.
	stage Stage
}

// stageEffect is the stage and the effect of a reason of ru that the stage
// raiser raises for the occurrence o. On a command (onCommand), action is
// the program, and the subcommand its row names, that the command's own
// action stands for.
func stageEffect(ru rule, o occurrence, raiser Stage, onCommand bool, action string) (Stage, Effect) {
	inline := inlinePolicyKind(ru.id)
	stage := o.stage
	switch {
	case stage != 0:
	case ru.policy || inline != 0:
		stage = StagePolicy
	case raiser != 0:
		stage = raiser
	default:
		stage = StageTools
	}
	e := Effect{Kind: o.kind, Target: o.target}
	switch {
	case e.Kind != 0:
	case ru.effect != 0:
		e.Kind = ru.effect
	case inline != 0:
		e.Kind = inline
	case ru.sends:
		e.Kind = EffectSend
	case ru.unseen:
		e.Kind = EffectRun
	case onCommand:
		// a rule a command raises (a row, a handler's check, a
		// builtin's) that declares no other effect: the command's own
		// action
		e.Kind = EffectAction
	}
	if (e.Kind == EffectAction || e.Kind == EffectRun && onCommand || e.Kind == EffectDelete && onCommand && !ru.policy) && e.Target == "" {
		// the program stands for its own action, for the code it runs
		// when the rule names none, and for what its action deletes (a
		// destroy row: pulumi destroy, redis-cli flushall)
		e.Target = action
	}
	return stage, e
}

// inlinePolicyKind is the effect's kind of the policy rules built inside
// the policy functions' bodies (the inline rules of deleteRule) rather than declared on a var line, which cannot say policy
// themselves until the policy stage gets its own type; zero for any other
// id.
func inlinePolicyKind(id string) EffectKind {
	switch id {
	case "delete-temp-root", "delete-keys-or-startup":
		return EffectDelete
	}
	return 0
}

// daemonClients are the clients of a daemon — a container engine, a
// service manager — whose every subcommand is a request to it: what their
// rows judge is talking to the daemon, not the client's own action.
var daemonClients = []string{
	"docker", "podman", "nerdctl", "docker-compose", "podman-compose", "systemctl", "journalctl", "loginctl",
	"busctl", "launchctl", "service",
}

func daemonClient(name string) bool { return slices.Contains(daemonClients, name) }

// joinDetail puts the detail of an occurrence around another, inner one:
// an argument of a tool call, around what the command it runs sets.
func joinDetail(outer, inner string) string {
	switch {
	case inner == "":
		return outer
	case outer == "":
		return inner
	}
	return outer + ": " + inner
}
