#!/usr/bin/env python3
"""Ctrl-C stops long work and gives the prompt back within a second
(reliability-2 finding 3): a whole-game review in the tutor (at a
terminal) and from the shell, and the engine's turns of a game between
engines at the strongest level, in the tutor and in `brade play`.  Under
the sanitizers (ASAN_OPTIONS set) the second is four."""
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
COURSE = os.path.join(REPO, "tests", "golden", "course")
BOUND = 4.0 if os.environ.get("ASAN_OPTIONS") else 1.0
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


class Term:
    """brade's tutor on a pseudo-terminal."""

    def __init__(self, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.clear()
            os.environ.update(env)
            os.execv(BRADE, [BRADE, "--course", COURSE])
        self.out = b""

    def until(self, token, limit):
        """Reads until `token` shows after what was read before; returns
        the seconds it took, or None."""
        start, t0 = len(self.out), time.time()
        while time.time() - t0 < limit:
            r, _, _ = select.select([self.fd], [], [], 0.02)
            if r:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    return None
                if not chunk:
                    return None
                self.out += chunk
                if token in self.out[start:]:
                    return time.time() - t0
        return None

    def type(self, text):
        os.write(self.fd, text)

    def close(self):
        self.type(b"quit\n")
        try:
            self.until(b"\x00", 10)
        finally:
            os.waitpid(self.pid, 0)
            os.close(self.fd)


def record(tmp, env):
    """A long game between two level-1 engines (about 150 lines)."""
    path = os.path.join(tmp, "long.txt")
    subprocess.run([BRADE, "play", "--white", "engine:1", "--black", "engine:1", "--seed", "5", "--record", path],
                   env=env, capture_output=True, check=True, timeout=300)
    return path


def in_the_tutor(env, rec):
    t = Term(env)
    check(t.until(b"brade> ", 30) is not None, "tutor: no first prompt")
    t.type(b"review " + rec.encode() + b" --all --plies 2\n")
    t.until(b"reviewing", 10)
    time.sleep(1.5)
    t.type(b"\x03")
    took = t.until(b"brade> ", 120)
    check(took is not None and took < BOUND, f"tutor review: prompt back after {took} s (bound {BOUND})")
    check(b"Stopped (Ctrl-C)." in t.out, "tutor review: not said to be stopped")
    check(b"Luck of the dice" not in t.out, "tutor review: the review ran to its end")
    # the engine's turns of a game between engines: stopped, the game waits
    t.type(b"play vasa --white engine:3 --black engine:3 --seed 6\n")
    time.sleep(2.5)
    t.type(b"\x03")
    took = t.until(b"(go)> ", 120)
    check(took is not None and took < BOUND, f"tutor game: prompt back after {took} s (bound {BOUND})")
    check(b"the engine's turn waits" in t.out, "tutor game: the stop not said")
    t.type(b"play end\n")
    check(t.until(b"play --resume", 30) is not None, "tutor game: leaving it did not say how to resume")
    t.close()


def from_the_shell(env, rec):
    p = subprocess.Popen([BRADE, "review", rec, "--all", "--plies", "2"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    time.sleep(2.0)
    p.send_signal(signal.SIGINT)
    t0 = time.time()
    out, err = p.communicate(timeout=120)
    took = time.time() - t0
    check(took < BOUND and p.returncode == 1, f"shell review: exit {p.returncode} after {took:.2f} s")
    check(b"stopped (Ctrl-C)" in err, f"shell review: {err[-200:]!r}")
    game = os.path.join(os.path.dirname(rec), "e.txt")
    p = subprocess.Popen([BRADE, "play", "--rules", "vasa", "--white", "engine:3", "--black", "engine:3", "--seed",
                          "6", "--record", game], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    time.sleep(2.5)
    p.send_signal(signal.SIGINT)
    t0 = time.time()
    line = b""
    while time.time() - t0 < 60 and b"turn waits" not in line:
        r, _, _ = select.select([p.stdout], [], [], 0.05)
        if r:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                break
            line += chunk
    took = time.time() - t0
    check(b"turn waits" in line and took < BOUND, f"shell game: stop said after {took:.2f} s")
    p.stdin.close()
    p.stdin = None
    p.communicate(timeout=60)
    check(os.path.exists(game), "shell game: the record was not kept")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PATH": os.environ.get("PATH", ""), "XDG_STATE_HOME": tmp, "HOME": tmp, "TERM": "xterm",
               "LANG": "C", "NO_COLOR": "1", "BRADE_TODAY": "2026-11-21"}
        for k in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
            if k in os.environ:
                env[k] = os.environ[k]
        rec = record(tmp, env)
        in_the_tutor(env, rec)
        from_the_shell(env, rec)
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
