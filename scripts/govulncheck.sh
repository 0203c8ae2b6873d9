#!/usr/bin/env bash
# govulncheck.sh GOVULNCHECK DB: run govulncheck on every package against the
# vulnerability database DB (https://vuln.go.dev, a mirror, or file:///dir).
#
# The database is not a Go module, so the module proxy cannot stand in for
# it, and a machine that reaches only the proxy (CI here) has none. There
# the check is skipped with one line that says so and why, and make lint
# goes on: a missing database is not a finding. Every other failure of
# govulncheck, and every vulnerability it finds, fails.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# != 2 ]; then
	echo 'usage: scripts/govulncheck.sh GOVULNCHECK DB' >&2
	exit 2
fi
govulncheck=$1 db=$2

out=$("$govulncheck" -db "$db" ./... 2>&1)
rc=$?
# govulncheck loads the packages before it asks the database, and says
# "fetching vulnerabilities: <why>" when that fails (x/vuln
# internal/vulncheck/fetch.go); nothing was checked then.
why=$(grep -m1 '^govulncheck: fetching vulnerabilities: ' <<<"$out")
if [ "$rc" = 1 ] && [ -n "$why" ]; then
	echo "make lint: govulncheck skipped: the vulnerability database $db cannot be read: ${why#govulncheck: fetching vulnerabilities: }"
	exit 0
fi
printf '%s\n' "$out"
exit "$rc"
