#!/usr/bin/env python3
"""Golden transcript tests for the `brade` tutor (jq's .test style).

Usage:
    run_golden.py [--update] FILE.test...

A .test file is a transcript: what `brade --echo` prints when the input
lines are fed to it.  Lines starting with "> " are the input (echoed back by
--echo); every other line is the output expected right there.  Lines at
the top starting with "#" are comments, and "#!" lines are directives:

    #! args: --course tests/golden/course     extra arguments (after --echo)
    #! env: NAME=VALUE                        environment for the run
    #! run: check FILE...                     run `brade ARGS` instead (no input,
                                              no --echo), compare its output
    #! exit: N                                expected exit status (default 0)
    #! session: NAME=VALUE ...                starts a new run in the same state
                                              directory (e.g. a later day)

Each file gets a fresh XDG_STATE_HOME (a temporary directory), HOME pointed
at it too, XDG_CONFIG_HOME its config/ (so a remembered choice lasts
through the file's sessions and no further), BRADE_TODAY=2026-11-21, LANG=C, NO_COLOR=1 and no BRADE_COURSE
unless a directive says otherwise.  Paths in arguments are relative to the
repository root, which is also the working directory.  The state directory's
path is written "$XDG_STATE_HOME" in the output (saved game records name it),
and "$XDG_STATE_HOME" in a run: directive stands for it.

--update rewrites each file with the actual output and exit status (the
other directives are kept).
The binary is $BRADE (default build/brade); one run may take
$BRADE_GOLDEN_TIMEOUT seconds (default 60).  Exit status 1 when any file
fails; a unified diff shows where.
"""

import difflib
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# Seconds one run may take: $BRADE_GOLDEN_TIMEOUT, 60 by default (.ci/run
# gives the sanitizer build more: best.test takes about 10 s there and 60 s
# under AddressSanitizer).
TIMEOUT = int(os.environ.get("BRADE_GOLDEN_TIMEOUT") or 60)


def brade():
    return os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")


class Run:
    def __init__(self):
        self.args = []
        self.env = {}
        self.run = None
        self.exit = 0
        self.body = []      # expected transcript lines
        self.directives = []  # directive lines that start this run


def parse(path):
    """Splits a .test file into header comments and runs."""
    header, runs = [], [Run()]
    in_header = True
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines:
        if line.startswith("#!"):
            key, _, value = line[2:].strip().partition(":")
            key, value = key.strip(), value.strip()
            cur = runs[-1]
            if key == "session":
                cur = Run()
                runs.append(cur)
                for kv in shlex.split(value):
                    k, _, v = kv.partition("=")
                    cur.env[k] = v
                cur.args = list(runs[0].args)
            elif key == "args":
                cur.args += shlex.split(value)
            elif key == "env":
                k, _, v = value.partition("=")
                cur.env[k.strip()] = v.strip()
            elif key == "run":
                cur.run = shlex.split(value)
            elif key == "exit":
                cur.exit = int(value)
            else:
                raise SystemExit(f"{path}: unknown directive '{key}'")
            cur.directives.append(line)
            continue
        if in_header and line.startswith("#") and not runs[-1].body:
            header.append(line)
            continue
        in_header = False
        runs[-1].body.append(line)
    return header, runs


def execute(run, state):
    env = {k: v for k, v in os.environ.items()
           if k not in ("BRADE_COURSE", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update({"XDG_STATE_HOME": state, "XDG_CONFIG_HOME": os.path.join(state, "config"),
                "HOME": state, "BRADE_TODAY": "2026-11-21",
                "LANG": "C", "NO_COLOR": "1", "TERM": "dumb"})
    env.update(run.env)
    if run.run is not None:
        cmd = [brade()] + [a.replace("$XDG_STATE_HOME", state) for a in run.run]
        stdin = ""
    else:
        cmd = [brade(), "--echo"] + run.args
        stdin = "".join(line[2:] + "\n" for line in run.body if line.startswith("> "))
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=REPO,
                       env=env, timeout=TIMEOUT)
    out = (p.stdout + p.stderr).replace(state, "$XDG_STATE_HOME")
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines, p.returncode


def main(argv):
    update = "--update" in argv
    files = [a for a in argv if a != "--update"]
    failed = 0
    for path in files:
        header, runs = parse(path)
        ok = True
        rendered = list(header)
        with tempfile.TemporaryDirectory(prefix="brade-golden-") as state:
            for i, run in enumerate(runs):
                got, code = execute(run, state)
                directives = [d for d in run.directives if not d.startswith("#! exit")]
                if code != 0:
                    directives.append(f"#! exit: {code}")
                rendered += directives + got
                if got != run.body or code != run.exit:
                    ok = False
                    if not update:
                        print(f"FAIL {path} (run {i + 1}): exit {code}, expected {run.exit}")
                        sys.stdout.writelines(difflib.unified_diff(
                            [l + "\n" for l in run.body], [l + "\n" for l in got],
                            "expected", "actual"))
        if update and not ok:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(rendered) + "\n")
            print(f"updated {path}")
        elif ok:
            print(f"ok   {path}")
        else:
            failed += 1
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
