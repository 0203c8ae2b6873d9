#!/usr/bin/env bash
# startup.sh: whole-process time of `permguard check` against a static Go
# hello-world built the same way (design §7, issue 2). Needs hyperfine.
# Prints both medians and their ratio; exits 1 when the ratio is over 2.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "startup.sh: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. scripts/bench-lib.sh
build_hello "$tmp"
make -s build
hyperfine -N --warmup 50 --runs "${RUNS:-1000}" --export-json "$tmp/r.json" \
	"$tmp/hello" "./bin/permguard check -- ls -la" "./bin/permguard check -- git status" >/dev/null
report "$tmp/r.json" 2 0
