#!/usr/bin/env python3
"""Runs the examples in the docs as tests (jq style).

In a Markdown file, every ```console block is a transcript: a line
`$ brade ARGS...` is a command (split like a shell would), the lines after it
up to the next `$ ` line or the end of the block are what it prints (stdout,
then stderr), and an optional last line `[exit N]` is its exit status
(default 0).  Each command is run against $BRADE and compared exactly.
"""
import os
import re
import shlex
import subprocess
import sys

BRADE = os.environ.get("BRADE", "build/brade")


def examples(path):
    """Yields (line number, argv, expected text, expected status)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    in_block = False
    cur = None
    for no, line in enumerate(lines, 1):
        if line.startswith("```"):
            if in_block and cur:
                yield cur
                cur = None
            in_block = line.strip() == "```console" if not in_block else False
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            if cur:
                yield cur
            argv = shlex.split(line[2:])
            if argv and argv[0] == "brade":
                cur = [no, argv[1:], [], 0]
            else:
                cur = None
        elif cur is not None:
            m = re.fullmatch(r"\[exit (\d+)\]", line.strip())
            if m:
                cur[3] = int(m.group(1))
            else:
                cur[2].append(line)


def main(paths):
    passed = failed = 0
    for path in paths:
        for no, argv, want, status in examples(path):
            env = dict(os.environ, NO_COLOR="1")
            p = subprocess.run([BRADE] + argv, capture_output=True, text=True, env=env, timeout=60)
            got = (p.stdout + p.stderr).rstrip("\n").split("\n")
            got = [g.rstrip() for g in got] if (p.stdout + p.stderr) else []
            want = [w.rstrip() for w in want]
            while want and want[-1] == "":
                want.pop()
            if got == want and p.returncode == status:
                passed += 1
            else:
                failed += 1
                print(f"{path}:{no}: example differs: brade {' '.join(shlex.quote(a) for a in argv)}")
                if p.returncode != status:
                    print(f"  exit status {p.returncode}, expected {status}")
                for w in want:
                    if w not in got:
                        print(f"  - {w}")
                for g in got:
                    if g not in want:
                        print(f"  + {g}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
