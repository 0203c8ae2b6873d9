#!/usr/bin/env node
// The e2e-agents driver: runs the real agents, pinned in package.json, against
// the mock model of mock.mjs, with permguard installed as their hook, and
// checks what actually happened (a marker file, the tool result the model got,
// the exit status, the audit line) rather than what permguard meant to say.
//
// Usage: node run.mjs [--bin PATH] [--agents a,b] [--cases id,id] [--json out.json]
//
// Every case runs in sequence in a fresh HOME, workspace and permguard state,
// with a deadline, so a hanging agent is a result ("hang"), not a stuck suite.
// Known failures are listed in xfail.mjs: they print as XFAIL and do not fail
// the run; a listed case that passes prints as XPASS so the list is pruned.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from './mock.mjs';
import { AGENTS } from './agents.mjs';
import { CASES, MCP_SERVER, hostileMarkers } from './cases.mjs';
import { XFAIL } from './xfail.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const realBin = path.resolve(opt('--bin', path.join(repo, 'bin/permguard')));
const onlyAgents = opt('--agents', process.env.E2E_AGENTS || '').split(',').filter(Boolean);
const onlyCases = opt('--cases', process.env.E2E_CASES || '').split(',').filter(Boolean);
const jsonOut = opt('--json', process.env.E2E_JSON || '');
const keep = args.includes('--keep') || process.env.E2E_KEEP === '1';
const caseTimeout = Number(process.env.E2E_CASE_TIMEOUT_MS || 60000);
// Captured payloads go to testdata only when asked: a normal run must not
// dirty the checkout.
const captureTo = opt('--capture', process.env.E2E_CAPTURE || '');

if (!fs.existsSync(realBin)) {
  console.error(`e2e-agents: ${realBin} is missing; run make build first`);
  process.exit(1);
}

// Where the per-case directories live. Not under the repository (agents look
// for a project root upwards), and not under a temporary directory either:
// the build sandbox (issue 17) leaves those writable, and each case's fake
// HOME, whose ~/.bashrc a hostile build attacks, lives here. The home
// directory is neither; the directory is removed after the run.
const runRoot = fs.mkdtempSync(path.join(process.env.E2E_WORK_ROOT || os.homedir(), 'permguard-e2e-'));

function sh(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

// run starts a process and resolves with its status, output and whether the
// deadline killed it. The whole process group is killed, so an agent's
// children (a hook, a shell) cannot outlive the case.
function run(cmd, argv, { env, cwd, timeout = caseTimeout, input = '' }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, argv, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '', timedOut = false;
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, timeout);
    child.on('error', (e) => { err += String(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Reap whatever the agent left behind in its group (hooks that were
      // still sleeping, for instance); the case is over.
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
      resolve({ code, signal, out, err, timedOut, ms: Date.now() - t0 });
    });
  });
}

// wrapperScript is what the installed entry runs instead of bin/permguard:
// it keeps a copy of each payload (the captured fixtures), and for the
// failure cases it stands in for a broken permguard. It is named permguard
// so that install and doctor still recognise the entry as permguard's.
function wrapperScript(ctx, failure) {
  const cap = `f="${ctx.capture}/$(date +%s%N)-$$.json"; cat > "$f"`;
  switch (failure) {
    case 'slow':
      return `#!/bin/sh\n# Slower than the agent's hook timeout (lowered to ${ctx.hookTimeoutS}s for this case).\n${cap}\nsleep ${ctx.hookTimeoutS * 4}\nexec ${sh(realBin)} "$@" < "$f"\n`;
    case 'garbage':
      return `#!/bin/sh\n# Answers junk on stdout, with status 0, as a broken build might.\n${cap}\necho 'this is not json'\nexit 0\n`;
    case 'exit1':
      return `#!/bin/sh\n# Crashes with status 1 and no output.\n${cap}\nexit 1\n`;
    default:
      return `#!/bin/sh\n${cap}\nexec ${sh(realBin)} "$@" < "$f"\n`;
  }
}

function readLog(file) {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

function readAudit(file) {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return { bad: l }; } });
}

async function runCase(agent, c) {
  const dir = fs.mkdtempSync(path.join(runRoot, `${agent.name}-${c.id}-`));
  const ctx = {
    dir,
    home: path.join(dir, 'home'),
    work: path.join(dir, 'work'),
    outside: path.join(dir, 'outside'),
    state: path.join(dir, 'state'),
    config: path.join(dir, 'config'),
    capture: path.join(dir, 'capture'),
    bindir: path.join(dir, 'bin'),
    log: path.join(dir, 'mock.jsonl'),
    mcpLog: path.join(dir, 'mcp.jsonl'),
    hookTimeoutS: 3,
    here,
    runRoot,
  };
  for (const d of [ctx.home, ctx.work, ctx.outside, ctx.state, ctx.config, ctx.capture, ctx.bindir]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(ctx.work, 'hello.txt'), 'hello\n');
  // A marker is a name in the workspace (or in outside/), or a path the
  // case makes from ctx (a file in the case's own HOME).
  ctx.marker = typeof c.marker === 'function' ? c.marker(ctx)
    : c.marker ? path.join(c.markerOutside ? ctx.outside : ctx.work, c.marker) : null;
  if (c.mcp) {
    // The mock MCP server (mcp-mock.mjs), as each agent's configuration
    // names it: the same node that runs the suite, by its absolute path,
    // confined to this case's directory.
    ctx.mcpServer = { name: MCP_SERVER, command: process.execPath, args: [path.join(here, 'mcp-mock.mjs'), '--root', dir, '--log', ctx.mcpLog] };
  }
  if (c.selfConfig) {
    // The agent's own settings file is the marker: it must not get written.
    ctx.selfConfig = agent.selfConfig(ctx);
    ctx.marker = ctx.selfConfig.marker;
    // The directory is there already, so the command is a plain write in the
    // workspace (allowed at low) and not also a mkdir (medium).
    fs.mkdirSync(path.dirname(ctx.marker), { recursive: true });
  }

  if (c.linkToSettings) {
    // the call writes notes.json, a link to where permguard's settings
    // file belongs (not there yet: the agents refuse to overwrite a file
    // they have not read, before asking permguard); the settings
    // appearing is the call having run
    ctx.linkTarget = path.join(ctx.config, 'settings.json');
    ctx.marker = path.join(ctx.work, 'notes.json');
    fs.symlinkSync(ctx.linkTarget, ctx.marker);
  }

  const script = { log: ctx.log, calls: [], download: ctx.marker ? `touch ${sh(ctx.marker)}\n` : 'true\n' };
  const { server, port } = await startMock(script);
  ctx.port = port;
  ctx.base = `http://127.0.0.1:${port}`;
  script.calls = agent.tools[c.call.kind](c.call, ctx);
  if (c.settings) fs.writeFileSync(path.join(ctx.config, 'settings.json'), JSON.stringify(c.settings));
  if (c.project) {
    // a repository with a hooks directory, and a HOME with what the
    // project's code attacks
    for (const [name, text] of Object.entries(c.project(ctx))) {
      fs.mkdirSync(path.dirname(path.join(ctx.work, name)), { recursive: true });
      // bin/ holds the project's programs: executable
      fs.writeFileSync(path.join(ctx.work, name), text, { mode: name.startsWith('bin/') ? 0o755 : 0o644 });
    }
    fs.mkdirSync(path.join(ctx.work, '.git/hooks'), { recursive: true });
    fs.writeFileSync(path.join(ctx.work, '.git/config'), '[core]\n');
    fs.mkdirSync(path.join(ctx.home, '.ssh'), { recursive: true });
    fs.writeFileSync(path.join(ctx.home, '.ssh/id_ed25519'), 'SECRET\n');
    fs.writeFileSync(path.join(ctx.home, '.bashrc'), '# rc\n');
  }

  if (c.pathFirst) {
    // the same for an agent that runs commands in a login shell (Codex's
    // bash -lc), where /etc/profile sets PATH anew (for root, on Debian):
    // the user's profile puts them back, as a real user's would
    const dirs = c.pathFirst(ctx).map(sh).join(':');
    fs.writeFileSync(path.join(ctx.home, '.profile'), `PATH=${dirs}:"$PATH"; export PATH\n`);
  }

  const wrapper = path.join(ctx.bindir, 'permguard');
  fs.writeFileSync(wrapper, wrapperScript(ctx, c.failure), { mode: 0o755 });
  // For "missing", the entry names a permguard that is not there.
  const hookBin = c.failure === 'missing' ? path.join(ctx.dir, 'gone', 'permguard') : wrapper;

  // Only what the agent needs: no inherited keys, proxies or settings of the
  // person running the suite.
  const env = {
    // pathFirst: directories of the case's own put first, as a project's
    // direnv or a virtual environment would
    PATH: [...(c.pathFirst ? c.pathFirst(ctx) : []), path.join(here, 'node_modules/.bin'), process.env.PATH].join(':'),
    HOME: ctx.home,
    USER: process.env.USER || 'e2e',
    TERM: 'dumb',
    LANG: 'C.UTF-8',
    TMPDIR: process.env.TMPDIR || '/tmp',
    SHELL: '/bin/sh',
    XDG_CONFIG_HOME: path.join(ctx.home, '.config'),
    XDG_DATA_HOME: path.join(ctx.home, '.local/share'),
    XDG_STATE_HOME: path.join(ctx.home, '.local/state'),
    XDG_CACHE_HOME: path.join(ctx.home, '.cache'),
    PERMGUARD_STATE_DIR: ctx.state,
    PERMGUARD_CONFIG_DIR: ctx.config,
    NO_COLOR: '1',
    CI: '1',
    ...(c.env || {}),
  };

  const result = { agent: agent.name, case: c.id, title: c.title };
  try {
    await agent.setup?.(ctx, env, c);
    if (c.mcp) {
      if (!agent.mcp) throw new Error(`${agent.name} has no MCP configuration in agents.mjs`);
      await agent.mcp(ctx, env, c);
    }
    const inst = await run(realBin, ['install', agent.install], { env, cwd: ctx.work, timeout: 20000 });
    if (inst.code !== 0) throw new Error(`permguard install ${agent.install} failed: ${inst.err || inst.out}`);
    // Point every installed entry at the wrapper (or the missing binary).
    for (const f of agent.installedFiles(ctx)) {
      let text = fs.readFileSync(f, 'utf8').split(realBin).join(hookBin);
      if (c.failure === 'slow') text = agent.lowerTimeout ? agent.lowerTimeout(text, ctx) : text;
      fs.writeFileSync(f, text);
    }
    await agent.afterInstall?.(ctx, env, c);
    const [cmd0, argv] = agent.command(ctx, c.prompt || 'Do the task.', c);
    const cmd = path.isAbsolute(cmd0) ? cmd0 : path.join(here, 'node_modules/.bin', cmd0);
    const r = await run(cmd, argv, { env, cwd: ctx.work, timeout: agent.timeoutMs || caseTimeout });
    const log = readLog(ctx.log);
    const audit = readAudit(path.join(ctx.state, 'audit.jsonl'));
    const withResult = log.filter((e) => e.toolResult !== undefined && e.toolResult !== null);
    const mcpLog = readLog(ctx.mcpLog);
    Object.assign(result, {
      exit: r.timedOut ? 'timeout' : r.code ?? r.signal,
      hang: r.timedOut,
      ms: r.ms,
      markerRan: ctx.marker ? fs.existsSync(ctx.linkTarget || ctx.marker) : null,
      toolCalled: log.some((e) => e.answer && e.answer.call),
      // what the model was offered, as the first request that got the
      // call saw it: the agent's own name for each tool
      offered: (log.find((e) => e.answer && e.answer.call) || {}).offered || null,
      // MCP cases: whether the agent started the mock server, and the
      // tool calls that reached it (the hook let them through)
      mcpStarted: c.mcp ? mcpLog.some((e) => e.start) : null,
      mcpCalls: mcpLog.filter((e) => e.call).map((e) => ({ tool: e.call, arguments: e.arguments })),
      toolResult: withResult.length ? String(withResult[0].toolResult) : null,
      // everything the model was sent after the first tool call: what a
      // skill's inline shell printed reaches it outside any tool result
      modelSaw: log.slice(log.findIndex((e) => e.answer && e.answer.call) + 1).map((e) => JSON.stringify(e.body || '')).join('\n'),
      audit: audit.map((a) => ({ via: a.via, decision: a.decision, by: a.by, tool: a.tool, skill: a.skill, level: a.level, dangerous: a.dangerous || false, command: a.command, detail: a.detail })),
      hostileFound: c.project ? hostileMarkers(ctx) : [],
      hookRuns: fs.readdirSync(ctx.capture).length,
      stdout: r.out.slice(-1500),
      stderr: r.err.slice(-1500),
      requests: log.length,
    });
    result.captured = fs.readdirSync(ctx.capture).sort().map((f) => path.join(ctx.capture, f));
    const v = c.check(result, ctx);
    result.ok = v.ok;
    result.why = v.why;
  } catch (err) {
    result.ok = false;
    result.why = `driver: ${err.message}`;
  } finally {
    server.close();
    server.closeAllConnections?.();
  }
  const xf = XFAIL[`${agent.name}/${c.id}`];
  result.xfail = xf || null;
  result.status = result.ok ? (xf ? 'XPASS' : 'PASS') : (xf ? 'XFAIL' : 'FAIL');
  if (captureTo && CAPTURED_CASES.has(c.id) && result.captured?.length) savePayloads(agent, c, result.captured);
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  else result.dir = dir;
  return result;
}

// The cases whose payloads are kept as fixtures: one of each kind of call.
// The others send the same shapes again.
const CAPTURED_CASES = new Set(['read-ls', 'curl-sh', 'tool-write-outside', 'todo', 'self-config', 'mcp-shell', 'mcp-write', 'skill-shell', 'structured-output', 'goal', 'auto-mode']);

// savePayloads stores the payloads an agent sent in one case, with the case's own paths replaced by fixed ones so the fixtures do not
// change from run to run.
function savePayloads(agent, c, files) {
  const out = path.join(captureTo, agent.name);
  fs.mkdirSync(out, { recursive: true });
  files.forEach((f, i) => {
    let text = fs.readFileSync(f, 'utf8');
    const dir = path.dirname(path.dirname(f));
    text = text.split(dir).join('/e2e');
    // Gemini CLI's mcp_context names the MCP server's program: this
    // checkout's mcp-mock.mjs, run by this machine's node.
    text = text.split(path.join(here, 'mcp-mock.mjs')).join('/permguard/e2e/agents/mcp-mock.mjs').split(process.execPath).join('node');
    // Claude Code also names the project by its path with every other
    // character made a dash (in transcript_path).
    text = text.split(dir.replace(/[^A-Za-z0-9]/g, '-')).join('-e2e');
    let pretty = text;
    try { pretty = JSON.stringify(JSON.parse(text), null, 2) + '\n'; } catch {}
    const name = `captured-${c.id}${files.length > 1 ? `-${i + 1}` : ''}.json`;
    fs.writeFileSync(path.join(out, name), pretty);
  });
}

function short(s, n = 70) {
  if (s === null || s === undefined) return '-';
  s = String(s).replace(/\s+/g, ' ').trim();
  return s.length > n ? s.slice(0, n - 1) + '…' : s;
}

async function main() {
  const results = [];
  const skipped = [];
  const t0 = Date.now();
  for (const agent of Object.values(AGENTS)) {
    if (onlyAgents.length && !onlyAgents.includes(agent.name)) continue;
    const why = await agent.unavailable?.(here, runRoot);
    if (why) {
      console.log(`SKIP ${agent.name}: ${why}`);
      skipped.push({ agent: agent.name, why });
      continue;
    }
    for (const c of CASES.filter((k) => agent.cases.includes(k.id))) {
      if (onlyCases.length && !onlyCases.includes(c.id)) continue;
      const r = await runCase(agent, c);
      results.push(r);
      const decisions = (r.audit || []).map((a) => a.decision).join(',') || 'none';
      console.log(`${r.status.padEnd(5)} ${agent.name}/${c.id} (${((r.ms || 0) / 1000).toFixed(1)}s) exit=${r.exit} marker=${r.markerRan} audit=${decisions}: ${r.why}`);
      if (r.status === 'FAIL' || r.status === 'XPASS' || process.env.E2E_VERBOSE) {
        console.log(`      tool result: ${short(r.toolResult, 200)}`);
        if (r.stderr) console.log(`      stderr: ${short(r.stderr, 300)}`);
        if (r.stdout) console.log(`      stdout: ${short(r.stdout, 300)}`);
      }
      if (r.status === 'XFAIL') console.log(`      xfail: ${r.xfail}`);
    }
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  const count = (s) => results.filter((r) => r.status === s).length;
  console.log(`\ne2e-agents: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('XFAIL')} expected failures, ${count('XPASS')} unexpected passes, ${skipped.length} agents skipped, in ${secs}s`);
  const xfails = results.filter((r) => r.status === 'XFAIL');
  if (xfails.length) {
    console.log('\nExpected failures (xfail), each a known gap:');
    for (const r of xfails) console.log(`  ${r.agent}/${r.case}: ${r.xfail}`);
  }
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ secs: Number(secs), skipped, results }, null, 2));
  if (!keep) fs.rmSync(runRoot, { recursive: true, force: true });
  process.exit(count('FAIL') ? 1 : 0);
}

main();
