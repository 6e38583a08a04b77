#!/usr/bin/env python3
"""lab/bench/brade/two_nets.py sets two nets' choices against each other on
the same judges.

At 0-ply on vasa-seed7.txt cut to its first 40 positions (seconds): the
table's figures for each net are brade's own scoring of that net's
search against the filled copy --keep leaves (the same play, within
the interval, the equity given up, and the positions where the two
choose differently), the differences are the new net's figures less the
base's; the shipped net set against a copy of itself differs nowhere;
the two nets swapped give the differences with their signs turned; the
record itself is left as it was; a missing net file stops the script
with its name.  Uses $BRADE (the build's brade).
"""
import hashlib
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
SCRIPT = os.path.join(ROOT, "lab", "bench", "brade", "two_nets.py")
sys.path.insert(0, os.path.join(ROOT, "lab", "bench", "brade"))
import goal  # noqa: E402

REC = os.path.join(ROOT, "tests", "data", "agreement", "vasa-seed7.txt")
OLD = os.path.join(ROOT, "tests", "data", "nets", "vasa-160.net")
SHIPPED = os.path.join(ROOT, "src", "analysis", "nets", "vasa.net")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
check = Checks()


def two(record, *extra, code=0):
    return check.script(SCRIPT, ["--plies", "0", "--brade", BRADE, *extra, record], extra, code)


def row(text):
    """The vasa row's cells."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "vasa":
            return cells
    return None


def triple(cell):
    same, within, loss = (x.strip() for x in cell.split("/"))
    return int(same), int(within), float(loss)


def diff(cell):
    mean, half = cell.split("±")
    return float(mean), float(half)


def judged(path, net):
    cmd = [os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", path, "--plies", "0", "--json"] + (["--a-net", net] if net else [])
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300).stdout)["judged"]


d = tempfile.mkdtemp()
try:
    rec = goal.cut(REC, 40, d)
    before = hashlib.sha256(open(rec, "rb").read()).hexdigest()
    keep = os.path.join(d, "kept")
    p = two(rec, "--net", OLD, "--keep", keep)
    r = row(p.stdout)
    check(r is not None and r[1] == "1" and r[2] == "40", f"one record, 40 positions: {r}")
    check(hashlib.sha256(open(rec, "rb").read()).hexdigest() == before, "the record is left as it was")
    copy = os.path.join(keep, os.path.basename(rec))
    check(os.path.isfile(copy), "--keep leaves the filled copy")
    base, new = judged(copy, None), judged(copy, OLD)
    for k, (cell, js) in enumerate(((r[3], base), (r[4], new))):
        same, within, loss = triple(cell)
        check(same == sum(x["agree"] for x in js) and within == sum(x["within_ci"] for x in js)
              and abs(loss - sum(x["loss"] for x in js) / 40) < 6e-5,
              f"{'base' if k == 0 else 'new'} {cell}: brade's own scoring of the filled copy")
    check(all(x["rolled_out"] for x in base + new), "every choice of both nets is rolled out in the copy")
    differ = sum(b["choice"] != n["choice"] for b, n in zip(base, new))
    check(int(r[5]) == differ and differ > 0, f"they choose differently on {r[5]} (brade: {differ})")
    same_d = diff(r[6])
    want = 100.0 * (sum(x["agree"] for x in new) - sum(x["agree"] for x in base)) / 40
    check(abs(same_d[0] - want) < 0.06 and same_d[1] > 0, f"same play, new less base {r[6]} (want {want:+.1f})")
    loss_d = diff(r[8])
    want = (sum(x["loss"] for x in new) - sum(x["loss"] for x in base)) / 40
    check(abs(loss_d[0] - want) < 6e-5, f"equity given up, new less base {r[8]} (want {want:+.4f})")

    # swapped: the same figures, the signs turned
    p = two(rec, "--net", SHIPPED, "--base", OLD)
    s = row(p.stdout)
    check(s is not None and s[3] == r[4] and s[4] == r[3] and s[5] == r[5], f"swapped columns: {s}")
    check(s is not None and abs(diff(s[6])[0] + same_d[0]) < 0.06 and abs(diff(s[8])[0] + loss_d[0]) < 6e-5,
          f"swapped differences: {s and s[6]}, {s and s[8]}")

    # the shipped net against a copy of itself
    p = two(rec, "--net", SHIPPED)
    s = row(p.stdout)
    check(s is not None and s[3] == s[4] and s[5] == "0" and s[6] == "+0.0 ± 0.0" and s[8] == "+0.0000 ± 0.0000",
          f"a net against itself differs nowhere: {s}")

    p = two(rec, "--net", os.path.join(d, "missing.net"), code=1)
    check("missing.net: no such file" in p.stderr, f"a missing net named: {p.stderr.strip()}")
finally:
    shutil.rmtree(d)
sys.exit(check.done())
