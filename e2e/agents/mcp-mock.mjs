#!/usr/bin/env node
// A mock MCP server for the e2e-agents suite, spoken over stdio (one
// JSON-RPC 2.0 message a line, as the MCP stdio transport says). It stands
// for a server many people run, Desktop Commander, with two of its tools:
//
//   execute_command {command}     runs the command with sh -c, really
//   write_file      {path, content}  writes the file, really
//
// They really run, because that is how a case sees whether a call got
// through: the marker the command or the write leaves. The agents start it
// themselves from their MCP configuration (agents.mjs).
//
// Usage: node mcp-mock.mjs --root DIR [--log FILE]
//
// --root is the case's own directory. The server refuses to run a command
// whose working directory, or to write a file whose path, is not below it,
// and runs commands with HOME set to DIR/home, whatever environment the
// agent started it with: an agent that strips HOME from a server's
// environment must not turn a case's ~ into the real home directory.
// --log appends every message received, so that a case can tell whether
// the agent ever called the tool.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : '';
};
const root = opt('--root') ? path.resolve(opt('--root')) : '';
const logFile = opt('--log');

if (!root || !fs.existsSync(root)) {
  process.stderr.write(`mcp-mock: --root must name the case's directory (got ${JSON.stringify(root)})\n`);
  process.exit(2);
}

const below = (p) => {
  const r = path.resolve(p);
  return r === root || r.startsWith(root + path.sep);
};

function log(entry) {
  if (logFile) fs.appendFileSync(logFile, JSON.stringify({ time: Date.now(), ...entry }) + '\n');
}

// The protocol versions this server answers in: the client's own when it is
// one of these, else the newest.
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

// The tool definitions, worded as Desktop Commander's own (its published
// schema names the arguments command and path, content).
const TOOLS = [
  {
    name: 'execute_command',
    description: 'Execute a terminal command. Returns the output of the command.',
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command to run' },
        timeout_ms: { type: 'number', description: 'How long to wait, in milliseconds' },
      },
      required: ['command'],
    },
  },
  {
    name: 'write_file',
    description: 'Write or overwrite a file with the given content.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file to write' },
        content: { type: 'string', description: 'What to write' },
      },
      required: ['path', 'content'],
    },
  },
];

const text = (s, isError = false) => ({ content: [{ type: 'text', text: s }], isError });

function callTool(name, input) {
  input = input && typeof input === 'object' ? input : {};
  switch (name) {
    case 'execute_command': {
      if (typeof input.command !== 'string') return text('execute_command: command must be a string', true);
      // where the agent started the server (its workspace), if in the case
      const cwd = below(process.cwd()) ? process.cwd() : root;
      const r = spawnSync('/bin/sh', ['-c', input.command], {
        cwd,
        env: { PATH: process.env.PATH || '/usr/bin:/bin', HOME: path.join(root, 'home'), LANG: 'C.UTF-8' },
        encoding: 'utf8',
        timeout: Math.min(Number(input.timeout_ms) || 20000, 20000),
      });
      const out = `${r.stdout || ''}${r.stderr || ''}`;
      return text(`exit ${r.status ?? r.signal}\n${out}`, r.status !== 0);
    }
    case 'write_file': {
      if (typeof input.path !== 'string' || typeof input.content !== 'string') return text('write_file: path and content must be strings', true);
      if (!path.isAbsolute(input.path)) return text('write_file: path must be absolute', true);
      if (!below(input.path)) return text(`write_file: refused: ${input.path} is outside this case's directory`, true);
      fs.mkdirSync(path.dirname(input.path), { recursive: true });
      fs.writeFileSync(input.path, input.content);
      return text(`wrote ${input.content.length} characters to ${input.path}`);
    }
  }
  return null;
}

function send(msg) {
  process.stdout.write(JSON.stringify(msg) + '\n');
}

function handle(msg) {
  const { id, method, params } = msg;
  const isRequest = id !== undefined && id !== null && typeof method === 'string';
  if (!isRequest) return; // notifications (initialized, cancelled) and replies need no answer
  switch (method) {
    case 'initialize': {
      const want = params && params.protocolVersion;
      send({
        jsonrpc: '2.0', id,
        result: {
          protocolVersion: VERSIONS.includes(want) ? want : VERSIONS[0],
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'desktop-commander', version: '0.0.0-e2e' },
        },
      });
      return;
    }
    case 'ping':
      send({ jsonrpc: '2.0', id, result: {} });
      return;
    case 'tools/list':
      send({ jsonrpc: '2.0', id, result: { tools: TOOLS } });
      return;
    case 'resources/list':
      send({ jsonrpc: '2.0', id, result: { resources: [] } });
      return;
    case 'resources/templates/list':
      send({ jsonrpc: '2.0', id, result: { resourceTemplates: [] } });
      return;
    case 'prompts/list':
      send({ jsonrpc: '2.0', id, result: { prompts: [] } });
      return;
    case 'tools/call': {
      const name = params && params.name;
      log({ call: name, arguments: params && params.arguments });
      const result = callTool(name, params && params.arguments);
      if (!result) {
        send({ jsonrpc: '2.0', id, error: { code: -32602, message: `unknown tool ${name}` } });
        return;
      }
      send({ jsonrpc: '2.0', id, result });
      return;
    }
  }
  send({ jsonrpc: '2.0', id, error: { code: -32601, message: `method not found: ${method}` } });
}

log({ start: process.pid, argv: args });
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    return;
  }
  log({ received: msg.method || 'reply', id: msg.id });
  for (const m of Array.isArray(msg) ? msg : [msg]) {
    try {
      handle(m);
    } catch (err) {
      if (m && m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: String(err) } });
    }
  }
});
rl.on('close', () => process.exit(0));
