#!/usr/bin/env python3
# usage: keyring.py outer PERMGUARD WS | keyring.py inner
# outer: joins a NEW anonymous session keyring of its own (never the caller's), adds a fake secret key to it,
#        runs `permguard exec --box --level minimal` on `keyring.py inner`, then lists its session keyring.
# inner: (in the box) searches the session keyring for the fake secret, reads it, and adds a key of its own.
import ctypes, os, subprocess, sys

libc = ctypes.CDLL(None, use_errno=True)
SYS_add_key, SYS_keyctl = 248, 250
KEY_SPEC_SESSION_KEYRING = -3
KEYCTL_JOIN_SESSION_KEYRING, KEYCTL_DESCRIBE, KEYCTL_READ, KEYCTL_SEARCH = 1, 6, 11, 10

def keyctl(*args):
    r = libc.syscall(SYS_keyctl, *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    if r < 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return r

def add_key(desc, payload):
    r = libc.syscall(SYS_add_key, b"user", desc, payload, ctypes.c_size_t(len(payload)), ctypes.c_long(KEY_SPEC_SESSION_KEYRING))
    if r < 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return r

def read(kid):
    buf = ctypes.create_string_buffer(4096)
    n = keyctl(KEYCTL_READ, kid, buf, 4096)
    return buf.raw[:n]

if sys.argv[1] == "outer":
    keyctl(KEYCTL_JOIN_SESSION_KEYRING, b"pg-rt-box-session")
    add_key(b"pg-rt-fake-secret", b"FAKE-SECRET-IN-KEYRING")
    # argv[0] "permguard": the test binary runs as permguard only by that name
    subprocess.run(["permguard", "exec", "--box", "--level", "minimal", "--cwd", sys.argv[3], "--",
                    "bash", "-c", "python3 keyring.py inner"], executable=sys.argv[2], cwd=sys.argv[3])
    ring = read(KEY_SPEC_SESSION_KEYRING)
    ids = [int.from_bytes(ring[i:i + 4], "little") for i in range(0, len(ring), 4)]
    for kid in ids:
        d = ctypes.create_string_buffer(256)
        keyctl(KEYCTL_DESCRIBE, kid, d, 256)
        print("after the box, the session keyring holds:", d.value.decode())
else:
    try:
        kid = keyctl(KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, b"user", b"pg-rt-fake-secret", 0)
        print("in the box: read", read(kid))
    except OSError as e:
        print("in the box: search/read refused:", e)
    try:
        add_key(b"pg-rt-added-by-box", b"x")
        print("in the box: added a key to the caller's session keyring")
    except OSError as e:
        print("in the box: add refused:", e)
