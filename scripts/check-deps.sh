#!/usr/bin/env bash
# check-deps.sh: enforce the dependency rules of docs/style.md §7.
# Dependencies point one way: cmd/permguard -> cli -> {settings -> classify}.
#
# internal/classify is pure and a leaf: it imports nothing else of permguard,
# no UI library, and none of the standard packages that reach the outside
# world (files and environment, processes, network, clock). Only its direct
# imports are checked for those: the standard library pulls os in
# transitively through fmt and friends.
set -euo pipefail
cd "$(dirname "$0")/.."

module=$(go list -m)
pkg=$module/internal/classify
fail=0

deps=$(go list -deps "$pkg")
ours=$(grep -E "^$module/" <<<"$deps" | grep -vxF "$pkg" || true)
if [ -n "$ours" ]; then
	echo "check-deps: $pkg must import nothing else of permguard, but depends on:"
	sed 's/^/  /' <<<"$ours"
	fail=1
fi
ui=$(grep -E 'cobra|pflag|huh|beeep' <<<"$deps" || true)
if [ -n "$ui" ]; then
	echo "check-deps: $pkg must not depend on a CLI or UI library, but depends on:"
	sed 's/^/  /' <<<"$ui"
	fail=1
fi

imports=$(go list -f '{{join .Imports "\n"}}' "$pkg")
impure=$(grep -E '^(os|os/.+|net|net/.+|time|syscall)$' <<<"$imports" || true)
if [ -n "$impure" ]; then
	echo "check-deps: $pkg is pure (no files, environment, processes, network or clock), but imports:"
	sed 's/^/  /' <<<"$impure"
	fail=1
fi

# internal/settings may use classify (levels, verdicts) and nothing else of
# ours, no UI library, and reads no environment: the command line passes in
# what PERMGUARD_* said.
pkg=$module/internal/settings
deps=$(go list -deps "$pkg")
ours=$(grep -E "^$module/" <<<"$deps" | grep -vxF -e "$pkg" -e "$module/internal/classify" || true)
if [ -n "$ours" ]; then
	echo "check-deps: $pkg may import only internal/classify of permguard, but depends on:"
	sed 's/^/  /' <<<"$ours"
	fail=1
fi
ui=$(grep -E 'cobra|pflag|huh|beeep' <<<"$deps" || true)
if [ -n "$ui" ]; then
	echo "check-deps: $pkg must not depend on a CLI or UI library, but depends on:"
	sed 's/^/  /' <<<"$ui"
	fail=1
fi
if grep -rnE 'os\.(Getenv|LookupEnv|Environ|Stdin|Stdout|Stderr)' --include='*.go' internal/settings | grep -v '_test.go'; then
	echo "check-deps: $pkg reads the environment or the standard streams; pass them in from internal/cli"
	fail=1
fi

if [ "$fail" = 0 ]; then
	echo "check-deps: ok"
fi
exit "$fail"
