#!/usr/bin/env python3
"""`export` prints YAML that `brade check` accepts, and loading it gives
back the position it came from (for several positions and rulesets)."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")

# (setup commands, expected side specs in the export)
CASES = [
    (["setup start", "setup roll 6-2"], '"1:15"', '"1:15"'),
    (["setup white 21 24:2 off:12", "setup black 19:5 20:5 21:5", "setup roll 6-2"],
     '"21:1 24:2 off:12"', '"19:5 20:5 21:5"'),
    (["set rules helmfrid+bearoff=exact-only", "setup white bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3",
      "setup black bar:2 2 4 14:2 16:3 17:3 20:3", "setup to-move black"],
     '"1:2 3:1 6:1 15:2 17:1 18:2 20:2 21:3 bar:1"', '"2:1 4:1 14:2 16:3 17:3 20:3 bar:2"'),
    (["set rules backgammon", "setup white 6:2 5:2 off:11", "setup black 24:15", "setup roll 6-5"],
     '"5:2 6:2 off:11"', '"24:15"'),
]


def run(args, stdin="", env_extra=None):
    env = dict(os.environ)
    env.pop("BRADE_COURSE", None)
    env.update({"NO_COLOR": "1", "LANG": "C", "BRADE_TODAY": "2026-11-21"})
    if env_extra:
        env.update(env_extra)
    return subprocess.run([BRADE] + args, input=stdin, capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=60)


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        state = {"XDG_STATE_HOME": tmp, "HOME": tmp, "XDG_CONFIG_HOME": os.path.join(tmp, "config")}
        for i, (cmds, white, black) in enumerate(CASES):
            script = "\n".join(cmds + [f"export case-{i}"]) + "\n"
            p = run(["--course", "tests/golden/course"], script, state)
            out = p.stdout
            start = out.find("# Paste under")
            if p.returncode != 0 or start < 0:
                print(f"case {i}: export failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
                failures += 1
                continue
            yaml_text = "puzzles:\n" + out[start:]
            if f"white: {white}" not in yaml_text or f"black: {black}" not in yaml_text:
                print(f"case {i}: unexpected specs in\n{yaml_text}")
                failures += 1
            path = os.path.join(tmp, f"case{i}.yaml")
            with open(path, "w") as f:
                f.write(yaml_text)
            c = run(["check", path])
            if c.returncode != 0 or "1 puzzle, 0 errors" not in c.stdout:
                print(f"case {i}: the exported YAML does not pass check:\n{yaml_text}\n{c.stdout}")
                failures += 1
    print(f"{len(CASES) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
