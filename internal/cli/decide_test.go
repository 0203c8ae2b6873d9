package cli

import (
	"strings"
	"testing"

	"github.com/permguard/permguard/internal/classify"
	"github.com/permguard/permguard/internal/settings"
)

func TestParsePermission(t *testing.T) {
	for s, want := range map[string]string{"minimal": "minimal", "low": "low", "medium": "medium", "high": "high",
		"bypassed": "bypassed", "High": "high", "BYPASSED": "bypassed", "read": "minimal", "write": "high"} {
		p, ok := settings.ParsePermission(s)
		if !ok || p.String() != want {
			t.Errorf("ParsePermission(%q) = %v, %v; want %s, true", s, p, ok, want)
		}
	}
	for _, s := range []string{"", "none", "dangerous", "bypass", "high "} {
		if p, ok := settings.ParsePermission(s); ok {
			t.Errorf("ParsePermission(%q) = %v, true; want false", s, p)
		}
	}
}

func TestDecide(t *testing.T) {
	levels := classify.Levels()
	for _, eff := range levels {
		for _, lvl := range levels {
			for _, dangerous := range []bool{false, true} {
				v := classify.Verdict{Level: lvl, Dangerous: dangerous}
				want := decisionBlock
				if !dangerous && lvl <= eff {
					want = decisionAllow
				}
				if got := decide(settings.Result{Verdict: v}, settings.Permission{Level: eff}); got != want {
					t.Errorf("decide(%s dangerous=%v, at %s) = %s, want %s", lvl, dangerous, eff, got, want)
				}
				if got := decide(settings.Result{Verdict: v}, settings.Permission{Bypassed: true}); got != decisionAllow {
					t.Errorf("decide(%s dangerous=%v, bypassed) = %s, want allow", lvl, dangerous, got)
				}
			}
		}
	}
}

func TestBlockMessage(t *testing.T) {
	tests := []struct {
		name    string
		command string
		verdict classify.Verdict
		perm    blockInfo
		want    string
	}{
		{
			name: "quotes in the command", command: "git push origin 'it''s'", verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Low}},
			want: "git push origin 'it''s'\n" +
				"Blocked by permission (low). Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				`User can re-run with: PERMGUARD_LEVEL=high permguard check 'git push origin '\''it'\'''\''s'\'''` + "\n",
		},
		{
			name: "several lines", command: "cd x\ngit push\n", verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Medium}},
			want: "cd x …\n" +
				"Blocked by permission (medium). Allowed at this level: development work: build, test, install dependencies, local git\n" +
				"Needs: high — pushes commits to a remote\n" +
				"User can re-run with: PERMGUARD_LEVEL=high permguard check $'cd x\\ngit push\\n'\n",
		},
		{
			name: "dangerous", command: "rm -rf ~", verdict: verdictDangerous, perm: blockInfo{perm: settings.Permission{Level: classify.Minimal}},
			want: "rm -rf ~\n" +
				"Blocked by permission (minimal). Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high, dangerous — deletes your home directory\n" +
				"Only a person can approve this: it is dangerous at every level.\n",
		},
		{
			name: "too long to repeat", command: strings.Repeat("x", 5000), verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Minimal}},
			want: strings.Repeat("x", 200) + " …\n" +
				"Blocked by permission (minimal). Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high — pushes commits to a remote\n" +
				"User can re-run with: PERMGUARD_LEVEL=high permguard check COMMAND (the command is 5000 bytes, too long to repeat)\n",
		},
	}
	managed := settings.Source{Kind: settings.FromManaged, Name: "/etc/permguard/settings.json", Line: 1, Col: 11}
	project := settings.Source{Kind: settings.FromProject, Name: "/repo/.permguard/settings.json", Line: 2, Col: 3}
	tests = append(tests, []struct {
		name    string
		command string
		verdict classify.Verdict
		perm    blockInfo
		want    string
	}{
		{
			name: "capped by the managed file", command: "git push", verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Low}, capped: &managed},
			want: "git push\n" +
				"Blocked by permission (low). Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"The level is capped at low by managed /etc/permguard/settings.json:1:11; only a change there allows this.\n",
		},
		{
			name: "capped by a project file", command: "git push", verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Low}, capped: &project},
			want: "git push\n" +
				"Blocked by permission (low). Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"The level is capped at low by project /repo/.permguard/settings.json:2:3; change it there, or trust it (permguard trust '/repo/.permguard/settings.json') so your own level applies.\n",
		},
		{
			name: "a tool call", command: "tool Read", verdict: verdictHigh, perm: blockInfo{perm: settings.Permission{Level: classify.Low}, tool: true},
			want: "tool Read\n" +
				"Blocked by permission (low). Allowed at this level: file writes inside the workspace\n" +
				"Needs: high — pushes commits to a remote\n" +
				"User can re-run with: PERMGUARD_LEVEL=high permguard check, with the same tool call on stdin\n",
		},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := blockMessage(tt.command, tt.verdict, tt.perm)
			if got != tt.want {
				t.Errorf("blockMessage:\n%s\nwant:\n%s", got, tt.want)
			}
			if n := strings.Count(got, "\n"); n != 4 {
				t.Errorf("blockMessage has %d lines, want 4", n)
			}
		})
	}
}

func TestMainReason(t *testing.T) {
	v := classify.Verdict{Level: classify.Medium, Reasons: []classify.Reason{
		{Level: classify.Low, Message: "writes a file"},
		{Level: classify.Medium, Dangerous: true, Message: "not this one"},
		{Level: classify.Medium, Message: "runs the tests"},
		{Level: classify.Medium, Message: "not this one either"},
	}}
	if got := mainReason(v); got != "runs the tests" {
		t.Errorf("mainReason = %q, want %q", got, "runs the tests")
	}
	if got := mainReason(classify.Verdict{}); got != "no reason given" {
		t.Errorf("mainReason(no reasons) = %q", got)
	}
}

func TestDenyMessage(t *testing.T) {
	g, _ := settings.CompileGlob("git push *")
	global := &settings.DenyMatch{Rule: settings.Rule{Glob: g, Src: settings.Source{Kind: settings.FromGlobal, Name: "/cfg/settings.json", Line: 3, Col: 5}}, Command: "git push origin"}
	want := "git status; git push origin\n" +
		"Blocked by the deny rule \"git push *\" (global /cfg/settings.json:3:5)\n" +
		"Matched: git push origin — deny rules block at every level, even bypassed\n" +
		"User can remove the rule with: permguard deny --remove 'git push *'\n"
	if got := denyMessage("git status; git push origin", global); got != want {
		t.Errorf("denyMessage:\n%s\nwant:\n%s", got, want)
	}
	managed := *global
	managed.Rule.Src = settings.Source{Kind: settings.FromManaged, Name: "/etc/permguard/settings.json"}
	if got := denyMessage("git push origin", &managed); !strings.HasSuffix(got, "Only a change to /etc/permguard/settings.json removes the rule.\n") || strings.Count(got, "\n") != 4 {
		t.Errorf("denyMessage for a managed rule:\n%s", got)
	}
}
