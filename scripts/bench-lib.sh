# bench-lib.sh: what startup.sh and bench-hook.sh share. Source it.

# build_hello DIR: a static Go hello-world that reads stdin, built the way
# permguard is (CGO_ENABLED=0, -trimpath, -s -w), as DIR/hello: the
# baseline of design §7.
build_hello() {
	cat >"$1/main.go" <<'GO'
package main

import (
	"io"
	"os"
)

func main() {
	data, _ := io.ReadAll(os.Stdin)
	os.Stdout.Write(data[:0])
}
GO
	printf 'module hello\ngo 1.26\n' >"$1/go.mod"
	(cd "$1" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o hello .)
}

# report JSON MAX_RATIO MAX_MS: print each hyperfine result's median and its
# ratio to the first (the hello-world); exit 1 when one is over MAX_RATIO or
# over MAX_MS milliseconds (0: no limit).
report() {
	python3 - "$@" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
max_ratio, max_ms = float(sys.argv[2]), float(sys.argv[3])
hello = r[0]["median"]
bad = 0
for x in r:
    ratio = x["median"] / hello
    over = x is not r[0] and (ratio > max_ratio or (max_ms > 0 and x["median"] * 1e3 > max_ms))
    bad += over
    name = x["command"].replace(sys.argv[1].rsplit("/", 1)[0] + "/", "")
    print("%-40s median %6.3f ms  %5.2fx hello%s" % (name[:40], x["median"] * 1e3, ratio, "  OVER" if over else ""))
sys.exit(1 if bad else 0)
PY
}
