#!/usr/bin/env python3
"""The other side's plays while a one-die series runs: the search's play
against the series rollouts' (`analyse --their-series N`), both judged by
a second rollout.

    series_other.py [--rules R] [--positions K] [--seed S] [--rolls M] [--plies P]
                    [--games G] [--brade build/brade]

While one side plays its series of single dice, the engine's look-ahead
still values every position as if both sides roll both dice, so the
tutor ranks the other side's rolls by rolling the search's best four
plays out with the series played on (docs/play.md, "The one-die
series").  This measures what that buys.

Positions: `brade-lab selfplay --positions K --seed S --one-die` under R,
where the side on roll may declare the one-die rule.  For each, the
declarer rolls one seeded die and plays the tutor's choice for it (`analyse
--roll D`, the series rollouts); where that leaves single dice owed and
the game goes on, the other side meets M seeded rolls of both dice (4 by
default).  For each roll with two plays or more:

- the search: `analyse --roll A-B --race-rollouts off --plies P` (P = 2,
  the tutor's depth; 1 is the default engine's);
- the series rollouts: `analyse --roll A-B --their-series N --plies P`
  (the search's best four, 1296 games each, the series played on);
- plain rollouts of the same four without the series (`--rollouts 1296
  --rollout-top 4`), which says whether the series or the rollouts alone
  make the difference;
- the judge: `--their-series N --rollouts G --seed 7 --rollout-top 4`,
  the search's best four rolled out again with the series, on other dice
  and G games (2592 by default).  Every chooser's play is among them.

It prints, for each chooser, how often its play is the judge's best and
the equity it gives up a decision by the judge, with the count of
decisions that give up 0.04 or more.  The judge plays with the same 0-ply
players as the rollouts it judges; what it tells apart is a ranking that
values the wrong game from one that plays the right one.  About 20
minutes for K = 25 on two cores.
"""
import argparse
import json
import os
import random
import sys

from series import brade, one_die_positions


def after_id(exe, rules, pid, roll, notation):
    """The position id after `notation`, the other side on roll (from
    `brade moves`, whose lines end in both sides' checkers)."""
    board = json.loads(brade(exe, ["analyse", "--json", "--rules", rules, "--position-id", pid, "--plies", "0"]))
    mover = board["to_move"]
    other = "black" if mover == "white" else "white"
    for line in brade(exe, ["moves", "--rules", rules, "--position-id", pid, "--roll", roll]).split("\n"):
        parts = line.split()
        if len(parts) < 3 or not parts[0].rstrip(".").isdigit():
            continue
        text = line[line.index(parts[1]):].split("  ")[0].strip()
        if text != notation:
            continue
        specs = line[line.index(" white ") + 1:] if " white " in line else None
        if specs is None:
            return None
        white, black = specs.split("|")
        white = white.strip()[len("white"):].strip()
        black = black.strip()[len("black"):].strip()
        out = brade(exe, ["posid", "--rules", rules, "--white", white, "--black", black, "--to-move", other])
        return out.split()[0]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="helmfrid")
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rolls", type=int, default=4)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--games", type=int, default=2592)
    ap.add_argument("--brade", default=os.path.join("build", "brade"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ids = one_die_positions(a.brade, a.rules, a.positions, a.seed)
    names = (("search", f"{a.plies}-ply search"), ("series", "series rollouts"), ("plain", "plain rollouts"))
    stats = {who: [0, 0.0, 0] for who, _ in names}
    series_runs = decisions = differ = 0
    for pid in ids:
        d = str(rng.randint(1, 6))
        declared = json.loads(brade(a.brade, ["analyse", "--json", "--rules", a.rules, "--position-id", pid,
                                             "--roll", d]))
        plays = declared["plays"]
        owed = declared.get("series_owed", 0)
        rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(a.rolls)]
        if not plays or plays[0]["outcome"] is not None or owed == 0:
            continue
        other = after_id(a.brade, a.rules, pid, d, plays[0]["notation"])
        if other is None:
            sys.exit(f"no position after {plays[0]['notation']} in {pid} with {d}")
        series_runs += 1
        pos = ["--rules", a.rules, "--position-id", other, "--plies", str(a.plies)]
        for x, y in rolls:
            base = ["analyse", "--json", "--roll", f"{x}-{y}"] + pos
            search = json.loads(brade(a.brade, base + ["--race-rollouts", "off"]))
            if len(search["plays"]) < 2:
                continue
            series = json.loads(brade(a.brade, base + ["--their-series", str(owed)]))
            plain = json.loads(brade(a.brade, base + ["--rollouts", "1296", "--rollout-top", "4"]))
            judge = json.loads(brade(a.brade, base + ["--their-series", str(owed), "--rollouts", str(a.games),
                                                      "--seed", "7", "--rollout-top", "4"]))
            value = {p["notation"]: p["rollout"]["equity"] for p in judge["plays"] if p.get("rollout")}
            best = max(value.values())
            picks = {"search": search["plays"][0]["notation"], "series": series["plays"][0]["notation"],
                     "plain": plain["plays"][0]["notation"]}
            if any(p not in value for p in picks.values()):
                continue  # (a play outside the judge's four: not judged)
            decisions += 1
            differ += picks["search"] != picks["series"]
            for who, play in picks.items():
                lost = best - value[play]
                s = stats[who]
                s[0] += lost < 1e-9
                s[1] += lost
                s[2] += lost >= 0.04
    print(f"{a.rules}, seed {a.seed}: {len(ids)} positions where the one-die rule may be declared, "
          f"{series_runs} series the other side then meets, {decisions} of its rolls with two plays or more; "
          f"the search and the series rollouts differ on {differ}")
    if not decisions:
        return
    print(f"judged by a rollout of the search's best four, {a.games} games, seed 7, the series played on:")
    for who, name in names:
        s = stats[who]
        print(f"  {name:16} same play {s[0]} of {decisions} ({100 * s[0] / decisions:.1f}%), "
              f"gives up {s[1] / decisions:.4f} a decision, {s[2]} at 0.04 or more")


if __name__ == "__main__":
    main()
