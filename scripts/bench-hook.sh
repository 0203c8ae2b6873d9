#!/usr/bin/env bash
# bench-hook.sh: whole-process time of `permguard hook` on a Claude Code Bash
# payload, once allowed and once blocked, against a static Go hello-world
# that reads stdin, built the same way (design §7: median <= 1.5 ms and
# within 2x of the hello-world). Needs hyperfine (apt-get install
# hyperfine). Prints the medians and ratios; exits 1 when a budget is
# exceeded. RUNS sets the number of runs (default 500, at least 200).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "bench-hook.sh: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 2; }
runs=${RUNS:-500}
[ "$runs" -ge 200 ] || runs=200
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. scripts/bench-lib.sh
build_hello "$tmp"
make -s build

payload() {
	printf '{"session_id":"s","transcript_path":"/t","cwd":"%s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s","description":"bench"},"tool_use_id":"toolu_1"}' "$PWD" "$1"
}
payload 'git status && go list ./...' >"$tmp/allow.json"
payload 'rm -rf ~' >"$tmp/block.json"
# Settings of its own, so the numbers do not depend on the caller's.
export PERMGUARD_CONFIG_DIR="$tmp/cfg" PERMGUARD_STATE_DIR="$tmp/state" PERMGUARD_MANAGED_FILE="$tmp/none.json"
unset PERMGUARD_LEVEL PERMGUARD_MODE

./bin/permguard hook <"$tmp/allow.json" | grep -q '"allow"' || { echo "bench-hook.sh: the allow payload was not allowed" >&2; exit 2; }
! ./bin/permguard hook <"$tmp/block.json" >/dev/null 2>&1 || { echo "bench-hook.sh: the block payload was not blocked" >&2; exit 2; }

hyperfine -N --warmup 50 --runs "$runs" --ignore-failure --export-json "$tmp/r.json" \
	--input "$tmp/allow.json" -n hello "$tmp/hello" \
	--input "$tmp/allow.json" -n "hook (allow)" "./bin/permguard hook" \
	--input "$tmp/block.json" -n "hook (block)" "./bin/permguard hook" >/dev/null 2>&1 || {
	# hyperfine before 1.17 has no --input: redirect stdin in its shell,
	# whose start-up time hyperfine measures and subtracts
	hyperfine --warmup 50 --runs "$runs" --ignore-failure --export-json "$tmp/r.json" \
		-n hello "$tmp/hello < $tmp/allow.json" \
		-n "hook (allow)" "./bin/permguard hook < $tmp/allow.json" \
		-n "hook (block)" "./bin/permguard hook < $tmp/block.json" >/dev/null 2>&1
}
report "$tmp/r.json" 2 1.5
