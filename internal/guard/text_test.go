package guard

import (
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/settings"
)

var (
	verdictHigh = classify.Verdict{Level: classify.High, Reasons: []classify.Reason{
		{Rule: "git-push", Level: classify.High, Message: "pushes commits to a remote"},
	}}
	// git status runs within the level, git push does not: a rule for the
	// push alone lets the input through
	verdictPush = classify.Verdict{Level: classify.High,
		Reasons: []classify.Reason{{Rule: "git-push", Level: classify.High, Message: "pushes commits to a remote"}},
		Commands: []classify.Command{
			{Argv: []string{"git", "status"}, Level: classify.Minimal},
			{Argv: []string{"git", "push", "origin", "main"}, Level: classify.High},
		}}
	verdictDangerous = classify.Verdict{Level: classify.High, Dangerous: true, Reasons: []classify.Reason{
		{Rule: "rm-home", Level: classify.High, Dangerous: true, Message: "deletes your home directory"},
	}}
)

// blockInfo is what a block message depends on besides the verdict.
type blockInfo struct {
	perm   settings.Permission
	capped *settings.Source
	tool   bool // a tool call, not a command
	exec   bool // permguard exec's command line
	hook   bool // an agent's hook
	// cap is a tighten-only file's level that did not lower the chosen
	// one; chosen is where the chosen level comes from (default if zero)
	cap    *settings.Setting[classify.Level]
	chosen settings.Source
}

// blockEval is an evaluation of command with verdict v, as info says.
func blockEval(command string, v classify.Verdict, info blockInfo) *Evaluation {
	e := settings.Defaults()
	e.Level.Value = info.perm
	if info.capped != nil {
		e.Capped, e.Level.Src = true, *info.capped
	}
	if info.cap != nil {
		e.Cap = info.cap
	}
	if info.chosen.Kind != settings.FromDefault {
		e.Chosen.Src = info.chosen
	}
	call := &hook.Call{Kind: hook.KindShell, Command: command}
	if info.tool {
		call = &hook.Call{Kind: hook.KindFileRead, Tool: command}
	}
	req := Request{Via: ViaCheck}
	if info.exec {
		req.Via = ViaExec
	}
	if info.hook {
		req.Via = ViaHook
	}
	return &Evaluation{Request: req, Call: call, Display: command, Res: settings.Result{Verdict: v}, Eff: e}
}

func denyEval(command string, d *settings.DenyMatch) *Evaluation {
	ev := blockEval(command, verdictHigh, blockInfo{})
	ev.Res.Deny = d
	return ev
}

func TestBlockMessage(t *testing.T) {
	tests := []struct {
		name    string
		command string
		verdict classify.Verdict
		info    blockInfo
		want    string
	}{
		{
			name: "quotes in the command", command: "git push origin 'it''s'", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}},
			want: "git push origin 'it''s'\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				`To allow it: PERMGUARD_LEVEL=high permguard check "git push origin 'it''s'"` + "\n",
		},
		{
			name: "several lines", command: "cd x\ngit push\n", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Medium}},
			want: "cd x …\n" +
				"Blocked at level medium. Allowed at this level: development work: build, test, install dependencies, local git\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard check $'cd x\\ngit push\\n'\n",
		},
		{
			name: "dangerous", command: "rm -rf ~", verdict: verdictDangerous, info: blockInfo{perm: settings.Permission{Level: classify.Minimal}},
			want: "rm -rf ~\n" +
				"Blocked at level minimal. Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high, dangerous — deletes your home directory\n" +
				"Only a person can approve this: it is dangerous at every level.\n",
		},
		{
			name: "too long to repeat", command: strings.Repeat("x", 5000), verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Minimal}},
			want: strings.Repeat("x", 200) + " …\n" +
				"Blocked at level minimal. Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: permguard level high\n",
		},
	}
	managed := settings.Source{Kind: settings.FromManaged, Name: "/etc/permguard/settings.json", Line: 1, Col: 11}
	project := settings.Source{Kind: settings.FromProject, Name: "/repo/.permguard/settings.json", Line: 2, Col: 3}
	tests = append(tests, []struct {
		name    string
		command string
		verdict classify.Verdict
		info    blockInfo
		want    string
	}{
		{
			name: "capped by the managed file", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, capped: &managed},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"The level is capped at low by managed /etc/permguard/settings.json:1:11; only a change there allows this.\n",
		},
		{
			name: "capped by a project file", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, capped: &project},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"The level is capped at low by project /repo/.permguard/settings.json:2:3; change it there, or trust it (permguard trust '/repo/.permguard/settings.json') so your own level applies.\n",
		},
		{
			name: "a tool call", command: "tool Read", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, tool: true},
			want: "tool Read\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: permguard level high\n",
		},
	}...)
	tests = append(tests, []struct {
		name    string
		command string
		verdict classify.Verdict
		info    blockInfo
		want    string
	}{
		{
			name: "permguard exec", command: "git push origin main", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Medium}, exec: true},
			want: "git push origin main\n" +
				"Blocked at level medium. Allowed at this level: development work: build, test, install dependencies, local git\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard exec -- git push origin main\n",
		},
		{
			name: "an agent's hook, one command to allow", command: "git status && git push origin main", verdict: verdictPush, info: blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true},
			want: "git status && git push origin main\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: permguard allow --level low 'git push origin main', or permguard level high --global\n",
		},
	}...)
	// The last line offers only what would let the call through: a level
	// set where nothing the caller reads first sets another, and nothing
	// under a cap the call needs more than.
	env := settings.Source{Kind: settings.FromEnv, Name: "PERMGUARD_LEVEL"}
	flag := settings.Source{Kind: settings.FromFlag, Name: "--level"}
	trusted := settings.Source{Kind: settings.FromProject, Name: "/repo/.permguard/settings.json", Line: 2, Col: 12, Trusted: true}
	managedMedium := &settings.Setting[classify.Level]{Value: classify.Medium, Src: managed}
	tests = append(tests, []struct {
		name    string
		command string
		verdict classify.Verdict
		info    blockInfo
		want    string
	}{
		{
			name: "a cap above the level, below what the call needs", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, cap: managedMedium},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"The level is capped at medium by managed /etc/permguard/settings.json:1:11; only a change there allows this.\n",
		},
		{
			name: "a cap above what the call needs", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, cap: &settings.Setting[classify.Level]{Value: classify.High, Src: managed}},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard check 'git push'\n",
		},
		{
			name: "an agent's hook, the level from its environment", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true, chosen: env},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high in the agent's environment, where it is set now\n",
		},
		{
			name: "an agent's hook, the level from a trusted project file", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true, chosen: trusted},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: \"level\": \"high\" in /repo/.permguard/settings.json\n",
		},
		{
			name: "an agent's hook, the level from its session", command: "git push", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true, chosen: settings.Source{Kind: settings.FromSession, Name: "permguard level"}},
			want: "git push\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: the level high, where it is chosen now (session permguard level)\n",
		},
		{
			name: "a tool call, the level from --level", command: "tool Read", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, tool: true, chosen: flag},
			want: "tool Read\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: --level high on the same call\n",
		},
		{
			name: "a tool call, the level from the environment", command: "tool Read", verdict: verdictHigh, info: blockInfo{perm: settings.Permission{Level: classify.Low}, tool: true, chosen: env},
			want: "tool Read\n" +
				"Blocked at level low. Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high, where it is set now\n",
		},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := blockEval(tt.command, tt.verdict, tt.info).BlockText()
			if got != tt.want {
				t.Errorf("blockMessage:\n%s\nwant:\n%s", got, tt.want)
			}
			if n := strings.Count(got, "\n"); n != 4 {
				t.Errorf("blockMessage has %d lines, want 4", n)
			}
		})
	}
}

// TestAllowedReason pins the words of an allow reply: the level it was
// allowed at, and what it needs only when that differs.
func TestAllowedReason(t *testing.T) {
	low := classify.Verdict{Level: classify.Low, Reasons: []classify.Reason{{Level: classify.Low, Message: "writes a file in the workspace"}}}
	for _, tt := range []struct {
		perm classify.Level
		want string
	}{
		{classify.Low, "permguard: allowed at level low: writes a file in the workspace"},
		{classify.Medium, "permguard: allowed at level medium (needs low): writes a file in the workspace"},
	} {
		ev := blockEval("touch x", low, blockInfo{perm: settings.Permission{Level: tt.perm}, hook: true})
		ev.Outcome, ev.Approval = Outcome{Action: Allow, Row: RowWithinLevel}, ApprovalNone
		if got := ev.Reply().Reason; got != tt.want {
			t.Errorf("at level %s: reason %q, want %q", tt.perm, got, tt.want)
		}
	}
}

func TestMainReason(t *testing.T) {
	v := classify.Verdict{Level: classify.Medium, Reasons: []classify.Reason{
		{Level: classify.Low, Message: "writes a file"},
		{Level: classify.Medium, Dangerous: true, Message: "not this one"},
		{Level: classify.Medium, Message: "runs the tests"},
		{Level: classify.Medium, Message: "not this one either"},
	}}
	if got := MainReason(v); got != "runs the tests" {
		t.Errorf("MainReason = %q, want %q", got, "runs the tests")
	}
	if got := MainReason(classify.Verdict{}); got != "no reason given" {
		t.Errorf("MainReason(no reasons) = %q", got)
	}
}

func TestDenyMessage(t *testing.T) {
	g, _ := settings.CompileGlob("git push *")
	global := &settings.DenyMatch{Rule: settings.Rule{Glob: g, Src: settings.Source{Kind: settings.FromGlobal, Name: "/cfg/settings.json", Line: 3, Col: 5}}, Command: "git push origin"}
	want := "git status; git push origin\n" +
		"Blocked by the deny rule \"git push *\" (global /cfg/settings.json:3:5)\n" +
		"Matched: git push origin — deny rules block at every level, even bypassed\n" +
		"User can remove the rule with: permguard deny --remove 'git push *'\n"
	if got := denyEval("git status; git push origin", global).BlockText(); got != want {
		t.Errorf("denyMessage:\n%s\nwant:\n%s", got, want)
	}
	managed := *global
	managed.Rule.Src = settings.Source{Kind: settings.FromManaged, Name: "/etc/permguard/settings.json"}
	if got := denyEval("git push origin", &managed).BlockText(); !strings.HasSuffix(got, "Only a change to /etc/permguard/settings.json removes the rule.\n") || strings.Count(got, "\n") != 4 {
		t.Errorf("denyMessage for a managed rule:\n%s", got)
	}
}

// TestReplyEndsWithWhatToDo checks that every reason the model reads ends
// with what to do next, not with how a person re-runs a check.
func TestReplyEndsWithWhatToDo(t *testing.T) {
	blocked := blockEval("git push", verdictHigh, blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true})
	blocked.Outcome = Outcome{Action: Block, Row: RowNobody}
	asked := blockEval("git push", verdictHigh, blockInfo{perm: settings.Permission{Level: classify.Low}, hook: true})
	asked.Outcome = Outcome{Action: Ask, Row: RowAgentAsks}
	g, _ := settings.CompileGlob("git push*")
	denied := denyEval("git push", &settings.DenyMatch{Rule: settings.Rule{Glob: g}, Command: "git push"})
	denied.Outcome = Outcome{Action: Block, Row: RowDenyRule}
	for _, tt := range []struct {
		ev   *Evaluation
		want string
	}{{blocked, doNextBlocked}, {asked, doNextAsk}, {denied, doNextDenied}} {
		if r := tt.ev.Reply(); !strings.HasSuffix(r.Reason, "\n"+tt.want) {
			t.Errorf("%s reply ends %q, want it to end with %q", tt.ev.Outcome.Row, r.Reason, tt.want)
		}
	}
}
