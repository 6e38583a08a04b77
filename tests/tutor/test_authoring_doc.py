#!/usr/bin/env python3
"""The examples in docs/authoring.md are true.

- every ```yaml block that is a whole file (it has `puzzles:` or `steps:`
  at the start of a line) passes `brade check`;
- every ```text block of a tutor session (lines `brade> COMMAND`) gives
  the output shown when its commands are run (the lines shown must appear
  in order; board drawings may be left out of the doc);
- every ```text block of `brade check` output appears, in order, in what
  `brade check` prints for the file it names.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
DOC = os.path.join(REPO, "docs", "authoring.md")


def blocks(text):
    for m in re.finditer(r"^```(\w+)\n(.*?)^```$", text, re.M | re.S):
        yield m.group(1), m.group(2), text[:m.start()].count("\n") + 1


def in_order(want, got):
    """True when the lines of `want` appear in `got` in order."""
    it = iter(got)
    return all(any(w.rstrip() == g.rstrip() for g in it) for w in want)


def run(args, stdin, tmp):
    env = dict(os.environ, NO_COLOR="1", LANG="C", XDG_STATE_HOME=tmp, HOME=tmp,
               XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               BRADE_TODAY="2026-11-21")
    env.pop("BRADE_COURSE", None)
    return subprocess.run([BRADE] + args, input=stdin, capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)


def main():
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    failures = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for lang, body, line in blocks(text):
            lines = body.rstrip("\n").split("\n")
            if lang == "yaml" and re.search(r"^(puzzles|steps):", body, re.M):
                path = os.path.join(tmp, f"example-{line}.yaml")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(body)
                p = run(["check", path], "", tmp)
                checked += 1
                if p.returncode != 0:
                    failures += 1
                    print(f"{DOC}:{line}: the example does not pass brade check:\n{p.stdout}")
            elif lang == "text" and lines[0].startswith("brade> "):
                cmds = [l[len("brade> "):] for l in lines if l.startswith("brade> ")]
                want = [l for l in lines if not l.startswith("brade> ")]
                p = run([], "\n".join(cmds) + "\n", tmp)
                checked += 1
                if not in_order(want, p.stdout.split("\n")):
                    failures += 1
                    print(f"{DOC}:{line}: the session prints something else:\n{p.stdout}")
            elif lang == "text" and re.match(r"^\S+\.yaml:\d+:\d+: ", lines[0]):
                path = lines[0].split(":")[0]
                p = run(["check", path], "", tmp)
                checked += 1
                if not in_order(lines, p.stdout.split("\n")):
                    failures += 1
                    print(f"{DOC}:{line}: 'brade check {path}' prints something else:\n{p.stdout}")
    print(f"{checked} examples checked, {failures} failures")
    return 1 if failures or checked < 4 else 0


if __name__ == "__main__":
    sys.exit(main())
