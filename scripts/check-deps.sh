#!/usr/bin/env bash
# check-deps.sh: enforce the dependency rules of docs/style.md §7.
# Dependencies point one way: cmd/permguard -> cli -> guard -> {hook, audit, person, settings -> classify};
# cli -> {launch, report, doctor} -> guard; launch -> sandbox; {report, doctor} -> install;
# report -> doctor;
# cli -> {prompt, notify} -> person; cli -> install -> {hook, settings, integrations};
# settings and audit -> safefile.
#
# internal/classify is pure and a leaf: it imports nothing else of permguard,
# no UI library, and none of the standard packages that reach the outside
# world (files and environment, processes, network, clock). Only its direct
# imports are checked for those: the standard library pulls os in
# transitively through fmt and friends.
#
# internal/hook speaks the agents' protocols and holds no policy: it imports
# nothing else of permguard.
#
# internal/safefile opens files without blocking or following links and
# checks who owns permguard's own: a leaf, used by settings, audit and
# guard alike.
#
# internal/settings may use classify (levels, verdicts) and safefile, and
# nothing else of ours, no UI library, and reads no environment or standard stream: the
# command line passes in what PERMGUARD_* said.
#
# internal/person is the vocabulary of asking a person: no UI, a leaf.
# internal/prompt (huh, no beeep) and internal/notify (beeep, no huh) use
# only it, and never name os.Stdout: in hook mode stdout is the reply.
#
# internal/guard is the engine that check, hook, exec and explain share:
# it may use the packages below it, and no CLI or UI library (a person is
# reached through internal/person's interfaces).
#
# internal/launch runs the program exec allowed, from the engine's
# decision, in the sandbox's boxes (internal/sandbox): no CLI or UI
# library, and it reads no environment (the command line passes in
# Getenv and the process's ways to run a program).
#
# internal/doctor holds doctor's checks, which read the engine's
# directories and settings, the agents' entries (internal/install) and the
# machine through functions it is given: no CLI or UI library, and it
# reads no environment or standard stream.
#
# internal/report says what the commands print of the engine's data:
# check and explain of an evaluation, log of the audit log, level, mode,
# config show and rules of the settings in force, allow and deny of the
# rule saved, install of what it did, doctor of its checks' sections
# (text and JSON). No CLI or UI library.
#
# internal/buildinfo says what permguard knows of its own build: a leaf.
#
# internal/install writes permguard's entry into the agents' configurations
# from internal/hook's data, with settings' careful file writes and the
# extensions of integrations; no UI library, and it reads no environment
# or standard stream: the command line passes in what it read.
#
# integrations only embeds the pi and opencode extensions for install
# (internal/install imports it): a leaf, with no UI library.
set -euo pipefail
cd "$(dirname "$0")/.."

module=$(go list -m)
fail=0

# leaf PKG [ALLOWED...]: PKG depends on no permguard package but ALLOWED,
# and on no CLI or UI library but the one in $UI_OK (a regexp; "" for none).
UI_OK=
leaf() {
	local pkg=$module/$1
	shift
	local deps ours ui
	deps=$(go list -deps "$pkg")
	ours=$(grep -E "^$module/" <<<"$deps" | grep -vxF -e "$pkg" "${@/#/-e$module/}" || true)
	if [ -n "$ours" ]; then
		echo "check-deps: $pkg may import of permguard only: ${*:-nothing}; but it depends on:"
		sed 's/^/  /' <<<"$ours"
		fail=1
	fi
	ui=$(grep -E 'cobra|pflag|huh|beeep' <<<"$deps" | { if [ -n "$UI_OK" ]; then grep -vE "$UI_OK"; else cat; fi; } || true)
	if [ -n "$ui" ]; then
		echo "check-deps: $pkg must not depend on a CLI or UI library, but depends on:"
		sed 's/^/  /' <<<"$ui"
		fail=1
	fi
}

leaf internal/classify
imports=$(go list -f '{{join .Imports "\n"}}' "$module/internal/classify")
impure=$(grep -E '^(os|os/.+|net|net/.+|time|syscall)$' <<<"$imports" || true)
if [ -n "$impure" ]; then
	echo "check-deps: $module/internal/classify is pure (no files, environment, processes, network or clock), but imports:"
	sed 's/^/  /' <<<"$impure"
	fail=1
fi

leaf internal/hook
leaf internal/safefile
# the audit log and the sandbox are leaves: they know nothing of policy
leaf internal/audit internal/safefile
leaf internal/sandbox
leaf integrations
leaf internal/settings internal/classify internal/safefile
if grep -rnE 'os\.(Getenv|LookupEnv|Environ|Stdin|Stdout|Stderr)' --include='*.go' internal/settings | grep -v '_test.go'; then
	echo "check-deps: $module/internal/settings reads the environment or the standard streams; pass them in from internal/cli"
	fail=1
fi

leaf internal/install internal/hook internal/settings internal/classify internal/safefile integrations
if grep -rnE 'os\.(Getenv|LookupEnv|Environ|Getwd|Executable|Stdin|Stdout|Stderr)' --include='*.go' internal/install | grep -v '_test.go'; then
	echo "check-deps: $module/internal/install reads the environment or the standard streams; pass them in from internal/cli"
	fail=1
fi

leaf internal/person
leaf internal/guard internal/classify internal/settings internal/safefile internal/hook internal/audit internal/person
leaf internal/launch internal/guard internal/sandbox internal/classify internal/settings internal/safefile internal/hook internal/audit internal/person
if grep -rnE 'os\.(Getenv|LookupEnv|Environ|Stdin|Stdout|Stderr)' --include='*.go' internal/launch | grep -v '_test.go'; then
	echo "check-deps: $module/internal/launch reads the environment or the standard streams; pass them in from internal/cli"
	fail=1
fi
leaf internal/doctor internal/guard internal/install internal/classify internal/settings internal/safefile internal/hook internal/audit internal/person integrations
if grep -rnE 'os\.(Getenv|LookupEnv|Environ|Getwd|Executable|Stdin|Stdout|Stderr)' --include='*.go' internal/doctor | grep -v '_test.go'; then
	echo "check-deps: $module/internal/doctor reads the environment or the standard streams; pass them in from internal/cli"
	fail=1
fi
leaf internal/report internal/guard internal/install internal/doctor internal/classify internal/settings internal/safefile internal/hook internal/audit internal/person integrations
leaf internal/buildinfo
UI_OK='charm.land/huh/v2' leaf internal/prompt internal/person
UI_OK='gen2brain/beeep' leaf internal/notify internal/person
if grep -rnE 'os\.Stdout|fmt\.Print(f|ln)?\(' --include='*.go' internal/prompt internal/notify | grep -v '_test.go'; then
	echo "check-deps: internal/prompt and internal/notify must never write to stdout (the hook's reply)"
	fail=1
fi

if [ "$fail" = 0 ]; then
	echo "check-deps: ok"
fi
exit "$fail"
