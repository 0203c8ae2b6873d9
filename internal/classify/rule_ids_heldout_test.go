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
