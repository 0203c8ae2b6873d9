#!/usr/bin/env python3
"""Count the questions permguard's hook asks over everyday commands (issue 29).

Each row of the given expectation corpora (ecosystem<TAB>expectation<TAB>command,
'#' comments) goes to `permguard hook --agent claude` as Claude Code's Bash
PreToolUse payload on stdin, in a scratch workspace with a fake HOME, an empty
settings directory and PERMGUARD_LEVEL=medium (default settings otherwise); a
row under a '# installed:' line finds a package.json that depends on those
packages, as in its source project.
A reply whose permissionDecision is "ask" or "deny" is a question a person is
put to; the script prints the count, the rate and the rows asked.

The commands are only ever data: they reach permguard as JSON, never a shell.

Usage: scripts/friction.py [--bin PATH] [--level L] FILE.tsv...
Exit status: 0 when it ran, 2 on usage errors or a reply that is not the
hook's JSON (counted and listed as an error).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile


def rows(path):
    """Yield (path, line, ecosystem, expectation, command, installed): installed
    are the packages of the group's '# installed:' line, which holds until the
    next '# source:' line."""
    installed = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("# source:"):
                installed = []
            elif line.startswith("# installed:"):
                installed = line.split(":", 1)[1].split()
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t", 2)
            if len(parts) != 3:
                continue
            cmd = parts[2]
            if cmd.startswith("ml:"):
                cmd = cmd[3:].replace("\\n", "\n")
            yield path, n, parts[0], parts[1], cmd, installed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="./bin/permguard")
    ap.add_argument("--level", default="medium")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    if not os.access(binary, os.X_OK):
        print(f"friction: {binary}: not an executable; run make build", file=sys.stderr)
        return 2

    os.makedirs("/var/tmp/pg-i29", exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="friction-", dir="/var/tmp/pg-i29")
    try:
        home = os.path.join(scratch, "home")
        work = os.path.join(home, "proj")
        cfg = os.path.join(scratch, "config")
        for d in (work, cfg):
            os.makedirs(d)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "PERMGUARD_CONFIG_DIR": cfg,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_STATE_HOME": os.path.join(home, ".local", "state"),
            "PERMGUARD_LEVEL": args.level,
        }
        total, asked, errors, boxed = 0, [], [], 0
        for f in args.files:
            for path, n, eco, want, cmd, installed in rows(f):
                total += 1
                # the source project's package.json, as its commands find it
                manifest = os.path.join(work, "package.json")
                if installed:
                    with open(manifest, "w", encoding="utf-8") as m:
                        json.dump({"devDependencies": {p: "*" for p in installed}}, m)
                elif os.path.exists(manifest):
                    os.remove(manifest)
                payload = json.dumps({
                    "session_id": "friction", "cwd": work,
                    "permission_mode": "default",
                    "hook_event_name": "PreToolUse", "tool_name": "Bash",
                    "tool_input": {"command": cmd},
                })
                p = subprocess.run([binary, "hook", "--agent", "claude"],
                                   input=payload, capture_output=True,
                                   text=True, cwd=work, env=env)
                try:
                    out = json.loads(p.stdout)["hookSpecificOutput"]
                    decision = out["permissionDecision"]
                except (ValueError, KeyError, TypeError):
                    errors.append((path, n, eco, want, cmd, p.returncode))
                    continue
                # allowed only inside permguard's box (the level in force is
                # below the verdict): no question, but counted apart, since a
                # boxed build without network may still fail
                if decision == "allow" and "outside the box it needs" in out.get("permissionDecisionReason", ""):
                    boxed += 1
                if decision in ("ask", "deny"):
                    first = out.get("permissionDecisionReason", "").split("\n")[0]
                    asked.append((path, n, eco, want, cmd, decision, first))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    rate = 100.0 * len(asked) / total if total else 0.0
    print(f"{len(asked)} of {total} asked at level {args.level} ({rate:.1f} %); {boxed} more allowed only in the box")
    for path, n, eco, want, cmd, decision, why in asked:
        print(f"{decision}\t{os.path.basename(path)}:{n}\t{eco}\t{want}\t{cmd}\t{why}")
    for path, n, eco, want, cmd, rc in errors:
        print(f"error\t{os.path.basename(path)}:{n}\t{eco}\t{want}\t{cmd}\texit {rc}, no hook JSON")
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
