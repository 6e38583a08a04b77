#!/usr/bin/env python3
"""lab/bench/brade/tutor_grades.py counts brade's grades of the judges' best
plays, and with --list names the positions graded badly.

At 0-ply on vasa-seed7.txt cut to its first 30 positions (seconds; the
cut holds positions of each grade but "fine" at 0-ply): the listed rows
are as many of each grade as the table counts; every listed grade and
margin is what `brade analyse --play` says of that play, the judge's
best by `selfplay --rejudge`, at that depth; a play listed "doubtful" or
worse is at least 0.04 behind; --list bad lists exactly the bad and very
bad rows of --list doubtful; without --list there is no list; a grade it
does not know stops it with the choices.  Uses $BRADE (the build's brade).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from clicases import Checks, tables  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
SCRIPT = os.path.join(ROOT, "lab", "bench", "brade", "tutor_grades.py")
sys.path.insert(0, os.path.join(ROOT, "lab", "bench", "brade"))
import goal  # noqa: E402

REC = os.path.join(ROOT, "tests", "data", "agreement", "vasa-seed7.txt")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
GRADES = ["fine", "doubtful", "bad", "very-bad"]
check = Checks()


def grades(record, *extra, code=0):
    return check.script(SCRIPT, ["--plies", "0", "--brade", BRADE, "--record", record, *extra], extra, code)


def counts(cell):
    """'26 / 2 / 1 / 1 of 30' as {grade: n}."""
    return dict(zip(GRADES, (int(x) for x in cell.split(" of ")[0].split("/"))))


d = tempfile.mkdtemp()
try:
    rec = goal.cut(REC, 30, d)
    best = {i + 1: j for i, j in enumerate(json.loads(subprocess.run(
        [os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", rec, "--plies", "2", "--json"],
        capture_output=True, text=True, check=True, timeout=300).stdout)["judged"])}

    p = grades(rec, "--list", "doubtful")
    t = tables(p.stdout)
    check(len(t) == 2 and len(t[0]) == 1, f"a table of one row, then the list: {len(t)} tables")
    every = counts(t[0][0][3])
    listed = t[1] if len(t) > 1 else []
    check(every["doubtful"] > 0 and every["bad"] > 0 and every["very-bad"] > 0,
          f"the cut holds every grade but fine to list: {every}")
    for g in GRADES[1:]:
        n = sum(1 for r in listed if r[6] == g)
        check(n == every[g], f"{g}: {n} listed, {every[g]} counted")
    check(all(r[6] != "fine" for r in listed), "no fine play listed")
    for r in listed:
        number, pid, roll, play = int(r[2]), r[3].strip("`"), r[4], r[5]
        j = best[number]
        check(j["id"] == pid and j["roll"] == roll and j["best"] == play,
              f"position {number} is the record's {number}th, its judge's best {play}")
        a = json.loads(subprocess.run(
            [BRADE, "analyse", "--rules", "vasa", "--position-id", pid, "--roll", roll, "--plies", "0",
             "--race-rollouts", "off", "--play", play, "--json"], capture_output=True, text=True, check=True,
            timeout=60).stdout)
        yours = a["plays"][a["yours"]]
        lost, own = r[7].split(" ", 1)
        check(yours["grade"] == r[6] and f"{yours['equity_lost']:.3f}" == lost
              and own == f"({a['plays'][0]['notation']})",
              f"position {number}: {r[6]}, {r[7]} as brade analyse --play says")
        check(float(lost) >= 0.04, f"position {number}: {lost} behind, at least the doubtful threshold")
        check(r[8] == ("yes" if j["separable"] else "no"), f"position {number}: separated {r[8]}")

    bad = tables(grades(rec, "--list", "bad").stdout)
    want = [r for r in listed if r[6] in ("bad", "very-bad")]
    check(len(bad) == 2 and bad[1] == want, f"--list bad: the bad and very bad rows of --list doubtful ({len(want)})")

    check(len(tables(grades(rec).stdout)) == 1, "no list without --list")
    p = grades(rec, "--list", "worst", code=2)
    check("invalid choice" in p.stderr and "very-bad" in p.stderr, "an unknown grade: the choices named")
finally:
    shutil.rmtree(d)
sys.exit(check.done())
