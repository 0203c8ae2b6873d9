#!/usr/bin/env bash
# test.sh: go vet, then every test, showing progress as it goes: a dot for
# each test that passes, a line for each package when it is done, and the
# whole output of anything that fails (scripts/test-progress.awk). The
# arguments go to go test: "make test" passes none, "make test-race" -race.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
start=$(date +%s)
echo "== $GO vet ./..."
"$GO" vet ./...
echo "== $GO test $* ./..."
"$GO" test -json "$@" ./... | awk -f scripts/test-progress.awk
echo "== all tests passed in $(($(date +%s) - start))s"
