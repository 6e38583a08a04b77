#!/usr/bin/env python3
"""How far a bräde net's 0-ply value moves when it looks one roll ahead.

    consistency.py [--rules R] [--positions N] [--seed S] [--brade build/brade] [--show K]

N positions of seeded self-play (`brade-lab selfplay --positions`), each valued
at 0 and at 1 ply (`brade analyse --plies P --json --batch`, one process a
depth, through lab/bench/gnubg/bradeproc.py), in
three groups: nobody on the bar, the side on roll on the bar, the other side
on the bar.  Prints per group the mean and median of |0-ply - 1-ply| and how
many positions move by more than half a point, then the K that move most.

A net that valued positions perfectly would not move at all: a large move
is a position it misreads at 0-ply or at 1-ply, and the 2-ply search's move
filter ranks plays at 0-ply.  This measures the net against itself, not
strength; rollouts judge (lab/docs/brade-judges.md, "The judge checked by stronger
players").
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gnubg"))
from bradeproc import Brade  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="vasa")
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", default="5")
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("--show", type=int, default=3)
    a = ap.parse_args()
    listing = subprocess.run([os.path.join(os.path.dirname(a.brade), "brade-lab"), "selfplay", "--rules", a.rules, "--positions", str(a.positions),
                              "--seed", a.seed], capture_output=True, text=True, check=True).stdout
    ply0 = Brade(a.brade, a.rules, plies=0)
    ply1 = Brade(a.brade, a.rules, plies=1)
    groups = {}
    for line in listing.splitlines():
        if not line.strip():
            continue
        pid = line.split()[0]
        j0 = ply0.position(pid)
        j1 = ply1.position(pid)
        e0, e1 = j0["evaluation"]["equity"], j1["evaluation"]["equity"]
        me = j0["to_move"]
        you = "white" if me == "black" else "black"
        bar = j0["facts"]["bar"]
        key = ("the side on roll on the bar" if bar[me] else
               "the other side on the bar" if bar[you] else "nobody on the bar")
        groups.setdefault(key, []).append((abs(e0 - e1), pid, e0, e1))
    ply0.close()
    ply1.close()
    for key in sorted(groups):
        rows = groups[key]
        d = [r[0] for r in rows]
        print(f"{a.rules}, {key}: {len(rows)} positions, |0-ply - 1-ply| mean {statistics.mean(d):.3f}, "
              f"median {statistics.median(d):.3f}, over 0.5 on {sum(x > 0.5 for x in d)}")
        for r in sorted(rows, reverse=True)[:a.show]:
            print(f"    {r[1]}  0-ply {r[2]:+.3f}  1-ply {r[3]:+.3f}")


if __name__ == "__main__":
    main()
