// Tests of the pi extension and the opencode plugin in integrations/, with
// node:test and nothing else (run: node --test integrations/test/). Every
// case runs against both, through one adapter per agent, first with a fake
// permguard that each case writes (a shell script that answers what the
// case needs), then with the real binary in bin/permguard when it has been
// built (make build), the installed copies of the shims included.
//
// The shims read PERMGUARD_BIN and PERMGUARD_HOOK_TIMEOUT_MS from the
// environment at each call, so the cases set them in process.env: the
// cases of this file run one at a time (node:test's default).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const realBin = path.join(root, "bin", "permguard");
const noRealBin = existsSync(realBin) ? false : "bin/permguard is not built (make build)";

let dir = ""; // this run's scratch directory
let proj = ""; // the project the agent works in
const shims = {}; // the imported modules, by agent

before(async () => {
	dir = await realpath(await mkdtemp(path.join(tmpdir(), "permguard-shims-")));
	proj = path.join(dir, "proj");
	await mkdir(path.join(proj, ".git"), { recursive: true });
	shims.pi = await importCopy(path.join(root, "integrations/pi/permguard.ts"), "pi");
	shims.opencode = await importCopy(path.join(root, "integrations/opencode/permguard.js"), "opencode");
});

after(async () => {
	await rm(dir, { recursive: true, force: true });
});

let copies = 0;

// importCopy imports a shim from an .mjs copy: Node 20 neither strips
// TypeScript's types (the .ts holds none, so a copy is enough) nor reads a
// .js file as a module outside a "type": "module" package.
async function importCopy(file, name) {
	const copy = path.join(dir, `${name}-${++copies}.mjs`);
	await copyFile(file, copy);
	return import(pathToFileURL(copy).href);
}

// withEnv runs fn with the variables set (undefined: unset), then puts the
// environment back as it was.
async function withEnv(vars, fn) {
	const saved = {};
	for (const [k, v] of Object.entries(vars)) {
		saved[k] = process.env[k];
		if (v === undefined) {
			delete process.env[k];
		} else {
			process.env[k] = v;
		}
	}
	try {
		return await fn();
	} finally {
		for (const [k, v] of Object.entries(saved)) {
			if (v === undefined) {
				delete process.env[k];
			} else {
				process.env[k] = v;
			}
		}
	}
}

let fakes = 0;

// fake writes a permguard that records its arguments, its stdin and
// PERMGUARD_NO_PROMPT next to itself, then runs body (sh).
async function fake(body) {
	const file = path.join(dir, `fake-${++fakes}`);
	const script = [
		"#!/bin/sh",
		`printf '%s' "$*" > '${file}.args'`,
		`printf '%s' "$PERMGUARD_NO_PROMPT" > '${file}.noprompt'`,
		`cat > '${file}.stdin'`,
		body,
		"",
	].join("\n");
	await writeFile(file, script, { mode: 0o755 });
	return file;
}

// The agents, behind one shape: call(shim, toolName, input, opts) returns
// { blocked: false } or { blocked: true, reason }. opts.ui, for pi: the
// answer its dialog gives (absent: pi has no UI); opts.asked
// collects what the dialog showed. opts.session: false for an agent that
// names no session.
const agents = {
	pi: async (shim, toolName, input, opts = {}) => {
		let handler;
		shim.default({
			on(event, fn) {
				assert.equal(event, "tool_call");
				handler = fn;
			},
		});
		const ctx = {
			cwd: proj,
			hasUI: "ui" in opts,
			ui: {
				async select(title, options, dialog) {
					opts.asked?.push({ title, options, timeout: dialog?.timeout });
					if (opts.ui instanceof Error) {
						throw opts.ui;
					}
					// true: the person picks Allow once; false: Deny;
					// anything else is what pi hands back (undefined on a
					// timeout or Escape)
					if (opts.ui === true) {
						return "Allow once";
					}
					return opts.ui === false ? "Deny" : opts.ui;
				},
			},
		};
		if (opts.session !== false) {
			ctx.sessionManager = { getSessionId: () => "pi-session-1" };
		}
		const result = await handler({ type: "tool_call", toolCallId: "call-1", toolName, input }, ctx);
		if (result === undefined) {
			return { blocked: false };
		}
		assert.equal(result.block, true, `pi's result ${JSON.stringify(result)} neither allows nor blocks`);
		return { blocked: true, reason: result.reason };
	},
	opencode: async (shim, toolName, input, opts = {}) => {
		assert.deepEqual(Object.keys(shim), ["PermguardPlugin"], "opencode calls every export as a plugin");
		const hooks = await shim.PermguardPlugin({ directory: proj, worktree: proj });
		const call = { tool: toolName, callID: "call-1" };
		if (opts.session !== false) {
			call.sessionID = "ses_1";
		}
		try {
			await hooks["tool.execute.before"](call, { args: input });
		} catch (err) {
			assert.ok(err instanceof Error);
			return { blocked: true, reason: err.message };
		}
		return { blocked: false };
	},
};

// What the fake answers, and what each agent must make of it. A want is
// "allow", or a RegExp that the block's reason must match.
const cases = [
	{
		name: "allow",
		body: `printf '%s\\n' '{"decision":"allow","reason":"permguard: allowed"}'`,
		pi: "allow",
		opencode: "allow",
	},
	{
		name: "ask, the person says yes",
		body: `printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high"}'`,
		ui: true,
		pi: "allow",
		opencode: /^permguard: this tool call needs a person's approval, and an opencode plugin cannot ask for it, so it is blocked\.\npermguard: needs high\nThe user can allow/,
	},
	{
		name: "ask, the person says no",
		body: `printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high"}'`,
		ui: false,
		pi: /^permguard: denied by the user in pi; do not retry it/,
		opencode: /needs a person's approval/,
	},
	{
		name: "ask, the dialog gives something else than a yes",
		body: `printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high"}'`,
		ui: "yes",
		pi: /^permguard: denied by the user in pi/,
		opencode: /needs a person's approval/,
	},
	{
		name: "ask, the dialog fails",
		body: `printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high"}'`,
		ui: new Error("the terminal went away"),
		pi: /^permguard: the pi extension failed \(the terminal went away\); the tool call is blocked$/,
		opencode: /needs a person's approval/,
	},
	{
		name: "ask, and no UI",
		body: `printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high"}'`,
		pi: /^permguard: this tool call needs a person's approval, and pi has no UI to ask for it in this mode, so it is blocked\.\npermguard: needs high$/,
		opencode: /needs a person's approval/,
	},
	{
		name: "deny",
		body: `printf '%s\\n' '{"decision":"deny","reason":"rm -rf /\\nBlocked at level minimal."}'; exit 2`,
		pi: /^rm -rf \/\nBlocked at level minimal\.$/,
		opencode: /^rm -rf \/\nBlocked at level minimal\.$/,
	},
	{
		name: "deny with exit 0 is still a deny",
		body: `printf '%s\\n' '{"decision":"deny","reason":"no"}'`,
		pi: /^no$/,
		opencode: /^no$/,
	},
	{
		name: "deny without a reason",
		body: `printf '%s\\n' '{"decision":"deny"}'; exit 2`,
		pi: /^permguard: the tool call is denied \(exit status 2\)$/,
		opencode: /^permguard: the tool call is denied \(exit status 2\)$/,
	},
	{
		name: "crash",
		body: `echo 'panic: boom' >&2; echo 'goroutine 1' >&2; exit 1`,
		pi: /^permguard: .*fake-\d+ exited with status 1 and no reply: panic: boom; the tool call is blocked$/,
		opencode: /exited with status 1 and no reply: panic: boom; the tool call is blocked$/,
	},
	{
		name: "killed",
		body: `kill -9 $$`,
		pi: /was killed by SIGKILL; the tool call is blocked$/,
		opencode: /was killed by SIGKILL; the tool call is blocked$/,
	},
	{
		name: "timeout",
		body: `exec sleep 10`,
		env: { PERMGUARD_HOOK_TIMEOUT_MS: "300" },
		pi: /did not answer within 300 ms; the tool call is blocked$/,
		opencode: /did not answer within 300 ms; the tool call is blocked$/,
	},
	{
		name: "garbage",
		body: `echo 'allow'`,
		pi: /exited with status 0 and no reply; the tool call is blocked$/,
		opencode: /exited with status 0 and no reply; the tool call is blocked$/,
	},
	{
		name: "nothing at all",
		body: `true`,
		pi: /exited with status 0 and no reply/,
		opencode: /exited with status 0 and no reply/,
	},
	{
		name: "two objects",
		body: `printf '%s\\n' '{"decision":"allow"}'; printf '%s\\n' '{"decision":"allow"}'`,
		pi: /and no reply/,
		opencode: /and no reply/,
	},
	{
		name: "an array",
		body: `printf '%s\\n' '[{"decision":"allow"}]'`,
		pi: /and no reply/,
		opencode: /and no reply/,
	},
	{
		name: "an unknown decision",
		body: `printf '%s\\n' '{"decision":"maybe","reason":"?"}'`,
		pi: /answered the unknown decision "maybe"; the tool call is blocked$/,
		opencode: /answered the unknown decision "maybe"/,
	},
	{
		name: "no decision",
		body: `printf '%s\\n' '{"reason":"?"}'`,
		pi: /answered the unknown decision undefined/,
		opencode: /answered the unknown decision undefined/,
	},
	{
		name: "allow with exit 2",
		body: `printf '%s\\n' '{"decision":"allow"}'; exit 2`,
		pi: /answered "allow" but exited with status 2; the tool call is blocked$/,
		opencode: /answered "allow" but exited with status 2/,
	},
	{
		name: "ask with exit 1",
		body: `printf '%s\\n' '{"decision":"ask"}'; exit 1`,
		ui: true,
		pi: /answered "ask" but exited with status 1/,
		opencode: /answered "ask" but exited with status 1/,
	},
	{
		// the sandboxed allow: both run the bash call rewritten (what runs
		// is checked in "pi's rewrite" and "opencode's rewrite" below)
		name: "allow, rewritten",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":{"command":"confined git push"}}'`,
		pi: "allow",
		opencode: "allow",
	},
	{
		name: "allow, rewritten to something that is not an input",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":"confined git push"}'`,
		pi: /^permguard: .*fake-\d+ allowed the call only rewritten, but its updated_input is not an object with a string command; the tool call is blocked$/,
		opencode: /^permguard: .*fake-\d+ allowed the call only rewritten, but its updated_input is not an object with a string command; the tool call is blocked$/,
	},
	{
		name: "allow, rewritten to null",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":null}'`,
		pi: /its updated_input is not an object with a string command/,
		opencode: /its updated_input is not an object with a string command/,
	},
	{
		name: "allow, rewritten to a list",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":[{"command":"x"}]}'`,
		pi: /its updated_input is not an object with a string command/,
		opencode: /its updated_input is not an object with a string command/,
	},
	{
		name: "allow, rewritten without a command",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":{"cmd":"x"}}'`,
		pi: /its updated_input is not an object with a string command/,
		opencode: /its updated_input is not an object with a string command/,
	},
	{
		name: "allow, rewritten to a command that is not a string",
		body: `printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":{"command":["bash","-c","x"]}}'`,
		pi: /its updated_input is not an object with a string command/,
		opencode: /its updated_input is not an object with a string command/,
	},
	{
		name: "a reply too large to be one",
		body: `head -c 2000000 /dev/zero | tr '\\000' x`,
		pi: /wrote more than 1048576 bytes, which is no reply/,
		opencode: /wrote more than 1048576 bytes, which is no reply/,
	},
];

for (const agent of ["pi", "opencode"]) {
	describe(`${agent}, against a fake permguard`, () => {
		for (const c of cases) {
			test(c.name, async () => {
				const bin = await fake(c.body);
				const opts = { asked: [] };
				if ("ui" in c) {
					opts.ui = c.ui;
				}
				const start = Date.now();
				const got = await withEnv({ PERMGUARD_BIN: bin, ...c.env }, () =>
					agents[agent](shims[agent], "bash", { command: "git push" }, opts),
				);
				const want = c[agent];
				if (want === "allow") {
					assert.deepEqual(got, { blocked: false });
				} else {
					assert.equal(got.blocked, true);
					assert.match(got.reason, want);
				}
				// nothing waits on permguard longer than the timeout says
				assert.ok(Date.now() - start < 5000, `took ${Date.now() - start} ms`);
			});
		}

		test("the call permguard reads", async () => {
			const bin = await fake(`printf '%s\\n' '{"decision":"allow"}'`);
			await withEnv({ PERMGUARD_BIN: bin, PERMGUARD_NO_PROMPT: undefined }, () =>
				agents[agent](shims[agent], "edit", { path: "src/a.go", oldText: "a", newText: "b" }),
			);
			assert.equal(await readFile(`${bin}.args`, "utf8"), "hook --agent generic");
			// permguard's own terminal prompt stays shut: the agent's TUI owns the terminal
			assert.equal(await readFile(`${bin}.noprompt`, "utf8"), "1");
			const session = agent === "pi" ? "pi-session-1" : "ses_1";
			const want = {
				tool_name: "edit",
				tool_input: { path: "src/a.go", oldText: "a", newText: "b" },
				cwd: proj,
				session_id: session,
			};
			if (agent === "opencode") {
				// it applies a rewrite to any call; pi's extension only to
				// a bash call ("pi's rewrite" below)
				want.can_rewrite = true;
			}
			assert.deepEqual(JSON.parse(await readFile(`${bin}.stdin`, "utf8")), want);
		});

		test("a session of its own when the agent names none", async () => {
			const bin = await fake(`printf '%s\\n' '{"decision":"allow"}'`);
			await withEnv({ PERMGUARD_BIN: bin }, () => agents[agent](shims[agent], "ls", {}, { session: false }));
			const sent = JSON.parse(await readFile(`${bin}.stdin`, "utf8"));
			assert.match(sent.session_id, new RegExp(`^${agent}-${process.pid}-\\d+$`));
		});

		test("permguard cannot be run", async () => {
			const missing = path.join(dir, "no-such-permguard");
			const got = await withEnv({ PERMGUARD_BIN: missing }, () => agents[agent](shims[agent], "bash", { command: "ls" }, { ui: true }));
			assert.equal(got.blocked, true);
			assert.match(got.reason, /^permguard: error: cannot run .*no-such-permguard \(spawn .* ENOENT\), so every tool call is blocked until it can: run permguard doctor$/);
		});

		test("permguard is looked up on PATH when nothing names it", async () => {
			const bindir = path.join(dir, `path-${agent}`);
			await mkdir(bindir);
			const bin = await fake(`printf '%s\\n' '{"decision":"deny","reason":"from PATH"}'; exit 2`);
			await copyFile(bin, path.join(bindir, "permguard"));
			const got = await withEnv({ PERMGUARD_BIN: undefined, PATH: `${bindir}:${process.env.PATH}` }, () =>
				agents[agent](shims[agent], "bash", { command: "ls" }),
			);
			assert.deepEqual(got, { blocked: true, reason: "from PATH" });
		});

		test("a call that cannot be encoded", async () => {
			const bin = await fake(`printf '%s\\n' '{"decision":"allow"}'`);
			const got = await withEnv({ PERMGUARD_BIN: bin }, () => agents[agent](shims[agent], "bash", { command: "ls", n: 1n }));
			assert.equal(got.blocked, true);
			assert.match(got.reason, /^permguard: cannot encode the tool call as JSON \(.*BigInt.*\); the tool call is blocked$/);
		});

		test("a timeout that is not a number of ms is the default", async () => {
			const bin = await fake(`printf '%s\\n' '{"decision":"allow"}'`);
			for (const ms of ["", "0", "-5", "1.5", "soon", "99999999"]) {
				const got = await withEnv({ PERMGUARD_BIN: bin, PERMGUARD_HOOK_TIMEOUT_MS: ms }, () =>
					agents[agent](shims[agent], "bash", { command: "ls" }),
				);
				assert.deepEqual(got, { blocked: false }, `PERMGUARD_HOOK_TIMEOUT_MS=${ms}`);
			}
		});
	});
}

// opencode runs the tool with the very object it hands the hook as
// output.args (1.18.33: the trigger's output is {args}, and the tool then
// executes that args), so the rewrite must change that object, not replace it.
describe("opencode's rewrite", () => {
	const before = async (args) => {
		const hooks = await shims.opencode.PermguardPlugin({ directory: proj });
		const output = { args };
		try {
			await hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_1", callID: "c1" }, output);
		} catch (err) {
			return { output, blocked: err.message };
		}
		return { output, blocked: false };
	};
	// the reply from a file: a command may hold quotes that sh would read
	const allowing = async (updated) => {
		const reply = path.join(dir, `reply-${++fakes}.json`);
		await writeFile(reply, `${JSON.stringify({ decision: "allow", reason: "r", updated_input: updated })}\n`);
		return fake(`cat '${reply}'`);
	};

	test("changes the args in place: the command replaced, every field permguard sent kept, others removed", async () => {
		const bin = await allowing({ command: "pg exec -- bash -c 'npm test'", workdir: "/p/sub", timeout: 120000, description: "tests" });
		const args = { command: "npm test", workdir: "/p/sub", timeout: 120000, description: "tests", extra: 1 };
		const { output, blocked } = await withEnv({ PERMGUARD_BIN: bin }, () => before(args));
		assert.equal(blocked, false);
		assert.equal(output.args, args, "a new object in output.args would be ignored by opencode");
		assert.deepEqual(args, { command: "pg exec -- bash -c 'npm test'", workdir: "/p/sub", timeout: 120000, description: "tests" });
	});

	test("a __proto__ field stays a field", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":{"command":"x","__proto__":{"workdir":"/elsewhere"}}}'`);
		const args = JSON.parse('{"command":"npm test","__proto__":{"workdir":"/elsewhere"}}');
		const { blocked } = await withEnv({ PERMGUARD_BIN: bin }, () => before(args));
		assert.equal(blocked, false);
		assert.equal(Object.getPrototypeOf(args), Object.prototype);
		assert.equal(args.workdir, undefined);
		assert.equal(args.command, "x");
	});

	test("args that cannot take it block the call", async () => {
		const bin = await allowing({ command: "confined" });
		for (const args of [Object.freeze({ command: "npm test" }), "npm test", null]) {
			const { blocked } = await withEnv({ PERMGUARD_BIN: bin }, () => before(args));
			assert.match(String(blocked), /^permguard: the opencode plugin failed \(.+\); the tool call is blocked$/, `args ${JSON.stringify(args)}`);
		}
	});

	test("an ask or a deny with an input to run changes nothing", async () => {
		for (const [decision, status] of [["ask", 0], ["deny", 2]]) {
			const bin = await fake(`printf '%s\\n' '{"decision":"${decision}","reason":"no","updated_input":{"command":"x"}}'; exit ${status}`);
			const args = { command: "npm test" };
			const { blocked } = await withEnv({ PERMGUARD_BIN: bin }, () => before(args));
			assert.ok(blocked, decision);
			assert.deepEqual(args, { command: "npm test" });
		}
	});
});

// pi runs the tool with the very object it hands the tool_call handler as
// event.input (0.73.1: the agent loop's validated arguments go to the
// handlers and then to the tool's execute, with no copy between), so the
// rewrite must change that object; pi reads nothing else from the handler
// but block and reason.
describe("pi's rewrite", () => {
	// handle runs the extension's tool_call handler on one call, with no UI,
	// and returns the event (its input as the handler left it), what
	// permguard was sent, and the block's reason or false.
	const handle = async (bin, toolName, input) => {
		let handler;
		shims.pi.default({
			on(event, fn) {
				handler = fn;
			},
		});
		const event = { type: "tool_call", toolCallId: "call-1", toolName, input };
		const ctx = { cwd: proj, hasUI: false, sessionManager: { getSessionId: () => "pi-session-1" } };
		const result = await withEnv({ PERMGUARD_BIN: bin }, () => handler(event, ctx));
		const sent = JSON.parse(await readFile(`${bin}.stdin`, "utf8"));
		if (result === undefined) {
			return { event, sent, blocked: false };
		}
		assert.equal(result.block, true, `pi's result ${JSON.stringify(result)} neither allows nor blocks`);
		return { event, sent, blocked: result.reason };
	};
	// the reply from a file: a command may hold quotes that sh would read
	const allowing = async (updated) => {
		const reply = path.join(dir, `reply-${++fakes}.json`);
		await writeFile(reply, `${JSON.stringify({ decision: "allow", reason: "r", updated_input: updated })}\n`);
		return fake(`cat '${reply}'`);
	};

	test("a bash call offers to take a rewrite; no other call does", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"allow"}'`);
		const calls = [
			["bash", { command: "npm test", timeout: 60 }, true],
			["bash", { command: ["npm", "test"] }, false],
			["bash", {}, false],
			["shell", { command: "npm test" }, false],
			["edit", { path: "a", oldText: "a", newText: "b" }, false],
		];
		for (const [tool, input, offered] of calls) {
			const { sent } = await handle(bin, tool, input);
			assert.equal(sent.can_rewrite, offered ? true : undefined, `${tool} ${JSON.stringify(input)}`);
		}
	});

	test("changes the input in place: the command replaced, every field permguard sent kept, others removed", async () => {
		const bin = await allowing({ command: "pg exec -- bash -c 'npm test'", timeout: 60 });
		const input = { command: "npm test", timeout: 60, extra: 1 };
		const { event, blocked } = await handle(bin, "bash", input);
		assert.equal(blocked, false);
		assert.equal(event.input, input, "a new object in event.input would be ignored by pi");
		assert.deepEqual(input, { command: "pg exec -- bash -c 'npm test'", timeout: 60 });
	});

	test("a __proto__ field stays a field", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"allow","reason":"r","updated_input":{"command":"x","__proto__":{"timeout":1}}}'`);
		// with no __proto__ of its own, which would shadow the setter that
		// an assignment reaches
		for (const input of [{ command: "npm test" }, JSON.parse('{"command":"npm test","__proto__":{"timeout":1}}')]) {
			const { blocked } = await handle(bin, "bash", input);
			assert.equal(blocked, false);
			assert.equal(Object.getPrototypeOf(input), Object.prototype);
			assert.ok(Object.hasOwn(input, "__proto__"));
			assert.equal(input.timeout, undefined);
			assert.equal(input.command, "x");
		}
	});

	test("an input that cannot take it blocks the call", async () => {
		const bin = await allowing({ command: "confined" });
		// frozen, and one that says it took the field but did not
		const inputs = [
			Object.freeze({ command: "npm test" }),
			new Proxy({ command: "npm test" }, { defineProperty: () => true, deleteProperty: () => true }),
		];
		for (const input of inputs) {
			const { blocked } = await handle(bin, "bash", input);
			assert.match(String(blocked), /^permguard: the pi extension failed \(.+\); the tool call is blocked$/);
			assert.equal(input.command, "npm test");
		}
	});

	test("a rewrite for a call that did not offer to take one blocks it, unchanged", async () => {
		const bin = await allowing({ command: "confined" });
		for (const [tool, input] of [
			["shell", { command: "npm test" }],
			["bash", { command: ["npm", "test"] }],
			["write", { path: "a", content: "b" }],
		]) {
			const before = structuredClone(input);
			const { blocked } = await handle(bin, tool, input);
			assert.match(
				String(blocked),
				/^permguard: .*fake-\d+ allowed the call only rewritten, which this extension does only for a bash call with a string command; the tool call is blocked$/,
				tool,
			);
			assert.deepEqual(input, before, tool);
		}
	});

	test("an ask or a deny with an input to run changes nothing", async () => {
		for (const [decision, status] of [["ask", 0], ["deny", 2]]) {
			const bin = await fake(`printf '%s\\n' '{"decision":"${decision}","reason":"no","updated_input":{"command":"x"}}'; exit ${status}`);
			const input = { command: "npm test" };
			const { blocked } = await handle(bin, "bash", input);
			assert.ok(blocked, decision);
			assert.deepEqual(input, { command: "npm test" });
		}
	});
});

describe("pi's dialog", () => {
	test("shows the call and permguard's reason, Deny first, with permguard's timeout", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"ask","reason":"permguard: needs high\\n  1:1 git push: high","timeout_ms":45000}'`);
		const asked = [];
		await withEnv({ PERMGUARD_BIN: bin }, () => agents.pi(shims.pi, "bash", { command: "git push" }, { ui: true, asked }));
		assert.deepEqual(asked, [
			{
				title: "permguard: allow this tool call?\n\nbash: git push\n\npermguard: needs high\n  1:1 git push: high",
				options: ["Deny", "Allow once"],
				timeout: 45000,
			},
		]);
	});

	test("nobody answers: denied, after the default timeout when permguard names none", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"ask","reason":"r"}'`);
		const asked = [];
		const got = await withEnv({ PERMGUARD_BIN: bin }, () =>
			agents.pi(shims.pi, "bash", { command: "git push" }, { ui: undefined, asked }),
		);
		assert.equal(got.blocked, true);
		assert.equal(asked[0].timeout, 120000);
	});

	test("shows no escape sequence the model wrote", async () => {
		const bin = await fake(`printf '%s\\n' '{"decision":"ask","reason":"r"}'`);
		const asked = [];
		await withEnv({ PERMGUARD_BIN: bin }, () =>
			agents.pi(shims.pi, "read", { path: "a\u001b[2J\u0007b\nc" }, { ui: false, asked }),
		);
		assert.equal(asked[0].title, "permguard: allow this tool call?\n\nread: a?[2J?b\nc\n\nr");
	});
});

describe("against the real permguard", { skip: noRealBin }, () => {
	let env;
	before(async () => {
		const home = path.join(dir, "real-home");
		await mkdir(path.join(dir, "real-cfg"), { recursive: true });
		await mkdir(home, { recursive: true });
		// no desktop notifications from the tests
		await writeFile(path.join(dir, "real-cfg", "settings.json"), '{"notifications": "off"}\n');
		env = {
			PERMGUARD_BIN: realBin,
			HOME: home,
			PERMGUARD_CONFIG_DIR: path.join(dir, "real-cfg"),
			PERMGUARD_STATE_DIR: path.join(dir, "real-state"),
			PERMGUARD_MANAGED_FILE: path.join(dir, "real-managed.json"),
			PERMGUARD_LEVEL: undefined,
			PERMGUARD_MODE: undefined,
			PERMGUARD_SESSION: undefined,
			PERMGUARD_HOOK_TIMEOUT_MS: undefined,
			XDG_CONFIG_HOME: undefined,
			PI_CODING_AGENT_DIR: undefined,
		};
	});

	const real = [
		{ name: "git status is allowed", tool: "bash", input: { command: "git status" }, pi: "allow", opencode: "allow" },
		{
			name: "rm -rf / is denied",
			tool: "bash",
			input: { command: "rm -rf /" },
			pi: /^rm -rf \/\nBlocked at level minimal\..*\nNeeds: high, dangerous — deletes the whole file system(: [^\n]*)?\n/s,
			opencode: /^rm -rf \/\nBlocked at level minimal\./,
		},
		{ name: "git push is asked, and allowed", tool: "bash", input: { command: "git push" }, ui: true, pi: "allow", opencode: /needs a person's approval.*\npermguard: needs high, the level in force is minimal — pushes commits/s },
		{ name: "git push is asked, and denied", tool: "bash", input: { command: "git push" }, ui: false, pi: /^permguard: denied by the user in pi/, opencode: /needs a person's approval/ },
		{ name: "git push without a UI", tool: "bash", input: { command: "git push" }, pi: /pi has no UI to ask for it in this mode.*\npermguard: needs high/s, opencode: /needs a person's approval/ },
		{ name: "reading an ssh key is asked", tool: "read", input: (e) => ({ path: path.join(e.HOME, ".ssh/id_ed25519") }), ui: false, pi: /denied by the user/, opencode: /reads a secret/ },
		{ name: "an unknown tool is high", tool: "deploy", input: { env: "prod" }, pi: /no UI.*needs high/s, opencode: /needs high/ },
	];
	for (const agent of ["pi", "opencode"]) {
		for (const c of real) {
			test(`${agent}: ${c.name}`, async () => {
				const opts = "ui" in c ? { ui: c.ui, asked: [] } : {};
				// a copy: pi and opencode rewrite the input they are handed
				// in place, and the rows are shared by both agents' tests
				const input = structuredClone(typeof c.input === "function" ? c.input(env) : c.input);
				const got = await withEnv(env, () => agents[agent](shims[agent], c.tool, input, opts));
				if (c[agent] === "allow") {
					assert.deepEqual(got, { blocked: false });
				} else {
					assert.equal(got.blocked, true);
					assert.match(got.reason, c[agent]);
				}
			});
		}
	}

	// Sandboxed allow (design §4, row 4b): at level low with "sandbox":
	// "auto", npm test runs confined where the caller rewrites the call.
	// Both extensions do: the command they run is permguard's exec, and
	// that runs the tests.
	describe("sandboxed allow", () => {
		let sandboxEnv;
		let noNamespaces = false;
		before(async () => {
			const cfg = path.join(dir, "real-cfg-sandbox");
			await mkdir(cfg, { recursive: true });
			await writeFile(path.join(cfg, "settings.json"), '{"notifications": "off", "sandbox": "auto"}\n');
			await writeFile(path.join(proj, "package.json"), '{"name":"p","version":"1.0.0","scripts":{"test":"echo CONFINED TESTS RAN"}}\n');
			sandboxEnv = { ...env, PERMGUARD_CONFIG_DIR: cfg, PERMGUARD_LEVEL: "low" };
			// where the kernel refuses the namespaces, the hook asks instead
			const empty = await mkdtemp(path.join(dir, "ns-"));
			const r = spawnSync(realBin, ["exec", "--sandbox=require", "--profile", "build", "--", "true"], { cwd: empty, env: { ...process.env, ...sandboxEnv } });
			noNamespaces = r.status !== 0;
		});

		test("opencode: npm test runs rewritten into permguard's sandbox", async (t) => {
			if (noNamespaces) {
				t.skip("no user namespaces here: the hook asks instead of rewriting");
				return;
			}
			const hooks = await shims.opencode.PermguardPlugin({ directory: proj });
			const args = { command: "npm test", description: "tests" };
			await withEnv(sandboxEnv, () => hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_1", callID: "c1" }, { args }));
			const self = await realpath(realBin);
			assert.equal(args.command, `${self} exec --box --level low --cwd ${proj} -- bash -c 'npm test'`);
			assert.equal(args.description, "tests");
			const out = execFileSync("bash", ["-c", args.command], { cwd: proj, env: { ...process.env, ...sandboxEnv }, encoding: "utf8" });
			assert.match(out, /CONFINED TESTS RAN/);
		});

		test("pi: npm test runs rewritten into permguard's sandbox", async (t) => {
			if (noNamespaces) {
				t.skip("no user namespaces here: the hook asks instead of rewriting");
				return;
			}
			let handler;
			shims.pi.default({
				on(event, fn) {
					handler = fn;
				},
			});
			const input = { command: "npm test", timeout: 60 };
			const result = await withEnv(sandboxEnv, () =>
				handler({ type: "tool_call", toolCallId: "c1", toolName: "bash", input }, { cwd: proj, hasUI: false }),
			);
			assert.equal(result, undefined);
			const self = await realpath(realBin);
			assert.equal(input.command, `${self} exec --box --level low --cwd ${proj} -- bash -c 'npm test'`);
			assert.equal(input.timeout, 60);
			const out = execFileSync("bash", ["-c", input.command], { cwd: proj, env: { ...process.env, ...sandboxEnv }, encoding: "utf8" });
			assert.match(out, /CONFINED TESTS RAN/);
		});

		test("pi: a call of another tool is asked, as without the setting", async () => {
			// a tool of an extension's that runs commands: pi's extension
			// rewrites only its own bash tool, so it does not offer to
			const got = await withEnv(sandboxEnv, () => agents.pi(shims.pi, "shell", { command: "npm test" }));
			assert.equal(got.blocked, true);
			assert.match(got.reason, /pi has no UI to ask for it in this mode.*\npermguard: needs/s);
		});
	});

	// The installed copies run the binary that installed them, by the path
	// it pinned, with PERMGUARD_BIN unset and no permguard on PATH.
	const installs = [
		{ agent: "pi", file: (e) => path.join(e.HOME, ".pi/agent/extensions/permguard.ts") },
		{ agent: "opencode", file: (e) => path.join(e.HOME, ".config/opencode/plugin/permguard.js") },
	];
	for (const { agent, file } of installs) {
		test(`${agent}: the installed file runs the binary that installed it`, async () => {
			const out = await withEnv(env, () => execFileSync(realBin, ["install", agent], { encoding: "utf8" }));
			assert.match(out, new RegExp(`^install ${agent}: ${file(env).replaceAll(".", "\\.")}\n`));
			const text = await readFile(file(env), "utf8");
			assert.ok(text.includes(`const INSTALLED_BIN = ${JSON.stringify(await realpath(realBin))}; // permguard-install: bin\n`));
			const installed = await importCopy(file(env), `installed-${agent}`);
			const got = await withEnv({ ...env, PERMGUARD_BIN: undefined, PATH: "/usr/bin:/bin" }, () =>
				agents[agent](installed, "bash", { command: "rm -rf /" }),
			);
			assert.equal(got.blocked, true);
			assert.match(got.reason, /^rm -rf \/\nBlocked at level/);
			await withEnv(env, () => execFileSync(realBin, ["uninstall", agent], { encoding: "utf8" }));
			assert.equal(existsSync(file(env)), false);
		});
	}
});
