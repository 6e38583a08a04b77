#!/usr/bin/env python3
"""lab/bench/brade/filter_misses.py sorts the search's misses of the judge's
best play into those the move filter cut and those it valued.

At 2-ply on vasa-seed7.txt cut to its first 12 positions (seconds; its
position 5, the 6-6, is a judge's best the 0-ply filter cuts that the
2-ply search puts first when it values it): the same play and the
misses add up to the positions, and the same play is what `brade
analyse` chooses; every listed position is one whose judge's best brade
analyse shows at a lower depth, and "first when valued" is what
`analyse --play` says; every miss not listed had the judge's best valued
at the full depth; two records give an "all" row of their sums; a depth
below 1 is refused.  Uses $BRADE (the build's brade).
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
SCRIPT = os.path.join(ROOT, "lab", "bench", "brade", "filter_misses.py")
sys.path.insert(0, os.path.join(ROOT, "lab", "bench", "brade"))
import goal  # noqa: E402

AGREEMENT = os.path.join(ROOT, "tests", "data", "agreement")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
check = Checks()


def run(*args, code=0):
    return check.script(SCRIPT, ["--brade", BRADE, *args], args, code)


def analyse(pid, roll, play=None):
    cmd = [BRADE, "analyse", "--rules", "vasa", "--position-id", pid, "--roll", roll, "--plies", "2",
           "--race-rollouts", "off", "--json"]
    return json.loads(subprocess.run(cmd + (["--play", play] if play else []), capture_output=True, text=True,
                                     check=True, timeout=60).stdout)


d = tempfile.mkdtemp()
try:
    rec = goal.cut(os.path.join(AGREEMENT, "vasa-seed7.txt"), 12, d)
    judged = json.loads(subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", rec, "--plies", "2", "--json"],
                                       capture_output=True, text=True, check=True, timeout=300).stdout)["judged"]
    t = tables(run("--record", rec).stdout)
    check(len(t) == 2 and len(t[0]) == 1, f"a row for the record, then the cut positions: {len(t)} tables")
    r = t[0][0]
    n, same, missed, cut, first = (int(x) for x in r[2:7])
    check(n == 12 and same + missed == 12, f"12 positions, {same} the same play and {missed} missed")
    listed = {int(x[1]): x for x in t[1]} if len(t) > 1 else {}
    check(len(listed) == cut and sum(x[7] == "yes" for x in listed.values()) == first,
          f"{cut} listed, {first} of them first when valued")
    check(5 in listed and listed[5][6] == "0-ply" and listed[5][7] == "yes",
          "position 5 (6-6): cut at 0-ply, first when valued")
    mine_same = 0
    for number, j in enumerate(judged, 1):
        a = analyse(j["id"], j["roll"])
        if a["plays"][0]["notation"] == j["best"]:
            mine_same += 1
            check(number not in listed, f"position {number}: the same play, not listed")
            continue
        depth = next((p["plies"] for p in a["plays"] if p["notation"] == j["best"]), None)
        if number in listed:
            k = analyse(j["id"], j["roll"], j["best"])
            check(depth is not None and depth < 2 and listed[number][6] == f"{depth}-ply"
                  and listed[number][7] == ("yes" if k["yours"] == 0 else "no")
                  and listed[number][5] == a["plays"][0]["notation"],
                  f"position {number}: cut at {depth}-ply, first when valued {listed[number][7]}")
        else:
            check(depth == 2, f"position {number}: missed, the judge's best valued at 2-ply ({depth})")
    check(mine_same == same, f"the same play: {same}, brade analyse: {mine_same}")

    rec2 = goal.cut(os.path.join(AGREEMENT, "theboard-seed5.txt"), 6, d)
    t = tables(run("--record", rec, "--record", rec2).stdout)
    rows = t[0] if t else []
    check(len(rows) == 3 and rows[2][0] == "all"
          and all(int(rows[2][i]) == int(rows[0][i]) + int(rows[1][i]) for i in range(2, 7)),
          "two records: an 'all' row of their sums")
    p = run("--record", rec, "--plies", "0", code=2)
    check("at least 1" in p.stderr, "--plies 0 refused, with why")
finally:
    shutil.rmtree(d)
sys.exit(check.done())
