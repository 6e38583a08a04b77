#!/usr/bin/env python3
"""Hostile inputs for brade: generators, and a benchmark of their bounds.

Each case is a file (or a REPL input) that once made brade stall or grow
(../shared/reviews/reliability.md, findings 1-5, 7 and 11).  The module is
shared by two users:

  - tests/unit/test_hostile.py (the `hostile` test) runs the cases at a
    small size and checks what brade *says* (the budget's error, the
    "and N more" line, the damaged progress line kept aside);
  - this script, run by hand, runs every case at full size and prints the
    wall time and peak memory of each against its bound:

        python3 bench/hostile/hostile.py [--brade build/brade] [--scale 1.0]

    It exits 1 when a case goes over its bound.  Bounds are generous (a
    2-core machine under load); before the budgets, the same files took
    from 8 s to days, and up to terabytes.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def merge_fanout(k):
    """K maps of K keys, then K maps each merging all of the previous
    level, three levels deep: K^4 work without a merge budget."""
    out = ["x0: &a {%s}" % ", ".join("k%d: %d" % (i, i) for i in range(k))]
    out.append("x1: &b {<<: [%s]}" % ", ".join(["*a"] * k))
    out.append("x2: &c {<<: [%s]}" % ", ".join(["*b"] * k))
    out.append("puzzles:")
    out.append("  - {<<: [%s], id: p1, title: t, difficulty: 1, themes: [a], "
               "question: {kind: rolls, goal: blast}}" % ", ".join(["*c"] * k))
    return "\n".join(out) + "\n"


def lines_of_errors(n):
    """`puzzles:` then n lines of `- 1`: one error per line."""
    return "puzzles:\n" + "- 1\n" * n


def one_line_errors(n):
    """One line holding n errors."""
    return "puzzles: [" + ", ".join(["1"] * n) + "]\n"


def deep_flow(n):
    """n levels of flow nesting: quadratic in libyaml 0.2.5's scanner."""
    return "puzzles: " + "[" * n + "]" * n + "\n"


def many_themes(n):
    """One puzzle with n theme ids (the duplicate check once was O(n^2))."""
    themes = ", ".join("t%d" % i for i in range(n))
    return ("puzzles:\n  - id: p\n    title: t\n    themes: [%s]\n"
            "    position: {white: '1:15', black: '1:15'}\n" % themes)


def big_progress(n):
    """A progress record of n items (the reader once was O(n^2))."""
    lines = ["brade-progress 1"]
    for i in range(n):
        lines.append("puzzle p%d result=solved solved=1 failed=0 last=2026-01-01 "
                     "due=2026-01-02 box=1" % i)
    return "\n".join(lines) + "\n"


# name, generator, full size, small size (for the test), time bound (s),
# memory bound (MB), what brade must say (a substring of its output)
FILE_CASES = [
    ("merge-fanout", merge_fanout, 150, 40, 2.0, 64, "merge"),
    ("errors-per-line", lines_of_errors, 80000, 3000, 2.0, 64, "more error"),
    ("errors-one-line", one_line_errors, 25000, 3000, 2.0, 64, "more error"),
    ("deep-flow", deep_flow, 1000000, 5000, 2.0, 64, "nested deeper"),
    ("many-themes", many_themes, 150000, 5000, 2.0, 128, "themes"),
]


def run_bounded(argv, stdin_data=None, env=None, timeout=120):
    """Runs argv; returns (seconds, peak MB, rc, output).  The child is
    killed after `timeout` seconds (rc is then -9).  Output is kept up to
    1 MB, the rest counted."""
    import threading
    # GNU time measures brade itself (the peak of a child forked from this
    # process would count this process's memory too)
    argv = ["/usr/bin/time", "-f", "HOSTILE-MAXRSS-KB %M"] + argv
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin_data is not None else
                         subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=env)
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    out = bytearray()
    total = [0]

    def feed():
        try:
            if stdin_data is not None:
                # bytes, or (chunk, times): the input is never whole in
                # this process, whose memory the child's peak would count
                if isinstance(stdin_data, tuple):
                    for _ in range(stdin_data[1]):
                        p.stdin.write(stdin_data[0])
                else:
                    p.stdin.write(stdin_data)
                p.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    w = threading.Thread(target=feed)
    w.start()
    while True:
        b = p.stdout.read(65536)
        if not b:
            break
        total[0] += len(b)
        if len(out) < 1 << 20:
            out += b
    w.join()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    timer.cancel()
    text = out.decode("utf-8", "replace")
    kb = ru.ru_maxrss
    mark = text.rfind("HOSTILE-MAXRSS-KB ")
    if mark >= 0:
        kb = int(text[mark:].split()[1])
        text = text[:mark]
    if p.returncode != 0 and "Command exited with non-zero status" in text:
        text = text[:text.rfind("Command exited with non-zero status")]
    return (time.monotonic() - t0, kb / 1024.0, p.returncode, text, total[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every case's size (default 1)")
    a = ap.parse_args()
    brade = os.path.abspath(a.brade)
    failed = 0
    print("%-18s %10s %9s %9s %9s %9s  %s" % ("case", "size", "bytes", "seconds",
                                            "peak MB", "bound", "verdict"))
    with tempfile.TemporaryDirectory() as tmp:
        for name, gen, full, _small, tbound, mbound, _say in FILE_CASES:
            n = max(1, int(full * a.scale))
            path = os.path.join(tmp, name + ".yaml")
            with open(path, "w") as f:
                f.write(gen(n))
            t, m, rc, out, nout = run_bounded([brade, "check", "--no-rollouts", path])
            ok = t <= tbound and m <= mbound and rc in (0, 1) and nout < 200000
            failed += not ok
            print("%-18s %10d %9d %9.2f %9.1f %4.0fs/%dM  %s" % (
                name, n, os.path.getsize(path), t, m, tbound, mbound,
                "ok" if ok else "OVER (rc %d, %d bytes out)" % (rc, nout)))
        # progress record of 100 000 items, loaded by the tutor
        state = os.path.join(tmp, "state")
        os.makedirs(os.path.join(state, "brade"))
        n = max(1, int(100000 * a.scale))
        with open(os.path.join(state, "brade", "progress"), "w") as f:
            f.write(big_progress(n))
        env = dict(os.environ, XDG_STATE_HOME=state, BRADE_TODAY="2026-06-01")
        t, m, rc, out, nout = run_bounded([brade], stdin_data=b"progress\n", env=env)
        ok = t <= 3.0 and m <= 256 and rc == 0
        failed += not ok
        print("%-18s %10d %9d %9.2f %9.1f %4.0fs/%dM  %s" % (
            "progress-items", n, os.path.getsize(os.path.join(state, "brade", "progress")),
            t, m, 3.0, 256, "ok" if ok else "OVER (rc %d)" % rc))
        # a REPL line of 200 MB with no newline
        n = max(1, int(200_000_000 * a.scale))
        t, m, rc, out, nout = run_bounded([brade, "--course", os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "golden",
            "course")], stdin_data=(b"x" * (1 << 20), max(1, n >> 20)), env=env)
        ok = t <= 5.0 and m <= 64 and rc in (0, 1)
        failed += not ok
        print("%-18s %10d %9d %9.2f %9.1f %4.0fs/%dM  %s" % (
            "repl-long-line", n, n, t, m, 5.0, 64, "ok" if ok else "OVER (rc %d)" % rc))
    print("%d case(s) over their bounds" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
