package hook

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// decodeCases: what each fixture in testdata/payloads decodes into.
var decodeCases = []struct {
	file    string
	agent   Agent
	variant string
	kind    Kind
	tool    string
	command string
	paths   []string
	dir     string
}{
	{file: "claude/bash-ls.json", agent: Claude, kind: KindShell, tool: "Bash", command: "ls -la"},
	{file: "claude/write-workspace.json", agent: Claude, kind: KindFileWrite, tool: "Write", paths: []string{"/home/dev/proj/src/main.go"}},
	{file: "claude/edit-bashrc.json", agent: Claude, kind: KindFileWrite, tool: "Edit", paths: []string{"/home/dev/.bashrc"}},
	{file: "claude/read-ssh-key.json", agent: Claude, kind: KindFileRead, tool: "Read", paths: []string{"/home/dev/.ssh/id_ed25519"}},
	{file: "claude/webfetch.json", agent: Claude, kind: KindWeb, tool: "WebFetch"},
	{file: "claude/todowrite.json", agent: Claude, kind: KindBookkeeping, tool: "TodoWrite"},
	{file: "claude/mcp-delete.json", agent: Claude, kind: KindMCP, tool: "mcp__github__delete_branch"},
	{file: "claude/unknown-tool.json", agent: Claude, kind: KindUnknown, tool: "Frobnicate"},
	{file: "claude/vscode-terminal.json", agent: Claude, variant: "vscode", kind: KindShell, tool: "runTerminalCommand", command: "git push"},
	{file: "codex/bash-test.json", agent: Codex, kind: KindShell, tool: "Bash", command: "go test ./..."},
	{file: "codex/apply-patch-workspace.json", agent: Codex, kind: KindFileWrite, tool: "apply_patch", paths: []string{"src/app.go", "docs/notes.md"}},
	{file: "codex/apply-patch-delete-own.json", agent: Codex, kind: KindFileDelete, tool: "apply_patch", paths: []string{".permguard/settings.json"}},
	{file: "gemini/shell-dir-root.json", agent: Gemini, kind: KindShell, tool: "run_shell_command", command: "rm -rf etc", dir: "/"},
	{file: "gemini/shell-test.json", agent: Gemini, kind: KindShell, tool: "run_shell_command", command: "npm test"},
	{file: "gemini/mcp-list.json", agent: Gemini, kind: KindMCP, tool: "mcp_github_list_issues"},
	{file: "gemini/read-aws.json", agent: Gemini, kind: KindFileRead, tool: "read_file", paths: []string{"/home/dev/.aws/credentials"}},
	{file: "cursor/shell-ls.json", agent: Cursor, kind: KindShell, tool: "Shell", command: "ls src"},
	{file: "cursor/mcp-drop.json", agent: Cursor, kind: KindMCP, tool: "drop_table"},
	{file: "cursor/read-file.json", agent: Cursor, kind: KindFileRead, tool: "Read", paths: []string{"/home/dev/proj/.env.example"}},
	{file: "cursor/pretool-delete.json", agent: Cursor, kind: KindFileDelete, tool: "Delete", paths: []string{"/home/dev/proj/tmp.txt"}},
	{file: "cursor/pretool-shell.json", agent: Cursor, kind: KindShell, tool: "Shell", command: "make deploy", dir: "/home/dev/proj"},
	{file: "copilot/bash-rm-dist.json", agent: Copilot, kind: KindShell, tool: "bash", command: "rm -rf dist"},
	{file: "copilot/bash-log-object.json", agent: Copilot, kind: KindShell, tool: "bash", command: "git log --oneline -5"},
	{file: "copilot/edit-workspace.json", agent: Copilot, kind: KindFileWrite, tool: "edit", paths: []string{"/home/dev/proj/src/index.ts"}},
	{file: "copilot/snake-npm-install.json", agent: Copilot, variant: "snake", kind: KindShell, tool: "bash", command: "npm install"},
}

func TestDecodeFixtures(t *testing.T) {
	for _, tc := range decodeCases {
		data, err := os.ReadFile(filepath.Join("../../testdata/payloads", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(data, Auto)
		if err != nil {
			t.Errorf("Decode(%s) = %v", tc.file, err)
			continue
		}
		got := []any{c.Agent, c.Variant, c.Kind, c.Tool, c.Command, c.Paths, c.Dir}
		want := []any{tc.agent, tc.variant, tc.kind, tc.tool, tc.command, tc.paths, tc.dir}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%s) = %v, want %v", tc.file, got, want)
		}
	}
}

// TestEveryFixtureDecodes: every payload decodes, or is one of the few
// that exist to show a failure.
func TestEveryFixtureDecodes(t *testing.T) {
	bad := map[string]bool{"claude/input-wrong-type.json": true, "copilot/args-not-json.json": true}
	files, _ := filepath.Glob("../../testdata/payloads/*/*.json")
	if len(files) < 40 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, name := range files {
		rel := strings.TrimPrefix(name, "../../testdata/payloads/")
		data, _ := os.ReadFile(name)
		_, err := Decode(data, Auto)
		if (err != nil) != bad[rel] {
			t.Errorf("Decode(%s) = %v", rel, err)
		}
	}
}

func TestQuoteArgv(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"ls", "-la", "./x"}, "ls -la ./x"},
		{[]string{"bash", "-lc", "rm -rf ~"}, "bash -lc 'rm -rf ~'"},
		{[]string{"FOO=1", "x", "A=2"}, "'FOO=1' x A=2"},
		{[]string{"echo", "", "$HOME", "it's"}, `echo '' '$HOME' 'it'\''s'`},
	}
	for _, tt := range tests {
		if got := quoteArgv(tt.in); got != tt.want {
			t.Errorf("quoteArgv(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestEncodeContract: for every dialect and decision, stdout is empty or
// one JSON object, the exit is 0 or 2, an ask is never an allow, and a
// deny always blocks in the way the dialect honours.
func TestEncodeContract(t *testing.T) {
	events := map[Agent][]string{
		Claude: {"PreToolUse"}, Codex: {"PreToolUse"}, Gemini: {"BeforeTool"}, Copilot: {"preToolUse"},
		Cursor: {"beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "preToolUse"},
	}
	for agent, evs := range events {
		for _, ev := range evs {
			for _, d := range []Decision{Allow, Ask, Deny} {
				for _, quiet := range []bool{false, true} {
					c := &Call{Agent: agent, Event: ev}
					out := Encode(c, Reply{Decision: d, Reason: "why\nand more", Quiet: quiet})
					name := string(agent) + "/" + ev + "/" + d.String()
					if out.Exit != ExitOK && out.Exit != ExitBlock {
						t.Errorf("%s: exit %d", name, out.Exit)
					}
					var obj map[string]any
					if len(out.Stdout) > 0 && json.Unmarshal(out.Stdout, &obj) != nil {
						t.Errorf("%s: stdout %q is not a JSON object", name, out.Stdout)
					}
					s := string(out.Stdout)
					if d != Allow && (strings.Contains(s, `"allow"`) || (out.Exit == ExitOK && s == "")) {
						t.Errorf("%s: %q, exit %d reads as an allow", name, s, out.Exit)
					}
					if d == Deny && agent != Copilot && out.Exit != ExitBlock {
						t.Errorf("%s: a deny exits %d, want 2", name, out.Exit)
					}
					if d == Deny && out.Exit == ExitBlock && !strings.Contains(out.Stderr, "why") {
						t.Errorf("%s: exit 2 without the reason on stderr", name)
					}
					if d == Ask && !CanAsk(c) && !strings.Contains(s, "deny") {
						t.Errorf("%s: an ask the agent cannot ask is not a deny: %q", name, s)
					}
				}
			}
		}
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/payloads/*/*.json")
	for _, name := range files {
		data, _ := os.ReadFile(name)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, a := range Agents() {
			c, err := Decode(data, a)
			if err != nil {
				var de *DecodeError
				if !errors.As(err, &de) {
					t.Fatalf("Decode(%q, %s) = %T, want a *DecodeError", data, a, err)
				}
				continue
			}
			// a call always has a dialect to be answered in, and a tool
			if _, known := ParseAgent(string(c.Agent)); !known || c.Agent == Auto || c.Tool == "" || int(c.Kind) >= len(kindNames) {
				t.Fatalf("Decode(%q, %s) = %+v", data, a, c)
			}
			if a != Auto && c.Agent != a {
				t.Fatalf("Decode(%q, %s) answered in %s", data, a, c.Agent)
			}
			for _, d := range []Decision{Allow, Ask, Deny} {
				out := Encode(c, Reply{Decision: d, Reason: string(data)})
				var obj map[string]any
				if (out.Exit != ExitOK && out.Exit != ExitBlock) || (len(out.Stdout) > 0 && json.Unmarshal(out.Stdout, &obj) != nil) {
					t.Fatalf("Encode(%+v, %s) = %q, exit %d", c, d, out.Stdout, out.Exit)
				}
			}
		}
	})
}
