#!/usr/bin/env python3
"""lab/bench/brade/two_judges.py sets two judge records of the same positions
against each other.

On small records (4 positions, 12-game rollouts by 0-ply players, the
0-ply search: seconds): two judges with the same --seed and other
--dice-seed: each one's best plays judged by the other are scored as
brade scores them as an outside chooser's (at least where the two name
the same best; more where a rollout ties another play with its best); a
judge set against its own copy agrees with itself on every position,
within its interval, giving up nothing; the search's rows are what
`--rejudge` says of each; the rows of misses outside one judge's interval
count them as the JSON does; records of different lengths are cut to the
positions both hold; records of other positions are refused, named.
Uses $BRADE (the build's brade).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from clicases import Checks  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
SCRIPT = os.path.join(ROOT, "lab", "bench", "brade", "two_judges.py")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
check = Checks()


def brade(*args):
    exe = os.path.join(os.path.dirname(BRADE), "brade-lab") if args[0] in ("selfplay", "train") else BRADE
    return subprocess.run([exe, *args], capture_output=True, text=True, check=True, timeout=300).stdout


def record(path, k, seed, dice=None):
    args = ["selfplay", "--agreement", str(k), "--rollouts", "12", "--top", "2", "--plies", "0",
            "--seed", str(seed), "--save", path]
    brade(*(args + (["--dice-seed", str(dice)] if dice is not None else [])))


def two(a, b, code=0):
    return check.script(SCRIPT, ["--plies", "0", "--brade", BRADE, a, b], (a, b), code)


def rows(text):
    """The table rows of the output, as lists of cells."""
    return [[c.strip() for c in l.strip().strip("|").split("|")] for l in text.splitlines()
            if l.startswith("| ") and not l.startswith("| one") and not l.startswith("| 0-ply")
            and not l.startswith("| the search")]


def judged(path):
    js = json.loads(brade("selfplay", "--rejudge", path, "--plies", "0", "--json"))
    return js, js["judged"]


def bests_judged(rows, judge):
    """The plays named best in rows, judged by the record judge as an
    outside chooser's (`--rejudge JUDGE --choices`): brade's per-position
    rows."""
    path = os.path.join(d, "bests.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(f"{x['id']} {x['roll']} {x['best']}\n" for x in rows)
    out = brade("selfplay", "--rejudge", judge, "--choices", path, "--json")
    return json.loads(out)["judged"]


d = tempfile.mkdtemp()
try:
    a, b = os.path.join(d, "a.txt"), os.path.join(d, "b.txt")
    record(a, 4, 5)
    record(b, 4, 5, dice=9)
    ja, ra = judged(a)
    jb, rb = judged(b)
    check([(r["id"], r["roll"]) for r in ra] == [(r["id"], r["roll"]) for r in rb], "the same positions")
    p = two(a, b)
    out = p.stdout
    check("4 positions in both records" in out, out)
    r = rows(out)
    check(len(r) == 6, f"six rows: {r}")
    # one judge's bests judged by the other: brade's own scoring of them as
    # a chooser; at least every position where the two name the same best
    # (more where the other's rollout ties a different play with its best)
    same = sum(x["best"] == y["best"] for x, y in zip(ra, rb))
    for row, names, mine, judge in ((r[0], ["a.txt", "b.txt"], ra, b), (r[1], ["b.txt", "a.txt"], rb, a)):
        agree = sum(x["agree"] for x in bests_judged(mine, judge))
        check(row[:2] == names and int(row[2]) == agree and agree >= same,
              f"{names[0]}'s bests judged by {names[1]}: {row}, brade {agree}, the same best {same}")
    for row, js in ((r[2], ja), (r[3], jb)):
        check(row[1] == "4" and row[2].startswith(f"{js['agree']} ") and row[3].startswith(f"{js['within_ci']} ")
              and abs(float(row[4]) - js["mean_loss"]) < 1e-4, f"search row {row} against agree {js['agree']}, within {js['within_ci']}, loss {js['mean_loss']}")
    for row, mine, theirs in ((r[4], ra, rb), (r[5], rb, ra)):
        out_a = [k for k, x in enumerate(mine) if x["rolled_out"] and not x["within_ci"]]
        inside = sum(1 for k in out_a if theirs[k]["rolled_out"] and theirs[k]["within_ci"])
        check(int(row[1]) == len(out_a) and row[2].split()[0] == str(inside), f"outside row {row}")
        check(abs(float(row[3]) - sum(mine[k]["loss"] for k in out_a)) < 2e-3, f"summed loss {row}")

    # a judge against its own copy: the same best everywhere, nothing given up
    c = os.path.join(d, "copy.txt")
    shutil.copy(a, c)
    r = rows(two(a, c).stdout)
    check(r[0][2:5] == ["4", "4", "0.0000"] and r[1][2:5] == ["4", "4", "0.0000"], f"self: {r[:2]}")

    # of different lengths: cut to the positions both hold
    s = os.path.join(d, "short.txt")
    record(s, 3, 5, dice=9)
    check("3 positions in both records" in two(a, s).stdout, "cut to 3")

    # other positions: refused, named
    o = os.path.join(d, "other.txt")
    record(o, 4, 6)
    p = two(a, o, code=1)
    check("not the same positions" in p.stderr and a in p.stderr and o in p.stderr, p.stderr)
finally:
    shutil.rmtree(d)
sys.exit(check.done())
