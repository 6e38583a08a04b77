#!/usr/bin/env python3
"""The one-die series' single dice: the 2-ply search's play against the
series rollouts' (rollrank_series), both judged by a second rollout.

    series.py [--rules R] [--positions K] [--seed S] [--games G] [--brade build/brade]

The engine's look-ahead values a position as if both dice are rolled from
the next turn on, which a running one-die series does not give its side;
so the tutor ranks a single die's plays by rolling every one out with the
series played on (docs/play.md, "The one-die series").  This measures
what that buys.  Positions: `brade-lab selfplay --positions K --seed S --one-die`
under R, where the side on roll may declare the one-die rule (`analyse
--json` has `one_die`: checked again).  For each such position and each face of the die
with two legal plays or more (the first single die of a series):

(`--positions` counts these eligible positions: `selfplay --one-die`.)

- the search: `analyse --roll D --race-rollouts off` (2-ply);
- the series rollouts: `analyse --roll D` (1296 games a play, the
  tutor's ranking);
- the judge: `analyse --roll D --rollouts G --seed 7 --rollout-top 99`,
  every play rolled out again with the series, on other dice and G games
  (2592 by default).

It prints, for each chooser, how often its play is the judge's best and
the equity it gives up a decision by the judge, with the count of
decisions that give up 0.04 or more.  The judge plays the series with the
same 0-ply players as the ranking; what it tells apart is a search that
values the wrong game from a ranking that plays the right one.  About
five minutes for K = 100 on two cores.
"""
import argparse
import json
import os
import subprocess
import sys


def brade(exe, args):
    if args[0] in ("selfplay", "train"):  # the lab's commands are brade-lab's, beside brade
        exe = os.path.join(os.path.dirname(exe), "brade-lab")
    p = subprocess.run([exe] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit("brade " + " ".join(args) + " failed: " + p.stderr)
    return p.stdout


def one_die_positions(exe, rules, k, seed):
    """The position ids of `brade-lab selfplay --positions K --seed S
    --one-die` under `rules` (where the side on roll may declare the
    one-die rule), each once, in order."""
    lines = brade(exe, ["selfplay", "--rules", rules, "--positions", str(k), "--seed", str(seed),
                        "--one-die"]).split("\n")
    ids = []
    for line in lines:
        if line.strip():
            pid = line.split()[0]
            if pid not in ids:
                ids.append(pid)
    return ids


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="lyckans-talisman")
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=2592)
    ap.add_argument("--brade", default=os.path.join("build", "brade"))
    a = ap.parse_args()
    ids = one_die_positions(a.brade, a.rules, a.positions, a.seed)
    eligible = 0
    stats = {"search": [0, 0.0, 0], "series": [0, 0.0, 0]}
    decisions = differ = 0
    for pid in ids:
        pos = ["--rules", a.rules, "--position-id", pid]
        facts = json.loads(brade(a.brade, ["analyse", "--json", "--plies", "0"] + pos))
        if "one_die" not in facts:
            continue
        eligible += 1
        for d in range(1, 7):
            base = ["analyse", "--json", "--roll", str(d)] + pos
            search = json.loads(brade(a.brade, base + ["--race-rollouts", "off"]))
            if len(search["plays"]) < 2:
                continue
            series = json.loads(brade(a.brade, base))
            judge = json.loads(brade(a.brade, base + ["--rollouts", str(a.games), "--seed", "7",
                                                      "--rollout-top", "99"]))
            value = {p["notation"]: p["rollout"]["equity"] for p in judge["plays"]}
            best = max(value.values())
            decisions += 1
            picks = {"search": search["plays"][0]["notation"], "series": series["plays"][0]["notation"]}
            differ += picks["search"] != picks["series"]
            for who, play in picks.items():
                lost = best - value[play]
                s = stats[who]
                s[0] += lost < 1e-9
                s[1] += lost
                s[2] += lost >= 0.04
    print(f"{a.rules}, seed {a.seed}: {len(ids)} positions, {eligible} where the one-die rule may be "
          f"declared, {decisions} single dice with two plays or more; the two choosers differ on {differ}")
    if not decisions:
        return
    print(f"judged by a rollout of every play, {a.games} games, seed 7, the series played on:")
    for who, name in (("search", "2-ply search"), ("series", "series rollouts")):
        s = stats[who]
        print(f"  {name:16} same play {s[0]} of {decisions} ({100 * s[0] / decisions:.1f}%), "
              f"gives up {s[1] / decisions:.4f} a decision, {s[2]} at 0.04 or more")


if __name__ == "__main__":
    main()
