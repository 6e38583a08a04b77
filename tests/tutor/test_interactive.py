#!/usr/bin/env python3
"""The tutor at a terminal (a pseudo-terminal): the prompt says where the
learner is, Tab completes commands and lesson/puzzle ids, the history is
kept in the state directory, colour is used unless NO_COLOR is set; Ctrl-C
stops a long command and returns to the prompt, and at an idle prompt drops
the line; and piped input gets none of that (no prompt, no colour, no
history)."""

import os
import re
import pty
import select
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
COURSE = os.path.join(REPO, "tests", "golden", "course")


def session(keys, env):
    """Runs brade on a pty, typing each chunk of `keys` in turn; returns
    everything it printed."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.clear()
        os.environ.update(env)
        os.execv(BRADE, [BRADE, "--course", COURSE])
    out = b""

    def drain(limit):
        """Reads until the program waits at a prompt again (or `limit` s)."""
        nonlocal out
        start = len(out)
        end = time.time() + limit
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                out += chunk
            tail = out[start:].rstrip(b" ")
            if tail.endswith(b">") and b"\n" in out[start:] or out[start:].endswith(b"\x07"):
                time.sleep(0.05)
                return

    drain(10.0)
    for k in keys:
        limit = 10.0
        if isinstance(k, tuple):  # (keys, seconds to wait for the prompt)
            k, limit = k
        os.write(fd, k)
        drain(limit)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return out.decode("utf-8", "replace"), status


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PATH": os.environ.get("PATH", ""), "XDG_STATE_HOME": tmp, "HOME": tmp,
               "TERM": "xterm", "LANG": "C", "BRADE_TODAY": "2026-11-21"}
        out, status = session([b"progr\t\n", b"puzzle count\t\n", b"6\n", b"quit\n"], env)
        if "brade> " not in out:
            failures.append("no prompt at the terminal")
        if "Lessons completed: 0 of 2." not in out:
            failures.append("'progr' + Tab did not complete to 'progress'")
        if "Puzzle count-jb" not in out:
            failures.append("'puzzle count' + Tab did not complete the puzzle id")
        if "count-jb> " not in out:
            failures.append("the prompt does not name the open puzzle")
        if "\033[1;32mRight" not in out:
            failures.append("no colour at a terminal without NO_COLOR")
        history = os.path.join(tmp, "brade", "history")
        if not os.path.exists(history) or "puzzle count-jb" not in open(history).read():
            failures.append("the history was not kept in the state directory")
        if status != 0:
            failures.append(f"exit status {status}")

        # the second session greets a returning learner (one puzzle was
        # solved above): what was done and the next lesson
        out, _ = session([b"quit\n"], env)
        if "Welcome back: 0 of 2 lessons done, 1 puzzle tried." not in out or "Next lesson: " not in out:
            failures.append("no greeting for a returning learner")
        # a lesson question missed today is due tomorrow: the greeting says
        # so, and the prompt names the drill
        session([b"lesson basics 4\n", b"yes\n", b"quit\n"], env)
        out, _ = session([b"drill\n", b"quit\n"], dict(env, BRADE_TODAY="2026-11-22"))
        if "1 lesson question is due for review ('drill')." not in out:
            failures.append("the greeting does not say a lesson question is due")
        if "drill basics 4> " not in out:
            failures.append("the prompt does not name the lesson question drilled")
        env_nc = dict(env, NO_COLOR="1")
        # glossary words complete with Tab
        out, _ = session([b"glossary dubbelm\t\n", b"quit\n"], env_nc)
        if "dubbelmunk (say" not in out:
            failures.append("'glossary dubbelm' + Tab did not complete to 'dubbelmunk'")
        out, _ = session([b"board\n", b"quit\n"], env_nc)
        if "\033[" in out.replace("\033[?2004h", "").replace("\033[?2004l", ""):
            failures.append("colour although NO_COLOR is set")

        # a game in Swedish: the prompt names the side in Swedish, and the
        # board's checkers are V and S (newcomer F14)
        out, _ = session([b"set lang sv\n", b"play\n", b"set lang en\n", b"quit\n"], env_nc)
        if not re.search(r"vit [1-6]-[1-6]> ", out):
            failures.append("the Swedish game prompt does not say 'vit 6-2>'")
        if not re.search(r"\bV1[45]\b", out) or re.search(r"\bW1[45]\b", out):
            failures.append("the Swedish board does not draw white's checkers as V")

        # Ctrl-C stops a long command (best-play rollouts of the whole
        # course take minutes) and the prompt comes back; at an idle prompt
        # it drops the line and says how to leave
        course = [os.path.join(REPO, "lessons"), os.path.join(REPO, "puzzles")]
        t0 = time.time()
        out, status = session([(b"check --rollouts " + " ".join(course).encode() + b"\n", 2.0),
                               (b"\x03", 60.0), b"progress\n", (b"half a line", 0.5), b"\x03", b"\x03",
                               b"quit\n"], env_nc)
        if "Stopped (Ctrl-C)." not in out:
            failures.append("Ctrl-C did not stop 'check --rollouts' with a word")
        if "stopped (Ctrl-C): the claims not rolled out again" not in out:
            failures.append("the stopped check did not say what was left unchecked")
        if "Lessons completed" not in out:
            failures.append("the prompt did not work after Ctrl-C")
        if out.count("To leave brade, type 'quit' or press Ctrl-D.") != 1:
            failures.append("Ctrl-C on an empty line (only) should say how to leave")
        if "Unknown command 'half'" in out:
            failures.append("Ctrl-C did not drop the line being typed")
        if status != 0 or time.time() - t0 > 90:
            failures.append(f"after Ctrl-C: exit status {status}, {time.time() - t0:.0f} s")

        # piped: no prompt, no colour, no history
        os.remove(history)
        p = subprocess.run([BRADE, "--course", COURSE], input="board\nprogress\n", text=True,
                           capture_output=True, env=env, timeout=60)
        if "brade> " in p.stdout or "\033[" in p.stdout:
            failures.append("a prompt or colour in piped output")
        if os.path.exists(history):
            failures.append("piped input wrote a history file")
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
