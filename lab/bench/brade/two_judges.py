#!/usr/bin/env python3
"""Two judge records of the same positions, set against each other.

    two_judges.py [--plies 2] [--net NETFILE] [--brade build/brade] RECORD_A RECORD_B

Two records made with the same rules and seed hold the same positions
(position i depends on the seed and i alone) but may be rolled out by
different players: the shipped net's 0-ply players, or players that
search a ply with each roll's luck taken out (`selfplay --agreement
... --player-plies 1 --luck on`).  This script asks how far the two
judges agree, and what each says of the search:

- each judge's best plays, given to the other as an outside chooser's
  (`selfplay --rejudge OTHER --choices FILE`): on how many positions
  the two name the same best play, how often one's best lies within
  the other's 95% interval, and the equity the other says it gives up;
- the net's PLIES-ply choice judged by each (`--rejudge FILE --plies
  P`): the goal's figures (the same play, within the interval, the
  equity given up a decision), confirmed figures where the record made
  further passes;
- the positions where the search's play lies outside A's interval: how
  many of those B puts within its own, and the equity each judge says
  the search gives up there, summed;
- the same the other way round.

A play one record did not roll out counts as "not rolled out" (a miss
in brade's figures); `selfplay --rejudge COPY --fill NET` on a copy
rolls such plays out first.  Seconds at 0 and 1 ply, about a minute at
2 (two records, two cores).  lab/docs/brade-judges.md, "Judge against
judge", has the tables it made.
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goal import as_choices, confirmed, count, cut, judged, rejudge  # noqa: E402


def goal_row(name, j):
    n = j["positions"]
    agree, within, loss = (confirmed(j, k) for k in ("agree", "within_ci", "mean_loss"))
    return (f"| {name} | {n} | {agree} ({100.0 * agree / n:.0f}%) | {within} ({100.0 * within / n:.0f}%) "
            f"| {loss:.4f} | {j.get('unjudged', 0)} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--net", default=None)
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("a")
    ap.add_argument("b")
    o = ap.parse_args()
    given = {os.path.basename(o.a): o.a, os.path.basename(o.b): o.b}
    if len(given) < 2:
        sys.exit("two_judges.py: give two records with different file names")
    tmpdir = tempfile.TemporaryDirectory()
    n = min(count(o.a), count(o.b))
    # both cut to the positions they share (a record is valid cut after
    # any judged position: a run in pieces)
    o.a, o.b = (cut(r, n, tmpdir.name) for r in (o.a, o.b))
    names = {o.a: os.path.basename(o.a), o.b: os.path.basename(o.b)}

    search = {r: rejudge(o.brade, r, o.plies, o.net) for r in (o.a, o.b)}
    for r in (o.a, o.b):
        if search[r]["rules"] != search[o.a]["rules"]:
            sys.exit(f"two_judges.py: {given[names[r]]} is {search[r]['rules']}, "
                     f"{given[names[o.a]]} {search[o.a]['rules']}")
    pa, pb = judged(search[o.a]), judged(search[o.b])
    common = sorted(set(pa) & set(pb))
    for i in common:
        if (pa[i]["id"], pa[i]["roll"]) != (pb[i]["id"], pb[i]["roll"]):
            sys.exit(f"two_judges.py: position {i} is {pa[i]['id']} {pa[i]['roll']} in {given[names[o.a]]} "
                     f"but {pb[i]['id']} {pb[i]['roll']} in {given[names[o.b]]}: not the same positions")

    cross = {}
    for me, other in ((o.a, o.b), (o.b, o.a)):
        ch = as_choices(search[me], os.path.join(tmpdir.name, "choices.txt"))
        cross[me] = rejudge(o.brade, other, o.plies, None, choices=ch)

    print(f"rules {search[o.a]['rules']}, {len(common)} positions in both records")
    print()
    print("| one judge's best plays | judged by | the same best play | within its 95% interval | "
          "equity given up a decision | not rolled out there |")
    print("|---|---|---:|---:|---:|---:|")
    for me, other in ((o.a, o.b), (o.b, o.a)):
        c = cross[me]
        print(f"| {names[me]} | {names[other]} | {confirmed(c, 'agree')} | {confirmed(c, 'within_ci')} "
              f"| {confirmed(c, 'mean_loss'):.4f} | {c.get('unjudged', 0)} |")
    print()
    print(f"| {o.plies}-ply search judged by | positions | the same play | within the interval | "
          "equity given up a decision | not rolled out |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in (o.a, o.b):
        print(goal_row(names[r], search[r]))
    print()
    print("| the search's play outside the interval of | positions | within the other's | "
          "its equity given up there, summed, by that judge | by the other |")
    print("|---|---:|---:|---:|---:|")
    for me, other in ((o.a, o.b), (o.b, o.a)):
        mine, theirs = judged(search[me]), judged(search[other])
        out = [i for i in common if mine[i]["rolled_out"] and not mine[i]["within_ci"]]
        inside = sum(1 for i in out if theirs[i]["rolled_out"] and theirs[i]["within_ci"])
        lm = sum(mine[i]["loss"] for i in out)
        lt = sum(theirs[i]["loss"] for i in out if theirs[i]["rolled_out"])
        unrolled = sum(1 for i in out if not theirs[i]["rolled_out"])
        note = f" ({unrolled} not rolled out there)" if unrolled else ""
        print(f"| {names[me]} | {len(out)} | {inside}{note} | {lm:+.3f} | {lt:+.3f} |")


if __name__ == "__main__":
    main()
