#!/usr/bin/env python3
"""Where the bräde goal stands: every judge record of a ruleset summed.

    goal.py [--plies 2] [--net NETFILE] [--brade build/brade] [RECORD...]

The issue's goal for bräde is the 2-ply choice the same as the long
rollout's best on 85% of positions and within its 95% interval on 97%.
One record of 100 positions moves by several points with its positions
alone, so this sums every record of a ruleset (tests/data/agreement/
R-seed*.txt unless RECORDs are given) into one Markdown row: the same
play, the ceiling (a perfect player's expected same play against these
judges) and the share of it reached, the summed chance that the search's
play is truly the best, agreement on the positions the judge separates,
within the interval, within 0.01 of the best, and the mean equity given
up a decision.  Each record is `brade selfplay --rejudge FILE --plies P
--json` (its confirmed figures); a choice the record did not roll out
counts as a miss.  Seconds at 0 and 1 ply, about two minutes at 2 (nine
records, two cores).
docs/brade-strength.md, "The goal on two judges", has the table it makes.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["positions", "agree_confirmed", "ceiling_confirmed", "p_search_best_confirmed",
        "separable_agree_confirmed", "separable_confirmed", "within_ci_confirmed", "unjudged"]


def rejudge(brade, record, plies, net):
    """The record judged again at `plies` (brade's JSON)."""
    cmd = [brade, "selfplay", "--rejudge", record, "--plies", str(plies), "--json"]
    if net:
        cmd += ["--a-net", net]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"goal.py: {record}: {r.stderr.strip()}")
    return json.loads(r.stdout)


def pct(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--net", help="judge this net's choices (the rollouts stay the records')")
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "build", "brade"))
    a = ap.parse_args()
    records = a.records or sorted(glob.glob(os.path.join(HERE, "..", "..", "tests", "data",
                                                         "agreement", "*-seed*.txt")))
    sums = collections.OrderedDict()
    for record in records:
        j = rejudge(a.brade, record, a.plies, a.net)
        s = sums.setdefault(j["rules"], collections.Counter())
        for k in KEYS:
            s[k] += j[k]
        s["near01"] += j["near_confirmed"][0]
        # the mean equity given up, weighted by the record's positions
        s["loss"] += j["mean_loss_confirmed"] * j["positions"]
        s["records"] += 1
    print(f"| ruleset ({a.plies}-ply) | records | positions | same play as the judge | ceiling "
          "| share of the ceiling | its play truly best, summed | of those the judge separates "
          "| within the 95% interval | within 0.01 of the best | equity given up a decision |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rules, s in sums.items():
        n = s["positions"]
        unjudged = f" ({s['unjudged']} not rolled out)" if s["unjudged"] else ""
        print(f"| {rules} | {s['records']} | {n} | {s['agree_confirmed']} ({pct(s['agree_confirmed'], n)})"
              f"{unjudged} | {s['ceiling_confirmed']:.1f} "
              f"| {pct(s['agree_confirmed'], s['ceiling_confirmed'])} "
              f"| {s['p_search_best_confirmed']:.1f} "
              f"| {s['separable_agree_confirmed']} of {s['separable_confirmed']} "
              f"| {s['within_ci_confirmed']} ({pct(s['within_ci_confirmed'], n)}) "
              f"| {s['near01']} | {s['loss'] / n:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
