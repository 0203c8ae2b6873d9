package classify

import "testing"

// TestAgentsHeldOut holds spellings written after agentCommand was built
// and kept out of agentsCases: other wrappers and variables, flags in
// other places and forms, other subcommands.
func TestAgentsHeldOut(t *testing.T) {
	for _, cmd := range []string{
		"XDG_DATA_HOME=/tmp/d opencode run hi",
		"sudo HOME=/tmp/h claude -p hi",
		"h=/tmp/fake; HOME=$h cursor-agent -p hi",
		"timeout 60 claude --dangerously-skip-permissions -p hi",
		"claude -p hi --permission-mode=bypassPermissions",
		"claude --mcp-config servers.json -p hi",
		"claude --plugin-dir ./plugins -p hi",
		"codex --yolo exec hi",
		"codex exec --config sandbox_mode=danger-full-access hi",
		"codex exec --sandbox danger-full-access hi",
		"gemini -y -p hi",
		"copilot --yolo -p hi",
		"pi -e ./ext.ts -p hi",
		"claude mcp add-json x '{}'",
		"gemini extensions link ./ext",
		"codex features disable hooks",
		"copilot plugin install x",
		"nohup gemini mcp add x ./srv &",
		// issue 27, class 3: through package runners and node
		"npx --yes @anthropic-ai/claude-code@2.1.0 -p hi --permission-mode bypassPermissions",
		"bun x @google/gemini-cli -y -p hi",
		"npm x -- @openai/codex exec --sandbox danger-full-access hi",
		"pnpm dlx @mariozechner/pi-coding-agent --no-extensions -p hi",
		"nodejs node_modules/@google/gemini-cli/dist/index.js --yolo",
		"npx @github/copilot plugin install x",
		"export OPENCODE_CONFIG_CONTENT='{}'; opencode run hi",
		"env GEMINI_CLI_SYSTEM_SETTINGS_PATH=./s.json gemini",
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %v), want dangerous: an agent started unguarded or extended", cmd, v.Level, ruleIDs(v))
		}
	}
	for _, cmd := range []string{"goose session", "xargs -0 claude -p < prompts", "command codex --help", "claude config get theme"} {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (rules %v), want at least high: it starts an agent", cmd, v.Level, ruleIDs(v))
		}
	}
}
