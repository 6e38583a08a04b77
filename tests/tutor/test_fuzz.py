#!/usr/bin/env python3
"""Bad input never crashes the loader or the tutor.

Mutates the course files of the project (bytes flipped, lines dropped,
duplicated and swapped, tokens replaced by others from the format) and runs
`brade check --no-rollouts` over them (the rollout path has its own tests:
test_best.c, best-check.test): every run must end with a summary line and exit 0
or 1, never a crash or a sanitizer report.  Then feeds the REPL random
command lines (commands, arguments, plays, rolls, answers) and checks it
stays up to the end.  Seeded, so a failure can be replayed:
    test_fuzz.py [SEED] [ROUNDS]
"""

import glob
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")

SOURCES = sorted(glob.glob(os.path.join(REPO, "lessons", "*.yaml")) +
                 glob.glob(os.path.join(REPO, "puzzles", "*.yaml")) +
                 glob.glob(os.path.join(REPO, "tests", "golden", "course", "*", "*.yaml")) +
                 [os.path.join(REPO, "tests", "tutor", "bad", "mistakes.yaml")])
TOKENS = ["kind: play", "kind: rolls", "goal: win", "accept: []", "answer: 3", "- ", ": ", "{", "}",
          "[", "]", "&a", "*a", "<<: *a", "'", '"', "\t", "bar:16", "off:99", "25", "0:0",
          "roll: 6-6", "rules: vasa", "options: {munk: none}", "position: start", "ä", "\x00",
          "---", "? x", "!!str", "%YAML 1.1", "sprangjan", "1/7 7/13", "bar/3#", "::", "#"]
COMMANDS = ["lessons", "lesson", "puzzles", "puzzle", "next", "back", "show", "hint", "answer",
            "solution", "board", "moves", "explain", "rules", "set", "setup", "export",
            "progress", "help", "les", "p", "s", "zz", "check", "posid"]
WORDS = ["1/7", "bar/3#", "20/off", "6-2", "none", "yes", "no", "hemspel", "munk", "4", "-1",
         "white", "black", "place", "remove", "clear", "start", "roll", "to-move", "id",
         "W/38AAAD/fwAAAA", "rules", "language", "sv", "en", "helmfrid", "backgammon",
         "basics", "play-goal", "rolls-jan", "--white", "1:15", "''", '"', "bar", "99", "ä", "\t",
         "-2147483648", "2147483647", "99999999999999999999", "0", "1e9", "nan", "-0"]


def sanitizer_said(stderr):
    """True when a sanitizer reported anything (whatever the exit status:
    an error after the last output line must not pass unseen)."""
    return any(w in stderr for w in ("runtime error:", "Sanitizer", "LeakSanitizer"))


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        i = rng.randrange(len(lines)) if lines else 0
        if op == 0 and lines:
            del lines[i]
        elif op == 1 and lines:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and lines:
            l = lines[i]
            k = rng.randrange(len(l) + 1)
            lines[i] = l[:k] + rng.choice(TOKENS) + l[k + rng.randrange(4):]
        elif op == 4 and lines and lines[i]:
            b = bytearray(lines[i].encode("utf-8", "surrogatepass"))
            b[rng.randrange(len(b))] = rng.randrange(256)
            lines[i] = b.decode("latin-1")
        else:
            lines.insert(i, " " * rng.randrange(8) + rng.choice(TOKENS))
    return "\n".join(lines)


def main(argv):
    seed = int(argv[0]) if argv else 1
    rounds = int(argv[1]) if len(argv) > 1 else 200
    rng = random.Random(seed)
    texts = [open(p, encoding="utf-8").read() for p in SOURCES]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NO_COLOR="1", XDG_STATE_HOME=tmp, HOME=tmp, LANG="C",
                   XDG_CONFIG_HOME=os.path.join(tmp, "config"))
        # many mutated files per run of `brade check`
        for batch in range(max(1, rounds // 25)):
            paths = []
            for k in range(25):
                path = os.path.join(tmp, f"m{batch}-{k}.yaml")
                with open(path, "w", encoding="latin-1", errors="replace") as f:
                    f.write(mutate(rng.choice(texts), rng))
                paths.append(path)
            p = subprocess.run([BRADE, "check", "--no-rollouts"] + paths, capture_output=True, text=True,
                               errors="replace", env=env, timeout=120)
            if (p.returncode not in (0, 1) or "files checked" not in p.stdout
                    or sanitizer_said(p.stderr)):
                failures += 1
                print(f"check crashed (seed {seed}, batch {batch}, exit {p.returncode}):\n"
                      f"{p.stderr[-2000:]}")
                for q in paths:
                    print("  kept:", q)
                break
        # random REPL sessions
        for session in range(max(1, rounds // 50)):
            lines = []
            for _ in range(150):
                words = [rng.choice(COMMANDS)] + [rng.choice(WORDS) for _ in range(rng.randrange(4))]
                if rng.random() < 0.3:
                    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 3))]
                lines.append(" ".join(words))
            lines.append("progress")
            p = subprocess.run([BRADE, "--course", os.path.join(REPO, "tests", "golden", "course")],
                               input="\n".join(lines) + "\n", capture_output=True, text=True,
                               errors="replace", env=env, timeout=120)
            if (p.returncode not in (0, 1) or "Lessons completed" not in p.stdout
                    or sanitizer_said(p.stderr)):
                failures += 1
                print(f"REPL crashed (seed {seed}, session {session}, exit {p.returncode}):\n"
                      f"{p.stderr[-2000:]}\ninput:\n" + "\n".join(lines))
                break
    print(f"seed {seed}: {'ok' if not failures else 'FAILED'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
