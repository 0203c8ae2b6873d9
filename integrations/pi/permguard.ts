// permguard-extension: pi (written by "permguard install pi", which replaces it; "permguard uninstall pi" removes it)
//
// permguard for pi (https://github.com/badlogic/pi-mono). pi has no command
// hooks, so this extension stands in for one: on pi's "tool_call" event,
// before every tool call, it runs
//
//     permguard hook --agent generic
//
// with {"tool_name", "tool_input", "cwd", "session_id"} on stdin (and
// "can_rewrite": true for a bash call), and acts on the {"decision":
// "allow|ask|deny", "reason"} that permguard answers:
//
//   allow  the call runs; with "updated_input", it runs with that input in
//          place of its own (permguard's sandboxed allow: the command
//          rewritten to run in permguard's build sandbox);
//   ask    the person is asked in a pi dialog whose first, preselected
//          choice is Deny, and which denies when nobody answers within
//          permguard's promptTimeout ("timeout_ms"); where pi has no UI
//          (print and JSON modes) the call is blocked;
//   deny   the call is blocked, and permguard's reason goes to the model.
//
// "can_rewrite" tells permguard that this extension applies updated_input:
// an allow that holds only rewritten must never reach a caller that would
// run the call as sent. pi runs the tool with the very object it hands this
// handler as event.input (0.73.1: the agent loop's validated arguments,
// passed to the tool_call handlers and then to the tool's execute, with no
// copy between; pi's types say "event.input is mutable"), so the rewrite
// changes that object in place; pi reads nothing but "block" and "reason"
// from what the handler returns. It is sent only for pi's bash tool with a
// string command, the one call this extension rewrites.
//
// It fails closed: when permguard cannot be run, takes too long, crashes or
// answers anything but one such object, the call is blocked; so is an
// allow with updated_input for a call it did not offer to rewrite, one
// whose updated_input is not an object with a string command, or one that
// cannot be written into the call.
//
// Read from pi's environment at each call:
//   PERMGUARD_BIN              the permguard binary, instead of the one
//                              pinned below
//   PERMGUARD_HOOK_TIMEOUT_MS  how long to wait for permguard (30000)
//
// This is plain JavaScript in a .ts file: pi loads it as TypeScript, and the
// tests run it with Node 20, which does not strip types. Keep it free of
// TypeScript-only syntax; types go in JSDoc comments.

import { spawn } from "node:child_process";

// The permguard binary: "permguard install pi" replaces "permguard" (looked
// up on PATH) with the absolute path of the binary that installed this file,
// so that pi runs that binary whatever its PATH.
const INSTALLED_BIN = "permguard"; // permguard-install: bin

const DEFAULT_TIMEOUT_MS = 30000;

// The dialog's choices, Deny first: pi preselects the first, and its
// confirm dialog preselects Yes, so a stray Enter would allow.
const DENY = "Deny";
const ALLOW_ONCE = "Allow once";
// How long the dialog waits when permguard names no timeout: its own
// default promptTimeout.
const DEFAULT_PROMPT_TIMEOUT_MS = 120000;

// permguard's reply is one short JSON object (it caps its reasons at 8 KB):
// much more than that is not a reply, and is not kept in memory.
const MAX_REPLY_BYTES = 1 << 20;
const MAX_STDERR_CHARS = 4096;

// The session of a pi whose context does not name one: this pi process, told
// apart from a later one with the same pid by its start time.
const PROCESS_SESSION = `pi-${process.pid}-${Math.round(performance.timeOrigin)}`;

/**
 * @param {{ on: (event: string, handler: (event: any, ctx: any) => Promise<any>) => void }} pi
 */
export default function permguard(pi) {
	pi.on("tool_call", async (event, ctx) => {
		try {
			const rewritable = event.toolName === "bash" && isPlainObject(event.input) && typeof event.input.command === "string";
			/** @type {Record<string, unknown>} */
			const call = {
				tool_name: event.toolName,
				tool_input: event.input,
				cwd: ctx.cwd,
				session_id: sessionId(ctx),
			};
			if (rewritable) {
				call.can_rewrite = true;
			}
			const verdict = await askPermguard(call, rewritable);
			if (verdict.decision === "allow") {
				if (verdict.updatedInput !== undefined) {
					rewrite(event.input, verdict.updatedInput);
				}
				return undefined;
			}
			if (verdict.decision === "ask") {
				if (!ctx.hasUI) {
					return {
						block: true,
						reason: `permguard: this tool call needs a person's approval, and pi has no UI to ask for it in this mode, so it is blocked.\n${verdict.reason}`,
					};
				}
				const timeout = Number.isSafeInteger(verdict.timeout_ms) && verdict.timeout_ms > 0 ? verdict.timeout_ms : DEFAULT_PROMPT_TIMEOUT_MS;
				const choice = await ctx.ui.select(
					`permguard: allow this tool call?\n\n${describe(event.toolName, event.input)}\n\n${verdict.reason}`,
					[DENY, ALLOW_ONCE],
					{ timeout },
				);
				// Only the explicit choice lets the call through: a timeout,
				// Escape or anything else denies.
				if (choice === ALLOW_ONCE) {
					return undefined;
				}
				return { block: true, reason: "permguard: denied by the user in pi; do not retry it, ask the user what to do instead" };
			}
			return { block: true, reason: verdict.reason };
		} catch (err) {
			// pi blocks on a thrown error too, but with a reason of its own:
			// this one says what failed.
			return { block: true, reason: `permguard: the pi extension failed (${errorText(err)}); the tool call is blocked` };
		}
	});
}

/**
 * Makes the call's input the one permguard handed back, in place: every
 * field of it set, every other one removed. It throws when that cannot be
 * done, and the call is blocked: run as sent, it would run unconfined.
 * @param {unknown} input event.input, the object pi runs the tool with
 * @param {Record<string, unknown>} updated
 */
function rewrite(input, updated) {
	if (!isPlainObject(input)) {
		throw new Error("the tool's input is not an object, so permguard's rewrite cannot be applied");
	}
	for (const key of Object.keys(input)) {
		if (!Object.hasOwn(updated, key)) {
			delete input[key];
		}
	}
	// defined, not assigned: a "__proto__" among the fields (the model
	// writes the tool's input) stays a field, as permguard read it, and
	// does not become the object's prototype
	for (const [key, value] of Object.entries(updated)) {
		Object.defineProperty(input, key, { value, writable: true, enumerable: true, configurable: true });
	}
	if (input.command !== updated.command) {
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
 * The session pi names, or this process.
 * @param {any} ctx
 * @returns {string}
 */
function sessionId(ctx) {
	try {
		const manager = ctx.sessionManager;
		const id = manager && typeof manager.getSessionId === "function" ? manager.getSessionId() : undefined;
		if (typeof id === "string" && id !== "") {
			return id;
		}
	} catch {
		// an older pi: this process stands for the session
	}
	return PROCESS_SESSION;
}

/**
 * One line saying what the call does, for the person to approve.
 * @param {unknown} toolName
 * @param {unknown} input
 * @returns {string}
 */
function describe(toolName, input) {
	const fields = input !== null && typeof input === "object" ? /** @type {Record<string, unknown>} */ (input) : {};
	let what = "";
	for (const key of ["command", "path", "filePath", "url"]) {
		if (typeof fields[key] === "string") {
			what = fields[key];
			break;
		}
	}
	let text = what === "" ? String(toolName) : `${String(toolName)}: ${what}`;
	if (text.length > 1000) {
		text = `${text.slice(0, 1000)}…`;
	}
	// The model wrote this: no escape sequence of its own reaches pi's screen.
	return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "?");
}

/**
 * @typedef {{ decision: "allow" | "ask" | "deny", reason: string, timeout_ms?: number, updatedInput?: Record<string, unknown> }} Verdict
 */

/**
 * Runs permguard on one call. It never throws and never rejects: whatever
 * goes wrong is a deny that says what it was.
 * @param {object} call the generic dialect's payload
 * @param {boolean} canRewrite whether the call offered to take a rewrite
 * @returns {Promise<Verdict>}
 */
function askPermguard(call, canRewrite) {
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
				// pi's TUI owns it. A call that needs a person comes back as
				// "ask" instead, and is put to them in pi's UI.
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
				settle(readReply(Buffer.concat(stdout).toString("utf8"), code, stderr, bin, canRewrite));
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
 * Reads permguard's reply: exactly one {"decision", "reason"} object (an ask
 * may add "timeout_ms"), and an exit status that agrees with the decision
 * (0 for allow and ask, 2 for deny); an allow to a call that offered to take
 * a rewrite may carry "updated_input", an object with a string command.
 * Anything else is a deny.
 * @param {string} stdout
 * @param {number | null} code
 * @param {string} stderr
 * @param {string} bin
 * @param {boolean} canRewrite
 * @returns {Verdict}
 */
function readReply(stdout, code, stderr, bin, canRewrite) {
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
				if (!canRewrite) {
					return deny(`${bin} allowed the call only rewritten, which this extension does only for a bash call with a string command`);
				}
				if (!isPlainObject(updated) || typeof updated.command !== "string") {
					return deny(`${bin} allowed the call only rewritten, but its updated_input is not an object with a string command`);
				}
				return { decision: "allow", reason, updatedInput: updated };
			}
			if (reply.decision === "ask" && Number.isSafeInteger(reply.timeout_ms)) {
				return { decision: "ask", reason, timeout_ms: reply.timeout_ms };
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
