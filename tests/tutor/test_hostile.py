#!/usr/bin/env python3
"""Hostile inputs (../shared/reviews/reliability.md): what brade *says* to
each, at a size small enough for CI.  Their time and memory at full size
are a benchmark, not a test: bench/hostile/hostile.py.

  - merge-key fan-out, deep nesting, thousands of errors on one line or
    one per line, a list of 5000 themes: each gets its budget's error
    (file:line:col), at most DIAG_MAX_PER_FILE errors and an "and N more"
    line, and a bounded amount of output;
  - the REPL: an over-long line is skipped with a word, a NUL byte ends a
    script, `lesson ID -2147483648` is refused (no overflow);
  - the progress file: a damaged line costs that line only, the learner is
    told at start, and two tutors on one state directory keep both
    windows' results;
  - output files: a planted link is never written through, an output that
    is a link is refused in words.
"""
import os
import select
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
COURSE = os.path.join(REPO, "tests", "golden", "course")
sys.path.insert(0, os.path.join(REPO, "bench", "hostile"))
import hostile  # noqa: E402  (the generators are shared with the benchmark)

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def sanitizer_clean(stderr, what):
    for word in ("runtime error:", "Sanitizer", "LeakSanitizer"):
        check(word not in stderr, f"{what}: sanitizer report in stderr")


def run(argv, stdin=None, env=None, timeout=120):
    p = subprocess.run(argv, input=stdin, capture_output=True, env=env, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def files(tmp):
    # small sizes: the behaviour, not the bounds
    for name, gen, _full, small, _t, _m, say in hostile.FILE_CASES:
        path = os.path.join(tmp, name + ".yaml")
        with open(path, "w") as f:
            f.write(gen(small))
        rc, out, err = run([BRADE, "check", "--no-rollouts", path])
        sanitizer_clean(err, name)
        check(rc == 1, f"{name}: exit status {rc}, expected 1")
        check(say in out, f"{name}: the output does not say '{say}'")
        shown = sum(1 for line in out.splitlines() if ": error: " in line)
        check(shown <= 100, f"{name}: {shown} errors shown, the budget is 100")
        check(len(out) < 100 * 1200 + 2000, f"{name}: {len(out)} bytes of output")
        for line in out.splitlines():
            if line.startswith(path + ":") and ": error: " in line:
                loc = line[len(path) + 1:].split(":")
                check(loc[0].isdigit() and loc[1].isdigit(),
                      f"{name}: an error without line:col: {line[:120]}")
                break
        # an excerpt of a long source line is cut, never the whole line
        check(max(len(line) for line in out.splitlines()) < 700,
              f"{name}: an output line of {max(len(line) for line in out.splitlines())} bytes")
    # the count of errors is still told in full
    path = os.path.join(tmp, "errors-per-line.yaml")
    with open(path, "w") as f:
        f.write(hostile.lines_of_errors(250))
    rc, out, _ = run([BRADE, "check", "--no-rollouts", path])
    check("and 150 more errors in this file (the first 100 are shown)" in out,
          "errors-per-line: no 'and 150 more errors' line")
    check("250 errors" in out, "errors-per-line: the summary does not count all 250 errors")
    # line ends as libyaml counts them (CR, NEL, LS, PS): the source line is
    # still shown under the error
    for name, nl in (("cr", "\r"), ("nel", "\u0085"), ("ls", "\u2028")):
        path = os.path.join(tmp, f"ends-{name}.yaml")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(nl.join(["puzzles:", "  - id: p", "    titel: x", ""]))
        rc, out, _ = run([BRADE, "check", "--no-rollouts", path])
        check(f"{path}:3:5: error: unknown key 'titel'" in out and "    3 |     titel: x" in out,
              f"line ends {name}: no source line under the error:\n{out[:400]}")
    # a FIFO named like a course file does not block
    fifo = os.path.join(tmp, "fifo.yaml")
    os.mkfifo(fifo)
    rc, out, _ = run([BRADE, "check", "--no-rollouts", fifo], timeout=20)
    check("not a regular file" in out, "a FIFO: no 'not a regular file'")
    os.remove(fifo)


def repl(tmp):
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               BRADE_TODAY="2026-11-21", LANG="C")
    rc, out, err = run([BRADE, "--course", COURSE],
                       stdin=b"x" * 200000 + b"\nlesson basics -2147483648\nprogress\n", env=env)
    sanitizer_clean(err, "repl")
    check("Line 1 is longer than 65536 bytes; it is skipped." in out,
          "repl: an over-long line was not skipped with a word")
    check("Lesson 'basics' has steps 1 to" in out, "repl: lesson -2147483648 not refused")
    check("Lessons completed" in out, "repl: the session did not go on after the long line")
    check(rc == 1, f"repl: exit status {rc}, expected 1 (two lines failed)")
    rc, out, err = run([BRADE, "--course", COURSE], stdin=b"progress\n\0\0\0\nprogress\n", env=env)
    sanitizer_clean(err, "repl-nul")
    check("holds a NUL byte" in out and out.count("Lessons completed") == 1,
          "repl: a NUL byte did not end the script")


def progress(tmp):
    state = os.path.join(tmp, "state2")
    os.makedirs(os.path.join(state, "brade"))
    record = os.path.join(state, "brade", "progress")
    with open(record, "wb") as f:
        f.write(b"brade-progress 1\r\n"
                b"puzzle count-jb result=solved solved=1 failed=0 last=2026-11-20 "
                b"due=2026-11-21 box=1\r\n"
                b"this line is damaged\r\n"
                b"puzzle legal-no result=failed solved=0 failed=1 last=2026-11-20 "
                b"due=2026-11-20 box=0\r\n")
    for stale in ("progress.tmp.2147483000", "progress.tmp.7"):
        open(os.path.join(state, "brade", stale), "w").write("x")
    env = dict(os.environ, XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               BRADE_TODAY="2026-11-21", LANG="C")
    rc, out, err = run([BRADE, "--course", COURSE], stdin=b"progress\n", env=env)
    sanitizer_clean(err, "progress")
    check("The progress file was damaged (line 3 cannot be read; 1 line could not be read)" in err,
          "progress: the learner is not told which line was set aside")
    check("2 items were read from it and saved again" in err, "progress: items not kept")
    check("count-jb" in out and "legal-no" in out, "progress: the readable items did not load")
    left = os.listdir(os.path.join(state, "brade"))
    check(not any(n.startswith("progress.tmp.") for n in left),
          f"progress: stale temporary files left: {left}")
    check(any(n.startswith("progress.corrupt-") for n in left),
          "progress: the damaged file was not kept aside")

    # two tutors on one state directory: both windows' results survive
    state = os.path.join(tmp, "state3")
    env = dict(os.environ, XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               BRADE_TODAY="2026-11-21", LANG="C")

    def start():
        return subprocess.Popen([BRADE, "--course", COURSE], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def say(p, text):
        """Sends lines, then `progress`, and reads up to its last line."""
        p.stdin.write(text + b"progress\n")
        p.stdin.flush()
        got = b""
        while b"Due for review today" not in got:
            r, _, _ = select.select([p.stdout], [], [], 30)
            if not r:
                failures.append("two tutors: no answer within 30 s")
                return got.decode()
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                break
            got += chunk
        return got.decode()

    a, b = start(), start()
    say(a, b"")
    say(b, b"")  # both have read the (empty) record
    say(a, b"puzzle play-author\nsolution\n")
    say(b, b"puzzle play-goal\nsolution\n")
    out_a = say(a, b"puzzle legal-no\nsolution\n")
    check("play-goal" in out_a, "two tutors: window A did not learn B's result at its save")
    for p in (a, b):
        p.stdin.close()
        p.wait(timeout=30)
        sanitizer_clean(p.stderr.read().decode(), "two tutors")
    text = open(os.path.join(state, "brade", "progress")).read()
    for pid in ("play-author", "play-goal", "legal-no"):
        check(f"puzzle {pid} " in text, f"two tutors: {pid} lost from the record")


def outputs(tmp):
    """Output files (reliability-2 finding 4): a link planted where the old
    writer put its temporary file (OUT.tmp.PID; exec keeps the pid) is not
    written through; an output that is itself a link is refused in words,
    its target untouched; a new file gets the umask's mode."""
    d = os.path.join(tmp, "out")
    os.makedirs(d)
    victim = os.path.join(d, "victim")
    with open(victim, "w") as f:
        f.write("precious\n")
    out = os.path.join(d, "out.svg")
    diagram = [BRADE, "diagram", "--white", "1:15", "--black", "1:15", "--to-move", "white", "--svg"]
    p = subprocess.run(["sh", "-c", 'v=$1; o=$2; shift 2; ln -s "$v" "$o.tmp.$$"; umask 022; exec "$@" "$o"',
                        "sh", victim, out] + diagram, capture_output=True, timeout=60)
    check(p.returncode == 0, f"diagram beside a planted link: exit {p.returncode} {p.stderr[-300:]!r}")
    check(open(victim).read() == "precious\n", "a planted temp-file link was written through")
    check(os.path.isfile(out) and not os.path.islink(out), "the output is not a plain file")
    check(os.stat(out).st_mode & 0o777 == 0o644, f"new output mode {oct(os.stat(out).st_mode & 0o777)}")
    link = os.path.join(d, "link.svg")
    os.symlink(victim, link)
    code, _o, err = run(diagram + [link])
    check(code != 0 and "symbolic link" in err, f"an output that is a link: exit {code}, {err[-200:]!r}")
    check(open(victim).read() == "precious\n" and os.path.islink(link), "an output link was replaced")
    check(not [n for n in os.listdir(d) if ".tmp." in n and not os.path.islink(os.path.join(d, n))],
          f"temporary files left: {os.listdir(d)}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        files(tmp)
        repl(tmp)
        progress(tmp)
        outputs(tmp)
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
