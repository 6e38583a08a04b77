#!/usr/bin/env python3
"""Choosers made of search depths, judged against the judge records.

    depths.py [--plies 1,2,3] [--blend D1:D2:W ...] [--cache DIR]
              [--brade build/brade] RECORD...

Every position of every RECORD is analysed by `brade analyse --plies P
--json` at each depth of --plies (two at a time; with --cache DIR each
answer is kept there and used again by a later run).  Each depth alone
chooses its top play, and each --blend D1:D2:W chooses, among the plays
the deeper of D1 and D2 searched to its full depth, the play with the
best (1 - W) x value at D1 + W x value at D2.  Each chooser's plays are
written as a choices file and judged by `brade-lab selfplay --rejudge RECORD
--choices FILE --json`; the script prints a Markdown row per ruleset and
chooser: the confirmed same play, within the interval and equity given
up, summed over the ruleset's records, and how many choices no record
rolled out (counted misses: run goal.py --fill --keep first to judge a
depth's own choices).  docs/analysis.md, "Blending depths", has the
figures of stop 51 (3-ply analyses of the 1,200 bräde positions take
about 26 minutes on two cores, 2-ply ones 2).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goal import rejudge  # noqa: E402

PROG = os.path.basename(sys.argv[0])


def analyse(brade, rules, pid, roll, plies, cache):
    """brade analyse's JSON answer at `plies` (from the cache when kept there)."""
    path = None
    if cache:
        path = os.path.join(cache, f"{rules}-{pid.replace('/', '_').replace('+', '-')}-{roll}-{plies}.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return json.load(f)
    r = subprocess.run([brade, "analyse", "--rules", rules, "--position-id", pid, "--roll", roll,
                        "--plies", str(plies), "--race-rollouts", "off", "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{PROG}: {rules} {pid} {roll}: {r.stderr.strip() or 'brade analyse failed'}")
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(r.stdout)
    return json.loads(r.stdout)


def choose(answers, chooser):
    """The play a chooser takes: a depth (int) or a blend (d1, d2, w)."""
    if isinstance(chooser, int):
        return answers[chooser]["plays"][0]["notation"]
    d1, d2, w = chooser
    deep = max(d1, d2)
    plays = [p for p in answers[deep]["plays"] if p["plies"] == deep] or answers[deep]["plays"]
    v1 = {p["notation"]: p["equity"] for p in answers[d1]["plays"]}
    v2 = {p["notation"]: p["equity"] for p in answers[d2]["plays"]}
    return max(plays, key=lambda p: (1 - w) * v1[p["notation"]] + w * v2[p["notation"]])["notation"]


def name(chooser):
    if isinstance(chooser, int):
        return f"{chooser}-ply"
    d1, d2, w = chooser
    return f"{1 - w:g} of {d1}-ply, {w:g} of {d2}-ply"


def parse_blend(text):
    try:
        d1, d2, w = text.split(":")
        b = (int(d1), int(d2), float(w))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not D1:D2:W (say 2:3:0.5)")
    if b[0] < 0 or b[1] < 0 or not 0.0 <= b[2] <= 1.0:
        raise argparse.ArgumentTypeError(f"'{text}': depths are 0 or more and W is in [0, 1]")
    return b


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("--plies", default="1,2,3")
    a.add_argument("--blend", type=parse_blend, action="append", default=[])
    a.add_argument("--cache")
    a.add_argument("--brade", default=os.path.join("build", "brade"))
    a.add_argument("records", nargs="+")
    args = a.parse_args()
    try:
        depths = sorted({int(p) for p in args.plies.split(",")})
    except ValueError:
        a.error(f"--plies: '{args.plies}' is not a list of depths (say 1,2,3)")
    for d1, d2, _ in args.blend:
        for d in (d1, d2):
            if d not in depths:
                a.error(f"--blend uses {d}-ply, which --plies {args.plies} does not analyse")
    if args.cache:
        os.makedirs(args.cache, exist_ok=True)
    choosers = list(depths) + args.blend
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, record in enumerate(args.records):
            base = rejudge(args.brade, record, 0, None)
            rules = base["rules"]
            jobs = [(p["id"], p["roll"], d) for p in base["judged"] for d in depths]
            with ThreadPoolExecutor(2) as ex:
                got = list(ex.map(lambda j: analyse(args.brade, rules, *j, args.cache), jobs))
            answers = {}
            for (pid, roll, d), ans in zip(jobs, got):
                answers.setdefault((pid, roll), {})[d] = ans
            for c in choosers:
                path = os.path.join(tmp, f"{n}-{name(c)}.txt")
                with open(path, "w", encoding="utf-8") as f:
                    for p in base["judged"]:
                        f.write(f"{p['id']} {p['roll']} {choose(answers[(p['id'], p['roll'])], c)}\n")
                d = rejudge(args.brade, record, None, None, choices=path)
                row = rows.setdefault((rules, name(c)), [0, 0, 0, 0.0, 0])
                row[0] += d["positions"]
                row[1] += d["agree_confirmed"]
                row[2] += d["within_ci_confirmed"]
                row[3] += d["mean_loss_confirmed"] * d["positions"]
                row[4] += d["unjudged"]
    print("| ruleset | chooser | positions | same play as the judge | within the 95% interval "
          "| equity given up a decision | choices not rolled out |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (rules, cname), (pos, agree, within, loss, unrolled) in rows.items():
        print(f"| {rules} | {cname} | {pos} | {agree} | {within} | {loss / pos:.4f} | {unrolled} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
