// How each real agent is configured, run headless against the mock model,
// and which of its tools each kind of call uses. Facts about the agents here
// were found by running the pinned versions (package.json); they change with
// new versions, which is why the versions are pinned.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (here, name) => path.join(here, 'node_modules/.bin', name);

// missing says why an agent cannot run, or nothing when it can: its binary
// must be there and answer --version (the npm packages of Claude Code, Codex
// and opencode are wrappers of a native binary from an optional dependency,
// which a platform without one does not get).
function missing(here, name) {
  const p = bin(here, name);
  if (!fs.existsSync(p)) return `${p} is not installed (run make e2e-agents, which runs npm install in e2e/agents)`;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'permguard-e2e-version-'));
  try {
    const r = spawnSync(p, ['--version'], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8', timeout: 30000 });
    if (r.status !== 0) {
      const why = `${r.stderr || ''}${r.stdout || ''}`.trim().split('\n')[0] || (r.error ? String(r.error) : `status ${r.status}`);
      return `${name} --version fails: ${why}`;
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
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
  cases: ['read-ls', 'sandboxed-npm-test', 'sandboxed-planted-repo', 'sandbox-off-npm-test', 'boxed-script', 'boxed-inline', 'boxed-unknown', 'boxed-install', 'boxed-serve', 'shell-write-outside', 'curl-sh', 'ask-headless', 'auto-mode', 'tool-write-outside', 'tool-write-link', 'self-config', 'self-config-bypass', 'bypass-outside', 'bypass-curl', 'mcp-read', 'mcp-ask', 'mcp-shell', 'mcp-write', 'skill-shell', 'skill-shell-read', 'structured-output', 'todo', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
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
  // The mock MCP server from a file of its own (--mcp-config, and no other
  // server: --strict-mcp-config), its tools allowed by a permission rule as
  // a person running -p with a server they use would have them, so that
  // only permguard stops a call. (permguard's allow runs the call without
  // the rule too; it matters where permguard gives no answer.)
  mcp(ctx) {
    ctx.claudeMcpConfig = path.join(ctx.dir, 'claude-mcp.json');
    const { name, command, args } = ctx.mcpServer;
    writeJSON(ctx.claudeMcpConfig, { mcpServers: { [name]: { type: 'stdio', command, args } } });
  },
  command(ctx, prompt, c) {
    // A current model: claude-sonnet-4-5 is retired on 2026-11-30 (2.1.332
    // says so on every run), and has no auto mode (2.1.332 then runs in
    // default mode, saying so only in its debug log).
    const args = ['-p', prompt, '--model', 'claude-sonnet-4-6', '--output-format', c.jsonSchema ? 'json' : 'text'];
    if (c.permissionMode) args.push('--permission-mode', c.permissionMode);
    if (c.jsonSchema) args.push('--json-schema', JSON.stringify(c.jsonSchema));
    if (c.bypass) args.push('--dangerously-skip-permissions');
    if (c.mcp) args.push('--mcp-config', ctx.claudeMcpConfig, '--strict-mcp-config', '--allowedTools', `mcp__${ctx.mcpServer.name}`);
    return ['claude', args];
  },
  tools: {
    shell: shellCalls([['Bash', (command) => ({ command, description: 'e2e' })]]),
    write: (call, ctx) => [{ name: 'Write', args: { file_path: ctx.marker, content: call.content } }],
    mcp: (call, ctx) => [{ name: `mcp__${ctx.mcpServer.name}__${call.tool}`, force: true, args: call.args(ctx) }],
    skill: (call) => [{ name: 'Skill', force: true, args: { skill: call.skill } }],
    structured: (call) => [{ name: 'StructuredOutput', force: true, args: call.args }],
    // 2.1.330 has no TodoWrite in -p; its task list is the deferred TaskCreate.
    todo: () => [
      { name: 'TodoWrite', args: { todos: [{ content: 'check the build', status: 'pending', activeForm: 'Checking the build' }] } },
      { name: 'TaskCreate', force: true, args: { subject: 'check the build', description: 'run the tests', activeForm: 'Checking the build' } },
    ],
  },
};

const codex = {
  name: 'codex',
  install: 'codex',
  cases: ['read-ls', 'sandboxed-npm-test', 'sandboxed-planted-repo', 'sandbox-off-npm-test', 'boxed-script', 'boxed-inline', 'boxed-unknown', 'boxed-install', 'boxed-serve', 'shell-write-outside', 'curl-sh', 'ask-headless', 'tool-write-outside', 'tool-write-link', 'self-config', 'bypass-outside', 'bypass-curl', 'mcp-read', 'mcp-ask', 'mcp-shell', 'mcp-write', 'goal', 'todo', 'untrusted-hook', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
  unavailable: (here) => missing(here, 'codex'),
  installedFiles: (ctx) => [path.join(ctx.home, '.codex/hooks.json')],
  lowerTimeout: (text, ctx) => text.replace(/"timeout": *\d+/g, `"timeout": ${ctx.hookTimeoutS}`),
  setup(ctx, env) {
    // gpt-5.5 is a slug in Codex's own model list, so it gets the full tool
    // set (apply_patch among them); an unknown slug gets shell tools only.
    Object.assign(env, { MOCK_API_KEY: 'sk-e2e-dummy', CODEX_HOME: path.join(ctx.home, '.codex') });
    fs.mkdirSync(path.join(ctx.home, '.codex'), { recursive: true });
    // A provider of our own: the built-in openai one would also try to log
    // in, fetch the model list and open a websocket.
    fs.writeFileSync(path.join(ctx.home, '.codex/config.toml'), [
      'model = "gpt-5.5"',
      'model_provider = "mock"',
      'check_for_update_on_startup = false',
      '[model_providers.mock]',
      'name = "mock"',
      `base_url = "${ctx.base}/v1"`,
      'wire_api = "responses"',
      'env_key = "MOCK_API_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'));
  },
  // The mock MCP server in config.toml's [mcp_servers].
  mcp(ctx) {
    const { name, command, args } = ctx.mcpServer;
    fs.appendFileSync(path.join(ctx.home, '.codex/config.toml'), [
      `[mcp_servers.${name}]`,
      `command = ${JSON.stringify(command)}`,
      `args = ${JSON.stringify(args)}`,
      '',
    ].join('\n'));
  },
  selfConfig: (ctx) => ({
    command: `printf '[features]\\nhooks = false\\n' > .codex/config.toml`,
    marker: path.join(ctx.work, '.codex/config.toml'),
  }),
  command(ctx, prompt, c) {
    const args = ['exec', '--skip-git-repo-check', '--color', 'never'];
    // Hooks run in exec only once trusted; a fresh HOME has trusted nothing,
    // so every case but untrusted-hook passes the flag for automation.
    if (c.id !== 'untrusted-hook') args.push('--dangerously-bypass-hook-trust');
    // Without bypass the sandbox is off too, so that only permguard can stop
    // a call: the sandbox would hide what the hook did.
    if (c.bypass) args.push('--dangerously-bypass-approvals-and-sandbox');
    else args.push('--sandbox', 'danger-full-access');
    args.push(prompt);
    return ['codex', args];
  },
  tools: {
    shell: shellCalls([
      ['exec_command', (command) => ({ cmd: command })],
      ['shell_command', (command) => ({ command })],
      ['shell', (command) => ({ command: ['bash', '-lc', command] })],
    ]),
    write: (call, ctx) => [{ name: 'apply_patch', custom: true, input: `*** Begin Patch\n*** Add File: ${ctx.marker}\n+${call.content.trim()}\n*** End Patch\n` }],
    // 0.169.0 offers MCP tools only through tool_search: the model searches,
    // then calls the tool in the namespace the search returned.
    mcp: (call, ctx) => [{ name: call.tool, search: `${ctx.mcpServer.name} ${call.tool}`, force: true, args: call.args(ctx) }],
    // 0.169.0 does not list update_plan in exec; a model may still call it.
    todo: () => [{ name: 'update_plan', force: true, args: { plan: [{ step: 'check the build', status: 'pending' }] } }],
    goal: () => [{ name: 'get_goal', force: true, args: {} }],
  },
};

const gemini = {
  name: 'gemini',
  install: 'gemini',
  cases: ['read-ls', 'sandboxed-npm-test', 'sandboxed-planted-repo', 'sandbox-off-npm-test', 'boxed-script', 'boxed-inline', 'boxed-unknown', 'boxed-install', 'boxed-serve', 'shell-write-outside', 'curl-sh', 'ask-headless', 'tool-write-outside', 'tool-write-link', 'self-config', 'self-config-bypass', 'bypass-outside', 'bypass-curl', 'mcp-read', 'mcp-ask', 'mcp-shell', 'mcp-write', 'todo', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
  unavailable: (here) => missing(here, 'gemini'),
  installedFiles: (ctx) => [path.join(ctx.home, '.gemini/settings.json')],
  // Gemini's hook timeout is in milliseconds.
  lowerTimeout: (text, ctx) => text.replace(/"timeout": *\d+/g, `"timeout": ${ctx.hookTimeoutS * 1000}`),
  setup(ctx, env) {
    Object.assign(env, {
      GEMINI_API_KEY: 'e2e-dummy',
      // Allowed over plain http for 127.0.0.1 only, which is what we want.
      GOOGLE_GEMINI_BASE_URL: ctx.base,
      GEMINI_CLI_NO_RELAUNCH: 'true',
      // Headless runs refuse an untrusted folder (exit 55); this is the
      // documented switch for automation.
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
    // Headless Gemini leaves out every tool that would need a confirmation
    // (shell, write_file) in its default mode, so no hook would ever see one.
    // A policy that allows them, as a person running Gemini headless for
    // real work would write, makes permguard the only guard.
    fs.writeFileSync(path.join(ctx.home, 'e2e-policy.toml'), [
      '[[rule]]', 'toolName = "run_shell_command"', 'decision = "allow"', 'priority = 100', '',
      '[[rule]]', 'toolName = "write_file"', 'decision = "allow"', 'priority = 100', '',
      '[[rule]]', 'toolName = "write_todos"', 'decision = "allow"', 'priority = 100', '',
    ].join('\n'));
    writeJSON(path.join(ctx.home, '.gemini/settings.json'), {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    });
  },
  // The mock MCP server in settings.json's mcpServers, trusted (no
  // confirmation), and allowed by the policy as the other tools are:
  // headless Gemini leaves out a tool that would need a confirmation.
  mcp(ctx) {
    const { name, command, args } = ctx.mcpServer;
    const file = path.join(ctx.home, '.gemini/settings.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
    settings.mcpServers = { [name]: { command, args, trust: true } };
    writeJSON(file, settings);
    // 0.61.0 refuses a rule with mcpName and no toolName (the whole file
    // is then ignored), though its documentation shows one.
    fs.appendFileSync(path.join(ctx.home, 'e2e-policy.toml'), ['', '[[rule]]', `mcpName = "${name}"`, 'toolName = "*"', 'decision = "allow"', 'priority = 100', ''].join('\n'));
  },
  selfConfig: (ctx) => ({
    command: `echo '{"hooksConfig":{"enabled":false}}' > .gemini/settings.json`,
    marker: path.join(ctx.work, '.gemini/settings.json'),
  }),
  command(ctx, prompt, c) {
    const args = ['-p', prompt, '-m', 'gemini-2.5-flash', '--output-format', 'text'];
    if (c.bypass) args.push('--yolo');
    else args.push('--policy', path.join(ctx.home, 'e2e-policy.toml'));
    return ['gemini', args];
  },
  tools: {
    shell: shellCalls([['run_shell_command', (command) => ({ command, description: 'e2e' })]]),
    write: (call, ctx) => [{ name: 'write_file', args: { file_path: ctx.marker, content: call.content } }],
    mcp: (call, ctx) => [{ name: `mcp_${ctx.mcpServer.name}_${call.tool}`, args: call.args(ctx) }],
    todo: () => [{ name: 'write_todos', force: true, args: { todos: [{ description: 'check the build', status: 'pending' }] } }],
  },
};

// pi has no bypass mode and no todo tool: those cases are not run for it.
const pi = {
  name: 'pi',
  install: 'pi',
  cases: ['read-ls', 'sandboxed-npm-test', 'sandboxed-planted-repo', 'sandbox-off-npm-test', 'boxed-script', 'boxed-inline', 'boxed-unknown', 'boxed-install', 'boxed-serve', 'shell-write-outside', 'curl-sh', 'ask-headless', 'tool-write-outside', 'tool-write-link', 'self-config', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
  unavailable: (here) => missing(here, 'pi'),
  installedFiles: (ctx) => [path.join(ctx.home, '.pi/agent/extensions/permguard.ts')],
  setup(ctx, env, c) {
    Object.assign(env, { PI_OFFLINE: '1', MOCK_API_KEY: 'sk-e2e-dummy' });
    if (c.failure === 'slow') env.PERMGUARD_HOOK_TIMEOUT_MS = String(ctx.hookTimeoutS * 1000);
    writeJSON(path.join(ctx.home, '.pi/agent/models.json'), {
      providers: {
        mock: {
          baseUrl: `${ctx.base}/v1`,
          api: 'openai-completions',
          apiKey: 'MOCK_API_KEY',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'mock-model' }],
        },
      },
    });
  },
  // A project extension of the same name, doing nothing: the file that
  // "permguard install pi --project" would write.
  selfConfig: (ctx) => ({
    command: `echo 'export default function () {}' > .pi/extensions/permguard.ts`,
    marker: path.join(ctx.work, '.pi/extensions/permguard.ts'),
  }),
  command(ctx, prompt) {
    return ['pi', ['-p', '--provider', 'mock', '--model', 'mock-model', '--no-session', prompt]];
  },
  tools: {
    shell: shellCalls([['bash', (command) => ({ command })]]),
    write: (call, ctx) => [{ name: 'write', args: { path: ctx.marker, content: call.content } }],
  },
};

// opencodeDeps installs, once per run, what opencode would install into
// each config directory: @opencode-ai/plugin at the version package.json
// pins (the same as opencode's own), with npm and the shared cache.
let depsDir = '';
function opencodeDeps(here, runRoot) {
  if (depsDir) return depsDir;
  const dir = path.join(runRoot, 'opencode-deps');
  const pin = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8')).dependencies['@opencode-ai/plugin'];
  writeJSON(path.join(dir, 'package.json'), { dependencies: { '@opencode-ai/plugin': pin } });
  const r = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: dir, stdio: 'ignore', timeout: 120000,
    env: { ...process.env, npm_config_cache: path.join(here, '.npm-cache') },
  });
  if (r.status !== 0) throw new Error(`npm install @opencode-ai/plugin@${pin} failed (status ${r.status})`);
  depsDir = dir;
  return dir;
}

function copyDeps(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const f of ['package.json', 'package-lock.json', 'node_modules']) {
    fs.cpSync(path.join(from, f), path.join(to, f), { recursive: true });
  }
}

const opencode = {
  name: 'opencode',
  install: 'opencode',
  cases: ['read-ls', 'sandboxed-npm-test', 'sandboxed-planted-repo', 'sandbox-off-npm-test', 'boxed-script', 'boxed-inline', 'boxed-unknown', 'boxed-install', 'boxed-serve', 'shell-write-outside', 'curl-sh', 'ask-headless', 'tool-write-outside', 'tool-write-link', 'self-config', 'bypass-outside', 'bypass-curl', 'mcp-read', 'mcp-ask', 'mcp-shell', 'mcp-write', 'todo', 'hook-missing', 'hook-slow', 'hook-garbage', 'hook-exit1'],
  // opencode cannot start without @opencode-ai/plugin in its config
  // directory, which it fetches from npm: with no registry and no cache,
  // it is skipped.
  unavailable(here, runRoot) {
    const why = missing(here, 'opencode');
    if (why) return why;
    try {
      opencodeDeps(here, runRoot);
    } catch (err) {
      return `${err.message}: opencode installs it from the npm registry at startup, and neither the registry nor npm's cache has it`;
    }
    return '';
  },
  // opencode installs a dependency from npm and sets up a database before
  // its first request: 20 s or more on a busy two-core machine.
  timeoutMs: Number(process.env.E2E_OPENCODE_TIMEOUT_MS || 120000),
  installedFiles: (ctx) => [path.join(ctx.home, '.config/opencode/plugin/permguard.js')],
  setup(ctx, env, c) {
    Object.assign(env, {
      // No models.dev fetch, no self-update, no plugins or language servers
      // installed from npm at run time: the suite is offline but for the mock.
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
    });
    if (c.failure === 'slow') env.PERMGUARD_HOOK_TIMEOUT_MS = String(ctx.hookTimeoutS * 1000);
    // opencode npm-installs @opencode-ai/plugin into every config directory
    // at startup, 20 to 80 s here. A copy of that install, made once per run,
    // lets it find the dependency in place.
    env.npm_config_cache = path.join(ctx.here, '.npm-cache');
    env.npm_config_prefer_offline = 'true';
    const deps = opencodeDeps(ctx.here, ctx.runRoot);
    copyDeps(deps, path.join(ctx.home, '.config/opencode'));
    if (c.selfConfig) copyDeps(deps, path.join(ctx.work, '.opencode'));
    writeJSON(path.join(ctx.home, '.config/opencode/opencode.json'), {
      $schema: 'https://opencode.ai/config.json',
      autoupdate: false,
      share: 'disabled',
      model: 'mock/mock-model',
      provider: {
        mock: {
          npm: '@ai-sdk/openai-compatible',
          name: 'mock',
          options: { baseURL: `${ctx.base}/v1`, apiKey: 'sk-e2e-dummy' },
          models: { 'mock-model': { name: 'mock-model', tool_call: true } },
        },
      },
    });
  },
  // The mock MCP server in opencode.json's mcp, a local (stdio) server.
  mcp(ctx) {
    const { name, command, args } = ctx.mcpServer;
    const file = path.join(ctx.home, '.config/opencode/opencode.json');
    const config = JSON.parse(fs.readFileSync(file, 'utf8'));
    config.mcp = { [name]: { type: 'local', command: [command, ...args], enabled: true } };
    writeJSON(file, config);
  },
  // A project plugin of the same name, doing nothing: the file that
  // "permguard install opencode --project" would write.
  selfConfig: (ctx) => ({
    command: `echo 'export const PermguardPlugin = async () => ({})' > .opencode/plugin/permguard.js`,
    marker: path.join(ctx.work, '.opencode/plugin/permguard.js'),
  }),
  command(ctx, prompt, c) {
    const args = ['run', '--model', 'mock/mock-model'];
    // E2E_OPENCODE_LOGS=1 puts opencode's log in the case's stderr.
    if (process.env.E2E_OPENCODE_LOGS) args.push('--print-logs', '--log-level', 'INFO');
    if (c.bypass) args.push('--auto');
    args.push(prompt);
    return ['opencode', args];
  },
  tools: {
    shell: shellCalls([['bash', (command) => ({ command, description: 'e2e' })]]),
    write: (call, ctx) => [{ name: 'write', args: { filePath: ctx.marker, content: call.content } }],
    mcp: (call, ctx) => [{ name: `${ctx.mcpServer.name}_${call.tool}`, args: call.args(ctx) }],
    todo: () => [{ name: 'todowrite', args: { todos: [{ id: '1', content: 'check the build', status: 'pending', priority: 'medium' }] } }],
  },
};

export const AGENTS = { claude, codex, gemini, pi, opencode };
