// Known failures: agent/case -> why. These print as XFAIL and do not fail
// the suite. Each is a real gap, reported in README.md ("Real agents"); remove
// an entry when the case starts to pass (the run prints XPASS for it).

// Fail-open paths belong to the agent: it runs the call when its hook cannot
// answer. permguard cannot fix them from inside the hook.
const failOpen = (how) => `FAIL OPEN in the agent: ${how}, the agent runs the call (permguard never answered)`;

const mcpUnmarked = (what) => `opencode names an MCP tool <server>_<tool> and nothing marks it as MCP, so permguard judges it as an unknown tool (high) without reading its arguments: ${what}`;

export const XFAIL = {
  'claude/hook-slow': failOpen('when the hook outlives its timeout'),
  'claude/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
  'codex/untrusted-hook': 'FAIL OPEN in the agent: codex exec silently skips a user hook until it is trusted in /hooks (permguard install says so); without --dangerously-bypass-hook-trust nothing guards the call',
  'codex/hook-slow': failOpen('when the hook outlives its timeout'),
  'codex/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
  'gemini/hook-slow': failOpen('when the hook outlives its timeout'),
  'gemini/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
  // opencode 1.18.33 hands its plugin an MCP tool as <server>_<tool>
  // (desktop-commander_execute_command) with nothing that marks it as MCP,
  // so permguard judges it as a tool it does not know (high), without its
  // arguments: blocked below high whatever it does, run at high whatever it
  // does. The plugin would have to say which tools are MCP (docs/agents.md §7).
  'opencode/mcp-read': mcpUnmarked('an MCP call that only lists the workspace is blocked at medium'),
  'opencode/mcp-shell': mcpUnmarked('blocked at medium, but as an unknown tool: at level high it runs'),
  'opencode/mcp-write': mcpUnmarked('blocked at medium, but as an unknown tool: at level high it runs'),
};
