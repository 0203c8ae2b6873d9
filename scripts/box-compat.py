#!/usr/bin/env python3
"""box-compat.py: everyday commands in their level's box against unboxed (design §4, "The boxes", Compatibility).

Each row of testdata/everyday.tsv that can run in a scratch project on
this machine runs twice, in two identical projects that this script makes
(a small Go module, an npm package without dependencies, a Python package
with unittest tests, a Makefile, a git repository with two commits, and
the files the rows read): once as the hook's rewrite runs it,

  permguard exec --box --level L --cwd A -- bash -c '<row>'

at the row's level L, and once unboxed, `exec --level high --cwd B`. The
exit status and the output (stdout and stderr together, with the project's
path, the fake home and durations made alike) must be the same.

Only rows that are safe to run are run; every other is skipped and the
reason given: a program not installed here; a verdict over medium
(`permguard check --level medium`); any word that is an absolute path or
starts with ~ or names $HOME; a deletion (rm, also of build output); the
network (installs, fetches, registry queries: neither run would be the
same, and the box has none); sudo. HOME is a fake home inside the scratch
directory (with ~/.cache, ~/.npm, ~/go/pkg/mod and a ~/.gitconfig, as a
developer's home has), and the scratch directory is under /var/tmp, never
/tmp (a box at low may write the temporary directories).

  scripts/box-compat.py --bin bin/permguard [--rows FILE] [--only REGEX] [--keep] [-v]

Exit status: 0 every run row behaved the same; 1 some differed (listed);
2 it could not run.
"""

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

# Programs whose every run needs the network or installs: a row that
# starts with one is skipped, whatever its arguments.
NETWORK_PROGRAMS = {"curl", "wget", "ssh", "scp", "rsync", "npx", "pip", "pip3", "pipx", "uv", "poetry", "pipenv", "pdm",
                    "conda", "yarn", "pnpm", "bun", "docker", "podman", "kubectl", "helm", "terraform", "gh", "playwright"}
# Subcommands that reach the network (or a registry), by program.
NETWORK_SUBCOMMANDS = {
    "npm": {"ci", "install", "i", "add", "view", "outdated", "audit", "update", "dedupe", "rebuild", "publish", "login"},
    "go": {"get", "install", "download"},  # "download" as in go mod download
    "git": {"fetch", "pull", "push", "clone", "remote-update", "ls-remote", "submodule"},
    "cargo": {"install", "fetch", "update", "publish"},
}
DELETES = {"rm", "rmdir", "unlink", "shred"}
NEVER = {"sudo", "su", "doas", "eval", "exec"}

# A fixed identity and time, so that the two projects' commits are the same.
GIT_ENV = {"GIT_AUTHOR_NAME": "Compat", "GIT_AUTHOR_EMAIL": "compat@example.com", "GIT_COMMITTER_NAME": "Compat",
           "GIT_COMMITTER_EMAIL": "compat@example.com", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
           "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}

FILES = {
    "README.md": "# app\n\nA fixture project for scripts/box-compat.py.\n",
    "go.mod": "module example.com/app\n\ngo 1.22\n",
    "cmd/app/main.go": 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/app/parser"\n)\n\nfunc main() { fmt.Println(parser.Parse("a,b")) }\n',
    "parser/parser.go": 'package parser\n\nimport "strings"\n\n// Parse splits s at commas. TODO: quotes.\nfunc Parse(s string) []string { return strings.Split(s, ",") }\n',
    "parser/parser_test.go": 'package parser\n\nimport "testing"\n\nfunc TestParse(t *testing.T) {\n\tif got := Parse("a,b"); len(got) != 2 {\n\t\tt.Fatalf("Parse: %v", got)\n\t}\n}\n\nfunc BenchmarkParse(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t\tParse("a,b,c")\n\t}\n}\n',
    "internal/util/util.go": "package util\n\n// Double doubles n.\nfunc Double(n int) int { return 2 * n }\n",
    "internal/util/util_test.go": 'package util\n\nimport "testing"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal("Double")\n\t}\n}\n',
    "src/app.go": "package src\n\n// App is the application. TODO: more.\ntype App struct{}\n",
    "src/main.go": "package src\n\n// Main runs the App.\nfunc Main() { _ = App{} }\n",
    "old.go": "package app\n",
    "src/main.rs": 'fn main() {\n    println!("hi");\n}\n',
    "src/config.py": 'NAME = "foo"\n',
    "src/models.py": "class Model:\n    pass\n",
    "src/index.js": 'console.log("hi");\n',
    "app.py": "def add(a, b):\n    return a + b\n",
    "old_name.py": "X = 1\n",
    "tests/__init__.py": "",
    "tests/test_api.py": "import unittest\n\nimport app\n\n\nclass TestAPI(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(app.add(1, 2), 3)\n\n\nif __name__ == '__main__':\n    unittest.main()\n",
    "package.json": '{\n  "name": "app",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "test": "node test.js",\n    "test:unit": "node test.js",\n    "build": "node build.js",\n    "lint": "node --check src/index.js",\n    "typecheck": "node --check src/index.js",\n    "format": "node --check src/index.js"\n  }\n}\n',
    "test.js": 'const assert = require("assert");\nassert.strictEqual(1 + 1, 2);\nconsole.log("tests passed");\n',
    "build.js": 'const fs = require("fs");\nfs.mkdirSync("dist", { recursive: true });\nfs.writeFileSync("dist/index.js", fs.readFileSync("src/index.js"));\nconsole.log("built dist/index.js");\n',
    "Makefile": "all: build\n\nbuild:\n\tmkdir -p build\n\techo built > build/out.txt\n\ntest:\n\t@echo tests passed\n\ncheck: test\n\nlint:\n\t@echo lint ok\n\nclean:\n\tfind build -type f -delete 2>/dev/null || true\n",
    "a.txt": "one\ntwo\n",
    "b.txt": "one\nthree\n",
    "names.txt": "bob\nalice\nbob\n",
    "logs/app.log": "".join("line %d\n" % i for i in range(120)),
    "build.log": "build ok\n",
    "chart.yaml": "version: 1.0.0\n",
    "config/dev.yaml": "debug: true\n",
    "scripts/build.sh": "#!/bin/sh\necho build\n",
    "gradlew": "#!/bin/sh\necho gradle\n",
    ".gitignore": "bin/\n",
    "out.txt": "out\n",
    "secrets.txt": "not a secret\n",
}


def make_project(proj, home):
    """The fixture project and its fake home, the same each time."""
    for rel, text in FILES.items():
        p = os.path.join(proj, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    os.makedirs(os.path.join(proj, "dist"))
    with zipfile.ZipFile(os.path.join(proj, "dist", "app.zip"), "w") as z:
        z.writestr(zipfile.ZipInfo("app/readme.txt", (2026, 1, 1, 0, 0, 0)), "app\n")
    for name in ("release.tar.gz", "dist/app.tar.gz"):
        with tarfile.open(os.path.join(proj, name), "w:gz", format=tarfile.USTAR_FORMAT) as t:
            info = tarfile.TarInfo("app/readme.txt")
            info.size, info.mtime = 4, 1767225600
            t.addfile(info, fileobj=__import__("io").BytesIO(b"app\n"))
    for d in (".cache", ".npm", "go/pkg/mod"):
        os.makedirs(os.path.join(home, d))
    with open(os.path.join(home, ".gitconfig"), "w") as f:
        f.write("[user]\n\tname = Compat\n\temail = compat@example.com\n[init]\n\tdefaultBranch = main\n")
    env = dict(os.environ, HOME=home, **GIT_ENV)
    git = lambda *a: subprocess.run(["git", *a], cwd=proj, env=env, check=True, stdout=subprocess.DEVNULL)
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "first")
    with open(os.path.join(proj, "src", "app.go"), "a") as f:
        f.write("\n// Version is the version.\nconst Version = \"1.0\"\n")
    git("commit", "-q", "-am", "second")
    git("tag", "v1.0.0")
    with open(os.path.join(proj, "a.txt"), "a") as f:
        f.write("changed\n")


def skip_reason(cmd):
    """Why a row must not run here, or ""."""
    try:
        words = shlex.split(cmd, comments=False)
    except ValueError as e:
        return "cannot be split: %s" % e
    if not words:
        return "empty"
    for w in words:
        if w.startswith("/") and w != "/dev/null" or w.startswith("~") or "$HOME" in w or "${HOME" in w or ">/" in w:
            return "names a path outside the project (%s)" % w
    programs = [words[0]] + [words[i + 1] for i, w in enumerate(words[:-1]) if w in ("&&", "||", ";", "|")]
    for i, w in enumerate(words):
        if w in DELETES or w in NEVER:
            return "deletes or is never run here (%s)" % w
        if w in NETWORK_PROGRAMS and (i == 0 or w in programs):
            return "needs the network or installs (%s)" % w
    for prog in programs:
        if prog == "cd":
            continue
        if shutil.which(prog) is None:
            return "%s is not installed" % prog
    for prog, subs in NETWORK_SUBCOMMANDS.items():
        for i, w in enumerate(words):
            if w == prog and any(x in subs for x in words[i + 1:i + 4]):
                return "needs the network (%s %s)" % (prog, " ".join(x for x in words[i + 1:i + 4] if x in subs))
    if words[0] in ("python", "python3") and len(words) > 2 and words[1] == "-m" and words[2] in ("pip", "venv", "build", "tox", "mypy", "black", "ruff", "flake8", "isort", "pytest", "coverage"):
        try:
            __import__(words[2])
        except ImportError:
            return "python module %s is not installed" % words[2]
        if words[2] in ("pip", "build", "tox"):
            return "needs the network (python -m %s)" % words[2]
    return ""


def normalize(text, proj, home):
    text = text.replace(proj, "<proj>").replace(home, "<home>")
    # when a file was written: the two projects are made, and written by
    # the rows, seconds apart
    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?( [+-]\d{4})?", "<date>", text)
    text = re.sub(r"\b[A-Z][a-z]{2} +\d+ +\d\d:\d\d\b", "<date>", text)
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d[_:]\d\d[_:]\d\d([_.]\d+)?Z", "<date>", text)
    # a benchmark's iteration count depends on the machine's load
    text = re.sub(r"^(Benchmark\S+)\s+\d+", r"\1 <N>", text, flags=re.M)
    # OpenSSL's error lines start with the thread's address
    text = re.sub(r"^[0-9A-F]{12,16}:error:", "<thread>:error:", text, flags=re.M)
    text = re.sub(r"\b\d+(\.\d+)?(ms|s)\b", "<t>", text)
    text = re.sub(r"\s+\d+(\.\d+)? ns/op", " <n> ns/op", text)
    text = re.sub(r"\s+\d+\t", " <N>\t", text)
    text = re.sub(r"\(cached\)", "", text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="bin/permguard")
    ap.add_argument("--rows", default="testdata/everyday.tsv")
    ap.add_argument("--only", default="", help="run only the rows whose command matches this regular expression")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("-v", action="store_true", help="print the skipped rows too")
    a = ap.parse_args()
    bin_ = os.path.abspath(a.bin)
    if not os.access(bin_, os.X_OK):
        print("box-compat: error: %s is not an executable (make build)" % a.bin, file=sys.stderr)
        return 2
    rows = []
    with open(a.rows) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            eco, want, cmd = line.rstrip("\n").split("\t")
            level = want.lstrip("<=")
            # the toolchains installed here; the cloud and container CLIs reach
            # remote accounts and daemons, and Java's tools find their home
            # in the password database, not in $HOME
            if eco not in ("go", "node", "python", "git", "shell", "c"):
                continue
            if level in ("minimal", "low", "medium") and (not a.only or re.search(a.only, cmd)):
                rows.append((eco, level, cmd))
    # never under /tmp: a box at low may write the temporary directories
    scratch = tempfile.mkdtemp(prefix="pg-compat-", dir="/var/tmp")
    try:
        return run(a, bin_, rows, scratch)
    finally:
        if a.keep:
            print("box-compat: the scratch directory is kept: %s" % scratch)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def run(a, bin_, rows, scratch):
    sides = {}
    for side in ("boxed", "unboxed"):
        proj, home = os.path.join(scratch, side, "proj"), os.path.join(scratch, side, "home")
        os.makedirs(proj)
        for d in ("cfg", "state"):
            os.makedirs(os.path.join(scratch, side, d))
        make_project(proj, home)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PERMGUARD_") and k not in (
            "XDG_CACHE_HOME", "GOCACHE", "GOMODCACHE", "GOPATH", "TMPDIR", "npm_config_cache", "PIP_CACHE_DIR", "CARGO_HOME")}
        env.update(GIT_ENV)
        # a warm build cache, shared, as a developer's is; the box writes it
        # only through its layers
        env.update(HOME=home, GOCACHE=os.path.join(scratch, "gocache"), GOTOOLCHAIN="local", GOPROXY="off", GOFLAGS="-mod=mod",
                   PERMGUARD_CONFIG_DIR=os.path.join(scratch, side, "cfg"), PERMGUARD_STATE_DIR=os.path.join(scratch, side, "state"),
                   PERMGUARD_MANAGED_FILE=os.path.join(scratch, "none.json"), PERMGUARD_NO_PROMPT="1",
                   npm_config_update_notifier="false", npm_config_fund="false", npm_config_audit="false")
        sides[side] = (proj, home, env)
    os.makedirs(os.path.join(scratch, "gocache"))
    same, differ, skipped = [], [], []
    for eco, level, cmd in rows:
        why = skip_reason(cmd)
        if not why:
            proj, _, env = sides["unboxed"]
            v = subprocess.run([bin_, "check", "--level", "medium", "--cwd", proj, "--", cmd], env=env, cwd=proj,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if v.returncode != 0:
                why = "its verdict is over medium"
        if why:
            skipped.append((eco, level, cmd, why))
            continue
        out = {}
        for side, argv in (("unboxed", ["exec", "--level", "high"]), ("boxed", ["exec", "--box", "--level", level])):
            proj, home, env = sides[side]
            try:
                r = subprocess.run([bin_, *argv, "--cwd", proj, "--", "bash", "-c", cmd], env=env, cwd=proj, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
                out[side] = (r.returncode, normalize(r.stdout.decode(errors="replace"), proj, home))
            except subprocess.TimeoutExpired:
                out[side] = (-1, "timed out after 120 s")
        if out["boxed"] == out["unboxed"]:
            same.append((eco, level, cmd))
            print("same     %-7s %s" % (level, cmd))
        else:
            differ.append((eco, level, cmd, out))
            print("DIFFERS  %-7s %s: exit %d boxed, %d unboxed" % (level, cmd, out["boxed"][0], out["unboxed"][0]))
            d = [l for l in difflib.unified_diff(out["unboxed"][1].splitlines(), out["boxed"][1].splitlines(), "unboxed", "boxed", n=0, lineterm="")
                 if not l.startswith(("---", "+++", "@@"))]
            for l in d[:8]:
                print("    " + l)
    if a.v:
        for eco, level, cmd, why in skipped:
            print("skipped  %-7s %s: %s" % (level, cmd, why))
    print("box-compat: %d rows run: %d the same, %d differ; %d skipped (-v lists them)" % (len(same) + len(differ), len(same), len(differ), len(skipped)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
