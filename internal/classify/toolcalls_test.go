package classify

import "testing"

// toolCallCases are tool calls that run no shell command (design §3),
// judged in testEnv (workspace /home/u/proj, home /home/u).
var toolCallCases = []struct {
	call      ToolCall
	level     Level
	dangerous bool
	rule      string
}{
	{call: ToolCall{Kind: ToolFileRead, Name: "Read", Paths: []string{"src/main.go"}}, level: Minimal, rule: "tool-read"},
	{call: ToolCall{Kind: ToolFileRead, Name: "Read", Paths: []string{"/etc/passwd"}}, level: Minimal, rule: "tool-read"},
	{call: ToolCall{Kind: ToolFileRead, Name: "Glob"}, level: Minimal, rule: "tool-read"},
	{call: ToolCall{Kind: ToolFileRead, Name: "Read", Paths: []string{"/home/u/.ssh/id_ed25519"}}, level: High, rule: "read-secret"},
	{call: ToolCall{Kind: ToolFileRead, Name: "Grep", Paths: []string{"/home/u/.aws"}}, level: High, rule: "read-secret"},
	{call: ToolCall{Kind: ToolFileRead, Name: "read_file", Paths: []string{"/etc/shadow"}}, level: High, rule: "read-secret"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"src/a.go"}}, level: Low, rule: "tool-write"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Edit", Paths: []string{"/home/u/proj/README.md"}}, level: Low, rule: "tool-write"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/tmp/scratch.txt"}}, level: Low, rule: "tool-write"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/dev/null"}}, level: Minimal, rule: "tool-sink"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"../sibling/x"}}, level: High, rule: "write-outside"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/home/u/.bashrc"}}, level: High, dangerous: true, rule: "write-startup-unknown"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/home/u/.gitconfig"}}, level: High, dangerous: true, rule: "overwrite-startup"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{".git/hooks/pre-commit"}}, level: High, rule: "write-persistence"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/etc/hosts"}}, level: High, dangerous: true, rule: "write-system"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"/home/u/.config/permguard/settings.json"}}, level: High, dangerous: true, rule: "self-protect"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{".permguard/settings.json"}}, level: High, dangerous: true, rule: "self-protect"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "apply_patch", Paths: []string{"a.go", "/home/u/.profile"}}, level: High, dangerous: true, rule: "write-startup-unknown"},
	{call: ToolCall{Kind: ToolFileWrite, Name: "Write"}, level: High, rule: "tool-no-path"},
	{call: ToolCall{Kind: ToolFileDelete, Name: "Delete", Paths: []string{"build/out.o"}}, level: Low, rule: "tool-delete"},
	{call: ToolCall{Kind: ToolFileDelete, Name: "Delete", Paths: []string{"/home/u/notes.txt"}}, level: High, rule: "delete-outside"},
	{call: ToolCall{Kind: ToolWeb, Name: "WebFetch", Target: "https://example.com"}, level: High, rule: "tool-web"},
	{call: ToolCall{Kind: ToolBookkeeping, Name: "TodoWrite"}, level: Minimal, rule: "tool-bookkeeping"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__tracker__list_tickets", MCPTool: "list_tickets"}, level: Minimal, rule: "mcp-read"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__docs__searchDocs", MCPTool: "searchDocs"}, level: Minimal, rule: "mcp-read"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__tracker__create_ticket", MCPTool: "create_ticket"}, level: Medium, rule: "mcp-tool"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__db__query", MCPTool: "query"}, level: Medium, rule: "mcp-tool"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__github__delete_branch", MCPTool: "delete_branch"}, level: High, rule: "mcp-destroy"},
	{call: ToolCall{Kind: ToolMCP, Name: "mcp__db__getThenDropTable", MCPTool: "getThenDropTable"}, level: High, rule: "mcp-destroy"},
	{call: ToolCall{Kind: ToolUnknown, Name: "FrobnicateEverything"}, level: High, rule: "tool-unknown"},
}

func TestClassifyTool(t *testing.T) {
	for _, tc := range toolCallCases {
		v := ClassifyTool(tc.call, testEnv)
		if v.Level != tc.level || v.Dangerous != tc.dangerous || !hasReason(v, tc.rule) {
			t.Errorf("ClassifyTool(%+v) = %v dangerous=%v %v, want %v dangerous=%v (rule %s)", tc.call, v.Level, v.Dangerous, v.Reasons, tc.level, tc.dangerous, tc.rule)
		}
		if len(v.Commands) != 1 || len(v.Commands[0].Argv) == 0 || v.Commands[0].Argv[0] != tc.call.Name {
			t.Errorf("ClassifyTool(%+v): commands %+v, want one, named as the tool, for settings to match", tc.call, v.Commands)
		}
	}
}

func hasReason(v Verdict, rule string) bool {
	for _, r := range v.Reasons {
		if r.Rule == rule {
			return true
		}
	}
	return false
}
