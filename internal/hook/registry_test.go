package hook

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const payloadDir = "../../testdata/payloads"

// TestRegistry: every dialect has every piece, so that a new agent
// missing one fails here and not in front of a user.
func TestRegistry(t *testing.T) {
	seen := map[Agent]bool{Auto: true}
	targets := map[string]bool{}
	for _, d := range dialects {
		if d.Agent == "" || seen[d.Agent] {
			t.Errorf("dialect %q: no name, or a name taken already", d.Agent)
		}
		seen[d.Agent] = true
		if d.Display == "" {
			t.Errorf("%s: no display name", d.Agent)
		}
		if d.decode == nil || d.encode == nil || d.canAsk == nil {
			t.Errorf("%s: decode, encode or canAsk is missing", d.Agent)
		}
		detected := slices.ContainsFunc(detection, func(s signature) bool { return s.agent == d.Agent })
		if detected == d.OnlyNamed {
			t.Errorf("%s: OnlyNamed is %v, but a signature in detection names it: %v", d.Agent, d.OnlyNamed, detected)
		}
		if len(d.Targets) == 0 {
			t.Errorf("%s: no install target", d.Agent)
		}
		for _, tg := range d.Targets {
			if tg.Name == "" || targets[tg.Name] {
				t.Errorf("%s: install target %q: no name, or a name taken already", d.Agent, tg.Name)
			}
			targets[tg.Name] = true
			if tg.Project == "" {
				t.Errorf("%s: install target %s has no project file", d.Agent, tg.Name)
			}
			if tg.Extension != (len(tg.Events) == 0 && tg.Entry == nil) {
				t.Errorf("%s: install target %s: an extension has no events and no entry, a hook has both", d.Agent, tg.Name)
			}
			if (tg.UserDirVar != "" || tg.UserDir != "") && tg.User == "" {
				t.Errorf("%s: install target %s has a user directory but no user file", d.Agent, tg.Name)
			}
			// every agent a person installs logs in somewhere: an agent
			// without its credential files here would have its login read
			// as an ordinary file
			if len(tg.Secrets.Home) == 0 {
				t.Errorf("%s: install target %s lists no credential files (Secrets.Home)", d.Agent, tg.Name)
			}
			for _, p := range tg.Secrets.Home {
				if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.Contains(p, "..") {
					t.Errorf("%s: install target %s: secret %q is not a path under the home directory", d.Agent, tg.Name, p)
				}
			}
			for _, sd := range tg.Secrets.Vars {
				if !slices.Contains(SecretVars(), sd.Var) || len(sd.Paths) == 0 {
					t.Errorf("%s: install target %s: secret variable %s lists no paths, or SecretVars misses it", d.Agent, tg.Name, sd.Var)
				}
			}
		}
		testFixtures(t, d)
	}
	for _, s := range detection {
		if lookup(s.agent) == nil {
			t.Errorf("a signature names %q, which is not in the registry", s.agent)
		}
	}
}

// testFixtures checks d's payloads: under testdata/payloads/<agent>, or,
// for a dialect spoken only through extensions, under each target's name.
// Auto tells each of an agent's own payloads as d's (some exist to show a
// failure, but that failure is still d's); a dialect only named reads
// every payload of its targets.
func testFixtures(t *testing.T, d *Dialect) {
	dirs := []string{string(d.Agent)}
	if _, err := os.Stat(filepath.Join(payloadDir, dirs[0])); err != nil {
		dirs = nil
		for _, tg := range d.Targets {
			dirs = append(dirs, tg.Name)
		}
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(payloadDir, dir, "*.json"))
		if len(files) == 0 {
			t.Errorf("%s: no payloads in testdata/payloads/%s", d.Agent, dir)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			rel := dir + "/" + filepath.Base(name)
			if d.OnlyNamed {
				if _, err := Decode(data, d.Agent); err != nil {
					t.Errorf("Decode(%s, %s) = %v", rel, d.Agent, err)
				}
				continue
			}
			c, err := Decode(data, Auto)
			var de *DecodeError
			switch {
			case err == nil && c.Agent != d.Agent:
				t.Errorf("Decode(%s, auto) detects %s", rel, c.Agent)
			case errors.As(err, &de) && de.Agent != d.Agent:
				t.Errorf("Decode(%s, auto) = %v, detected as %q", rel, err, de.Agent)
			}
		}
	}
}

// TestRegistryLists pins what the registry derives: the names --agent
// takes and their order, the messages that list them, the project
// variables.
func TestRegistryLists(t *testing.T) {
	if got, want := Agents(), []Agent{Auto, Claude, Codex, Gemini, Cursor, Copilot, Generic}; !slices.Equal(got, want) {
		t.Errorf("Agents() = %v, want %v", got, want)
	}
	for _, a := range Agents() {
		if got, ok := ParseAgent(string(a)); !ok || got != a {
			t.Errorf("ParseAgent(%s) = %s, %v", a, got, ok)
		}
	}
	if _, ok := ParseAgent("windsurf"); ok {
		t.Errorf("ParseAgent(windsurf) = ok")
	}
	if got, want := ErrUnknownDialect.Error(), "the payload is not a tool call of any agent permguard knows (claude, codex, gemini, cursor, copilot)"; got != want {
		t.Errorf("ErrUnknownDialect = %q, want %q", got, want)
	}
	if got, want := UnknownAgentError("windsurf"), `permguard: --agent "windsurf" is not one of auto, claude, codex, gemini, cursor, copilot, generic; the tool call is denied`; got != want {
		t.Errorf("UnknownAgentError = %q, want %q", got, want)
	}
	if got, want := ProjectDirVars(), []string{"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "CURSOR_PROJECT_DIR"}; !slices.Equal(got, want) {
		t.Errorf("ProjectDirVars() = %q, want %q", got, want)
	}
	display := map[Agent]string{
		Claude: "Claude Code", Codex: "Codex", Gemini: "Gemini CLI", Cursor: "Cursor", Copilot: "Copilot",
		Generic: "the agent", Auto: "the agent", "": "the agent",
	}
	for a, want := range display {
		if got := a.Display(); got != want {
			t.Errorf("%q.Display() = %q, want %q", a, got, want)
		}
	}
	dirVar := map[Agent]string{Claude: "CLAUDE_PROJECT_DIR", Gemini: "GEMINI_PROJECT_DIR", Cursor: "CURSOR_PROJECT_DIR", Codex: "", Copilot: "", Generic: "", Auto: ""}
	for a, want := range dirVar {
		if got := a.ProjectDirVar(); got != want {
			t.Errorf("%q.ProjectDirVar() = %q, want %q", a, got, want)
		}
	}
}

// TestCanAsk pins which agents put an ask to a person themselves.
func TestCanAsk(t *testing.T) {
	tests := []struct {
		agent Agent
		event string
		mode  string
		want  bool
	}{
		{Claude, "PreToolUse", "default", true},
		{Claude, "PreToolUse", "acceptEdits", true},
		{Claude, "PreToolUse", "plan", true},
		// auto shows a hook's ask to the person and honours a No; -p
		// denies it (2.1.332, docs/agents.md §1)
		{Claude, "PreToolUse", "auto", true},
		// bypassPermissions drops an ask on its sensitive paths; dontAsk
		// denies; a mode nobody measured is not trusted
		{Claude, "PreToolUse", "bypassPermissions", false},
		{Claude, "PreToolUse", "dontAsk", false},
		{Claude, "PreToolUse", "someNewMode", false},
		// the agents that copy the payload name no mode
		{Claude, "PreToolUse", "", false},
		{Codex, "PreToolUse", "default", false},
		// Gemini CLI's ask hangs headless runs and overrides its policy
		{Gemini, "BeforeTool", "", false},
		{Cursor, "beforeShellExecution", "", true},
		{Cursor, "beforeMCPExecution", "", true},
		{Cursor, "beforeReadFile", "", false},
		{Cursor, "preToolUse", "", false},
		{Copilot, "preToolUse", "", true},
		{Generic, "", "", true},
		{Auto, "PreToolUse", "", false},
	}
	for _, tt := range tests {
		if got := CanAsk(&Call{Agent: tt.agent, Event: tt.event, Mode: tt.mode}); got != tt.want {
			t.Errorf("CanAsk(%s, %s, mode %q) = %v, want %v", tt.agent, tt.event, tt.mode, got, tt.want)
		}
	}
	if !CanAsk(&Call{Agent: Claude, Variant: VSCode, Event: "PreToolUse"}) {
		t.Errorf("CanAsk(VS Code agent hooks) = false: VS Code shows the ask in its own confirmation")
	}
}

// TestGuardVarsSettings: the agents' variables that give settings
// themselves or name a settings file read over the user's (opencode's
// inline JSON, Gemini CLI's system settings and defaults) are guard
// variables, dangerous to set for a child as a moved home is.
func TestGuardVarsSettings(t *testing.T) {
	got := GuardVars()
	for _, v := range []string{"OPENCODE_CONFIG", "OPENCODE_CONFIG_CONTENT", "GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH"} {
		if !slices.Contains(got, v) {
			t.Errorf("GuardVars() = %q, want %s among them", got, v)
		}
	}
}
