#!/usr/bin/env python3
"""The engine's giving up against weaker players (issue 79; docs/play.md
"The engine gives up"): the engine at the default level plays White
against a weaker seat (levels 0 and 1 by default) over seeded games, once
for each resign policy (`brade play --engine-resigns equal|auto|never`),
with the same dice each time (a game's dice come from its seed alone), and
prints White's points a game under each, the paired differences with a
95% interval, and how many games White gave up.

    lab/bench/brade/giveup.py [--brade build/brade] [--rules R] [--games N]
                              [--opponents engine:0,engine:1] [--jobs 2]
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

POLICIES = ["equal", "auto", "never"]


def one(brade, rules, opp, seed, policy, tmp):
    rec = os.path.join(tmp, f"{opp.replace(':', '')}-{seed}-{policy}.txt")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "config"))
    subprocess.run([brade, "play", "--rules", rules, "--white", "engine", "--black", opp, "--seed", str(seed),
                    "--engine-resigns", policy, "--tutor", "off", "--record", rec], capture_output=True, env=env,
                   timeout=600, check=True)
    text = open(rec, encoding="utf-8").read()
    m = re.search(r"^result (white|black) (\S+) (\d+)", text, re.M)
    if not m:
        return 0, False  # unfinished (the ply limit): no points
    pts = int(m.group(3)) * (1 if m.group(1) == "white" else -1)
    gave_up = m.group(1) == "black" and m.group(2) == "resign"
    return pts, gave_up


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("--rules", default="lyckans-talisman")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--opponents", default="engine:0,engine:1")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    for opp in a.opponents.split(","):
        jobs = [(s, p) for s in range(1, a.games + 1) for p in POLICIES]
        with ThreadPoolExecutor(a.jobs) as ex:
            res = list(ex.map(lambda sp: one(a.brade, a.rules, opp, sp[0], sp[1], tmp), jobs))
        by = {p: [] for p in POLICIES}
        gave = {p: 0 for p in POLICIES}
        for (s, p), (pts, g) in zip(jobs, res):
            by[p].append(pts)
            gave[p] += g
        print(f"{a.rules}: engine (level 2) as White against {opp}, {a.games} games a policy, the same dice:")
        for p in POLICIES:
            print(f"  --engine-resigns {p:5s}: {sum(by[p]) / a.games:+.3f} points a game, gave up {gave[p]} games")
        for p in ("auto", "never"):
            d = [x - y for x, y in zip(by[p], by["equal"])]
            mean = sum(d) / len(d)
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0
            print(f"  {p} - equal: {mean:+.3f} ± {1.96 * sd / math.sqrt(len(d)):.3f} points a game "
                  f"({sum(1 for x in d if x)} games differ)")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
