// permguard-extension: opencode (written by "permguard install opencode", which replaces it; "permguard uninstall opencode" removes it)
//
// permguard for opencode (https://opencode.ai). opencode has no command
// hooks, so this plugin stands in for one: on opencode's
// "tool.execute.before" hook, before every tool call, it runs
//
//     permguard hook --agent generic
//
// with {"tool_name", "tool_input", "cwd", "session_id", "can_rewrite": true}
// on stdin, and acts on the {"decision": "allow|ask|deny", "reason"} that
// permguard answers:
//
//   allow  the call runs; with "updated_input", it runs with that input in
//          place of its own (permguard's sandboxed allow: the command
//          rewritten to run in permguard's build sandbox);
//   ask    the call is blocked: opencode gives this hook no way to ask a
//          person, so the error says that one must approve it;
//   deny   the call is blocked, and permguard's reason goes to the model.
//
// "can_rewrite" tells permguard that this plugin applies updated_input: an
// allow that holds only rewritten must never reach a caller that would run
// the call as sent. opencode runs the tool with the very object it hands
// this hook as output.args (1.18.33), so the rewrite changes that object in
// place; an object put in its stead would be ignored.
//
// A plugin blocks a call by throwing; the error's message is the reason.
// It fails closed: when permguard cannot be run, takes too long, crashes or
// answers anything but one such object, the call is blocked; so is an
// allow whose updated_input is not an object with a string command, or
// that cannot be written into the call.
//
// Read from opencode's environment at each call:
//   PERMGUARD_BIN              the permguard binary, instead of the one
//                              pinned below
//   PERMGUARD_HOOK_TIMEOUT_MS  how long to wait for permguard (30000)
//
// opencode calls every function this module exports as a plugin, so it
// exports exactly one. Keep it plain JavaScript: the tests run it with
// Node 20.

import { spawn } from "node:child_process";

// The permguard binary: "permguard install opencode" replaces "permguard"
// (looked up on PATH) with the absolute path of the binary that installed
// this file, so that opencode runs that binary whatever its PATH.
const INSTALLED_BIN = "permguard"; // permguard-install: bin

const DEFAULT_TIMEOUT_MS = 30000;

// permguard's reply is one short JSON object (it caps its reasons at 8 KB):
// much more than that is not a reply, and is not kept in memory.
const MAX_REPLY_BYTES = 1 << 20;
const MAX_STDERR_CHARS = 4096;

// The session of a call that names none: this opencode process, told apart
// from a later one with the same pid by its start time.
const PROCESS_SESSION = `opencode-${process.pid}-${Math.round(performance.timeOrigin)}`;

/**
 * The plugin: opencode calls it once per project, with the project's
 * directory, and calls the hook it returns before every tool call. It must
 * not throw: a plugin that fails to load guards nothing.
 * @param {{ directory?: unknown } | undefined} project
 */
export const PermguardPlugin = async (project) => {
	const directory = project && typeof project.directory === "string" ? project.directory : undefined;
	return { "tool.execute.before": (input, output) => beforeToolCall(directory, input, output) };
};

/**
 * @typedef {{ decision: "allow" | "ask" | "deny", reason: string, updatedInput?: Record<string, unknown> }} Verdict
 */

/**
 * Blocks the call by throwing unless permguard allows it; applies the
 * input an allow hands back.
 * @param {string | undefined} directory
 * @param {{ tool: string, sessionID?: string, callID?: string }} input
 * @param {{ args: unknown }} output
 */
async function beforeToolCall(directory, input, output) {
	/** @type {Verdict} */
	let verdict;
	try {
		verdict = await askPermguard({
			tool_name: input.tool,
			tool_input: output.args,
			cwd: directory,
			session_id: typeof input.sessionID === "string" && input.sessionID !== "" ? input.sessionID : PROCESS_SESSION,
			can_rewrite: true,
		});
		if (verdict.decision === "allow" && verdict.updatedInput !== undefined) {
			rewrite(output, verdict.updatedInput);
		}
	} catch (err) {
		verdict = deny(`the opencode plugin failed (${errorText(err)})`);
	}
	if (verdict.decision === "allow") {
		return;
	}
	if (verdict.decision === "ask") {
		throw new Error(
			`permguard: this tool call needs a person's approval, and an opencode plugin cannot ask for it, so it is blocked.\n${verdict.reason}\n` +
				`The user can allow such calls with "permguard allow PATTERN" or a higher level ("permguard level LEVEL --global", or PERMGUARD_LEVEL when starting opencode); do not retry it, ask the user what to do instead.`,
		);
	}
	throw new Error(verdict.reason);
}

/**
 * Makes output.args the input permguard handed back, in place: every field
 * of it set, every other one removed. It throws when that cannot be done,
 * and the call is blocked: run as sent, it would run unconfined.
 * @param {{ args: unknown }} output
 * @param {Record<string, unknown>} updated
 */
function rewrite(output, updated) {
	const args = output.args;
	if (!isPlainObject(args)) {
		throw new Error("the tool's arguments are not an object, so permguard's rewrite cannot be applied");
	}
	for (const key of Object.keys(args)) {
		if (!Object.hasOwn(updated, key)) {
			delete args[key];
		}
	}
	// defined, not assigned: a "__proto__" among the fields (the model
	// writes the tool's input) stays a field, as permguard read it, and
	// does not become the object's prototype
	for (const [key, value] of Object.entries(updated)) {
		Object.defineProperty(args, key, { value, writable: true, enumerable: true, configurable: true });
	}
	if (args.command !== updated.command) {
		throw new Error("permguard's rewritten command did not take");
	}
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isPlainObject(v) {
	return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * Runs permguard on one call. It never throws and never rejects: whatever
 * goes wrong is a deny that says what it was.
 * @param {object} call the generic dialect's payload
 * @returns {Promise<Verdict>}
 */
function askPermguard(call) {
	const bin = process.env.PERMGUARD_BIN || INSTALLED_BIN;
	const timeoutMs = hookTimeout();
	return new Promise((resolve) => {
		/** @type {ReturnType<typeof setTimeout> | undefined} */
		let timer;
		let settled = false;
		/** @param {Verdict} verdict */
		const settle = (verdict) => {
			if (!settled) {
				settled = true;
				clearTimeout(timer);
				resolve(verdict);
			}
		};
		/** @param {string} why */
		const fail = (why) => settle(deny(why));

		let input;
		try {
			input = JSON.stringify(call);
		} catch (err) {
			fail(`cannot encode the tool call as JSON (${errorText(err)})`);
			return;
		}
		let child;
		try {
			child = spawn(bin, ["hook", "--agent", "generic"], {
				stdio: ["pipe", "pipe", "pipe"],
				// permguard must not open its own prompt on the terminal:
				// opencode's TUI owns it. A call that needs a person comes
				// back as "ask" instead (and is blocked, see above).
				env: { ...process.env, PERMGUARD_NO_PROMPT: "1" },
				windowsHide: true,
			});
		} catch (err) {
			settle(cannotRun(bin, err));
			return;
		}
		timer = setTimeout(() => {
			child.kill("SIGKILL");
			fail(`${bin} did not answer within ${timeoutMs} ms`);
		}, timeoutMs);

		/** @type {Buffer[]} */
		const stdout = [];
		let stdoutBytes = 0;
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdoutBytes += chunk.length;
			if (stdoutBytes <= MAX_REPLY_BYTES) {
				stdout.push(chunk);
			}
		});
		child.stderr.on("data", (chunk) => {
			if (stderr.length < MAX_STDERR_CHARS) {
				stderr += chunk.toString("utf8");
			}
		});
		child.on("error", (err) => settle(cannotRun(bin, err)));
		child.on("close", (code, signal) => {
			if (signal) {
				fail(`${bin} was killed by ${signal}`);
			} else if (stdoutBytes > MAX_REPLY_BYTES) {
				fail(`${bin} wrote more than ${MAX_REPLY_BYTES} bytes, which is no reply`);
			} else {
				settle(readReply(Buffer.concat(stdout).toString("utf8"), code, stderr, bin));
			}
		});
		// permguard may answer and exit before it has read everything (a
		// payload over its size limit): the broken pipe is no verdict, the
		// reply is.
		child.stdin.on("error", () => {});
		child.stdin.end(input);
	});
}

/**
 * Reads permguard's reply: exactly one {"decision", "reason"} object, and an
 * exit status that agrees with the decision (0 for allow and ask, 2 for
 * deny); an allow may carry "updated_input", an object with a string
 * command. Anything else is a deny.
 * @param {string} stdout
 * @param {number | null} code
 * @param {string} stderr
 * @param {string} bin
 * @returns {Verdict}
 */
function readReply(stdout, code, stderr, bin) {
	let reply;
	try {
		reply = JSON.parse(stdout);
	} catch {
		reply = undefined;
	}
	if (reply === null || typeof reply !== "object" || Array.isArray(reply)) {
		return deny(`${bin} exited with status ${code} and no reply${stderrLine(stderr)}`);
	}
	const reason = typeof reply.reason === "string" ? reply.reason : "";
	switch (reply.decision) {
		case "allow":
		case "ask":
			if (code !== 0) {
				return deny(`${bin} answered "${reply.decision}" but exited with status ${code}`);
			}
			if (reply.decision === "allow" && "updated_input" in reply) {
				const updated = reply.updated_input;
				if (!isPlainObject(updated) || typeof updated.command !== "string") {
					return deny(`${bin} allowed the call only rewritten, but its updated_input is not an object with a string command`);
				}
				return { decision: "allow", reason, updatedInput: updated };
			}
			return { decision: reply.decision, reason };
		case "deny":
			return { decision: "deny", reason: reason || `permguard: the tool call is denied (exit status ${code})` };
		default:
			return deny(`${bin} answered the unknown decision ${JSON.stringify(reply.decision)}`);
	}
}

/**
 * The deny when permguard cannot be run at all (not found on PATH, not
 * executable): every call is blocked until it can, so it says what to run.
 * @param {string} bin
 * @param {unknown} err
 * @returns {{ decision: "deny", reason: string }}
 */
function cannotRun(bin, err) {
	return {
		decision: "deny",
		reason: `permguard: error: cannot run ${bin} (${errorText(err)}), so every tool call is blocked until it can: run permguard doctor`,
	};
}

/**
 * @param {string} why
 * @returns {{ decision: "deny", reason: string }}
 */
function deny(why) {
	return { decision: "deny", reason: `permguard: ${why}; the tool call is blocked` };
}

/** @returns {number} PERMGUARD_HOOK_TIMEOUT_MS when it is a sane number of ms, else the default */
function hookTimeout() {
	const ms = Number(process.env.PERMGUARD_HOOK_TIMEOUT_MS);
	return Number.isInteger(ms) && ms > 0 && ms <= 600000 ? ms : DEFAULT_TIMEOUT_MS;
}

/**
 * The first line of what permguard said on stderr, to explain a failure.
 * @param {string} stderr
 * @returns {string}
 */
function stderrLine(stderr) {
	const line = stderr.trim().split("\n", 1)[0].slice(0, 300);
	return line === "" ? "" : `: ${line}`;
}

/**
 * @param {unknown} err
 * @returns {string}
 */
function errorText(err) {
	return err instanceof Error ? err.message : String(err);
}
