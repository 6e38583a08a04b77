#!/usr/bin/env python3
"""What a learner who plays gnubg's best play is told by brade.

    grades.py --queries FILE [--ref REF.jsonl] [--plies 1,2] [--weights NET]
              [--brade build/brade] [--limit N] [--json OUT]

For every query (a Position ID and a roll) with at least two legal plays,
gnubg's best play (its cubeless 2-ply equity, the reference compare.py
makes) is given to `brade analyse --play` as the learner's play, and the
grade brade gives it is counted: fine, doubtful, bad or very bad (brade's
thresholds, 0.04 / 0.08 / 0.16).  A perfect judge calls it fine every time;
"very bad" is the tutor calling the best play a blunder.

Two columns a depth: the grade of the learner's play as brade judges it
(searched as deep as brade's best, `search_rank_deepen`), and the grade the
same play has in brade's plain ranking, where a move filter may have left
it at a shallower depth (what the learner was told before the learner's
play was deepened).
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bradeproc import Brade  # noqa: E402
from compare import bench_args, bench_queries  # noqa: E402

GRADES = ["fine", "doubtful", "bad", "very-bad"]


def grade_all(args, queries, ref, plies):
    """(grade as judged, grade in the plain ranking) for each query."""
    b = Brade(args.brade, plies=plies, weights=args.weights)
    out = []
    for pid, roll in queries:
        plays = ref[(pid, roll)]
        best = max(plays, key=plays.get)
        ranked = b.analyse(pid, roll[0], roll[1])["plays"]
        mine = [p for p in ranked if p["position_id"] == best]
        if not mine:
            sys.exit(f"legality differs: {pid} {roll}: gnubg's best play leads to {best}, "
                     "which no play of brade's reaches")
        plain = mine[0]["grade"]
        play = mine[0]["notation"].replace(" ", ",")
        j = b.ask(f"--position-id {pid} --roll {roll[0]}-{roll[1]} --play {play}")
        judged = j["plays"][j["yours"]]
        assert judged["position_id"] == best, (pid, roll, judged)
        out.append((judged["grade"], plain, judged["plies"] != mine[0]["plies"]))
    b.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    bench_args(ap, "1,2")
    args = ap.parse_args()
    queries, ref = bench_queries(args)
    results = {}
    for plies in [int(x) for x in args.plies.split(",")]:
        got = grade_all(args, queries, ref, plies)
        n = len(got)
        judged = {g: sum(1 for x in got if x[0] == g) for g in GRADES}
        plain = {g: sum(1 for x in got if x[1] == g) for g in GRADES}
        deepened = sum(1 for x in got if x[2])
        results[plies] = {"decisions": n, "judged": judged, "plain": plain, "deepened": deepened}

        def shares(c):
            return " / ".join(f"{100.0 * c[g] / n:.1f}%" for g in GRADES)
        print(f"{plies}-ply: gnubg's best play on {n} decisions graded fine / doubtful / bad / very bad: "
              f"{shares(judged)} (searched as deep as brade's best: {deepened} of them deepened); "
              f"in the plain ranking {shares(plain)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
