#!/usr/bin/env python3
"""The judges' verdicts rolled out again by stronger players.

    stronger.py [--net NETFILE] [--plies 2] [--top 8] [--games 648]
                [--player-plies 1] [--seed 1] [--brade build/brade] RECORD...

The judge records (tests/data/agreement/) are rolled out by the shipped
net's 0-ply players, so a judge's verdict between two plays may be those
players' preference rather than the truth.  This script rolls such
verdicts out again with players that search a ply (`brade analyse
--rollouts GAMES --player-plies 1`, the same seed for both plays, so both
meet the same dice), as docs/brade-strength.md, "The judge checked by
stronger players", does by hand.

Which verdicts:
- without --net: the positions where the shipped net's PLIES-ply choice
  is not the judge's best; "new" is the judge's best, "old" the search's
  play, and the judge's difference is the equity the search gives up;
- with --net NETFILE: the positions where NETFILE's PLIES-ply choice
  differs from the shipped net's; "new" is NETFILE's play, "old" the
  shipped net's, and the judge's difference is what the new play gains
  (both plays rolled out in the record, or the position is skipped).

Of those, the TOP with the largest judge's difference either way are
rolled out (about two minutes a position on two cores with 1-ply players
and 648 games), and the script prints a Markdown row each and their sums:
the judge's difference (new minus old) beside the stronger players'.
Each stronger difference is good to about ± 0.16 at 648 games, so a sum
over eight is good to about ± 0.45: a strong hint, not a proof.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goal import rejudge  # noqa: E402


def verdicts(brade, record, plies, net):
    """(number, id, roll, old play, new play, judge's new-minus-old) each verdict of a record."""
    base = rejudge(brade, record, plies, None)
    out = []
    if not net:
        for p in base["judged"]:
            if not p["agree"] and p.get("rolled_out"):
                out.append((p["index"] + 1, p["id"], p["roll"], p["choice"], p["best"], p["loss"]))
        return base["rules"], out
    other = {p["index"]: p for p in rejudge(brade, record, plies, net)["judged"]}
    for p in base["judged"]:
        q = other[p["index"]]
        if q["choice"] != p["choice"] and p.get("rolled_out") and q.get("rolled_out"):
            out.append((p["index"] + 1, p["id"], p["roll"], p["choice"], q["choice"], p["loss"] - q["loss"]))
    return base["rules"], out


def rolled(brade, rules, pid, roll, play, a):
    """{play: rolled-out equity} of `brade analyse --rollouts` with PLAY among the plays."""
    cmd = [brade, "analyse", "--rules", rules, "--position-id", pid, "--roll", roll,
           "--rollouts", str(a.games), "--player-plies", str(a.player_plies), "--seed", str(a.seed),
           "--threads", "2", "--play", play, "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"stronger.py: {pid} {roll}: {r.stderr.strip() or 'brade analyse failed'}")
    return {p["notation"]: p["rollout"]["equity"] for p in json.loads(r.stdout)["plays"] if p.get("rollout")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--net")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--games", type=int, default=648)
    ap.add_argument("--player-plies", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brade", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "brade"))
    a = ap.parse_args()
    found = []
    for rec in a.records:
        rules, vs = verdicts(a.brade, rec, a.plies, a.net)
        found += [(rules, os.path.basename(rec)) + v for v in vs]
    print(f"{len(found)} verdicts; the judges' new-minus-old summed: {sum(f[-1] for f in found):+.3f}")
    found.sort(key=lambda f: -abs(f[-1]))
    old_name, new_name = ("the shipped net's play", "the new net's") if a.net else ("the search's play", "the judge's best")
    print(f"| record | position | {old_name} | {new_name} | new minus old, judges | "
          f"new minus old, {a.player_plies}-ply players |")
    print("|---|---|---|---|---:|---:|")
    sums = [0.0, 0.0]
    for rules, rec, num, pid, roll, old, new, judged in found[:a.top]:
        eq = rolled(a.brade, rules, pid, roll, new, a)
        if old not in eq:
            eq.update(rolled(a.brade, rules, pid, roll, old, a))
        strong = eq[new] - eq[old]
        sums[0] += judged
        sums[1] += strong
        print(f"| {rec} | {num}, `{pid}` {roll} | {old} | {new} | {judged:+.3f} | {strong:+.3f} |", flush=True)
    print(f"| summed | | | | **{sums[0]:+.3f}** | **{sums[1]:+.3f}** |")


if __name__ == "__main__":
    main()
