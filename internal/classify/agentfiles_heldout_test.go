package classify

import "testing"

// TestAgentFilesHeldOut holds spellings written after the agents' files
// that run code later (Env.AgentFootholds) and .gemini/.env were added,
// and kept out of the tables: other programs, depths, cases, and the
// agents' tool calls. Each is at least high; the .env rows are dangerous.
func TestAgentFilesHeldOut(t *testing.T) {
	for _, cmd := range []string{
		"install -D /tmp/c .claude/commands/team/ship.md",
		"ln -s /tmp/skill .claude/skills/deploy",
		"sed -i 's/a/b/' .claude/agents/reviewer.md",
		"mkdir -p .claude/plugins/p && cp /tmp/h.json .claude/plugins/p/hooks.json",
		"dd if=/tmp/x of=.gemini/commands/git/commit.toml",
		"rsync -a /tmp/cmds/ .opencode/commands/",
		"echo x >> ~/.config/opencode/command/r.md",
		"mv /tmp/a.md .github/agents/",
		"echo '{}' >> ~/.copilot/mcp-config.json",
		"cp x pkg/.Gemini/commands/r.toml",
	} {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (rules %v), want at least high: an agent's file that runs code later", cmd, v.Level, ruleIDs(v))
		}
	}
	for _, cmd := range []string{
		"cp /tmp/e .gemini/.env",
		"sed -i 's/^A=.*/A=2/' ~/.gemini/.env",
		"tee sub/.gemini/.env < /tmp/e",
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %v), want dangerous: Gemini CLI's hooks inherit what .gemini/.env sets", cmd, v.Level, ruleIDs(v))
		}
	}
	for _, p := range []string{".claude/skills/x/SKILL.md", "/home/u/proj/.opencode/command/r.md", ".github/agents/a.agent.md"} {
		if v := ClassifyTool(ToolCall{Kind: ToolFileWrite, Name: "Edit", Paths: []string{p}}, testEnv); v.Level < High {
			t.Errorf("ClassifyTool(Edit %s) = %v, want at least high", p, v.Level)
		}
	}
}
