package classify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The MCP family tables (mcp_*.go) are data; these tests check the data
// only: its shape, the servers' names, and that each table holds every
// tool and argument of the server's own published schemas
// (testdata/mcp/<family>.json). How a call is judged by a table is mcp.go's,
// and its tests'.

// mcpServed are the families of servers people run: every registered one
// but the engine's test seeds (mcp_seed_test.go, sources "test seed..."),
// which stand for no published server and give roles to its tests.
func mcpServed() []mcpFamily {
	var out []mcpFamily
	for _, f := range mcpFamilies.get() {
		if !strings.HasPrefix(f.source, "test seed") {
			out = append(out, f)
		}
	}
	return out
}

// TestMCPFamilies checks every table as it is loaded: names, sources,
// rules, roles and git templates.
func TestMCPFamilies(t *testing.T) {
	fams := mcpServed()
	if len(fams) == 0 {
		t.Fatal("no MCP family is registered")
	}
	names := map[string]bool{}
	serverOf := map[string]string{}
	rules := map[string]rule{}
	for _, f := range fams {
		if f.name == "" || names[f.name] {
			t.Errorf("family %q: empty or listed twice", f.name)
		}
		names[f.name] = true
		if f.source == "" {
			t.Errorf("family %s: no source (the package and version its schemas were read from)", f.name)
		}
		if len(f.servers) == 0 {
			t.Errorf("family %s: no server name", f.name)
		}
		for _, s := range f.servers {
			if normServer(s) != s {
				t.Errorf("family %s: server name %q is not normalized: normServer gives %q", f.name, s, normServer(s))
			}
			if other, ok := serverOf[s]; ok {
				t.Errorf("server name %q is in two families: %s and %s", s, other, f.name)
			}
			serverOf[s] = f.name
		}
		if len(f.tools) == 0 {
			t.Errorf("family %s: no tool", f.name)
		}
		for name, tl := range f.tools {
			where := f.name + "." + name
			checkMCPRule(t, where, tl.rule)
			if prev, ok := rules[tl.rule.id]; ok && prev != tl.rule {
				t.Errorf("%s: rule %s is %+v here and %+v elsewhere", where, tl.rule.id, tl.rule, prev)
			}
			rules[tl.rule.id] = tl.rule
			checkMCPArgs(t, where, tl)
		}
	}
}

func checkMCPRule(t *testing.T, where string, ru rule) {
	t.Helper()
	if !strings.HasPrefix(ru.id, "mcp-") {
		t.Errorf("%s: rule id %q does not start with mcp-", where, ru.id)
	}
	if ru.why == "" || ru.why != strings.TrimSpace(ru.why) || strings.HasSuffix(ru.why, ".") {
		t.Errorf("%s: rule %s: reason %q is empty, padded or ends with a period", where, ru.id, ru.why)
	}
	if !slices.Contains(Levels(), ru.level) || (ru.dangerous && ru.level != High) {
		t.Errorf("%s: rule %s: level %v dangerous=%v", where, ru.id, ru.level, ru.dangerous)
	}
	if ru.sends || ru.unseen || ru.host {
		t.Errorf("%s: rule %s: sends, unseen and host are shell-call marks, not a tool's", where, ru.id)
	}
}

// mcpTemplateWord is a git template's "{key}" or "{key...}".
var mcpTemplateWord = regexp.MustCompile(`\{([^{}]*?)(\.\.\.)?\}`)

func checkMCPArgs(t *testing.T, where string, tl mcpTool) {
	t.Helper()
	has := map[argRole]bool{}
	for k, role := range tl.args {
		if k == "" || k != argKey(k) || strings.ContainsAny(k, "*{} ") {
			t.Errorf("%s: argument key %q is not one argKey gives", where, k)
		}
		if role.String() == "argRole?" {
			t.Errorf("%s: argument %s: unknown role %d", where, k, role)
		}
		has[role] = true
	}
	if has[argDir] && !has[argCommand] && !has[argArgv] {
		t.Errorf("%s: a directory for a command, but no command", where)
	}
	// A repository or a ref means something only in the git command line
	// the tool is; a template names a repository to run in.
	if (has[argRepo] || has[argGitRef]) != (tl.git != nil) {
		t.Errorf("%s: repo or ref arguments %v but git template %q", where, has[argRepo] || has[argGitRef], tl.git)
	}
	if tl.git == nil {
		return
	}
	if !has[argRepo] {
		t.Errorf("%s: git template %q, but no argument names the repository", where, tl.git)
	}
	if len(tl.git) < 2 || tl.git[0] != "git" {
		t.Errorf("%s: git template %q is not a git command line", where, tl.git)
	}
	for _, w := range tl.git {
		for _, m := range mcpTemplateWord.FindAllStringSubmatch(w, -1) {
			if _, ok := tl.args[m[1]]; !ok {
				t.Errorf("%s: git template %q names %q, which is no argument of the tool", where, tl.git, m[1])
			}
		}
		if strings.Count(w, "{") != len(mcpTemplateWord.FindAllString(w, -1)) {
			t.Errorf("%s: git template word %q has a brace that is no {key}", where, w)
		}
	}
}

// TestMCPServerNames: the names READMEs tell people to configure, and the
// package names, find their family.
func TestMCPServerNames(t *testing.T) {
	cases := []struct{ server, family string }{
		{server: "filesystem", family: "filesystem"},
		{server: "@modelcontextprotocol/server-filesystem", family: "filesystem"},
		{server: "desktop-commander", family: "desktop-commander"},
		{server: "desktop_commander", family: "desktop-commander"},
		{server: "@wonderwhy-er/desktop-commander", family: "desktop-commander"},
		{server: "desktop-commander-in-docker", family: "desktop-commander"},
		{server: "github", family: "github"},
		{server: "GitHub", family: "github"},
		{server: "github-mcp-server", family: "github"},
		{server: "@modelcontextprotocol/server-github", family: "github"},
		{server: "git", family: "git"},
		{server: "mcp-server-git", family: "git"},
		{server: "fetch", family: "fetch"},
		{server: "mcp-server-fetch", family: "fetch"},
		{server: "playwright", family: "playwright"},
		{server: "Playwright", family: "playwright"},
		{server: "puppeteer", family: "puppeteer"},
		{server: "mcp-puppeteer", family: "puppeteer"},
		{server: "chrome-devtools", family: "chrome-devtools"},
		{server: "chrome-devtools-mcp", family: "chrome-devtools"},
		{server: "mcp-server-commands", family: "commands"},
		{server: "codex-shell-tool-mcp", family: "codex-shell"},
		{server: "shell", family: "shell"},
		{server: "mcp-shell-server", family: "shell"},
		{server: "memory", family: "memory"},
		{server: "sequential-thinking", family: "sequential-thinking"},
		{server: "sequentialthinking", family: "sequential-thinking"},
		{server: "everything", family: "everything"},
		{server: "slack", family: "slack"},
		{server: "notionApi", family: "notion"},
		{server: "notion", family: "notion"},
		{server: "sentry", family: "sentry"},
		{server: "context7", family: "context7"},
		{server: "Context7", family: "context7"},
		{server: "@upstash/context7-mcp", family: "context7"},
		{server: "my-own-server", family: ""},
		{server: "", family: ""},
		// a version, and a package whose own name is only "mcp"
		{server: "@wonderwhy-er/desktop-commander@latest", family: "desktop-commander"},
		{server: "chrome-devtools-mcp@latest", family: "chrome-devtools"},
		{server: "@modelcontextprotocol/server-filesystem@2026.8.31", family: "filesystem"},
		{server: "@playwright/mcp", family: "playwright"},
		{server: "@playwright/mcp@0.0.83", family: "playwright"},
		{server: "@sentry/mcp-server", family: "sentry"},
		{server: "mcp", family: ""},
		{server: "@acme/mcp", family: ""},
	}
	for _, tc := range cases {
		f, ok := mcpFamilyOf(tc.server)
		if ok != (tc.family != "") || f.name != tc.family {
			t.Errorf("mcpFamilyOf(%q) = %q, %v; want %q", tc.server, f.name, ok, tc.family)
		}
	}
}

// TestMCPServerForms: a server as each agent names it: Claude Code's
// plugin servers, a URL (Cursor's url), a command line that starts it
// (Cursor's command), with a version or without.
func TestMCPServerForms(t *testing.T) {
	for _, tc := range []struct{ server, family string }{
		{server: "plugin_tools_desktop-commander", family: "desktop-commander"},
		{server: "plugin_playwright_playwright", family: "playwright"},
		{server: "plugin_my_tools_github", family: "github"},
		{server: "plugin_tools_acme", family: ""},
		{server: "https://api.githubcopilot.com/mcp/", family: "github"},
		{server: "https://mcp.notion.com/mcp", family: "notion"},
		{server: "https://mcp.sentry.dev/mcp", family: "sentry"},
		{server: "https://mcp.context7.com/mcp", family: "context7"},
		{server: "https://mcp.example.com/mcp", family: ""},
		{server: "npx -y @wonderwhy-er/desktop-commander@latest", family: "desktop-commander"},
		{server: "npx -y @playwright/mcp@latest --headless", family: "playwright"},
		{server: "npx -y chrome-devtools-mcp@latest", family: "chrome-devtools"},
		{server: "uvx mcp-server-git --repository .", family: "git"},
		{server: "npx -y acme-mcp", family: ""},
	} {
		f, ok := mcpFamilyFor(tc.server)
		if ok != (tc.family != "") || f.name != tc.family {
			t.Errorf("mcpFamilyFor(%q) = %q, %v; want %q", tc.server, f.name, ok, tc.family)
		}
	}
}

// TestMCPToolNamed: a tool name exactly one family has finds that
// family's tool whatever the server is called; a name two families have
// finds none.
func TestMCPToolNamed(t *testing.T) {
	for _, tc := range []struct {
		server, tool string
		match        mcpMatch
		rule         string
	}{
		{server: "dc", tool: "start_process", match: mcpByToolName, rule: "mcp-desktop-commander-run"},
		{server: "browser", tool: "browser_run_code_unsafe", match: mcpByToolName, rule: "mcp-browser-code"},
		{server: "files", tool: "read_text_file", match: mcpByToolName},
		{server: "puppeteer", tool: "browser_navigate", match: mcpByToolName, rule: "mcp-browser-navigate"},
		{server: "files", tool: "read_file", match: mcpNotFound},     // filesystem's and Desktop Commander's
		{server: "linear", tool: "create_issue", match: mcpNotFound}, // GitHub's, a remote service's: every tracker's name
		{server: "github", tool: "create_issue", match: mcpByServer},
		{server: "", tool: "dc_start_process", match: mcpByToolName, rule: "mcp-desktop-commander-run"},
		{server: "", tool: "desktop-commander_start_process", match: mcpByServer, rule: "mcp-desktop-commander-run"},
		{server: "desktop-commander", tool: "start_process", match: mcpByServer, rule: "mcp-desktop-commander-run"},
		{server: "acme", tool: "frobnicate", match: mcpNotFound},
	} {
		tl, match := mcpToolOf(tc.server, tc.tool)
		if match != tc.match || (tc.rule != "" && tl.rule.id != tc.rule) {
			t.Errorf("mcpToolOf(%q, %q) = %s, %v; want %s, %v", tc.server, tc.tool, tl.rule.id, match, tc.rule, tc.match)
		}
	}
}

// mcpSchema is a testdata/mcp file: the tools a server's published
// package lists, each with the keys of its arguments as argKey writes them
// ("edits.oldText"), "x.*" for an object whose keys the schema leaves open.
type mcpSchema struct {
	Source string              `json:"source"`
	Tools  map[string][]string `json:"tools"`
}

// mcpTableOnly are tools a table has that no schema in testdata lists,
// with the reason.
var mcpTableOnly = map[string]map[string]string{
	"github": {
		// github-mcp-server's pkg/github/deprecated_tool_aliases.go names
		// them; they were merged into actions_get before the releases kept
		// snapshots of their schemas.
		"get_workflow":          "renamed before v0.30, in deprecated_tool_aliases.go only",
		"get_workflow_job":      "renamed before v0.30, in deprecated_tool_aliases.go only",
		"get_workflow_job_logs": "renamed before v0.30, in deprecated_tool_aliases.go only",
	},
}

// TestMCPSchemas holds each family's table to the tool schemas of the
// server's published package: every tool and argument the schemas name is
// in the table, and the table names no tool or argument they lack. A new
// version's tools show up here once its file is refreshed.
//
// An open object's keys ("launchOptions.*", Notion's "properties.*") are
// the user's or the service's: the format has no role for a whole subtree,
// so its leaves are judged as an unknown server's arguments (mcp.go).
func TestMCPSchemas(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "mcp", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schema in testdata/mcp: %v", err)
	}
	byName := map[string]mcpFamily{}
	for _, f := range mcpServed() {
		byName[f.name] = f
	}
	seen := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			f, ok := byName[name]
			if !ok {
				t.Fatalf("%s: no family %q", file, name)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var sc mcpSchema
			if err := json.Unmarshal(data, &sc); err != nil || sc.Source == "" || len(sc.Tools) == 0 {
				t.Fatalf("%s: %v (source %q, %d tools)", file, err, sc.Source, len(sc.Tools))
			}
			checkMCPSchema(t, f, sc)
		})
	}
	for name := range byName {
		if !seen[name] {
			t.Errorf("family %s: no schema in testdata/mcp/%s.json", name, name)
		}
	}
}

func checkMCPSchema(t *testing.T, f mcpFamily, sc mcpSchema) {
	t.Helper()
	var missing []string
	for tool, keys := range sc.Tools {
		tl, ok := f.tools[tool]
		if !ok {
			missing = append(missing, tool)
			continue
		}
		schemaKeys := map[string]bool{}
		for _, k := range keys {
			schemaKeys[k] = true
			if strings.HasSuffix(k, ".*") {
				continue
			}
			if _, ok := tl.args[k]; !ok {
				t.Errorf("%s.%s: argument %s of the schema is not in the table", f.name, tool, k)
			}
		}
		for k := range tl.args {
			if !schemaKeys[k] {
				t.Errorf("%s.%s: the table's argument %s is not in the schema", f.name, tool, k)
			}
		}
	}
	sort.Strings(missing)
	for _, tool := range missing {
		t.Errorf("%s: tool %s of the schema is not in the table", f.name, tool)
	}
	for tool := range f.tools {
		if _, ok := sc.Tools[tool]; !ok && mcpTableOnly[f.name][tool] == "" {
			t.Errorf("%s: the table's tool %s is in no schema (a typo, or one for mcpTableOnly)", f.name, tool)
		}
	}
}

// mcpNamedButIgnored are arguments of machine-local families whose names
// sound like a path or a command but are neither, with the reason.
var mcpNamedButIgnored = map[string]string{
	"desktop-commander.block_command.command":      "a command's name, added to the server's block list, not run",
	"desktop-commander.unblock_command.command":    "a command's name, taken off the server's block list, not run",
	"playwright.browser_cookie_list.path":          "a cookie's URL path",
	"playwright.browser_cookie_set.path":           "a cookie's URL path",
	"everything.trigger-url-elicitation.errorPath": "a boolean that chooses how the server asks",
	"desktop-commander.search_code.filePattern":    "a glob the names found must match",
	"desktop-commander.start_search.filePattern":   "a glob the names found must match",
}

// TestMCPArgNames: in a family that acts on this machine, an argument
// named as a path has a path role and one named as a command the command
// role, unless mcpNamedButIgnored says why not. It catches an argument
// left as argIgnored by mistake, which would be judged as nothing, and a
// shell's name given the command role.
func TestMCPArgNames(t *testing.T) {
	pathLike := regexp.MustCompile(`(?i)(path|file|dir)|^(source|destination)$`)
	commandLike := regexp.MustCompile(`^(command|cmd|script|code|stdin|input|initScript)$`)
	for _, f := range mcpServed() {
		if f.remote {
			continue
		}
		for tool, tl := range f.tools {
			for k, role := range tl.args {
				where := f.name + "." + tool + "." + k
				if mcpNamedButIgnored[where] != "" {
					if role != argIgnored {
						t.Errorf("%s: in mcpNamedButIgnored, but has role %v", where, role)
					}
					continue
				}
				last := k[strings.LastIndexByte(k, '.')+1:]
				if commandLike.MatchString(last) && role != argCommand && role != argArgv && role != argJS && !(last == "stdin" && role == argStdin) {
					t.Errorf("%s: named as a command, role %v", where, role)
				}
				if pathLike.MatchString(last) && role == argIgnored {
					t.Errorf("%s: named as a path, but ignored", where)
				}
				// The program a command line is given to: its name alone,
				// read as a command line, is an interactive shell
				// (dangerous), which it is not here.
				if (last == "shell" || last == "interpreter") && role != argShell && role != argIgnored {
					t.Errorf("%s: the program that runs the command, judged as a command line", where)
				}
			}
		}
	}
}

// TestMCPIssueRows: the table's half of issue 23's rows: the tools the
// issue names have the roles that make the engine judge them as the agent's
// own shell and file tools would.
func TestMCPIssueRows(t *testing.T) {
	cases := []struct {
		server, tool string
		args         argRoles
		atLeast      Level
	}{
		// a command line decides, as the same text in a shell call would
		{server: "desktop-commander", tool: "execute_command", args: argRoles{"command": argCommand, "shell": argShell}, atLeast: Minimal},
		{server: "desktop-commander", tool: "start_process", args: argRoles{"command": argCommand, "shell": argShell}, atLeast: Minimal},
		{server: "filesystem", tool: "write_file", args: argRoles{"path": argPathWrite, "content": argIgnored}, atLeast: Low},
		{server: "filesystem", tool: "read_text_file", args: argRoles{"path": argPathRead}, atLeast: Minimal},
		{server: "filesystem", tool: "move_file", args: argRoles{"source": argPathMoveFrom, "destination": argPathMoveTo}, atLeast: Low},
		// A write to the remote's main is a push: high, as git push is.
		{server: "github", tool: "create_or_update_file", args: argRoles{"path": argIgnored, "branch": argIgnored}, atLeast: High},
		{server: "github", tool: "push_files", args: argRoles{"files.path": argIgnored, "files.content": argIgnored}, atLeast: High},
		{server: "fetch", tool: "fetch", args: argRoles{"url": argURL}, atLeast: High},
		{server: "playwright", tool: "browser_navigate", args: argRoles{"url": argURL}, atLeast: High},
		{server: "playwright", tool: "browser_file_upload", args: argRoles{"paths": argPathRead}, atLeast: Medium},
		{server: "playwright", tool: "browser_evaluate", args: argRoles{"filename": argPathWrite}, atLeast: High},
		{server: "puppeteer", tool: "puppeteer_evaluate", atLeast: High},
		{server: "mcp-server-commands", tool: "run_command", args: argRoles{"command": argCommand, "stdin": argStdin, "workdir": argDir}, atLeast: Minimal},
		{server: "git", tool: "git_checkout", args: argRoles{"repo_path": argRepo, "branch_name": argGitRef}, atLeast: Medium},
	}
	for _, tc := range cases {
		f, ok := mcpFamilyOf(tc.server)
		tl, ok2 := f.tools[tc.tool]
		if !ok || !ok2 {
			t.Errorf("%s.%s: not in the tables", tc.server, tc.tool)
			continue
		}
		if tl.rule.level < tc.atLeast {
			t.Errorf("%s.%s: rule %s is %v, want at least %v", tc.server, tc.tool, tl.rule.id, tl.rule.level, tc.atLeast)
		}
		for k, want := range tc.args {
			if got, ok := tl.args[k]; !ok || got != want {
				t.Errorf("%s.%s: argument %s is %v (listed %v), want %v", tc.server, tc.tool, k, got, ok, want)
			}
		}
	}
	// The dangerous rule is GitHub's repository delete, as gh repo delete.
	if f, _ := mcpFamilyOf("github"); !f.tools["delete_repository"].rule.dangerous {
		t.Error("github.delete_repository is not dangerous, as gh repo delete is")
	}
}
