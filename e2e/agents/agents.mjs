// How each real agent is configured, run headless against the mock model,
// and which of its tools each kind of call uses. Facts about the agents here
// were found by running the pinned versions (package.json); they change with
// new versions, which is why the versions are pinned.

import fs from 'node:fs';
import path from 'node:path';

const bin = (here, name) => path.join(here, 'node_modules/.bin', name);

// missing says why an agent cannot run, or nothing when its binary is there.
function missing(here, name) {
  const p = bin(here, name);
  if (!fs.existsSync(p)) return `${p} is not installed (run npm ci in e2e/agents)`;
  return '';
}

function writeJSON(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

// Every case's tool calls, per kind, for one agent: a list of candidate
// calls; the mock uses the first whose name the agent offers.
const shellCalls = (names) => (call, ctx) => names.map(([name, args]) => ({ name, args: args(call.command(ctx), ctx) }));

const claude = {
  name: 'claude',
  install: 'claude',
  cases: ['read-ls', 'shell-write-outside', 'curl-sh', 'ask-headless', 'tool-write-outside', 'self-config', 'self-config-bypass', 'bypass-outside', 'bypass-curl', 'todo', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
  unavailable: (here) => missing(here, 'claude'),
  installedFiles: (ctx) => [path.join(ctx.home, '.claude/settings.json')],
  lowerTimeout: (text, ctx) => text.replace(/"timeout": *\d+/g, `"timeout": ${ctx.hookTimeoutS}`),
  setup(ctx, env, c) {
    // Claude Code refuses --dangerously-skip-permissions as root unless it is
    // told it runs in a sandbox; this suite's case directories are one.
    if (c.bypass && process.getuid?.() === 0) env.IS_SANDBOX = '1';
    Object.assign(env, {
      ANTHROPIC_BASE_URL: ctx.base,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-dummy',
      // No telemetry, update checks or other calls home: there is no network.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    });
    // Skip the first-run screens; -p should not show them, but a fresh HOME
    // is exactly where a new version would start to.
    writeJSON(path.join(ctx.home, '.claude.json'), { hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true });
  },
  selfConfig: (ctx) => ({
    command: `echo '{"disableAllHooks":true}' > .claude/settings.local.json`,
    marker: path.join(ctx.work, '.claude/settings.local.json'),
  }),
  command(ctx, prompt, c) {
    const args = ['-p', prompt, '--model', 'claude-sonnet-4-5', '--output-format', 'text'];
    if (c.bypass) args.push('--dangerously-skip-permissions');
    return ['claude', args];
  },
  tools: {
    shell: shellCalls([['Bash', (command) => ({ command, description: 'e2e' })]]),
    write: (call, ctx) => [{ name: 'Write', args: { file_path: ctx.marker, content: call.content } }],
    // 2.1.330 has no TodoWrite in -p; its task list is the deferred TaskCreate.
    todo: () => [
      { name: 'TodoWrite', args: { todos: [{ content: 'check the build', status: 'pending', activeForm: 'Checking the build' }] } },
      { name: 'TaskCreate', force: true, args: { subject: 'check the build', description: 'run the tests', activeForm: 'Checking the build' } },
    ],
  },
};

export const AGENTS = { claude };
