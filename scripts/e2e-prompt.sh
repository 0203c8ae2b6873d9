#!/usr/bin/env bash
# e2e-prompt.sh: drive the real permguard binary's terminal prompt in tmux,
# as a person would: start a command that needs approval, read the screen,
# press keys, then check the exit code and that stdout holds only the
# verdict (or the hook's reply). Run by "make e2e" and by .ci/run.
#
# Usage: scripts/e2e-prompt.sh [path/to/permguard]   (default: bin/permguard)
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=$(realpath "${1:-bin/permguard}")
command -v tmux >/dev/null || { echo "e2e-prompt.sh: tmux is not installed" >&2; exit 1; }
[ -x "$BIN" ] || { echo "e2e-prompt.sh: $BIN is not built; run make build" >&2; exit 1; }

WORK=$(mktemp -d)
SOCK="pg-e2e-$$"
cleanup() { tmux -L "$SOCK" kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

PUSH_JSON='{"session_id":"e2e","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"}}'
printf '%s\n' "$PUSH_JSON" >"$WORK/push.json"
cat >"$WORK/env.sh" <<ENV
export PERMGUARD_CONFIG_DIR=$WORK/cfg PERMGUARD_STATE_DIR=$WORK/state
export PERMGUARD_MANAGED_FILE=$WORK/no-managed.json HOME=$WORK PERMGUARD_SESSION=e2e
unset PERMGUARD_NO_PROMPT PERMGUARD_ACCESSIBLE PERMGUARD_LEVEL PERMGUARD_MODE
export PS1='$ ' TERM=xterm-256color
cd $WORK
ENV

failures=0
fail() { echo "FAIL: $*" >&2; echo "--- screen:" >&2; screen >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# An interactive shell in a detached tmux session: job control on, so a
# command started with & runs in a background process group.
tmux -L "$SOCK" new-session -d -s e2e -x 120 -y 40 "bash --norc --noprofile -i"
keys() { tmux -L "$SOCK" send-keys -t e2e "$@"; }
screen() { tmux -L "$SOCK" capture-pane -p -t e2e; }
keys ". $WORK/env.sh; clear" Enter

# wait_for TEXT [SECONDS]: until TEXT is on the screen.
wait_for() {
	local deadline=$((SECONDS + ${2:-10}))
	until screen | grep -qF -- "$1"; do
		[ $SECONDS -lt $deadline ] || return 1
		sleep 0.05
	done
	# A field is drawn before it has the focus: keys sent in that moment
	# go to the field before it (j and k move a choice list, Enter submits
	# it). Let the form settle.
	sleep 0.5
}

# enter_until_gone TEXT: press Enter until TEXT leaves the screen (at most
# three times). huh v2's input field sometimes drops an Enter (seen about
# one run in three here); a person presses it again, and so does the test.
enter_until_gone() {
	for _ in 1 2 3; do
		keys Enter
		for _ in $(seq 20); do
			screen | grep -qF -- "$1" || return 0
			sleep 0.1
		done
	done
}

# type_word WORD: type WORD into the focused input field and wait until the
# field shows it (WORD is then on the screen twice: in the title and in the
# field). When keys were lost, as a person would, erase the field and type
# again, at most three times.
type_word() {
	for _ in 1 2 3; do
		keys -l "$1"
		for _ in $(seq 30); do
			[ "$(screen | grep -o -- "$1" | wc -l)" -ge 2 ] && return 0
			sleep 0.1
		done
		for _ in $(seq $((${#1} + 8))); do keys BSpace; done
		sleep 0.5
	done
}

# wait_clear: until the pane shows nothing but the shell prompt, so that
# text left by the previous command cannot be mistaken for the next
# command's prompt (keys sent too early land in the shell, not the form).
wait_clear() {
	local deadline=$((SECONDS + 10))
	until [ "$(screen | grep -v '^\$ *$' | grep -c .)" = 0 ]; do
		[ $SECONDS -lt $deadline ] || return 1
		sleep 0.05
	done
}

# run NAME COMMAND: start COMMAND in the pane, stdout and stderr to files,
# the exit code to NAME.code when it ends.
run() {
	rm -f "$WORK/$1".{out,err,code}
	keys clear Enter
	wait_clear || fail "$1: the screen did not clear"
	keys "$2 >$1.out 2>$1.err; echo \$? >$1.code" Enter
}

# finish NAME WANT_CODE [SECONDS]: wait for the command and check its code.
finish() {
	local deadline=$((SECONDS + ${3:-10}))
	until [ -s "$WORK/$1.code" ]; do
		if [ $SECONDS -ge $deadline ]; then
			fail "$1: did not end within ${3:-10}s"
			return 1
		fi
		sleep 0.05
	done
	local got
	got=$(cat "$WORK/$1.code")
	if [ "$got" != "$2" ]; then
		fail "$1: exit $got, want $2 (stderr: $(cat "$WORK/$1.err"))"
		return 1
	fi
}

# clean_stdout NAME: stdout holds no terminal escape or prompt text.
clean_stdout() {
	if grep -q $'\e' "$WORK/$1.out" || grep -qE 'Allow it\?|Deny and|┃' "$WORK/$1.out"; then
		fail "$1: the prompt reached stdout: $(od -c "$WORK/$1.out" | head -5)"
		return 1
	fi
}

PROMPT='Allow it? (no answer in'

# 1. huh form: Allow once (Down, Enter)
run once "$BIN check 'git push origin main'"
if wait_for "$PROMPT"; then
	keys Down Enter
	finish once 0 && clean_stdout once && grep -qx 'high: allow at level minimal (allow-once)' "$WORK/once.out" && pass "allow once: exit 0, stdout is the verdict"
else fail "allow once: no prompt"; fi

# 2. Deny is the default: Enter
run deny "$BIN check 'git push origin main'"
if wait_for "$PROMPT"; then
	keys Enter
	finish deny 2 && clean_stdout deny && grep -q 'denied by the user at the terminal prompt' "$WORK/deny.err" && pass "enter denies: exit 2 with the reason"
else fail "deny: no prompt"; fi

# 3. Ctrl-C denies, whatever is highlighted
run ctrlc "$BIN check 'git push origin main'"
if wait_for "$PROMPT"; then
	keys Down
	sleep 0.1
	keys C-c
	finish ctrlc 2 && clean_stdout ctrlc && pass "ctrl-c with allow highlighted denies: exit 2"
else fail "ctrl-c: no prompt"; fi

# 4. the timeout denies
mkdir -p "$WORK/cfg"
echo '{"promptTimeout": 2}' >"$WORK/cfg/settings.json"
run timeout "$BIN check 'git push origin main'"
if wait_for "no answer in 2s denies"; then
	keys Down
	start=$SECONDS
	finish timeout 2 6 && grep -q 'nobody answered within 2s' "$WORK/timeout.err" && pass "timeout denies after $((SECONDS - start))s: exit 2"
else fail "timeout: no prompt"; fi
rm "$WORK/cfg/settings.json"

# 5. Allow for this session, then the same command runs without a prompt
run session "$BIN check 'git push origin main --tags'"
if wait_for "$PROMPT"; then
	keys Down Down Enter
	finish session 0
	run again "$BIN check 'git push origin main --tags'"
	finish again 0 3 && grep -q '(remembered)' "$WORK/again.out" && pass "allow for this session: the second run is allowed without a prompt"
else fail "session: no prompt"; fi

# 6. Always allow: keep the suggested rule; a new process honours it
run always "$BIN check 'npm publish'"
if wait_for "$PROMPT"; then
	keys Down Down Down Enter
	if wait_for "Rule to save"; then
		enter_until_gone "Rule to save"
		finish always 0
		run always2 "PERMGUARD_SESSION=other $BIN check 'npm publish'"
		if finish always2 0 3; then
			# the suggested rule is widened to every npm publish command
			if grep -q '"npm publish \*"' "$WORK/cfg/settings.json"; then
				pass "always allow: rule saved and honoured by a new process"
			else fail "always allow: the rule saved is not \"npm publish *\": $(cat "$WORK/cfg/settings.json")"; fi
		fi
	else fail "always allow: no rule field"; fi
else fail "always: no prompt"; fi

# 7. dangerous: only Deny and Allow once, and the word must be typed
# The typed confirmation is retried as a whole up to three times: huh v2's
# input field sometimes loses keys sent by tmux right after it appears
# (about one run in three on this machine), which a person would see and
# type again. A wrong word is never retried (danger2 below).
for attempt in 1 2 3; do
	before=$failures
	run danger "$BIN check 'rm -rf /'"
	if wait_for "DANGEROUS"; then
		if screen | grep -q 'Allow for this session'; then fail "dangerous offers allow for this session"; fi
		keys Down Enter
		if wait_for "to allow it once"; then
			word=$(screen | grep -o 'Type "[a-z]*-[0-9]*"' | head -1 | cut -d'"' -f2)
			type_word "$word"
			typed_screen=$(screen)
			enter_until_gone "to allow it once"
			finish danger 0 && pass "dangerous: allowed after typing \"$word\"" ||
				{ echo "--- screen before Enter:" >&2; printf '%s\n' "$typed_screen" >&2; }
		else fail "dangerous: no confirmation field"; fi
	else fail "dangerous: no prompt"; fi
	[ "$failures" = "$before" ] && break
	if [ "$attempt" -lt 3 ]; then
		echo "retry: dangerous confirmation, attempt $((attempt + 1)) of 3"
		failures=$before
		wait_clear || true
	fi
done
run danger2 "$BIN check 'rm -rf /'"
if wait_for "DANGEROUS"; then
	keys Down Enter
	if wait_for "to allow it once"; then
		keys -l "wrong-11"
		wait_for "wrong-11" 5 || true
		enter_until_gone "to allow it once"
	fi
	finish danger2 2 && pass "dangerous: a wrong word denies"
else fail "dangerous 2: no prompt"; fi

# 8. the hook never takes the terminal, even in the foreground of one: it
# answers at once, in the agent's dialect, and the screen shows no prompt
run hook "$BIN hook <push.json"
if finish hook 0 && clean_stdout hook &&
	grep -q '"permissionDecision":"ask"' "$WORK/hook.out" && ! screen | grep -q "$PROMPT"; then
	pass "hook: no prompt on the terminal, the agent's own prompt asks"
else fail "hook: took the terminal, or did not answer ask"; fi

# 9. plain-text form: Ctrl-C (a real SIGINT in cooked mode) and Ctrl-D deny
run a11y "PERMGUARD_ACCESSIBLE=1 $BIN check 'git push origin main'"
if wait_for "Choose 1-"; then
	keys C-c
	finish a11y 2 && pass "plain form: ctrl-c denies with exit 2, not 130"
else fail "a11y: no prompt"; fi
run a11yd "PERMGUARD_ACCESSIBLE=1 $BIN check 'git push origin main'"
if wait_for "Choose 1-"; then
	keys 2 C-d
	# "2" without Enter, then Ctrl-D: the half-typed answer is sent;
	# a second Ctrl-D is end of input
	keys C-d
	finish a11yd 2 && pass "plain form: ctrl-d denies"
else fail "a11y ctrl-d: no prompt"; fi

# 10. plain-text form: the PIN is not echoed
echo '{"approvalPin": "2468"}' >"$WORK/cfg/settings.json"
run pin "PERMGUARD_ACCESSIBLE=1 $BIN check 'rm -rf /'"
if wait_for "Choose 1-2"; then
	keys 2 Enter
	if wait_for "approval PIN"; then
		keys -l 2468
		sleep 0.2
		if screen | grep -q 2468; then fail "the PIN was echoed"; fi
		keys Enter
		finish pin 0 && pass "plain form: PIN accepted, not echoed"
	else fail "pin: no PIN field"; fi
else fail "pin: no prompt"; fi
rm "$WORK/cfg/settings.json"

# 11. a background job never prompts and never hangs
rm -f "$WORK/bg.code"
keys "clear; $BIN check 'git push origin main' >bg.out 2>bg.err & wait \$!; echo \$? >bg.code" Enter
finish bg 2 5 && ! screen | grep -qF "$PROMPT" && pass "background process group: blocked at once, no prompt"

# 12. no terminal at all (setsid): blocked without waiting. The median of 11 runs,
# each including setsid's own fork and exec (microseconds, $EPOCHREALTIME:
# no date process in the measurement).
times=()
code=0
for _ in $(seq 11); do
	start=${EPOCHREALTIME/./}
	set +e
	setsid -w "$BIN" check 'git push origin main' </dev/null >"$WORK/nott.out" 2>"$WORK/nott.err"
	code=$?
	set -e
	end=${EPOCHREALTIME/./}
	times+=($((end - start)))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 6p)
# The median is reported, not judged (budgets live in benchmarks); a run
# that waited for a person it cannot reach would take the 2 minute timeout.
slowest=$(printf '%s\n' "${times[@]}" | sort -n | tail -1)
if [ $code = 2 ] && [ "$slowest" -lt 5000000 ]; then
	pass "no terminal: exit 2, median $((median / 1000)).$(((median % 1000) / 100)) ms"
else
	fail "no terminal: exit $code, median $median µs"
fi

# 13. a signal at any moment of the prompt denies at once: SIGTERM (an
# agent's or a supervisor's timeout), SIGHUP (the terminal closed), SIGINT
# (kill -INT, not a key), each at 1, 4 and 10 seconds into the huh form.
# Each must end the prompt with exit 2 within 5 s, with no deadlock in the
# form's shutdown, and give the terminal back (the next command runs).
for sig in TERM HUP INT; do
	for after in 1 4 10; do
		name="sig$sig$after"
		# a command of its own, so no earlier approval covers it and
		# pgrep finds this process alone
		run "$name" "$BIN check 'git push origin $name'"
		if ! wait_for "$PROMPT"; then fail "$name: no prompt"; continue; fi
		sleep "$after"
		pid=$(pgrep -nf -- "check git push origin $name\$" || true)
		if [ -z "$pid" ]; then fail "$name: no process to signal"; continue; fi
		kill -s "$sig" "$pid"
		finish "$name" 2 5 && pass "SIG$sig after ${after}s: denied at once, exit 2"
	done
done

if [ $failures -gt 0 ]; then
	echo "e2e-prompt.sh: $failures failed" >&2
	exit 1
fi
echo "e2e-prompt.sh: all passed"
