#!/usr/bin/env bash
# startup.sh: whole-process time of `permguard check` against a static Go
# hello-world built the same way (design §7, issue 2). Needs hyperfine.
# Prints both medians and their ratio; exits 1 when the ratio is over 2.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "startup.sh: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/main.go" <<'GO'
package main

import (
	"fmt"
	"os"
)

func main() { fmt.Fprintln(os.Stdout, "hello") }
GO
printf 'module hello\ngo 1.26\n' >"$tmp/go.mod"
(cd "$tmp" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o hello .)
make -s build
hyperfine -N --warmup 50 --runs "${RUNS:-1000}" --export-json "$tmp/r.json" \
	"$tmp/hello" "./bin/permguard check -- ls -la" "./bin/permguard check -- git status" >/dev/null
python3 - "$tmp/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
hello = r[0]["median"]
worst = 0
for x in r:
    ratio = x["median"] / hello
    worst = max(worst, ratio)
    print("%-40s median %.3f ms  %.2fx hello" % (x["command"].split("/")[-1][:40], x["median"] * 1000, ratio))
sys.exit(1 if worst > 2 else 0)
PY
