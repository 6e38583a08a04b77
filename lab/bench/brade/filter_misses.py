#!/usr/bin/env python3
"""Where the search misses the judge's best play: cut by the move filter,
or valued and ranked lower.

    filter_misses.py [--record FILE]... [--plies 2] [--brade build/brade]

For every position of an agreement record (tests/data/agreement/*.txt),
the play the record's rollouts rank best (`selfplay --rejudge --json`
names it) is set beside the search's choice at the given depth (`brade
analyse`).  Where they differ, the judge's best was either valued at
that depth and ranked lower, or cut by a move filter on the way (the
search shows it at the depth the filter left it).  A cut play is then
valued at the full depth as the learner's play (`analyse --play`): if it
comes first there, the filter alone cost the search that position.  One
row a record, then those positions, one row each.  A search whose misses
are mostly cuts wants wider filters; one whose misses are mostly valued
plays wants a better net or a deeper search.
"""
import argparse
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "gnubg"))
from bradeproc import Brade  # noqa: E402
from tutor_grades import judged_best  # noqa: E402


def misses(brade, record, plies):
    """The rules, the positions counted, the same play, and for each miss
    (number from 1, id, roll, the judge's best, the search's, the depth
    the judge's best was valued at, first when valued at full depth)."""
    rules, items = judged_best(brade, record)
    b = Brade(brade, rules, plies=plies)
    same, out = 0, []
    for number, (pid, roll, play, _sep) in enumerate(items, 1):
        j = b.ask(f"--position-id {pid} --roll {roll}")
        mine = j["plays"][0]["notation"]
        if mine == play:
            same += 1
            continue
        depth = next((p["plies"] for p in j["plays"] if p["notation"] == play), None)
        first = False
        if depth is not None and depth < plies:
            k = b.ask(f"--position-id {pid} --roll {roll} --play {play.replace(' ', ',')}")
            first = k["yours"] == 0
        out.append((number, pid, roll, play, mine, depth, first))
    b.close()
    return rules, len(items), same, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--record", action="append")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "..", "build", "brade"))
    a = ap.parse_args()
    if a.plies < 1:
        ap.error("--plies: at least 1 (a 0-ply choice has no filter)")
    records = a.record or sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "tests", "data", "agreement",
                                                        "*-seed*.txt")))
    cut_rows = []
    print(f"| record | ruleset | positions | same play ({a.plies}-ply) | missed | the judge's best cut by a filter "
          f"| of those first when valued |")
    print("|---|---|---:|---:|---:|---:|---:|")
    total = [0, 0, 0, 0, 0]
    for record in records:
        rules, n, same, out = misses(a.brade, record, a.plies)
        name = os.path.basename(record).removesuffix(".txt")
        cut = [m for m in out if m[5] is not None and m[5] < a.plies]
        first = [m for m in cut if m[6]]
        cut_rows += [(name,) + m for m in cut]
        for i, x in enumerate((n, same, len(out), len(cut), len(first))):
            total[i] += x
        print(f"| {name} | {rules} | {n} | {same} | {len(out)} | {len(cut)} | {len(first)} |")
    if len(records) > 1:
        print(f"| all | | {' | '.join(str(x) for x in total)} |")
    if cut_rows:
        print()
        print("| record | position | id | roll | the judge's best | the search's play | the judge's best valued at "
              "| first when valued |")
        print("|---|---:|---|---|---|---|---|---|")
        for name, number, pid, roll, play, mine, depth, first in cut_rows:
            print(f"| {name} | {number} | `{pid}` | {roll} | {play} | {mine} | {depth}-ply | "
                  f"{'yes' if first else 'no'} |")


if __name__ == "__main__":
    main()
