#!/usr/bin/env python3
"""Compare the classifier's verdicts in two trees over the same inputs.

Usage: scripts/differential.py [--base REV] [--corpus DIR] [--out DIR] [--show N]

The inputs are every table command of this tree's internal/classify tests
and 3,000 commands made by combining them (TestDifferential lists them),
testdata/everyday.tsv, and the peer corpora in DIR (../shared/peer-corpus
by default; skipped when absent). Both trees judge them in-process through
TestDifferential, in the tests' environment, so the run takes seconds, not
a process per command. The base tree is a `git worktree` of REV (default:
the merge base with main, else HEAD~1) made under the output directory;
without --out it is removed after the run.

Every difference is printed, grouped by how the verdict moved (up, down,
the same level with other rules); the exit status is 1 when a verdict moved,
0 when only rule ids changed or nothing did, 2 on usage errors. A
restructuring lists each difference in its closing note as a fix it asked
for, or it is a bug.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

LEVELS = ["minimal", "low", "medium", "high"]


def run(args, **kw):
    return subprocess.run(args, check=True, **kw)


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def unescape(s):
    """The peer corpora's escapes: \\\\ \\t \\n \\r \\xHH."""
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            simple = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}
            if n in simple:
                out.append(simple[n]); i += 2; continue
            hexa = s[i + 2:i + 4]
            if n == "x" and len(hexa) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in hexa):
                out.append(chr(int(hexa, 16))); i += 4; continue
        out.append(c); i += 1
    return "".join(out)


def corpus_commands(path):
    """The commands of a peer corpus or an expectation corpus (everyday.tsv)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[0].split("\t")[:2] == ["command", "expected_verdict"]:
        return [unescape(ln.split("\t")[0]) for ln in lines[1:] if ln.strip() and len(ln.split("\t")) >= 3]
    cmds = []
    for ln in lines:
        if not ln.strip() or ln.startswith("#"):
            continue
        parts = ln.split("\t", 2)
        if len(parts) == 3:
            cmd = parts[2]
            if cmd.startswith("ml:"):
                cmd = cmd[3:].replace("\\n", "\n")
            cmds.append(cmd)
    return cmds


def judge(tree, inputs, out):
    env = dict(os.environ, PERMGUARD_DIFF_IN=inputs, PERMGUARD_DIFF_OUT=out)
    run(["go", "test", "-count=1", "-run", "^TestDifferential$", "./internal/classify/"],
        cwd=tree, env=env, stdout=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        return [json.loads(ln) for ln in f]


def rank(v):
    return 4 if v["dangerous"] else LEVELS.index(v["level"])


def show(v):
    return ("dangerous" if v["dangerous"] else v["level"]) + " [" + " ".join(v["rules"]) + "]"


def main():
    root = git("rev-parse", "--show-toplevel", cwd=os.getcwd())
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="the revision to compare with")
    ap.add_argument("--corpus", default=os.path.join(root, "..", "shared", "peer-corpus"))
    ap.add_argument("--out", help="where to keep the inputs, verdicts and the base tree")
    ap.add_argument("--show", type=int, default=1000, help="differences to print per group")
    a = ap.parse_args()

    base = a.base
    if not base:
        try:
            base = git("merge-base", "HEAD", "main", cwd=root)
            if base == git("rev-parse", "HEAD", cwd=root):
                base = "HEAD~1"
        except subprocess.CalledProcessError:
            base = "HEAD~1"
    base = git("rev-parse", base, cwd=root)
    out = a.out or tempfile.mkdtemp(prefix="pg-differential-", dir="/var/tmp")
    os.makedirs(out, exist_ok=True)

    inputs = os.path.join(out, "inputs.jsonl")
    run(["go", "test", "-count=1", "-run", "^TestDifferential$", "./internal/classify/"],
        cwd=root, env=dict(os.environ, PERMGUARD_DIFF_LIST=inputs), stdout=subprocess.DEVNULL)
    with open(inputs, encoding="utf-8") as f:
        cmds = [json.loads(ln) for ln in f]
    files = [os.path.join(root, "testdata", "everyday.tsv")]
    if os.path.isdir(a.corpus):
        files += sorted(os.path.join(a.corpus, n) for n in os.listdir(a.corpus) if n.endswith(".tsv"))
    else:
        print(f"differential: no peer corpora in {a.corpus}; comparing without them", file=sys.stderr)
    for path in files:
        cmds += corpus_commands(path)
    cmds = list(dict.fromkeys(cmds))
    with open(inputs, "w", encoding="utf-8") as f:
        for c in cmds:
            f.write(json.dumps(c) + "\n")

    tree = os.path.join(out, "base")
    if not os.path.isdir(tree):
        run(["git", "worktree", "add", "-q", "--detach", tree, base], cwd=root)
    elif git("rev-parse", "HEAD", cwd=tree) != base:
        run(["git", "checkout", "-q", "--detach", base], cwd=tree)
    if not os.path.exists(os.path.join(tree, "internal", "classify", "differential_test.go")):
        sys.exit(f"differential: {base[:12]} has no TestDifferential; compare with a later base")

    try:
        old = judge(tree, inputs, os.path.join(out, "base.jsonl"))
    finally:
        if not a.out:
            # a tree made for this run only: nobody will look at it again
            subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=root,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    new = judge(root, inputs, os.path.join(out, "head.jsonl"))

    groups = collections.defaultdict(list)
    for cmd, o, n in zip(cmds, old, new):
        if o == n:
            continue
        d = rank(n) - rank(o)
        groups["up" if d > 0 else "down" if d < 0 else "rules only"].append((cmd, o, n))
    print(f"differential: {len(cmds)} inputs, base {base[:12]}, head {git('rev-parse', '--short=12', 'HEAD', cwd=root)}"
          + ("" if git("status", "--porcelain", cwd=root) == "" else " (with uncommitted changes)"))
    for name in ["down", "up", "rules only"]:
        rows = groups[name]
        print(f"\n== {name}: {len(rows)}")
        for cmd, o, n in rows[:a.show]:
            print(f"{json.dumps(cmd)}\n    {show(o)}\n -> {show(n)}")
    print(f"\ninputs and verdicts in {out}")
    return 1 if groups["up"] or groups["down"] else 0


if __name__ == "__main__":
    sys.exit(main())
