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
# mawk (Debian's awk) reads a pipe in blocks, so the progress would wait
# for a block of go test's output, unless -W interactive, which gawk and
# BSD awk do not take (they hand on each line as it comes). The script
# flushes what it writes itself.
awkflags=
if awk -W version 2>/dev/null | grep -q '^mawk'; then
	awkflags='-W interactive'
fi
# shellcheck disable=SC2086 # awkflags is two words or none
# go test stops a package after 10 minutes unless told, and testscript
# gives its commands the same deadline: internal/cli under the race
# detector on a loaded 2-core machine takes close to that, so the limit is
# set higher (a -timeout given here still wins, as the last one counts)
"$GO" test -json -timeout 25m "$@" ./... | awk $awkflags -f scripts/test-progress.awk
echo "== all tests passed in $(($(date +%s) - start))s"
