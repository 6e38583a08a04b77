#!/usr/bin/env python3
"""The learner's program names only the learner's commands (issue 74):
`brade help`, its man page and its completions name no command or flag of
the lab, which is brade-lab's (`brade-lab help` lists them), and `brade
selfplay` says where the command went; each learner's command has its
own help (`brade help CMD`, `brade CMD --help`)."""
import os
import subprocess
import sys

BRADE = os.environ.get("BRADE", "build/brade")
LAB = os.environ.get("BRADE_LAB") or os.path.join(os.path.dirname(BRADE), "brade-lab")
LAB_WORDS = ["selfplay", "--agreement", "--rejudge", "--fill-anew", "--fit-ranks", "--make-data", "--fit-data",
             "--prune", "--join", "TD(lambda)"]
LEARNER = ["tutor", "play", "review", "check", "analyse", "moves", "judge", "rules", "posid", "perft", "bench",
           "diagram", "worksheet"]
failures = []


def out(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout + p.stderr


for what in (["help"], ["help", "--man"], ["help", "--completion", "bash"], ["help", "--completion", "zsh"]):
    code, text = out([BRADE] + what)
    if code != 0:
        failures.append(f"brade {' '.join(what)}: exit {code}")
    for w in LAB_WORDS:
        if w in text:
            failures.append(f"brade {' '.join(what)} names the lab's '{w}'")
    words = text.split()
    if " train " in f" {' '.join(words)} ":
        failures.append(f"brade {' '.join(what)} names the lab's 'train'")
code, text = out([BRADE, "help"])
for c in LEARNER:
    if f"\n  {c} " not in text:
        failures.append(f"brade help does not list '{c}'")
# every learner's command answers `brade help CMD` and `brade CMD --help`
# with its own line and usage (newcomer F13)
for c in LEARNER:
    for argv in ([BRADE, "help", c], [BRADE, c, "--help"]):
        code, text = out(argv)
        if code != 0 or not text.startswith(f"{c} - ") or f"usage: brade {c}" not in text:
            failures.append(f"{' '.join(argv[1:])}: exit {code}, {text[:120]!r}")
code, text = out([LAB, "help"])
if code != 0 or "selfplay" not in text or "\n  train " not in text:
    failures.append(f"brade-lab help does not list selfplay and train: {text[:300]!r}")
code, text = out([BRADE, "selfplay", "--games", "1"])
if code != 2 or "brade-lab selfplay" not in text:
    failures.append(f"brade selfplay: exit {code}, {text[:200]!r}")
for f in failures:
    print("FAIL", f)
print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
sys.exit(1 if failures else 0)
