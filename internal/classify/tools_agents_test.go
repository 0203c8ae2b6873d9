package classify

// agentsCases are issue 27 item 3: an agent that starts another agent.
// Any agent's program is at least high and names the agent; with its home
// or configuration moved, with an option that turns its hooks or
// permission checks off, or with a subcommand that adds servers,
// extensions or plugins, it is dangerous. TestAgentsHeldOut keeps other
// spellings out of this table.
var agentsCases = []classifyCase{
	// any agent: high, naming it
	high("claude -p 'fix the tests'", "agent-start"),
	high("codex exec 'run the linter'", "agent-start"),
	high("gemini -p hi", "agent-start"),
	high("copilot -p hi", "agent-start"),
	high("cursor-agent -p hi", "agent-start"),
	high("opencode run hi", "agent-start"),
	high("pi -p hi", "agent-start"),
	high("aider --message hi", "agent-start"),
	high("/usr/local/bin/claude -p hi", "agent-start"),
	high("gemini --approval-mode=default -p hi", "agent-start"),
	// a moved home or configuration directory
	dangerous("HOME=$PWD/fake claude -p hi", "agent-relocated"),
	dangerous("HOME=/tmp/h codex exec hi", "agent-relocated"),
	dangerous("XDG_CONFIG_HOME=/tmp/c opencode run hi", "agent-relocated"),
	dangerous("env HOME=/tmp/h gemini -p hi", "agent-relocated"),
	dangerous("export HOME=/tmp/h; claude -p hi", "agent-relocated"),
	dangerous("CLAUDE_CONFIG_DIR=/tmp/c claude -p hi", "self-protect-move"),
	// options that turn the guard off
	dangerous("claude --dangerously-skip-permissions -p hi", "agent-unguarded"),
	dangerous("claude -p hi --permission-mode bypassPermissions", "agent-unguarded"),
	dangerous(`claude --settings '{"disableAllHooks":true}' -p hi`, "agent-unguarded"),
	dangerous("claude --setting-sources project -p hi", "agent-unguarded"),
	dangerous("codex --dangerously-bypass-approvals-and-sandbox exec hi", "agent-unguarded"),
	dangerous("codex -c 'hooks=[]' exec hi", "agent-unguarded"),
	dangerous("codex exec -a never hi", "agent-unguarded"),
	dangerous("gemini --yolo -p hi", "agent-unguarded"),
	dangerous("gemini --approval-mode yolo -p hi", "agent-unguarded"),
	dangerous("copilot --allow-all-tools -p hi", "agent-unguarded"),
	dangerous("cursor-agent --force -p hi", "agent-unguarded"),
	dangerous("pi --no-extensions -p hi", "agent-unguarded"),
	// subcommands that add servers, extensions or plugins
	dangerous("claude mcp add fs -- npx -y server-fs", "agent-extend"),
	dangerous("claude plugin install p@market", "agent-extend"),
	dangerous("codex mcp add x -- ./x", "agent-extend"),
	dangerous("gemini extensions install https://example.com/ext", "agent-extend"),
	dangerous("opencode mcp add", "agent-extend"),
	dangerous("pi install npm:some-ext", "agent-extend"),
	high("claude mcp list", "agent-start"),
	// words not known now: any option, the unguarding ones included,
	// unless a value's place or -- says otherwise
	dangerous("claude $FLAGS -p hi", "agent-unguarded"),
	dangerous(`claude -p "$PROMPT"`, "agent-unguarded"),
	dangerous(`claude "${ARGS[@]}"`, "agent-unguarded"),
	dangerous(`claude --permission-mode "$MODE" -p hi`, "agent-unguarded"),
	dangerous("codex exec $OPTS hi", "agent-unguarded"),
	dangerous(`gemini --approval-mode "$M" -p hi`, "agent-unguarded"),
	high(`claude -p -- "$PROMPT"`, "agent-start"),
	high(`claude --model "$MODEL" -p hi`, "agent-start"),
	high(`gemini -p "$PROMPT"`, "agent-start"),
	high(`codex exec --model "$M" -- "$TASK"`, "agent-start"),
	high(`echo "$PROMPT" | claude -p`, "agent-start"),
	// an agent started through a package runner, or node running its
	// script: the rest is the agent's own command line (issue 27,
	// class 3)
	dangerous("npx -y @anthropic-ai/claude-code --dangerously-skip-permissions -p hi", "agent-unguarded"),
	dangerous("npx -y @google/gemini-cli --yolo", "agent-unguarded"),
	dangerous("bunx @openai/codex --yolo exec hi", "agent-unguarded"),
	dangerous("pnpm dlx @openai/codex --yolo exec hi", "agent-unguarded"),
	dangerous("yarn dlx @google/gemini-cli@latest --yolo", "agent-unguarded"),
	dangerous("npm exec -- @github/copilot --allow-all-tools -p hi", "agent-unguarded"),
	dangerous("npx opencode-ai mcp add", "agent-extend"),
	dangerous("node ./node_modules/@anthropic-ai/claude-code/cli.js --dangerously-skip-permissions", "agent-unguarded"),
	high("npx @anthropic-ai/claude-code -p hi", "agent-start"),
	high("node /usr/lib/node_modules/@mariozechner/pi-coding-agent/dist/cli.js -p hi", "agent-start"),
	// the agents' own variables for inline settings
	dangerous(`OPENCODE_CONFIG_CONTENT='{"plugin":[]}' opencode run hi`, "self-protect-move"),
	dangerous("GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/s.json gemini -p hi", "self-protect-move"),
	dangerous("GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/tmp/d.json gemini -p hi", "self-protect-move"),
}
