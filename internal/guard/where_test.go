package guard

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// TestProtectedFromRegistry: for every agent install knows, writing or
// deleting the file install writes, in the project and in the user's
// directory (the default one and the one its variable names), is
// dangerous, by shell and by tool call. A dialect added without its
// Protect entries fails here.
func TestProtectedFromRegistry(t *testing.T) {
	getenv := func(k string) string {
		return map[string]string{
			"HOME": "/home/u", "PI_CODING_AGENT_DIR": "/opt/pi", "XDG_CONFIG_HOME": "/home/u/xdg",
		}[k]
	}
	env := ReadEnv(getenv)
	req := Request{Cwd: "/home/u/proj", Self: "/home/u/bin/permguard", Wd: "/home/u/proj"}
	ce, err := classifyEnv(req, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	check := func(agent, file string) {
		t.Helper()
		for _, cmd := range []string{"echo '{}' > " + file, "rm -f " + file, "mv /tmp/x " + file} {
			if v := classify.Classify(cmd, ce); !v.Dangerous {
				t.Errorf("%s: Classify(%q) = %v, not dangerous", agent, cmd, v.Level)
			}
		}
		for _, kind := range []classify.ToolKind{classify.ToolFileWrite, classify.ToolFileDelete} {
			if v := classify.ClassifyTool(classify.ToolCall{Kind: kind, Name: "Write", Paths: []string{file}}, ce); !v.Dangerous {
				t.Errorf("%s: ClassifyTool(%v %s) = %v, not dangerous", agent, kind, file, v.Level)
			}
		}
	}
	n := 0
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			n++
			if tg.Protect.What == "" || len(tg.Protect.Project) == 0 || tg.User != "" && len(tg.Protect.User) == 0 {
				t.Errorf("%s: Protect %+v: it needs What, Project, and User when the agent has a user file", tg.Name, tg.Protect)
			}
			// every user file listed, where the agent has no user file of
			// permguard's too (Copilot's settings can turn hooks off)
			for _, u := range tg.Protect.User {
				f := filepath.Join("/home/u", tg.UserDir, u)
				if strings.HasSuffix(u, "/") {
					f += "/x.json"
				}
				if v := classify.Classify("echo '{}' > "+f, ce); !v.Dangerous {
					t.Errorf("%s: writing %s = %v, not dangerous", tg.Name, f, v.Level)
				}
			}
			if tg.Project != "" {
				check(tg.Name, tg.Project)
				check(tg.Name, filepath.Join("/elsewhere/repo", tg.Project))
			}
			if tg.User != "" {
				check(tg.Name, filepath.Join("/home/u", tg.UserDir, tg.User))
				if v := env.AgentDirs[tg.UserDirVar]; v != "" {
					check(tg.Name, filepath.Join(v, tg.User))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no install targets in the registry")
	}
	check("permguard", "/home/u/bin/permguard")
}

// TestProtectedAgentVars: the variables that move an agent's directory
// (each verified in the agent's own docs or source) protect the files
// there, and setting one for a child is dangerous.
func TestProtectedAgentVars(t *testing.T) {
	vars := map[string]string{
		"HOME": "/home/u", "CODEX_HOME": "/srv/codex", "CLAUDE_CONFIG_DIR": "/srv/claude",
		"GEMINI_CLI_HOME": "/srv/gem", "OPENCODE_CONFIG_DIR": "/srv/oc", "OPENCODE_CONFIG": "/srv/oc.json",
	}
	env := ReadEnv(func(k string) string { return vars[k] })
	ce, err := classifyEnv(Request{Cwd: "/home/u/proj", Wd: "/home/u/proj"}, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{
		"echo '{}' > /srv/codex/hooks.json", "rm /srv/codex/config.toml", "echo '{}' > /srv/claude/settings.local.json",
		"echo x > /srv/claude/hooks/guard.sh", "rm /srv/gem/.gemini/settings.json", "echo x > /srv/oc/plugins/p.js",
		"echo '{}' > /srv/oc.json", "echo x > .claude/hooks/guard.sh", "echo x > /home/u/.gemini/hooks/x.sh",
		"CODEX_HOME=/tmp/c codex", "env CLAUDE_CONFIG_DIR=/tmp/c claude", "export OPENCODE_CONFIG_DIR=/tmp/o",
	} {
		if v := classify.Classify(cmd, ce); !v.Dangerous {
			t.Errorf("Classify(%q) = %v, not dangerous", cmd, v.Level)
		}
	}
	if v := classify.Classify("XDG_CONFIG_HOME=/tmp/x ls", ce); v.Dangerous {
		t.Errorf("XDG_CONFIG_HOME for a child is dangerous; every program reads it")
	}
}

// TestProtectedOnPath: a repository's entry runs permguard as PATH finds
// it, so a program of that name written into a directory on PATH would
// answer in its place: that is dangerous, in the workspace and out of it.
// The same name elsewhere, or in a relative PATH entry, is not.
func TestProtectedOnPath(t *testing.T) {
	vars := map[string]string{"HOME": "/home/u", "PATH": "/home/u/proj/bin:/home/u/.local/bin:node_modules/.bin:/usr/bin"}
	env := ReadEnv(func(k string) string { return vars[k] })
	ce, err := classifyEnv(Request{Cwd: "/home/u/proj", Wd: "/home/u/proj"}, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{
		"cp /tmp/x bin/permguard", "echo x > /home/u/.local/bin/permguard", "ln -s /tmp/x /home/u/proj/bin/permguard",
		"rm /home/u/.local/bin/permguard", "mv /tmp/x /usr/bin/permguard",
	} {
		if v := classify.Classify(cmd, ce); !v.Dangerous {
			t.Errorf("Classify(%q) = %v, not dangerous", cmd, v.Level)
		}
	}
	if v := classify.ClassifyTool(classify.ToolCall{Kind: classify.ToolFileWrite, Name: "Write", Paths: []string{"/home/u/proj/bin/permguard"}}, ce); !v.Dangerous {
		t.Errorf("a Write of bin/permguard, on PATH: %v, not dangerous", v.Level)
	}
	for _, cmd := range []string{"cp /tmp/x out/permguard", "cp /tmp/x node_modules/.bin/permguard", "cp /tmp/x bin/permguard-old"} {
		if v := classify.Classify(cmd, ce); v.Dangerous {
			t.Errorf("Classify(%q) is dangerous: it is on no absolute PATH entry", cmd)
		}
	}
}

// TestProtectedNoHome: without a home directory the user's files are
// unknown, and the projects' are still protected.
func TestProtectedNoHome(t *testing.T) {
	for _, p := range protectedPaths(Env{}, "") {
		if filepath.IsAbs(p.Path) {
			t.Errorf("protected %q without a home directory", p.Path)
		}
	}
}

// TestSecretsFromRegistry: every agent's own credential file, in the home
// directory and in the directory its variable names, is a secret read by
// shell and by tool call, and a copy of the directory above it reads it.
// A dialect whose Secrets do not reach the classifier fails here.
func TestSecretsFromRegistry(t *testing.T) {
	vars := map[string]string{"HOME": "/home/u"}
	for _, v := range hook.SecretVars() {
		vars[v] = "/opt/moved/" + v
	}
	env := ReadEnv(func(k string) string { return vars[k] })
	ce, err := classifyEnv(Request{Cwd: "/home/u/proj", Wd: "/home/u/proj"}, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	check := func(agent, file string) {
		t.Helper()
		// a pattern element stands for a file it matches
		file = strings.ReplaceAll(file, "*", "-v2")
		for _, cmd := range []string{"cat '" + file + "'", "head -c 100 '" + file + "'", "cp -r '" + filepath.Dir(file) + "' cfg"} {
			if v := classify.Classify(cmd, ce); v.Level < classify.High || !strings.Contains(ruleIDsOf(v), "read-secret") {
				t.Errorf("%s: Classify(%q) = %v (%s), not a secret read", agent, cmd, v.Level, ruleIDsOf(v))
			}
		}
		if v := classify.ClassifyTool(classify.ToolCall{Kind: classify.ToolFileRead, Name: "Read", Paths: []string{file}}, ce); v.Level < classify.High {
			t.Errorf("%s: a Read of %s = %v, not a secret read", agent, file, v.Level)
		}
	}
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			for _, p := range tg.Secrets.Home {
				check(tg.Name, filepath.Join("/home/u", p))
			}
			for _, sd := range tg.Secrets.Vars {
				for _, p := range sd.Paths {
					check(tg.Name, filepath.Join(vars[sd.Var], p))
				}
			}
		}
	}
}

func ruleIDsOf(v classify.Verdict) string {
	var ids []string
	for _, r := range v.Reasons {
		ids = append(ids, r.Rule)
	}
	return strings.Join(ids, " ")
}

// TestAgentFootholdsFromRegistry: every agent file the registry says runs
// code later ([hook.Protect.Later]) reaches the classifier, so that
// writing one, in a project or in the user's home, is at least high and
// not dangerous; and the files that switch the guard off are not listed
// there as well.
func TestAgentFootholdsFromRegistry(t *testing.T) {
	env := ReadEnv(func(k string) string { return map[string]string{"HOME": "/home/u"}[k] })
	req := Request{Cwd: "/home/u/proj", Wd: "/home/u/proj"}
	ce, err := classifyEnv(req, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			for _, l := range tg.Protect.Later {
				n++
				if filepath.IsAbs(l) || slices.Contains(tg.Protect.Project, l) || slices.Contains(tg.Protect.User, l) {
					t.Errorf("%s: Later %q: want a relative path that Protect does not list already", tg.Name, l)
				}
				file := l
				if strings.HasSuffix(l, "/") {
					file += "x.md"
				}
				for _, f := range []string{file, filepath.Join("sub", file), filepath.Join("/home/u", file)} {
					cmd := "echo x >> " + f
					if v := classify.Classify(cmd, ce); v.Level < classify.High || v.Dangerous {
						t.Errorf("%s: Classify(%q) = %v dangerous=%v, want high: a file that runs code later", tg.Name, cmd, v.Level, v.Dangerous)
					}
					tc := classify.ToolCall{Kind: classify.ToolFileWrite, Name: "Write", Paths: []string{f}}
					if v := classify.ClassifyTool(tc, ce); v.Level < classify.High {
						t.Errorf("%s: ClassifyTool(Write %s) = %v, want high", tg.Name, f, v.Level)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no agent footholds in the registry")
	}
}

// TestAgentProgramsFromRegistry: every agent install knows has its
// program in the classifier's list of agents (classify.AgentPrograms),
// which judges an agent started by an agent, and the list names no
// install target the registry does not have. The classifier cannot
// import the registry, so the two lists are checked here.
func TestAgentProgramsFromRegistry(t *testing.T) {
	targets := map[string]bool{}
	for _, d := range hook.Dialects() {
		for _, tg := range d.Targets {
			targets[tg.Name] = true
		}
	}
	guarded := map[string]bool{}
	for prog, target := range classify.AgentPrograms() {
		if target == "" {
			continue
		}
		if !targets[target] {
			t.Errorf("classify.AgentPrograms: %s names install target %q, which the registry does not have", prog, target)
		}
		guarded[target] = true
	}
	for name := range targets {
		if !guarded[name] {
			t.Errorf("install target %s has no program in classify.AgentPrograms", name)
		}
	}
}

// TestAgentFilesAsShipped: the files of the agents as they ship today
// (issue 27) that switch the guard off are dangerous to write, and those
// that run code later are high: each row names its agent's documentation
// in the registry.
func TestAgentFilesAsShipped(t *testing.T) {
	env := ReadEnv(func(k string) string {
		return map[string]string{"HOME": "/home/u", "COPILOT_HOME": "/opt/copilot"}[k]
	})
	req := Request{Cwd: "/home/u/proj", Wd: "/home/u/proj"}
	ce, err := classifyEnv(req, &hook.Call{Kind: hook.KindShell}, env)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file      string
		dangerous bool
	}{
		// Copilot: settings that can turn hooks off, user-level hooks
		{".github/copilot/settings.json", true},
		{".github/copilot/settings.local.json", true},
		{"/home/u/.copilot/settings.json", true},
		{"/home/u/.copilot/config.json", true},
		{"/home/u/.copilot/hooks/mine.json", true},
		{"/opt/copilot/settings.json", true},
		{"/opt/copilot/hooks/mine.json", true},
		{"/home/u/.copilot/installed-plugins/p/hooks.json", false},
		// Cursor: a background agent's install and start commands
		{".cursor/environment.json", false},
		// Codex: plugins outside .codex/, which carry hooks
		{".codex-plugin/plugin.json", false},
		{".agents/plugins/p/hooks.json", false},
	} {
		v := classify.Classify("echo '{}' >> "+tc.file, ce)
		if v.Level != classify.High || v.Dangerous != tc.dangerous {
			t.Errorf("writing %s = %v dangerous=%v (%s), want high dangerous=%v", tc.file, v.Level, v.Dangerous, ruleIDsOf(v), tc.dangerous)
		}
	}
}
