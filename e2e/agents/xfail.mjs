// Known failures: agent/case -> why. These print as XFAIL and do not fail
// the suite. Each is a real gap, reported in docs/development.md ("Real agents"); remove
// an entry when the case starts to pass (the run prints XPASS for it).

// Fail-open paths belong to the agent: it runs the call when its hook cannot
// answer. permguard cannot fix them from inside the hook.
const failOpen = (how) => `FAIL OPEN in the agent: ${how}, the agent runs the call (permguard never answered)`;

export const XFAIL = {
  'claude/hook-slow': failOpen('when the hook outlives its timeout'),
  'claude/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
  'codex/untrusted-hook': 'FAIL OPEN in the agent: codex exec silently skips a user hook until it is trusted in /hooks (permguard install says so); without --dangerously-bypass-hook-trust nothing guards the call',
  'codex/hook-slow': failOpen('when the hook outlives its timeout'),
  'codex/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
  'gemini/hook-slow': failOpen('when the hook outlives its timeout'),
  'gemini/hook-garbage': failOpen('when the hook prints something that is not JSON and exits 0'),
};
