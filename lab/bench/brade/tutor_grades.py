#!/usr/bin/env python3
"""What a learner who plays the rollouts' best play is told by brade (bräde).

    tutor_grades.py [--record FILE]... [--plies 1,2] [--list GRADE] [--brade build/brade]

The bräde counterpart of lab/bench/gnubg/grades.py, with the sequential judge
in place of gnubg: for every position of an agreement record
(tests/data/agreement/*.txt, `brade-lab selfplay --agreement ... --save`), the
play its rollouts rank best (`selfplay --rejudge --json` names it) is given to
`brade analyse --play` as the learner's play, and the grade brade gives it
at each depth is counted: fine, doubtful, bad or very bad.  A perfect tutor
says "fine" every time.  Counted twice: on all 100 positions, and on those
where the judge separates its best from every other play it rolled out (the
rest are near ties where the judge's best is itself uncertain).

`--list GRADE` prints, after the table, every position graded GRADE or
worse (doubtful, bad or very-bad), one row each: the record, the depth,
the position's number in the record (from 1), its id and roll, the
judge's best, brade's grade of it and how far brade puts it behind its
own best play (which it also names), and whether the judge separates it.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gnubg"))
from bradeproc import Brade  # noqa: E402

GRADES = ["fine", "doubtful", "bad", "very-bad"]


def judged_best(brade, record):
    """The rules, then (position id, roll, the rollouts' best play, separable) a position."""
    js = json.loads(subprocess.run([os.path.join(os.path.dirname(brade), "brade-lab"), "selfplay", "--rejudge", record, "--plies", "2", "--json"],
                                   capture_output=True, text=True, check=True).stdout)
    return js["rules"], [(r["id"], r["roll"], r["best"], r["separable"]) for r in js["judged"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--record", action="append")
    ap.add_argument("--plies", default="1,2")
    ap.add_argument("--brade", default=os.path.join(here, "..", "..", "..", "build", "brade"))
    ap.add_argument("--list", choices=GRADES[1:], metavar="GRADE",
                    help="list the positions graded GRADE or worse: " + ", ".join(GRADES[1:]))
    a = ap.parse_args()
    records = a.record or sorted(glob.glob(os.path.join(here, "..", "..", "..", "tests", "data", "agreement",
                                                        "*-seed*.txt")))
    listed = []
    print("| record | ruleset | depth | all positions: fine / doubtful / bad / very bad | separable ones |")
    print("|---|---|---|---|---|")
    for record in records:
        rules, items = judged_best(a.brade, record)
        name = os.path.basename(record).removesuffix(".txt")
        for plies in [int(x) for x in a.plies.split(",")]:
            b = Brade(a.brade, rules, plies=plies)
            every = {g: 0 for g in GRADES}
            sep = {g: 0 for g in GRADES}
            for number, (pid, roll, play, separable) in enumerate(items, 1):
                j = b.ask(f"--position-id {pid} --roll {roll} --play {play.replace(' ', ',')}")
                yours = j["plays"][j["yours"]]
                g = yours["grade"]
                every[g] += 1
                sep[g] += separable
                if a.list and GRADES.index(g) >= GRADES.index(a.list):
                    listed.append((name, plies, number, pid, roll, play, g, yours["equity_lost"],
                                   j["plays"][0]["notation"], separable))
            b.close()

            def row(c):
                n = sum(c.values())
                return f"{' / '.join(str(c[g]) for g in GRADES)} of {n}"
            print(f"| {name} | {rules} | {plies}-ply | {row(every)} | {row(sep)} |")
    if a.list:
        print()
        print(f"| record | depth | position | id | roll | the judge's best | graded | behind brade's best (its play) "
              f"| the judge separates it |")
        print("|---|---|---:|---|---|---|---|---|---|")
        for name, plies, number, pid, roll, play, g, lost, best, separable in listed:
            print(f"| {name} | {plies}-ply | {number} | `{pid}` | {roll} | {play} | {g} | {lost:.3f} ({best}) "
                  f"| {'yes' if separable else 'no'} |")


if __name__ == "__main__":
    main()
