#!/usr/bin/env bash
# e2e-claude-auto.sh: Claude Code's auto mode, in its interactive screen,
# driven in tmux as a person would: permguard answers an ask-level call
# (touch in the workspace, level minimal) with ask, and this checks that
# Claude Code shows that question and honours the answer: No and Esc stop
# the call, Yes runs it. The model is the mock of e2e/agents, on 127.0.0.1;
# nothing else is reached. Run by hand (not by make e2e): it needs Claude
# Code from e2e/agents (npm install there, as make e2e-agents does).
#
# Usage: scripts/e2e-claude-auto.sh [path/to/permguard]   (default: bin/permguard)
# CAPTURE_TO=FILE keeps the payload of the first session, with its paths
# made /e2e/... as e2e/agents/run.mjs's --capture does.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=$(realpath "${1:-bin/permguard}")
CLAUDE=$(realpath e2e/agents/node_modules/.bin/claude 2>/dev/null || true)
MOCK=$(realpath e2e/agents/mock.mjs)
command -v tmux >/dev/null || { echo "e2e-claude-auto.sh: tmux is not installed" >&2; exit 1; }
[ -x "$BIN" ] || { echo "e2e-claude-auto.sh: $BIN is not built; run make build" >&2; exit 1; }
[ -x "$CLAUDE" ] || { echo "e2e-claude-auto.sh: Claude Code is not installed in e2e/agents; run npm install there" >&2; exit 1; }

D=$(mktemp -d "${TMPDIR:-/tmp}/permguard-claude-auto-XXXXXX")
SOCK="pg-claude-auto-$$"
MOCK_PID=
# stop NAME: end a tmux session and wait for its Claude Code to exit, which
# writes to its HOME on the way out.
stop() {
	local pid
	pid=$(tmux -L "$SOCK" display-message -p -t "$1" '#{pane_pid}' 2>/dev/null) || return 0
	tmux -L "$SOCK" kill-session -t "$1" 2>/dev/null || true
	for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
}
cleanup() {
	for s in no esc yes; do stop "$s"; done
	tmux -L "$SOCK" kill-server 2>/dev/null || true
	[ -z "$MOCK_PID" ] || kill "$MOCK_PID" 2>/dev/null || true
	rm -rf "$D"
}
trap cleanup EXIT
mkdir -p "$D/home" "$D/work" "$D/state" "$D/config" "$D/capture" "$D/bin"
echo hello >"$D/work/hello.txt"
MARKER=$D/work/marker-auto

# The mock model: every request that offers Bash and carries no tool result
# yet gets the call "touch $MARKER"; the one with the result gets "done".
node --input-type=module -e "
import { startMock } from '$MOCK';
import fs from 'node:fs';
const { port } = await startMock({ log: '$D/mock.jsonl', calls: [{ name: 'Bash', args: { command: 'touch $MARKER', description: 'e2e' } }] });
fs.writeFileSync('$D/port', String(port));
" &
MOCK_PID=$!
for _ in $(seq 100); do [ -s "$D/port" ] && break; sleep 0.1; done
[ -s "$D/port" ] || { echo "e2e-claude-auto.sh: the mock did not start" >&2; exit 1; }
PORT=$(cat "$D/port")

ENV=(env -i PATH="$PATH" HOME="$D/home" TERM=xterm-256color LANG=C.UTF-8 SHELL=/bin/sh
	XDG_CONFIG_HOME="$D/home/.config" XDG_DATA_HOME="$D/home/.local/share" XDG_STATE_HOME="$D/home/.local/state" XDG_CACHE_HOME="$D/home/.cache"
	PERMGUARD_STATE_DIR="$D/state" PERMGUARD_CONFIG_DIR="$D/config" PERMGUARD_MANAGED_FILE="$D/no-managed.json"
	ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" ANTHROPIC_API_KEY=sk-ant-e2e-dummy
	CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 DISABLE_ERROR_REPORTING=1)

# permguard installed for the fake HOME, its entry pointed at a wrapper
# that keeps each payload.
(cd "$D/work" && "${ENV[@]}" "$BIN" install claude >/dev/null)
printf '#!/bin/sh\nf="%s/capture/$(date +%%s%%N)-$$.json"; cat >"$f"\nexec %q "$@" <"$f"\n' "$D" "$BIN" >"$D/bin/permguard"
chmod 755 "$D/bin/permguard"
sed -i "s#'$BIN'#'$D/bin/permguard'#" "$D/home/.claude/settings.json"
grep -qF "$D/bin/permguard" "$D/home/.claude/settings.json" || { echo "e2e-claude-auto.sh: the installed entry does not name $BIN" >&2; exit 1; }
# The first-run screens (onboarding, trusting the folder, using the key
# from the environment, auto mode's notice) answered beforehand.
cat >"$D/home/.claude.json" <<JSON
{"hasCompletedOnboarding": true, "hasSeenAutoModeEntryWarning": true,
 "customApiKeyResponses": {"approved": ["sk-ant-e2e-dummy"], "rejected": []},
 "projects": {"$D/work": {"hasTrustDialogAccepted": true}}}
JSON

failures=0
screen() { tmux -L "$SOCK" capture-pane -p -t "$1"; }
fail() { echo "FAIL: $2" >&2; echo "--- screen:" >&2; screen "$1" | grep -v '^$' >&2 || true; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# wait_for SESSION TEXT [SECONDS]: until TEXT is on the screen.
wait_for() {
	local deadline=$((SECONDS + ${3:-30}))
	until screen "$1" | grep -qF -- "$2"; do
		[ $SECONDS -lt $deadline ] || return 1
		sleep 0.2
	done
	sleep 0.5
}

# last_decision: the decision of permguard's last audit line.
last_decision() { tail -1 "$D/state/audit.jsonl" 2>/dev/null | sed -n 's/.*"decision":"\([a-z]*\)".*/\1/p'; }

# session NAME: Claude Code in auto mode in a tmux session of its own, the
# task typed; returns once its prompt asks about the call.
session() {
	rm -f "$MARKER"
	tmux -L "$SOCK" new-session -d -s "$1" -x 150 -y 45 -c "$D/work" \
		"$(printf '%q ' "${ENV[@]}" "$CLAUDE" --model claude-sonnet-4-6 --permission-mode auto)"
	wait_for "$1" "auto mode on" || { fail "$1" "$1: auto mode is not on"; return 1; }
	tmux -L "$SOCK" send-keys -t "$1" -l "Do the task."
	sleep 0.5
	tmux -L "$SOCK" send-keys -t "$1" Enter
	wait_for "$1" "Do you want to proceed?" || { fail "$1" "$1: no prompt for the call"; return 1; }
	if ! screen "$1" | grep -qF "Hook PreToolUse:Bash requires confirmation" || ! screen "$1" | grep -qF "permguard: needs low"; then
		fail "$1" "$1: the prompt is not permguard's question"
		return 1
	fi
	[ "$(last_decision)" = ask ] || { fail "$1" "$1: permguard's audit says $(last_decision), not ask"; return 1; }
}

# 1. No: the call does not run
if session no; then
	tmux -L "$SOCK" send-keys -t no Down
	sleep 0.3
	tmux -L "$SOCK" send-keys -t no Enter
	if wait_for no "Interrupted"; then
		if [ -e "$MARKER" ]; then fail no "no: the call ran after No"; else pass "No: the call did not run"; fi
	else fail no "no: the turn did not stop"; fi
fi
stop no

# 2. Esc: the same
if session esc; then
	tmux -L "$SOCK" send-keys -t esc Escape
	if wait_for esc "Interrupted"; then
		if [ -e "$MARKER" ]; then fail esc "esc: the call ran after Esc"; else pass "Esc: the call did not run"; fi
	else fail esc "esc: the turn did not stop"; fi
fi
stop esc

# 3. Yes: the call runs
if session yes; then
	tmux -L "$SOCK" send-keys -t yes Enter
	if wait_for yes "Ran 1 shell command"; then
		if [ -e "$MARKER" ]; then pass "Yes: the call ran"; else fail yes "yes: no marker after Yes"; fi
	else fail yes "yes: the call did not run"; fi
fi
stop yes

# Every payload named auto mode.
for f in "$D"/capture/*.json; do
	grep -qF '"permission_mode":"auto"' "$f" || fail yes "a payload does not name auto mode: $(cat "$f")"
done
if [ -n "${CAPTURE_TO:-}" ]; then
	first=$(find "$D/capture" -name '*.json' | sort | head -1)
	dashed=$(printf %s "$D" | tr -c 'A-Za-z0-9' '-')
	sed -e "s#$D#/e2e#g" -e "s#$dashed#-e2e#g" "$first" |
		node -e 'console.log(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8")), null, 2))' >"$CAPTURE_TO"
	echo "kept $CAPTURE_TO"
fi

if [ $failures -gt 0 ]; then
	echo "e2e-claude-auto.sh: $failures failed" >&2
	exit 1
fi
echo "e2e-claude-auto.sh: all passed"
