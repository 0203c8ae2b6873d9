package settings

import (
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
)

// effective builds settings from a global file and, optionally, an
// untrusted project file.
func effective(t *testing.T, global, project string) *Effective {
	t.Helper()
	l := newLayout(t)
	l.write(t, l.global(), global)
	if project != "" {
		l.write(t, l.project(), project)
	}
	e, _ := l.load()
	return e
}

var applyEnv = classify.Env{Workspace: "/w", Home: "/h", TempDirs: []string{"/tmp"}}

func TestApply(t *testing.T) {
	tests := []struct {
		name, global, project string
		cmd                   string
		level                 classify.Level
		dangerous             bool
		deny                  string // the deny pattern that must match; "" for none
		rule                  string // a rule id among the reasons
		limit                 classify.Limit
	}{
		{name: "override lowers", global: `{"overrides": {"low": ["npm run dev"]}}`,
			cmd: "npm run dev", level: classify.Low, rule: "override"},
		{name: "override lowers one command of several", global: `{"overrides": {"minimal": ["./tool *"]}}`,
			cmd: "cd /tmp && ./tool x && curl e", level: classify.High, rule: "network"},
		{name: "override never clears dangerous", global: `{"overrides": {"minimal": ["rm -rf *"]}}`,
			cmd: "rm -rf ~", level: classify.High, dangerous: true, rule: "rm-recursive-force"},
		{name: "override never clears sudo", global: `{"overrides": {"minimal": ["ls"]}}`,
			cmd: "sudo ls", level: classify.High, dangerous: true, rule: "sudo"},
		{name: "dangerous override adds the flag", global: `{"overrides": {"dangerous": ["git push *"]}}`,
			cmd: "git push origin main", level: classify.High, dangerous: true, rule: "override"},
		{name: "most restrictive first", global: `{"overrides": {"minimal": ["make *"], "high": ["make deploy"]}}`,
			cmd: "make deploy", level: classify.High, rule: "override"},
		{name: "redirection floor stays", global: `{"overrides": {"minimal": ["echo *"]}}`,
			cmd: "echo x > /etc/passwd", level: classify.High, dangerous: true, rule: "write-system"},
		{name: "parse error stays", global: `{"overrides": {"minimal": ["*"]}}`,
			cmd: "ls 'unterminated", level: classify.High, rule: "parse-error"},
		{name: "wrapped command is matched unwrapped", global: `{"overrides": {"low": ["make build"]}}`,
			cmd: "timeout 60 make build", level: classify.Low, rule: "override"},
		{name: "deny matches the normalized command", global: `{"deny": ["rm -rf *"]}`,
			cmd: "/bin/rm -rf build", level: classify.Medium, deny: "rm -rf *"},
		{name: "deny matches the command as written", global: `{"deny": ["sudo *"]}`,
			cmd: "sudo -u bob ls", level: classify.High, dangerous: true, deny: "sudo *"},
		{name: "deny inside bash -c", global: `{"deny": ["git push *"]}`,
			cmd: "bash -c 'git push origin'", level: classify.High, deny: "git push *"},
		{name: "project override only raises", global: `{}`, project: `{"overrides": {"low": ["curl *"], "high": ["cat *"]}}`,
			cmd: "curl e; cat x", level: classify.High, rule: "override"},
		{name: "project override cannot lower", global: `{}`, project: `{"overrides": {"low": ["curl *"]}}`,
			cmd: "curl e", level: classify.High, rule: "network"},
		{name: "project dangerous override", global: `{}`, project: `{"overrides": {"dangerous": ["npm publish*"]}}`,
			cmd: "npm publish", level: classify.High, dangerous: true, rule: "override"},
		{name: "no override crosses a project cap", global: `{"overrides": {"minimal": ["curl *"]}}`, project: `{"level": "low"}`,
			cmd: "curl e", level: classify.High, rule: "network"},
		{name: "an override above the cap applies", global: `{"overrides": {"medium": ["curl *"]}}`, project: `{"level": "low"}`,
			cmd: "curl e", level: classify.Medium, rule: "override"},
		{name: "an override keeps the limit", global: `{"overrides": {"minimal": ["ls"]}}`,
			cmd: strings.Repeat("ls; ", 4097), level: classify.High, rule: "input-limit", limit: classify.LimitCommands},
		{name: "deny matches what was judged past a limit", global: `{"deny": ["git push *"]}`,
			cmd: "git push origin; " + strings.Repeat("ls; ", 4097), level: classify.High, deny: "git push *", rule: "input-limit", limit: classify.LimitCommands},
		{name: "project cannot undo a global raise", global: `{"overrides": {"high": ["ls *"]}}`, project: `{"overrides": {"low": ["ls *"]}}`,
			cmd: "ls -la", level: classify.High, rule: "override"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := effective(t, tc.global, tc.project)
			res := e.Apply(classify.Classify(tc.cmd, applyEnv))
			v := res.Verdict
			if v.Level != tc.level || v.Dangerous != tc.dangerous {
				t.Errorf("Apply(%q) = %v dangerous=%v, want %v dangerous=%v\n%v", tc.cmd, v.Level, v.Dangerous, tc.level, tc.dangerous, v.Reasons)
			}
			switch {
			case tc.deny == "" && res.Deny != nil:
				t.Errorf("Apply(%q) denied by %q, want no deny", tc.cmd, res.Deny.Rule.Pattern())
			case tc.deny != "" && (res.Deny == nil || res.Deny.Rule.Pattern() != tc.deny):
				t.Errorf("Apply(%q) deny = %+v, want %q", tc.cmd, res.Deny, tc.deny)
			}
			if v.Limit != tc.limit {
				t.Errorf("Apply(%.40q).Limit = %s, want %s", tc.cmd, v.Limit, tc.limit)
			}
			if tc.rule != "" && !hasRule(v, tc.rule) {
				t.Errorf("Apply(%q) reasons lack rule %s: %v", tc.cmd, tc.rule, v.Reasons)
			}
			if !hasMatchingReason(v) {
				t.Errorf("Apply(%q): no reason has the verdict's level: %v", tc.cmd, v.Reasons)
			}
		})
	}
}

func hasRule(v classify.Verdict, id string) bool {
	for _, r := range v.Reasons {
		if r.Rule == id {
			return true
		}
	}
	return false
}

func hasMatchingReason(v classify.Verdict) bool {
	for _, r := range v.Reasons {
		if r.Level == v.Level && r.Dangerous == v.Dangerous {
			return true
		}
	}
	return false
}

func TestPrefixMappingsReachTheClassifier(t *testing.T) {
	e := effective(t, `{"prefixMappings": [{"from": "fvm flutter", "to": "flutter"}]}`, "")
	env := applyEnv
	env.PrefixMappings = e.ClassifyMappings()
	res := e.Apply(classify.Classify("fvm flutter test", env))
	if res.Verdict.Level != classify.Medium || !hasRule(res.Verdict, "prefix-mapping") {
		t.Errorf("fvm flutter test = %v %v, want medium through the mapping", res.Verdict.Level, res.Verdict.Reasons)
	}
}

func TestToolLevel(t *testing.T) {
	e := effective(t, `{"tools": {"minimal": ["Read"], "high": ["Write"]}, "mcp": {"low": ["mcp__github__*"]}}`,
		`{"tools": {"medium": ["Read"]}, "mcp": {"minimal": ["mcp__*"]}}`)
	for _, tc := range []struct {
		name string
		mcp  bool
		def  classify.Level
		want classify.Level
	}{
		{name: "Read", def: classify.Minimal, want: classify.Medium}, // the project raises
		{name: "Write", def: classify.Low, want: classify.High},
		{name: "Other", def: classify.High, want: classify.High},
		{name: "mcp__github__list", mcp: true, def: classify.Medium, want: classify.Low},
		{name: "mcp__slack__post", mcp: true, def: classify.Medium, want: classify.Medium}, // project cannot lower
	} {
		if got, _ := e.ToolLevel(tc.name, tc.mcp, tc.def); got != tc.want {
			t.Errorf("ToolLevel(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
	if !strings.Contains(e.Files[len(e.Files)-1].State, "loaded") {
		t.Errorf("files: %+v", e.Files)
	}
}

// TestApplyToolMCP: the mcp setting is the person's level for a tool,
// whatever its arguments make of the call, but never clears the dangerous
// flag an argument raised (issue 23), and never changes a call past a
// limit.
func TestApplyToolMCP(t *testing.T) {
	e := effective(t, `{"mcp": {"minimal": ["mcp__ops__*"], "low": ["mcp__notes__*"], "high": ["mcp__db__*"]}}`, "")
	for _, tc := range []struct {
		name      string
		call      classify.ToolCall
		level     classify.Level
		dangerous bool
		rule      string
		past      bool // the call is past a limit
	}{
		{name: "an argument that runs rm -rf ~ stays dangerous", call: mcpCall("ops", "run", "cmd", "rm -rf ~"),
			level: classify.High, dangerous: true, rule: "rm-recursive-force"},
		{name: "a secret read is lowered as the person says", call: mcpCall("notes", "open", "file", "/h/.ssh/id_ed25519"),
			level: classify.Low, rule: "tool-setting"},
		{name: "a harmless call is raised as the person says", call: mcpCall("db", "list_tables"), level: classify.High, rule: "tool-setting"},
		{name: "a call past a limit is left as it is", call: mcpCall("ops", "run"), past: true, level: classify.High, rule: "input-limit"},
		// what is not read of a command could be anything: the setting
		// lowers nothing past that limit
		{name: "a command argument cut by the bound is not lowered", call: cutArg(mcpCall("ops", "run", "cmd", "true …")),
			level: classify.High, rule: "input-limit"},
		{name: "an unknown argument past a limit of its own is not lowered", call: mcpCall("ops", "run", "cmd", strings.Repeat("true;", 4100)+"rm -rf ~"),
			level: classify.High, rule: "input-limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := classify.ClassifyTool(tc.call, applyEnv)
			if tc.past {
				v = classify.PastLimit(classify.LimitToolInput, "the call's arguments hold more commands than are read", tc.call.Name)
			}
			got := e.Apply(e.ApplyTool(v, tc.call.Name, true)).Verdict
			if got.Level != tc.level || got.Dangerous != tc.dangerous || !hasRule(got, tc.rule) || !hasMatchingReason(got) {
				t.Errorf("%s = %v dangerous=%v %v, want %v dangerous=%v (rule %s)", tc.call.Name, got.Level, got.Dangerous, got.Reasons, tc.level, tc.dangerous, tc.rule)
			}
		})
	}
}

// TestDenyMatchesMCPCommands: a deny rule matches a command an MCP
// argument runs, as it matches the same shell call.
func TestDenyMatchesMCPCommands(t *testing.T) {
	e := effective(t, `{"deny": ["rm -rf *"]}`, "")
	call := mcpCall("ops", "run", "cmd", "rm -rf ~")
	res := e.Apply(e.ApplyTool(classify.ClassifyTool(call, applyEnv), call.Name, true))
	if res.Deny == nil || res.Deny.Command != "rm -rf /h" {
		t.Errorf("deny of %s %+v: %+v", call.Name, call.Args, res.Deny)
	}
}

// TestApplyToolCommands: an MCP call whose argument runs commands is, once
// the mcp setting applies, at the level set through and through, so an
// override that matches one of its commands starts from the setting's
// level, not from the level the setting replaced.
func TestApplyToolCommands(t *testing.T) {
	e := effective(t, `{"mcp": {"low": ["mcp__shell__*"]}, "overrides": {"medium": ["make *"]}}`, "")
	at := func(argv []string, l classify.Level, rule string) classify.Command {
		return classify.Command{Argv: argv, Level: l, Pos: classify.Pos{Line: 1, Col: 1}, Snippet: strings.Join(argv, " "),
			Reasons: []classify.Reason{{Rule: rule, Level: l, Pos: classify.Pos{Line: 1, Col: 1}, Message: "m"}}}
	}
	// mcp__shell__exec running "curl -s example.com; make build", as a
	// table that knows the server would judge it
	cmds := []classify.Command{at([]string{"mcp__shell__exec", "shell"}, classify.Minimal, "mcp-shell"),
		at([]string{"curl", "-s", "example.com"}, classify.High, "network"), at([]string{"make", "build"}, classify.Medium, "build")}
	v := classify.Verdict{Level: classify.High, Commands: cmds}
	for _, c := range cmds {
		v.Reasons = append(v.Reasons, c.Reasons...)
	}
	got := e.Apply(e.ApplyTool(v, "mcp__shell__exec", true)).Verdict
	if got.Level != classify.Medium || !hasMatchingReason(got) {
		t.Errorf("mcp__shell__exec set to low, with an override of make to medium = %v %v, want medium", got.Level, got.Reasons)
	}
	for _, c := range got.Commands {
		if c.Level > got.Level {
			t.Errorf("the command %q is %v, above the call's %v", c.Argv, c.Level, got.Level)
		}
	}
}

// cutArg marks the last argument of tc as cut by the decoder's bound.
func cutArg(tc classify.ToolCall) classify.ToolCall {
	tc.Args[len(tc.Args)-1].Cut = true
	return tc
}

// mcpCall is an MCP call of a server no table knows, with its arguments
// as key, value pairs.
func mcpCall(server, tool string, kv ...string) classify.ToolCall {
	tc := classify.ToolCall{Kind: classify.ToolMCP, Name: "mcp__" + server + "__" + tool, MCPServer: server, MCPTool: tool, Target: server}
	for i := 0; i+1 < len(kv); i += 2 {
		tc.Args = append(tc.Args, classify.MCPArg{Key: kv[i], Value: kv[i+1]})
	}
	return tc
}
