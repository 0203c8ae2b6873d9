package cli

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/hook"
)

// toolTables: each agent's tools as its current release names them
// (docs/agents.md §9.3), one fixture per tool in testdata/payloads, with
// the kind it decodes into and the level it is judged at. pi's tools were
// all known before; its rows check that they still are.
var toolTables = map[string][]struct {
	file  string
	kind  hook.Kind
	level classify.Level
}{
	"claude": {
		{"taskcreate.json", hook.KindBookkeeping, classify.Minimal},
		{"taskupdate.json", hook.KindBookkeeping, classify.Minimal},
		{"tasklist.json", hook.KindBookkeeping, classify.Minimal},
		{"taskget.json", hook.KindBookkeeping, classify.Minimal},
		{"taskoutput.json", hook.KindBookkeeping, classify.Minimal},
		{"taskstop.json", hook.KindBookkeeping, classify.Minimal},
		{"todowrite.json", hook.KindBookkeeping, classify.Minimal},
		{"enterplanmode.json", hook.KindBookkeeping, classify.Minimal},
		{"toolsearch.json", hook.KindBookkeeping, classify.Minimal},
		{"cronlist.json", hook.KindBookkeeping, classify.Minimal},
		{"schedulewakeup.json", hook.KindBookkeeping, classify.Minimal},
		{"enterworktree.json", hook.KindBookkeeping, classify.Minimal},
		{"exitworktree.json", hook.KindBookkeeping, classify.Minimal},
		{"lsp.json", hook.KindFileRead, classify.Minimal},
		{"listmcpresources.json", hook.KindMCP, classify.Minimal},
		// runs later, or outside what permguard sees: high
		{"croncreate.json", hook.KindBookkeeping, classify.Minimal},
		{"remotetrigger.json", hook.KindUnknown, classify.High},
		{"workflow.json", hook.KindUnknown, classify.High},
		{"enterworktree-path.json", hook.KindUnknown, classify.High},
		{"exitworktree-discard.json", hook.KindUnknown, classify.High},
		{"artifact.json", hook.KindWeb, classify.High},
		// 2.1.332: claude -p --json-schema's answer (captured), and tools
		// read from its binary
		{"captured-structured-output.json", hook.KindBookkeeping, classify.Minimal},
		{"gettask.json", hook.KindBookkeeping, classify.Minimal},
		{"poll.json", hook.KindBookkeeping, classify.Minimal},
		{"wrapup.json", hook.KindBookkeeping, classify.Minimal},
		{"mcptaskcheck.json", hook.KindBookkeeping, classify.Minimal},
		{"mcptaskshowquestion.json", hook.KindBookkeeping, classify.Minimal},
		{"mcptaskresumepolling.json", hook.KindBookkeeping, classify.Minimal},
		{"refreshmcptools.json", hook.KindBookkeeping, classify.Minimal},
		{"readwidgetcontext.json", hook.KindBookkeeping, classify.Minimal},
		{"readmcpresourcedir.json", hook.KindMCP, classify.Minimal},
		{"artifactcomments.json", hook.KindWeb, classify.High},
		{"artifactdata.json", hook.KindWeb, classify.High},
		{"artifactcheck.json", hook.KindWeb, classify.High},
		// a skill's inline shell (PreSkillShellCommand), captured: the
		// command is judged
		{"captured-skill-shell.json", hook.KindShell, classify.Low},
	},
	"gemini": {
		{"update-topic.json", hook.KindBookkeeping, classify.Minimal},
		{"enter-plan-mode.json", hook.KindBookkeeping, classify.Minimal},
		{"exit-plan-mode.json", hook.KindBookkeeping, classify.Minimal},
		{"invoke-agent.json", hook.KindBookkeeping, classify.Minimal},
		{"activate-skill.json", hook.KindBookkeeping, classify.Minimal},
		{"read-background-output.json", hook.KindBookkeeping, classify.Minimal},
		{"tracker-create-task.json", hook.KindBookkeeping, classify.Minimal},
		{"read-mcp-resource.json", hook.KindMCP, classify.Minimal},
	},
	"codex": {
		{"update-plan.json", hook.KindBookkeeping, classify.Minimal},
		{"wait-agent.json", hook.KindBookkeeping, classify.Minimal},
		{"view-image.json", hook.KindFileRead, classify.Minimal},
		{"write-stdin.json", hook.KindUnknown, classify.High},
		// 0.171.0: the thread's goal (get_goal captured)
		{"captured-goal.json", hook.KindBookkeeping, classify.Minimal},
		{"create-goal.json", hook.KindBookkeeping, classify.Minimal},
		{"update-goal.json", hook.KindBookkeeping, classify.Minimal},
	},
	"opencode": {
		{"plan-exit.json", hook.KindBookkeeping, classify.Minimal},
		{"plan-enter.json", hook.KindBookkeeping, classify.Minimal},
		{"todowrite.json", hook.KindBookkeeping, classify.Minimal},
		{"lsp.json", hook.KindFileRead, classify.Minimal},
	},
	"pi": {
		{"bash-git-status.json", hook.KindShell, classify.Minimal},
		{"edit-workspace.json", hook.KindFileWrite, classify.Low},
		{"read-ssh-key.json", hook.KindFileRead, classify.High},
	},
}

func TestToolTables(t *testing.T) {
	for agent, rows := range toolTables {
		t.Run(agent, func(t *testing.T) {
			dialect := hook.Auto
			if agent == "pi" || agent == "opencode" {
				dialect = hook.Generic
			}
			for _, row := range rows {
				data, err := os.ReadFile(filepath.Join("../../testdata/payloads", agent, row.file))
				if err != nil {
					t.Fatal(err)
				}
				call, err := hook.Decode(data, dialect)
				if err != nil {
					t.Errorf("%s: %v", row.file, err)
					continue
				}
				env := guard.Env{Home: "/home/dev", ConfigDirErr: errors.New("none"), StateDirErr: errors.New("none")}
				ev, err := guard.Evaluate(guard.Request{Via: guard.ViaCheck, Call: call, Wd: "/home/dev/proj"}, env, guard.Deps{})
				if err != nil {
					t.Errorf("%s: %v", row.file, err)
					continue
				}
				if got := ev.Res.Verdict.Level; call.Kind != row.kind || got != row.level {
					t.Errorf("%s (%s): %s at %s, want %s at %s", row.file, call.Tool, call.Kind, got, row.kind, row.level)
				}
			}
		})
	}
}
