package classify

import "testing"

// TestRuleIDsHeldOut holds spellings written after the ids were split
// (rule_ids_test.go); none is a table row.
func TestRuleIDsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		high(`typeset -p`, "print-shell-vars"),
		high(`ps auxwwe`, "print-env-all"),
		high(`complete -F _f mytool`, "completion-callback"),
		high(`zsh tools/gen.zsh`, "run-script-file"),
		high(`git switch "${1:-main}"`, "git-switch-dynamic"),
		high(`mktemp --tmpdir "${PREFIX}XXXXXX"`, "mktemp-name"),
		high(`gawk '{ print ENVIRON["HOME"] }' f`, "read-env"),
		dangerous(`env -i -- codex exec hi`, "self-protect-env"),
		dangerous(`CLAUDE_CONFIG_DIR=$PWD/c claude`, "self-protect-move"),
		dangerous(`permguard exec --level medium -- make`, "self-protect-level"),
	} {
		checkCase(t, tc, testEnv)
	}
}

// TestOneMessageHeldOut holds spellings written after each rule id got
// one message (issue 26, item 5), none a table row: the reason keeps its
// rule's own message, what the occurrence adds is its detail, and it
// names the stage that raised it and the effect it judged.
func TestOneMessageHeldOut(t *testing.T) {
	for _, tc := range []struct {
		in     string
		tool   *ToolCall
		rule   rule
		detail string
		stage  Stage
		effect Effect
	}{
		{in: `env LD_PRELOAD=/tmp/x.so ls`, rule: ruleEnvProgram, detail: "sets LD_PRELOAD", stage: StageTools,
			effect: Effect{EffectEnvironment, "LD_PRELOAD"}},
		{in: `export BASH_ENV=./e.sh`, rule: ruleEnvProgram, detail: "sets BASH_ENV", stage: StageShell,
			effect: Effect{EffectEnvironment, "BASH_ENV"}},
		{in: `sudo GIT_SSH_COMMAND=x git fetch`, rule: ruleEnvProgram, detail: "sets GIT_SSH_COMMAND", stage: StageTools,
			effect: Effect{EffectEnvironment, "GIT_SSH_COMMAND"}},
		{in: `typeset "$v=1"`, rule: ruleAssignDynamic, stage: StageShell, effect: Effect{EffectEnvironment, ""}},
		{in: `mv /etc/hosts /tmp/h`, rule: ruleDeleteSystem, detail: "moves /etc/hosts away", stage: StagePolicy,
			effect: Effect{EffectDelete, "/etc/hosts"}},
		{in: `rm -rf /usr`, rule: ruleRmForce, detail: ruleDeleteSystem.why, stage: StageTools, effect: Effect{EffectDelete, "/usr"}},
		{in: `cp -b --suffix=.orig x ~/.profile`, rule: ruleWriteOutside, detail: "the backup it makes", stage: StagePolicy,
			effect: Effect{EffectWrite, "/home/u/.profile.orig"}},
		{in: `git stash --include-untracked`, rule: ruleGitStashGuard, stage: StageTools, effect: Effect{EffectDelete, "/home/u/proj"}},
		{in: `head --frob x`, rule: ruleOptionUnknown, detail: "unknown option --frob of head", stage: StageTools, effect: Effect{EffectAction, "head"}},
		{in: `cat < /dev/udp/1.2.3.4/53`, rule: netRule, detail: "/dev/udp/1.2.3.4/53", stage: StageShell,
			effect: Effect{EffectSend, "/dev/udp/1.2.3.4/53"}},
		{in: `rsync -a --delete /empty/ ./`, rule: ruleDeleteRoot, detail: "the destination ./ loses what the source lacks", stage: StagePolicy,
			effect: Effect{EffectDelete, "/home/u/proj"}},
		{in: `podman-compose rm -v`, rule: rule{id: "podman-compose-rm-volumes", why: "removes compose containers together with their anonymous volumes"},
			stage: StageTools, effect: Effect{EffectDelete, "podman-compose rm"}}, // destroys volumes: a delete (issue 27)
		{in: "Delete", tool: &ToolCall{Kind: ToolFileDelete, Name: "Delete", Paths: []string{"/etc/passwd"}}, rule: ruleDeleteSystem,
			stage: StagePolicy, effect: Effect{EffectDelete, "/etc/passwd"}},
		{in: "WebFetch", tool: &ToolCall{Kind: ToolWeb, Name: "WebFetch", Target: "https://x.example/"}, rule: ruleToolWeb,
			stage: StageToolCall, effect: Effect{EffectSend, "https://x.example/"}},
	} {
		var v Verdict
		if tc.tool != nil {
			v = ClassifyTool(*tc.tool, testEnv)
		} else {
			v = Classify(tc.in, testEnv)
		}
		found := false
		for _, r := range allReasons(v) {
			if r.Rule != tc.rule.id {
				continue
			}
			found = true
			if r.Message != tc.rule.why || r.Detail != tc.detail || r.Stage != tc.stage || r.Effect != tc.effect {
				t.Errorf("%s: reason %s is %q, detail %q, %v, %v %q; want %q, detail %q, %v, %v %q", tc.in, r.Rule,
					r.Message, r.Detail, r.Stage, r.Effect.Kind, r.Effect.Target, tc.rule.why, tc.detail, tc.stage, tc.effect.Kind, tc.effect.Target)
			}
		}
		if !found {
			t.Errorf("%s: no reason of rule %s in %v", tc.in, tc.rule.id, v.Reasons)
		}
	}
}
