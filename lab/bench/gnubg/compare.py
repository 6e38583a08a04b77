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
and brade's median time per query (one brade process answers them all,
as gnubg's hint is timed inside a running gnubg).

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
sys.path.insert(0, HERE)
from bradeproc import Brade  # noqa: E402
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
    env = dict(os.environ, BRADE_QUERIES=queries_path, BRADE_REF_OUT=ref_path, BRADE_BENCH_DIR=HERE,
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


def bench_args(ap, plies):
    """The arguments every script over a query file and its gnubg reference
    takes: --queries, --ref, --ref-plies, --plies (default `plies`),
    --weights, --brade, --limit and --json."""
    ap.add_argument("--queries", required=True)
    ap.add_argument("--ref")
    ap.add_argument("--ref-plies", type=int, default=2)
    ap.add_argument("--plies", default=plies)
    ap.add_argument("--weights")
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "..", "build", "brade"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--json")


def bench_queries(args):
    """The queries of args.queries with at least two legal plays (the first
    args.limit when it is set) and gnubg's reference for them, made first
    when it does not exist yet."""
    queries = load_queries(args.queries)
    ref_path = args.ref or os.path.splitext(args.queries)[0] + f".gnubg{args.ref_plies}.jsonl"
    ref = load_ref(ref_path) if os.path.exists(ref_path) else {}
    if any(q not in ref for q in queries):
        make_ref(args.queries, ref_path, args.ref_plies)
        ref = load_ref(ref_path)
    queries = [q for q in queries if len(ref[q]) >= 2]
    if args.limit:
        queries = queries[:args.limit]
    return queries, ref


def brade_picks(args, queries, plies):
    """brade's first play for each query, from one brade process."""
    b = Brade(args.brade, plies=plies, weights=args.weights, evaluator=args.evaluator)
    out = []
    for pid, roll in queries:
        t0 = time.perf_counter()
        plays = b.analyse(pid, roll[0], roll[1])["plays"]
        out.append((plays[0]["position_id"], len(plays), time.perf_counter() - t0))
    b.close()
    return out


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
    bench_args(ap, "0,1,2")
    ap.add_argument("--evaluator")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    queries, ref = bench_queries(args)
    results = {}
    failed = False
    for plies in [int(x) for x in args.plies.split(",")]:
        losses, times, agree = [], [], 0
        chunks = [queries[j::args.jobs] for j in range(args.jobs)]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            parts = list(ex.map(lambda c: brade_picks(args, c, plies), chunks))
        by_query = {}
        for c, part in zip(chunks, parts):
            by_query.update(zip(c, part))
        picks = [by_query[q] for q in queries]
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
