package guard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// pastLimitCases are calls past each limit of design §7 (issue 22, item
// 4). Each starts with a push a deny rule forbids, and hides a harm where
// the classifier no longer looks; judged says whether the push was judged
// before the limit, so that a deny rule can match it.
var pastLimitCases = []struct {
	limit  classify.Limit
	src    string     // a shell command, or
	call   *hook.Call // a tool call
	judged bool
}{
	{limit: classify.LimitSize, src: "git push origin; sudo true; " + strings.Repeat("#", classify.MaxInputBytes)},
	{limit: classify.LimitNesting, src: "git push origin; " + strings.Repeat("(", classify.MaxNesting+2) + "rm -rf ~" + strings.Repeat(")", classify.MaxNesting+2)},
	{limit: classify.LimitOperators, src: "git push origin; " + strings.Repeat("true && ", classify.MaxOperators+1) + "rm -rf ~"},
	{limit: classify.LimitBytes, src: "git push origin; ls\x00; rm -rf ~"},
	{limit: classify.LimitScripts, src: "git push origin; " + strings.Repeat("eval ", 12) + "rm -rf ~", judged: true},
	{limit: classify.LimitWork, src: "git push origin; " + strings.Repeat("bash -c x; ", 1000) + "rm -rf ~", judged: true},
	{limit: classify.LimitCommands, src: "git push origin; " + strings.Repeat("ls; ", 4096) + "rm -rf ~", judged: true},
	{limit: classify.LimitFollows, src: "git push origin; C=ls; " + strings.Repeat("$C build; ", 70) + "\nalias l='rm -rf ~'\nl", judged: true},
	{limit: classify.LimitInputs, src: "git push origin; parallel ::: " + strings.Repeat("ls ", 40) + "'rm -rf ~'", judged: true},
	{limit: classify.LimitToolInput, call: &hook.Call{Kind: hook.KindFileWrite, Tool: "Write", Paths: []string{"/home/dev/proj/" + strings.Repeat("a/", hook.MaxFieldBytes)}}},
	{limit: classify.LimitPaths, src: "git push origin; cat" + manyPaths(300) + "; cat k", judged: true},
}

// TestPastLimitDecision is design §4's past-limit row for every limit at
// every level: blocked, never asked, at minimal through high; allowed at
// bypassed, unless deny rules are in force, which past a limit could not
// be matched against all of it; and a deny rule that matched what was
// judged still decides first.
func TestPastLimitDecision(t *testing.T) {
	if got, want := len(pastLimitCases), len(classify.Limits()); got != want {
		t.Fatalf("%d cases for %d limits", got, want)
	}
	if hook.MaxCommandBytes != classify.MaxInputBytes {
		t.Fatalf("hook.MaxCommandBytes = %d, classify.MaxInputBytes = %d: the command's bound is the classifier's", hook.MaxCommandBytes, classify.MaxInputBytes)
	}
	plain, denying := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(denying, "settings.json"), []byte(`{"deny": ["git push *"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range pastLimitCases {
		for _, level := range []string{"minimal", "low", "medium", "high", "bypassed"} {
			for _, deny := range []bool{false, true} {
				name := tc.limit.String() + "/" + level
				cfg := plain
				if deny {
					name, cfg = name+"/deny rule", denying
				}
				t.Run(name, func(t *testing.T) {
					req := Request{Via: ViaHook, Level: level, Wd: "/home/dev/proj", AgentCanAsk: true, Command: tc.src}
					if tc.call != nil {
						call := *tc.call
						call.Paths = append([]string(nil), call.Paths...)
						req.Command, req.Call = "", &call
					}
					env := Env{Home: "/home/dev", ConfigDir: cfg, StateDir: t.TempDir(), ManagedFile: filepath.Join(cfg, "managed.json")}
					ev, err := Evaluate(req, env, Deps{})
					if err != nil {
						t.Fatal(err)
					}
					if got := ev.Res.Verdict.Limit; got != tc.limit {
						t.Fatalf("verdict past the %s limit, want %s", got, tc.limit)
					}
					want, row := Block, RowPastLimit
					switch {
					case deny && tc.judged:
						row = RowDenyRule
					case level == "bypassed" && !deny:
						want, row = Allow, RowBypassed
					}
					if ev.Outcome.Action != want || ev.Outcome.Row != row {
						t.Fatalf("%s by %s, want %s by %s", ev.Outcome.Action, ev.Outcome.Row, want, row)
					}
					if row != RowPastLimit {
						return
					}
					checkLimitText(t, ev)
				})
			}
		}
	}
}

// checkLimitText checks what a call blocked past a limit is told: four
// lines that name the limit and what to do, and nothing a higher level
// or an allow rule would help with; the reply, explain's line and the
// audit record say so too.
func checkLimitText(t *testing.T, ev *Evaluation) {
	t.Helper()
	name := ev.Res.Verdict.Limit.String()
	msg := ev.BlockText()
	lines := strings.Split(strings.TrimSuffix(msg, "\n"), "\n")
	if len(lines) != 4 || !strings.Contains(lines[1], name+" limit") || !strings.Contains(lines[2], "Needs: an input within the "+name+" limit — ") {
		t.Fatalf("block message:\n%s", msg)
	}
	if strings.Contains(msg, "permguard level") || strings.Contains(msg, "permguard allow") || strings.Contains(msg, "To allow it") {
		t.Errorf("the block message offers what cannot help:\n%s", msg)
	}
	if r := ev.Reply(); r.Decision != hook.Deny || !strings.Contains(r.Reason, doNextLimit) || !strings.Contains(r.Summary, name+" limit") {
		t.Errorf("reply %+v", r)
	}
	if e := ev.Explained(); !strings.HasPrefix(e, "block") || !strings.Contains(e, name+" limit") {
		t.Errorf("explain says %q", e)
	}
	if d, by, detail := ev.decidedBy(); d != "block" || by != "limit" || !strings.HasPrefix(detail, string(RowPastLimit)+": past the "+name+" limit: ") {
		t.Errorf("audit record: %s by %s: %s", d, by, detail)
	}
}

// manyPaths is n distinct paths, each after a space.
func manyPaths(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, " src/f%d", i)
	}
	return b.String()
}
