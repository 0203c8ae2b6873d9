// A mock model server for the e2e-agents suite. It speaks just enough of
// four wire protocols for the real agents to run one turn against it:
//
//   POST /v1/messages                       Anthropic Messages (Claude Code)
//   POST /v1/responses                      OpenAI Responses (Codex)
//   POST /v1/chat/completions               OpenAI Chat Completions (pi, opencode)
//   POST /v1beta/models/M:generateContent   Gemini (Gemini CLI), and
//        /v1beta/models/M:streamGenerateContent
//
// Each case scripts one tool call. A request that offers one of the scripted
// tools and carries no tool result yet gets that call; every other request
// (the one with the tool result, and an agent's side requests such as title
// generation) gets the final text "done". The answer is chosen from the
// request alone, not from a counter, because agents send side requests in an
// order of their own.
//
// A tool the agent hides until the model searches for it (Codex's MCP
// tools, behind its client-side tool_search) takes two answers: the
// search, then the call, in the namespace the search's result names.
//
// Every request is appended to a JSON-lines log with the tool result it
// carried, if any, so that the driver can tell what the model was told.
// GET /x serves the case's download-and-run script.

import http from 'node:http';
import fs from 'node:fs';

// startMock listens on 127.0.0.1 (never anything wider: the agents' dummy
// keys and our scripts must not be reachable from outside) on a free port.
//
// script: {calls: [{name, args, custom?, force?, search?}], download: "sh text", log: path}
// calls are candidates in order; the first whose name the agent offers is used,
// so one case can name the tool of every dialect an agent might expose.
export async function startMock(script) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try { body = raw ? JSON.parse(raw) : null; } catch { body = null; }
      try {
        handle(script, req, res, body, raw);
      } catch (err) {
        // A bug here must show in the log, not as an agent retrying forever.
        appendLog(script, { method: req.method, url: req.url, error: String(err && err.stack || err) });
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'mock: ' + err } }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

function appendLog(script, entry) {
  fs.appendFileSync(script.log, JSON.stringify({ time: Date.now(), ...entry }) + '\n');
}

function handle(script, req, res, body, raw) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const path = url.pathname;

  if (req.method === 'GET' && path === '/x') {
    appendLog(script, { method: 'GET', url: req.url, kind: 'download' });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(script.download || 'true\n');
    return;
  }

  let proto = null;
  if (path.endsWith('/messages') && req.method === 'POST') proto = anthropic;
  else if (path.endsWith('/responses') && req.method === 'POST') proto = responses;
  else if (path.endsWith('/chat/completions') && req.method === 'POST') proto = chat;
  else if (/:(stream)?[gG]enerateContent$/.test(path) && req.method === 'POST') proto = gemini;

  if (!proto || !body) {
    // count_tokens, model lists, telemetry and the like: the agents treat a
    // 404 as "not supported" and carry on.
    appendLog(script, { method: req.method, url: req.url, kind: 'other', body: raw.slice(0, 2000) });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'not_found_error', message: 'mock: not here' } }));
    return;
  }

  const offered = proto.tools(body);
  const result = proto.toolResult(body);
  let answer = { text: 'done' };
  if (result === undefined) {
    // force: a tool the agent knows but does not list up front (Claude
    // Code's deferred tools) is called anyway, as a model that knows it would.
    const call = (script.calls || []).find((c) => offered.includes(c.name) || c.force);
    if (call) answer = { call };
    // search: a tool the agent hides until the model searches for it
    // (Codex's deferred MCP tools): first the search, then the call, named
    // as the search's result names it.
    if (call && call.search && proto.searched) {
      const found = proto.searched(body);
      if (!found) answer = { search: call };
      else answer = { call: { ...call, ...(found.find((t) => t.name === call.name) || {}) } };
    }
  }
  appendLog(script, {
    method: req.method, url: req.url, kind: proto.name,
    offered, toolResult: result,
    answer: answer.call ? { call: answer.call.name, namespace: answer.call.namespace, args: answer.call.args } : answer.search ? { search: answer.search.search } : answer,
    body,
  });
  const stream = proto.name === 'gemini' ? /stream/i.test(path) : body.stream === true || proto.name === 'responses';
  proto.reply(res, answer, body, stream);
}

function sse(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event, data) => {
    if (event) res.write(`event: ${event}\n`);
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
}

// textOf flattens the content of a tool result, which each protocol may give
// as a string or as a list of parts.
function textOf(v) {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((p) => (typeof p === 'string' ? p : p.text ?? textOf(p.content ?? p.output ?? ''))).join('\n');
  return JSON.stringify(v);
}

let seq = 0;
const id = (p) => `${p}_mock${++seq}`;

const anthropic = {
  name: 'anthropic',
  tools: (b) => (b.tools || []).map((t) => t.name),
  toolResult(b) {
    const last = (b.messages || []).at(-1);
    if (!last || !Array.isArray(last.content)) return undefined;
    const r = last.content.filter((c) => c.type === 'tool_result');
    if (!r.length) return undefined;
    return r.map((c) => (c.is_error ? '[error] ' : '') + textOf(c.content)).join('\n');
  },
  reply(res, answer, body, stream) {
    const model = body.model || 'mock';
    const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const block = answer.call
      ? { type: 'tool_use', id: id('toolu'), name: answer.call.name, input: answer.call.args }
      : { type: 'text', text: answer.text };
    const stop = answer.call ? 'tool_use' : 'end_turn';
    const msgId = id('msg');
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: msgId, type: 'message', role: 'assistant', model, content: [block], stop_reason: stop, stop_sequence: null, usage }));
      return;
    }
    const send = sse(res);
    send('message_start', { type: 'message_start', message: { id: msgId, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
    if (answer.call) {
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(answer.call.args) } });
    } else {
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: answer.text } });
    }
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
    send('message_stop', { type: 'message_stop' });
    res.end();
  },
};

const responses = {
  name: 'responses',
  // Codex offers function tools by name and freeform ("custom") tools such
  // as apply_patch by name too; both are matched the same way.
  tools: (b) => (b.tools || []).map((t) => t.name || t.type),
  toolResult(b) {
    const input = Array.isArray(b.input) ? b.input : [];
    // Only a result after the last user message counts: an earlier turn's
    // result would be history, not the answer to this call.
    let lastUser = -1;
    input.forEach((it, i) => { if (it.role === 'user' && it.type !== 'function_call_output') lastUser = i; });
    const r = input.slice(lastUser + 1).filter((it) => it.type === 'function_call_output' || it.type === 'custom_tool_call_output');
    if (!r.length) return undefined;
    return r.map((it) => textOf(it.output)).join('\n');
  },
  // searched returns the tools a client-side tool_search (after the last
  // user message) found, as {name, namespace}, or null before any search.
  searched(b) {
    const input = Array.isArray(b.input) ? b.input : [];
    let lastUser = -1;
    input.forEach((it, i) => { if (it.role === 'user' && it.type !== 'function_call_output') lastUser = i; });
    const out = input.slice(lastUser + 1).filter((it) => it.type === 'tool_search_output');
    if (!out.length) return null;
    const found = [];
    const walk = (t, namespace) => {
      if (!t || typeof t !== 'object') return;
      if (t.type === 'namespace' || Array.isArray(t.tools)) {
        for (const x of t.tools || []) walk(x, t.name);
        return;
      }
      if (t.name) found.push({ name: t.name, namespace });
    };
    for (const o of out) for (const t of o.tools || []) walk(t, undefined);
    return found;
  },
  reply(res, answer, body) {
    const respId = id('resp');
    const model = body.model || 'mock';
    let item;
    if (answer.search) {
      item = { type: 'tool_search_call', id: id('ts'), call_id: id('call'), execution: 'client', status: 'completed', arguments: { query: answer.search.search, limit: 8 } };
    } else if (answer.call && answer.call.custom) {
      item = { type: 'custom_tool_call', id: id('ctc'), call_id: id('call'), name: answer.call.name, input: answer.call.input, status: 'completed' };
    } else if (answer.call) {
      item = { type: 'function_call', id: id('fc'), call_id: id('call'), name: answer.call.name, arguments: JSON.stringify(answer.call.args), status: 'completed' };
      if (answer.call.namespace) item.namespace = answer.call.namespace;
    } else {
      item = { type: 'message', id: id('m'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: answer.text, annotations: [] }] };
    }
    const send = sse(res);
    const base = { id: respId, object: 'response', created_at: Math.floor(Date.now() / 1000), model, status: 'in_progress', output: [] };
    send('response.created', { type: 'response.created', response: base });
    send('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } });
    if (item.type === 'message') {
      send('response.output_text.delta', { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: answer.text });
    }
    send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
    send('response.completed', {
      type: 'response.completed',
      response: { ...base, status: 'completed', output: [item], usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 } },
    });
    res.end();
  },
};

const chat = {
  name: 'chat',
  tools: (b) => (b.tools || []).map((t) => (t.function ? t.function.name : t.name)),
  toolResult(b) {
    const msgs = b.messages || [];
    let lastUser = -1;
    msgs.forEach((m, i) => { if (m.role === 'user') lastUser = i; });
    const r = msgs.slice(lastUser + 1).filter((m) => m.role === 'tool');
    if (!r.length) return undefined;
    return r.map((m) => textOf(m.content)).join('\n');
  },
  reply(res, answer, body, stream) {
    const cid = id('chatcmpl');
    const model = body.model || 'mock';
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    const toolCalls = answer.call
      ? [{ index: 0, id: id('call'), type: 'function', function: { name: answer.call.name, arguments: JSON.stringify(answer.call.args) } }]
      : undefined;
    const finish = answer.call ? 'tool_calls' : 'stop';
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: cid, object: 'chat.completion', created, model, usage,
        choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content: answer.call ? null : answer.text, tool_calls: toolCalls } }],
      }));
      return;
    }
    const send = sse(res);
    const chunk = (delta, finishReason, extra = {}) => ({ id: cid, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra });
    send(null, chunk(answer.call ? { role: 'assistant', tool_calls: toolCalls } : { role: 'assistant', content: answer.text }, null));
    send(null, chunk({}, finish, { usage }));
    send(null, '[DONE]');
    res.end();
  },
};

const gemini = {
  name: 'gemini',
  tools: (b) => (b.tools || []).flatMap((t) => (t.functionDeclarations || []).map((f) => f.name)),
  toolResult(b) {
    const last = (b.contents || []).at(-1);
    if (!last || !Array.isArray(last.parts)) return undefined;
    const r = last.parts.filter((p) => p.functionResponse);
    if (!r.length) return undefined;
    return r.map((p) => textOf(p.functionResponse.response)).join('\n');
  },
  reply(res, answer, body, stream) {
    const part = answer.call ? { functionCall: { name: answer.call.name, args: answer.call.args } } : { text: answer.text };
    const out = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-2.5-flash',
    };
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
      return;
    }
    const send = sse(res);
    send(null, out);
    res.end();
  },
};
