#!/usr/bin/env python3
"""bench-hook.py: whole-process cost of `permguard hook`, interleaved.

Every tool call an agent makes starts `permguard hook` once, so what people
feel is the whole process: exec, the Go runtime, package init, the call, the
exit. This compares it with a static Go hello-world that reads stdin, built
the way permguard is (CGO_ENABLED=0, -trimpath, -s -w): design §7's
baseline.

Why not hyperfine: it runs one command's batch after another, so on a
shared, loaded machine a burst of load lands on one command and the ratios
swing (0.8x to 8x seen), and before 1.17 it cannot feed stdin per run. Here
every round runs each program once, in an order rotated from round to round,
and the ratio is taken inside the round, so load that changes slowly cancels
out. Each run is a posix_spawn and a wait4: the wall time around both, and
from wait4's rusage the child's own minor page faults (pages of the binary
and of the heap touched: what package init adds) and CPU time (user+system, which, unlike wall time,
waiting for a CPU on a loaded machine does not inflate). Peak RSS comes from
a few separate, untimed runs: rusage's ru_maxrss of a child started by
posix_spawn (vfork) or fork also counts the Python parent's memory, so each
of those runs stops the program at its exit under ptrace and reads VmHWM
from /proc (Linux).

The benchmark is SETS sets of ROUNDS rounds. Each set gives a median ratio
per program; the verdict is the median over the sets, and it fails (exit 1)
when hook allow or block is over --max-ratio. Exit 2: it could not run.

  scripts/bench-hook.py --bin bin/permguard [--compare OTHER]... [--sets 3]
      [--rounds 100] [--warmup 10] [--max-ratio 2.0]

--compare adds another permguard's hook rows (main's build, say; the row
names start with its file name) to the same rounds, so a change is measured
against what it changes in the same conditions.
"""

import argparse
import ctypes
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HELLO = """package main

import (
	"io"
	"os"
)

func main() {
	data, _ := io.ReadAll(os.Stdin)
	os.Stdout.Write(data[:0])
}
"""


def fail(msg):
    print("bench-hook: error: " + msg, file=sys.stderr)
    sys.exit(2)


def build_hello(tmp, go):
    src = os.path.join(tmp, "hello")
    os.mkdir(src)
    with open(os.path.join(src, "main.go"), "w") as f:
        f.write(HELLO)
    with open(os.path.join(src, "go.mod"), "w") as f:
        f.write("module hello\n\ngo 1.26\n")
    env = dict(os.environ, CGO_ENABLED="0", GOFLAGS="", GOWORK="off")
    out = os.path.join(tmp, "hello-bin")
    subprocess.run([go, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "."],
                   cwd=src, env=env, check=True)
    return out


def payload(tmp, name, command):
    # A Claude Code PreToolUse payload for the Bash tool.
    p = {
        "session_id": "bench", "transcript_path": "/nonexistent/transcript",
        "cwd": os.getcwd(), "permission_mode": "default",
        "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": command, "description": "bench"},
        "tool_use_id": "toolu_1",
    }
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        json.dump(p, f)
    return path


def run_once(argv, stdin_path, env, devnull, out=None):
    """One run: (wall seconds, exit status, minor faults, CPU seconds)."""
    fd = os.open(stdin_path, os.O_RDONLY)
    try:
        acts = [(os.POSIX_SPAWN_DUP2, fd, 0),
                (os.POSIX_SPAWN_DUP2, out if out is not None else devnull, 1),
                (os.POSIX_SPAWN_DUP2, devnull, 2)]
        t0 = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=acts)
        _, status, ru = os.wait4(pid, 0)
        t1 = time.perf_counter()
    finally:
        os.close(fd)
    return t1 - t0, os.waitstatus_to_exitcode(status), ru.ru_minflt, ru.ru_utime + ru.ru_stime


PTRACE_TRACEME, PTRACE_CONT, PTRACE_SETOPTIONS = 0, 7, 0x4200
PTRACE_O_TRACEEXIT, PTRACE_EVENT_EXIT = 0x40, 6


def peak_rss(argv, stdin_path, env, devnull):
    """The program's peak RSS in KiB (VmHWM at its exit), or None."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
    fd = os.open(stdin_path, os.O_RDONLY)
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(fd, 0)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            libc.ptrace(PTRACE_TRACEME, 0, None, None)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    os.close(fd)
    os.waitpid(pid, 0)  # stopped at its exec
    libc.ptrace(PTRACE_SETOPTIONS, pid, None, ctypes.c_void_p(PTRACE_O_TRACEEXIT))
    libc.ptrace(PTRACE_CONT, pid, None, None)
    kb = None
    while True:
        _, st = os.waitpid(pid, 0)
        if not os.WIFSTOPPED(st):
            return kb
        sig = os.WSTOPSIG(st)
        if st >> 8 == signal.SIGTRAP | PTRACE_EVENT_EXIT << 8:
            with open("/proc/%d/status" % pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        kb = int(line.split()[1])
            sig = 0
        # any other stop is a signal for the program (Go preempts with SIGURG): pass it on
        libc.ptrace(PTRACE_CONT, pid, None, ctypes.c_void_p(sig))


def check_outcome(name, argv, stdin_path, env, devnull, want_exit, want_out):
    r, w = os.pipe()
    _, code, _, _ = run_once(argv, stdin_path, env, devnull, out=w)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        out = f.read().decode(errors="replace")
    if code != want_exit or want_out not in out:
        fail("%s: exit %d, stdout %r; want exit %d and %r in stdout" % (name, code, out[:200], want_exit, want_out))


def quantile(xs, q):
    xs = sorted(xs)
    i = q * (len(xs) - 1)
    lo = int(i)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)


def spread(xs, fmt):
    return (fmt + " (" + fmt + "-" + fmt + ")") % (statistics.median(xs), quantile(xs, 0.25), quantile(xs, 0.75))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="bin/permguard")
    ap.add_argument("--compare", action="append", default=[], metavar="BIN",
                    help="another permguard binary to run in the same rounds (may repeat)")
    ap.add_argument("--sets", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--max-ratio", type=float, default=2.0)
    ap.add_argument("--go", default=os.environ.get("GO", "go"))
    a = ap.parse_args()
    if a.sets < 1 or a.rounds < 10:
        fail("need at least 1 set of 10 rounds")
    for b in [a.bin] + a.compare:
        if not os.access(b, os.X_OK):
            fail("%s is not an executable (make build)" % b)

    tmp = tempfile.mkdtemp(prefix="bench-hook-")
    try:
        return bench(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench(a, tmp):
    hello = build_hello(tmp, a.go)
    allow = payload(tmp, "allow", "git status && go list ./...")
    block = payload(tmp, "block", "rm -rf ~")
    # Settings of its own, so the numbers do not depend on the caller's.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERMGUARD_")}
    env.update(PERMGUARD_CONFIG_DIR=os.path.join(tmp, "cfg"),
               PERMGUARD_STATE_DIR=os.path.join(tmp, "state"),
               PERMGUARD_MANAGED_FILE=os.path.join(tmp, "none.json"))

    progs = [("hello", [hello], allow)]
    for label, b in [("", a.bin)] + [(os.path.basename(c) + " ", c) for c in a.compare]:
        b = os.path.abspath(b)
        progs += [(label + "hook allow", [b, "hook"], allow),
                  (label + "hook block", [b, "hook"], block)]
        if not label:
            progs.append(("version", [b, "version"], allow))

    devnull = os.open(os.devnull, os.O_WRONLY)
    for name, argv, stdin in progs:
        if "allow" in name:
            check_outcome(name, argv, stdin, env, devnull, 0, '"allow"')
        elif "block" in name:
            check_outcome(name, argv, stdin, env, devnull, 2, "")

    rss = {}
    for name, argv, stdin in progs:
        runs = [peak_rss(argv, stdin, env, devnull) for _ in range(5)]
        rss[name] = statistics.median(runs) if None not in runs else -1

    n = len(progs)
    wall = {p[0]: [] for p in progs}
    ratio = {p[0]: [] for p in progs}
    flt = {p[0]: [] for p in progs}
    cpu = {p[0]: [] for p in progs}
    cpu_ratio = {p[0]: [] for p in progs}
    set_medians = {p[0]: [] for p in progs}
    rnd = 0
    for s in range(a.sets):
        set_ratio = {p[0]: [] for p in progs}
        for r in range(-a.warmup if s == 0 else 0, a.rounds):
            res = {}
            for k in range(n):
                name, argv, stdin = progs[(rnd + k) % n]
                res[name] = run_once(argv, stdin, env, devnull)
            rnd += 1
            if r < 0:
                continue
            base, cbase = res["hello"][0], res["hello"][3]
            for name, (t, _, mf, c) in res.items():
                wall[name].append(t * 1e3)
                flt[name].append(mf)
                cpu[name].append(c * 1e3)
                if cbase > 0:
                    cpu_ratio[name].append(c / cbase)
                ratio[name].append(t / base)
                set_ratio[name].append(t / base)
        for name in set_ratio:
            set_medians[name].append(statistics.median(set_ratio[name]))
    os.close(devnull)

    print("bench-hook: %d sets x %d rounds, each round runs every program once, order rotated" % (a.sets, a.rounds))
    print("%-28s %-22s %-19s %-21s %-19s %7s %12s" % ("program", "wall ms (p25-p75)", "x hello (p25-p75)",
                                                      "cpu ms (p25-p75)", "x hello (p25-p75)", "minflt", "peak RSS KB"))
    for name, _, _ in progs:
        print("%-28s %-22s %-19s %-21s %-19s %7d %12d" % (name, spread(wall[name], "%.3f"), spread(ratio[name], "%.2f"),
                                                          spread(cpu[name], "%.3f"), spread(cpu_ratio[name] or [0], "%.2f"),
                                                          statistics.median(flt[name]), rss[name]))
    print("(x hello: the ratio inside each round; cpu: user+system time of the process, which waiting for a CPU")
    print(" on a loaded machine does not inflate as it does wall time; the budget is on wall time)")
    print("median wall-time x hello per set, then the median of the sets:")
    bad = []
    for name, _, _ in progs[1:]:
        m = statistics.median(set_medians[name])
        over = name in ("hook allow", "hook block") and m > a.max_ratio
        if over:
            bad.append(name)
        print("  %-18s %s  -> %.2f%s" % (name, " ".join("%.2f" % x for x in set_medians[name]), m,
                                         "  OVER %.1fx" % a.max_ratio if over else ""))
    sys.stdout.flush()
    if bad:
        print("bench-hook: %s over %.1fx the hello-world (design §7)" % (" and ".join(bad), a.max_ratio), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
