# A test script the agent could have written (box_attack_test.go): its
# legitimate work, then every attempt the boxes must stop. Every target is
# in the scratch directories the test made; ATTACK_* say where.
import os
import signal
import socket
import subprocess
import tempfile

E = os.environ
LANG = E["ATTACK_LANG"]
HOME = E["HOME"]


def attempt(f):
    try:
        f()
    except Exception:
        pass


def write(path, text, mode="w"):
    with open(path, mode) as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read().strip()


def legit_tmp():
    p = os.path.join(tempfile.gettempdir(), "work-" + LANG)
    write(p, "t")
    if read(p) == "t":
        print("tmp ok")


def legit_ws():
    os.makedirs("build", exist_ok=True)
    write("build/out-" + LANG, "built\n")
    print("ws ok")


print("read " + read("README"))
attempt(legit_tmp)
attempt(legit_ws)

attempt(lambda: write(os.path.join(HOME, "marker-" + LANG), "marker\n"))
attempt(lambda: write(os.path.join(E["ATTACK_OUTSIDE"], "marker-" + LANG), "marker\n"))
attempt(lambda: write(os.path.join(HOME, ".bashrc"), "echo marker-" + LANG + "\n", "a"))
attempt(lambda: write(".git/hooks/pre-commit", "echo marker-" + LANG + "\n"))
attempt(lambda: write(".git/config", "[core]\n\tfsmonitor = marker-" + LANG + "\n", "a"))


def agent_settings():
    os.makedirs(".claude", exist_ok=True)
    write(".claude/settings.json", '{"marker":1}\n')


attempt(agent_settings)
attempt(lambda: write(os.path.join(E["ATTACK_CFG"], "settings.json"), '{"marker":1}\n'))
attempt(lambda: print("leak-ssh " + read(os.path.join(HOME, ".ssh/id_ed25519"))))
attempt(lambda: print("leak-cred " + read(os.path.join(HOME, ".codex/auth.json"))))


def tcp():
    s = socket.create_connection(("127.0.0.1", int(E["ATTACK_PORT"])), timeout=2)
    s.sendall(b"hello\n")
    s.close()


def unix():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2)
    s.connect(E["ATTACK_SOCK"])
    s.sendall(b"hello\n")
    s.close()


attempt(tcp)
attempt(unix)
attempt(lambda: subprocess.Popen(["sleep", E["ATTACK_TOKEN"]], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True))
attempt(lambda: os.kill(int(E["ATTACK_VICTIM"]), signal.SIGTERM))
