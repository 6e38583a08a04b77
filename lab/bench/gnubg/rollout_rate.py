#!/usr/bin/env python3
"""Rollout games per CPU-second, brade beside gnubg, on the same positions.

Both roll out the position before the roll of the first --limit distinct
positions of a query file, --games games each, on one thread, cubeless,
0-ply players, no truncation, no variance reduction (gnubg through
gnubg_rollout_time.py).  brade's CPU time is that of one `analyse --batch`
process answering every position, less the same process with one game a
position (start-up, the bear-off database); a brade rollout stops a game
whose result is already certain, gnubg plays it out.

    python3 lab/bench/gnubg/rollout_rate.py --queries /tmp/bg-bench1000.txt --limit 20 \
        [--weights NET]
"""
import argparse
import os
import re
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def child_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def brade_cpu(brade, ids, games, weights=None):
    lines = "".join(f"--position-id {i}\n" for i in ids)
    c0 = child_cpu()
    extra = ["--weights", weights] if weights else []
    subprocess.run([brade, "analyse", "--rules", "backgammon", "--batch", "--rollouts",
                    str(games), "--threads", "1"] + extra, input=lines, text=True,
                   stdout=subprocess.DEVNULL, check=True)
    return child_cpu() - c0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--queries", required=True)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--games", type=int, default=648)
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "..", "build", "brade"))
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--weights", help="brade's net file (default: the built-in one)")
    a = ap.parse_args()
    ids = []
    for line in open(a.queries):
        p = line.split()
        if p and p[0] not in ids:
            ids.append(p[0])
        if len(ids) >= a.limit:
            break
    env = dict(os.environ, BRADE_QUERIES=a.queries, BRADE_LIMIT=str(len(ids)),
               BRADE_GAMES=str(a.games))
    out = subprocess.run([a.gnubg, "-t", "-q", "-r", "-p",
                          os.path.join(HERE, "gnubg_rollout_time.py")],
                         env=env, text=True, capture_output=True).stdout
    m = re.search(r"(\d+) games per CPU-second", out)
    if not m:
        sys.exit("gnubg gave no rollout rate:\n" + out[-2000:])
    g_rate = int(m.group(1))
    cpu = (brade_cpu(a.brade, ids, a.games, a.weights) -
           brade_cpu(a.brade, ids, 1, a.weights))
    b_rate = len(ids) * (a.games - 1) / cpu
    print(f"{len(ids)} positions, {a.games} games each, one thread:")
    print(f"  gnubg 0-ply rollouts  {g_rate:6.0f} games per CPU-second")
    print(f"  brade 0-ply rollouts  {b_rate:6.0f} games per CPU-second  ({b_rate / g_rate:.2f} x gnubg)")


main()
