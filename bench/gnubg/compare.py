#!/usr/bin/env python3
"""brade's backgammon play choices scored by GNU Backgammon.

    compare.py --queries FILE [--ref REF.jsonl] [--plies 0,1,2] [--weights NET]
               [--evaluator net|linear] [--brade build/brade] [--jobs 2] [--json OUT]

For every query (a Position ID and a roll) with at least two legal plays,
brade ranks the plays at each depth; its first play is looked up in the
reference (gnubg's cubeless equity of every legal play, from gnubg_ref.py;
made with gnubg when REF does not exist yet) and the equity it gives away
against gnubg's best play is counted.  Printed per depth: agreement with
gnubg's choice, the mean loss per decision in millipoints (with a 95%
interval), the number of errors above 0.04, 0.08 and 0.16, the worst one,
and brade's median time per query (whole process).

A play brade chooses that gnubg does not list means the two disagree on
legality: it is reported and the run fails.
"""
import argparse
import concurrent.futures
import json
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GNUBG = "/usr/games/gnubg"


def load_queries(path):
    out = []
    for line in open(path):
        p = line.split()
        if len(p) >= 2:
            out.append((p[0], p[1].replace("-", "")))
    # the same position and roll counts once
    seen, uniq = set(), []
    for q in out:
        if q not in seen:
            seen.add(q)
            uniq.append(q)
    return uniq


def make_ref(queries_path, ref_path, plies):
    if not os.path.exists(GNUBG):
        sys.exit(f"{ref_path} does not exist and gnubg is not installed "
                 "(apt-get install gnubg) to make it")
    env = dict(os.environ, BRADE_QUERIES=queries_path, BRADE_REF_OUT=ref_path,
               BRADE_REF_PLIES=str(plies))
    if os.path.exists(ref_path):
        env["BRADE_REF_SKIP"] = str(sum(1 for _ in open(ref_path)))
    print(f"making the gnubg {plies}-ply reference {ref_path} (a few minutes)", file=sys.stderr)
    subprocess.run([GNUBG, "-t", "-q", "-r", "-p", os.path.join(HERE, "gnubg_ref.py")],
                   env=env, check=True, stdout=subprocess.DEVNULL)


def load_ref(path):
    ref = {}
    for line in open(path):
        r = json.loads(line)
        ref[(r["id"], r["roll"])] = r["plays"]
    return ref


def brade_pick(args, q, plies):
    pid, roll = q
    cmd = [args.brade, "analyse", "--rules", "backgammon", "--position-id", pid,
           "--roll", f"{roll[0]}-{roll[1]}", "--json", "--plies", str(plies)]
    if args.weights:
        cmd += ["--weights", args.weights]
    if args.evaluator:
        cmd += ["--evaluator", args.evaluator]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {p.stderr.strip()}")
    plays = json.loads(p.stdout)["plays"]
    return plays[0]["position_id"], len(plays), dt


def summarise(losses, agree, times):
    n = len(losses)
    mean = sum(losses) / n
    sd = statistics.pstdev(losses) if n > 1 else 0.0
    return {
        "decisions": n,
        "agree": agree,
        "agree_pct": 100.0 * agree / n,
        "mp": 1000 * mean,
        "mp_ci95": 1000 * 1.96 * sd / math.sqrt(n),
        "over_004": sum(1 for x in losses if x > 0.04),
        "over_008": sum(1 for x in losses if x > 0.08),
        "over_016": sum(1 for x in losses if x > 0.16),
        "max": max(losses),
        "median_ms": 1000 * statistics.median(times),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--queries", required=True)
    ap.add_argument("--ref")
    ap.add_argument("--ref-plies", type=int, default=2)
    ap.add_argument("--plies", default="0,1,2")
    ap.add_argument("--weights")
    ap.add_argument("--evaluator")
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "build", "brade"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--json")
    args = ap.parse_args()
    queries = load_queries(args.queries)
    ref_path = args.ref or os.path.splitext(args.queries)[0] + f".gnubg{args.ref_plies}.jsonl"
    ref = load_ref(ref_path) if os.path.exists(ref_path) else {}
    if any(q not in ref for q in queries):
        make_ref(args.queries, ref_path, args.ref_plies)
        ref = load_ref(ref_path)
    queries = [q for q in queries if len(ref[q]) >= 2]
    if args.limit:
        queries = queries[:args.limit]
    results = {}
    failed = False
    for plies in [int(x) for x in args.plies.split(",")]:
        losses, times, agree = [], [], 0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            picks = list(ex.map(lambda q: brade_pick(args, q, plies), queries))
        for q, (pick, nplays, dt) in zip(queries, picks):
            plays = ref[q]
            if pick not in plays or nplays != len(plays):
                print(f"legality differs: {q[0]} {q[1]}: brade has {nplays} plays, gnubg "
                      f"{len(plays)}; brade's pick {pick}", file=sys.stderr)
                failed = True
                continue
            best = max(plays.values())
            loss = max(0.0, best - plays[pick])
            losses.append(loss)
            times.append(dt)
            agree += plays[pick] >= best
        s = summarise(losses, agree, times)
        results[plies] = s
        print(f"{plies}-ply: {s['decisions']} decisions, same play as gnubg {s['agree']} "
              f"({s['agree_pct']:.1f}%), {s['mp']:.1f} ± {s['mp_ci95']:.1f} mp a decision, "
              f"errors > .04/.08/.16: {s['over_004']}/{s['over_008']}/{s['over_016']}, "
              f"worst {s['max']:.3f}, median {s['median_ms']:.1f} ms a query")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
