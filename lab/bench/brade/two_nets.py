#!/usr/bin/env python3
"""Two nets' choices set against each other on the same judges.

    two_nets.py --net NEW [--base NETFILE] [--plies 2] [--keep DIR] [--brade build/brade] [RECORD...]

goal.py scores one chooser at a time, so two nets' rows differ by a few
positions with nothing to say whether that is more than the luck of
which positions the judges happen to be sure of.  This scores both on
the same positions and takes the difference position by position, as
goal.py's second table does for a search against a second judge.

Each record (tests/data/agreement/*-seed*.txt unless RECORDs are given)
is copied, and every play either net chooses that the record did not
roll out is rolled out into the copy first, by the net that made the
record (goal.py's --fill, once for each chooser), so neither net's play
counts as a miss for want of a rollout, and the judge's best is the best
of the same plays for both.  Then each net's search (`selfplay --rejudge
COPY --plies P --a-net NET`; the shipped net when --base is not given)
is judged against the filled copy, and per ruleset the table gives each
net's same play, within the interval and equity given up a decision,
the positions where the two choose differently, and NEW less BASE on
each measure with its 95% interval (the normal interval of the
positions' mean difference; in points per 100 decisions for the counts).
A difference whose interval holds 0 is not told apart by these judges.

With --keep DIR the filled copies are left in DIR.  About a minute a
net for three records of 100 at 2-ply on two cores.
docs/brade-strength.md, "Two nets on the same judges", has its uses.
"""
import argparse
import collections
import glob
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import goal  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--net", required=True, help="the net set against the base")
    ap.add_argument("--base", help="the net it is set against (default: the shipped net)")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--keep", metavar="DIR", help="leave the filled copies in DIR")
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "..", "build", "brade"))
    a = ap.parse_args()
    for f in (a.net, a.base):
        if f and not os.path.isfile(f):
            sys.exit(f"two_nets.py: {f}: no such file")
    records = a.records or sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "tests", "data",
                                                         "agreement", "*-seed*.txt")))
    tmp = a.keep or tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)
    try:
        return compare(a, records, tmp)
    finally:
        if not a.keep:
            shutil.rmtree(tmp)


def compare(a, records, tmp):
    nets = [("base", a.base), ("new", a.net)]
    sums = collections.OrderedDict()
    for record in records:
        copy = os.path.join(tmp, os.path.basename(record))
        if os.path.abspath(copy) == os.path.abspath(record):
            sys.exit(f"two_nets.py: --keep {tmp} holds {record} itself")
        shutil.copy(record, copy)
        for _, net in nets:
            if goal.fill(a.brade, copy, a.plies, net, tmp) is None:
                sys.exit(f"two_nets.py: {record}: no net in git made it, so it cannot be filled")
        # both judged on the copy filled for both: the same judge, the same best
        js = [goal.rejudge(a.brade, copy, a.plies, net) for _, net in nets]
        if js[0]["rules"] != js[1]["rules"]:
            sys.exit(f"two_nets.py: {record}: the nets judge it under {js[0]['rules']} and {js[1]['rules']}")
        s = sums.setdefault(js[0]["rules"], {"records": 0, "rows": []})
        s["records"] += 1
        rows = [goal.judged(j) for j in js]
        for i in sorted(rows[0]):
            b, n = rows[0][i], rows[1].get(i)
            if n is None:
                sys.exit(f"two_nets.py: {record}: position {i} judged for one net only")
            s["rows"].append((b, n))
    print(f"| ruleset ({a.plies}-ply) | records | positions | base: same play / within the interval / given up "
          "| new: the same | they choose differently | new less base: same play (in 100) "
          "| within the interval (in 100) | equity given up a decision |")
    print("|---|---:|---:|---|---|---:|---:|---:|---:|")
    for rules, s in sums.items():
        rows = s["rows"]
        n = len(rows)

        def figures(k):
            return (sum(r[k]["agree"] for r in rows), sum(r[k]["within_ci"] for r in rows),
                    sum(r[k]["loss"] for r in rows) / n)

        fb, fn = figures(0), figures(1)
        differ = sum(b["choice"] != m["choice"] for b, m in rows)
        # goal.shortfall: the mean difference a decision, in 100, and its 95% interval
        same = goal.shortfall([int(m["agree"]) - int(b["agree"]) for b, m in rows], n)
        within = goal.shortfall([int(m["within_ci"]) - int(b["within_ci"]) for b, m in rows], n)
        loss = [x / 100.0 for x in goal.shortfall([m["loss"] - b["loss"] for b, m in rows], n)]
        print(f"| {rules} | {s['records']} | {n} | {fb[0]} / {fb[1]} / {fb[2]:.4f} | {fn[0]} / {fn[1]} / {fn[2]:.4f} "
              f"| {differ} | {same[0]:+.1f} ± {same[1]:.1f} | {within[0]:+.1f} ± {within[1]:.1f} "
              f"| {loss[0]:+.4f} ± {loss[1]:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
