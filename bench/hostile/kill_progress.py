#!/usr/bin/env python3
"""Kills during progress saves (reliability-2, finding 2): the progress
record survives SIGKILL at any point, and no record the program wrote is
ever read back as damaged.

Each round is a new day.  It pipes `puzzle ID` / `solution` pairs into the
tutor (with --echo), cycling through the ten puzzles of the test course:
the first `solution` of each puzzle that day is a failed attempt, rated,
and a save; a later one the same day is practice (a puzzle seen is a
puzzle failed once).  A pair is acknowledged once the echo of the next
line shows (the save has returned), and the round is killed after a
random delay.  Then the record must open without being set aside as
damaged, and the total of `failed=` counts must never fall and must have
grown by at least the acknowledged counted saves (at most ten a day).
The learner starts at a rating of 0.20, so the ratings go below the floor
the reader takes unless the writer keeps to it.

    python3 bench/hostile/kill_progress.py [--brade build/brade] [--rounds 200]

Prints the rounds, saves acknowledged, saves lost and damaged records;
exits 1 when any save was lost or any record was set aside.
tests/tutor/test_kill_play.py runs a few rounds of it too.
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
COURSE = os.path.join(REPO, "tests", "golden", "course")
START = ("brade-progress 5\n"
         "rating all r=0.20 rd=60.00 vol=0.060000 n=900 last=2026-11-20\n")


def failed_total(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    return sum(int(m) for m in re.findall(r"\bfailed=(\d+)", text))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--brade", default=os.path.join(REPO, "build", "brade"))
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lost = damaged = acked_total = 0
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        state = os.path.join(tmp, "state")
        os.makedirs(os.path.join(state, "brade"))
        record = os.path.join(state, "brade", "progress")
        with open(record, "w") as f:
            f.write(START)
        env = dict(os.environ, XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(tmp, "cfg"), NO_COLOR="1",
                   LANG="C", BRADE_TODAY="2026-11-21")
        ids = ["play-author", "play-goal", "legal-no", "rolls-jan", "outcome-none", "count-jb", "choice-huk",
               "bg-bearoff", "helmfrid-jan", "opening-author"]
        for r in range(a.rounds):
            env["BRADE_TODAY"] = time.strftime("%Y-%m-%d", time.gmtime(1795000000 + 86400 * r))
            before = failed_total(record)
            script = "".join("puzzle %s\nsolution\n" % ids[k % len(ids)] for k in range(300))
            p = subprocess.Popen([a.brade, "--course", COURSE, "--echo"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            p.stdin.write(script.encode())
            p.stdin.flush()
            time.sleep(rng.random() * 0.6)
            p.kill()
            out, err = p.communicate()
            echoes = re.findall(rb"^> (puzzle|solution)", out, re.M)
            acked = sum(1 for i, e in enumerate(echoes) if e == b"solution" and i + 1 < len(echoes))
            counted = min(acked, len(ids))
            acked_total += counted
            after = failed_total(record)
            if after < before + counted or after > before + len(ids):
                lost += max(0, before + counted - after)
                problems.append("round %d: failed= went from %d to %d with %d counted saves acknowledged"
                                % (r + 1, before, after, counted))
            if b"damaged" in err or b"damaged" in out:
                damaged += 1
                problems.append("round %d: the record was set aside as damaged" % (r + 1))
            # a fresh tutor opens it cleanly
            q = subprocess.run([a.brade, "--course", COURSE], input=b"quit\n", capture_output=True, env=env,
                               timeout=60)
            if b"damaged" in q.stdout + q.stderr:
                damaged += 1
                problems.append("round %d: the record does not open cleanly" % (r + 1))
        aside = glob.glob(os.path.join(state, "brade", "progress.corrupt-*"))
        temps = glob.glob(os.path.join(state, "brade", "progress.tmp.*"))
    print("kills: %d, counted saves acknowledged: %d, saves lost: %d, records set aside as damaged: %d, "
          "files kept aside: %d, temporary files left: %d" % (a.rounds, acked_total, lost, damaged, len(aside),
                                                               len(temps)))
    for x in problems:
        print("FAIL", x)
    return 1 if problems or aside else 0


if __name__ == "__main__":
    sys.exit(main())
