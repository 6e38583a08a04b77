#!/usr/bin/env python3
"""The judges' verdicts rolled out again by stronger players.

    stronger.py [--net NETFILE] [--plies 2] [--top 8] [--games 648]
                [--player-plies 1] [--luck on|off] [--which all|outside|within]
                [--sample K] [--seed 1] [--brade build/brade] RECORD...

The judge records (tests/data/agreement/) are rolled out by the shipped
net's 0-ply players, so a judge's verdict between two plays may be those
players' preference rather than the truth.  This script rolls such
verdicts out again with players that search a ply (`brade analyse
--rollouts GAMES --player-plies 1`, the same seed for both plays, so both
meet the same dice), as lab/docs/brade-judges.md, "The judge checked by
stronger players", does by hand.

Which verdicts:
- without --net: the positions where the shipped net's PLIES-ply choice
  is not the judge's best; "new" is the judge's best, "old" the search's
  play, and the judge's difference is the equity the search gives up;
- with --net NETFILE: the positions where NETFILE's PLIES-ply choice
  differs from the shipped net's; "new" is NETFILE's play, "old" the
  shipped net's, and the judge's difference is what the new play gains
  (both plays rolled out in the record, or the position is skipped).

Without --net, --which outside keeps only the verdicts where the
search's play is outside the judge's 95% interval (the goal's second
figure counts those), --which within only those inside it.

Of those, the TOP with the largest judge's difference either way (--top
0: all of them; --sample K instead: K spread evenly in record order) are
rolled out, each play on its own (`--rollout-top 0 --play`), and the
script prints a Markdown row each and their sums: the judge's difference
(new minus old) beside the stronger players', the stronger difference's
95% margin (1.96 times the root of the two plays' summed variances, a
little wide: the plays share their dice), and the verdict: "confirmed"
where the stronger players put the new play ahead by more than the
margin, "reversed" where they put it behind by more, "open" otherwise;
and last, on how many verdicts the judges' own difference lies outside
the stronger players' margin (the judges' 0-ply players and the
stronger players disagree by more than the stronger rollout's noise).

When every miss was rolled out again (no --net, --which all, --top 0,
no --sample) and the records are of one ruleset, a last line divides
both sums by the decisions the records hold (the positions whose
search's play they rolled out): the equity the search gives up a
decision by the judges, and by the stronger players with its 95%
margin.  That is the figure lab/docs/brade-judges.md, "Every miss, by
stronger players", weighs the goal by.

Without the luck adjustment each stronger difference is good to about
± 0.16 at 648 games (about two minutes a position on two cores with
1-ply players).  With --luck on (each roll's luck, measured by the
0-ply net, taken out of the result, as gnubg does) the margin of the
same games is three to four times narrower, at 1.25 to 1.65 times the
cost: for players that search a ply it pays five to nine times over
(docs/analysis.md, "Rollouts").  Use a multiple of 36 games: then every
roll is met equally often at each of the first two plies.
"""
import argparse
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goal import rejudge  # noqa: E402


def verdicts(brade, record, plies, net, which="all"):
    """The ruleset, (number, id, roll, old play, new play, judge's
    new-minus-old) each verdict of a record, and how many of its
    positions the record rolled out the search's play on (the decisions
    whose equity is known; 0 with --net, where nothing counts them)."""
    base = rejudge(brade, record, plies, None)
    out = []
    if not net:
        decisions = sum(1 for p in base["judged"] if p.get("rolled_out"))
        for p in base["judged"]:
            if which == "outside" and p["within_ci"] or which == "within" and not p["within_ci"]:
                continue
            if not p["agree"] and p.get("rolled_out"):
                out.append((p["index"] + 1, p["id"], p["roll"], p["choice"], p["best"], p["loss"]))
        return base["rules"], out, decisions
    other = {p["index"]: p for p in rejudge(brade, record, plies, net)["judged"]}
    for p in base["judged"]:
        q = other[p["index"]]
        if q["choice"] != p["choice"] and p.get("rolled_out") and q.get("rolled_out"):
            out.append((p["index"] + 1, p["id"], p["roll"], p["choice"], q["choice"], p["loss"] - q["loss"]))
    return base["rules"], out, 0


def rolled(brade, rules, pid, roll, play, a):
    """(equity, standard error) of PLAY rolled out alone by `brade analyse --rollouts`."""
    cmd = [brade, "analyse", "--rules", rules, "--position-id", pid, "--roll", roll,
           "--rollouts", str(a.games), "--player-plies", str(a.player_plies), "--seed", str(a.seed),
           "--luck", a.luck, "--rollout-top", "0", "--threads", "2", "--play", play, "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"stronger.py: {pid} {roll}: {r.stderr.strip() or 'brade analyse failed'}")
    ro = [p["rollout"] for p in json.loads(r.stdout)["plays"] if p.get("rollout")]
    if len(ro) != 1:
        sys.exit(f"stronger.py: {pid} {roll}: analyse rolled out {len(ro)} plays, not {play} alone")
    return ro[0]["equity"], ro[0]["se"]


def picked(found, top, sample):
    """The verdicts rolled out: the TOP largest either way (0: all), or SAMPLE spread evenly."""
    if sample:
        n = len(found)
        return [found[i * n // sample] for i in range(min(sample, n))]
    found = sorted(found, key=lambda f: -abs(f[-1]))
    return found[:top] if top else found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--net")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--games", type=int, default=648)
    ap.add_argument("--player-plies", type=int, default=1)
    ap.add_argument("--luck", choices=("on", "off"), default="off")
    ap.add_argument("--which", choices=("all", "outside", "within"), default="all")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brade", default=os.path.join(os.path.dirname(__file__), "..", "..", "..", "build", "brade"))
    a = ap.parse_args()
    found, decisions, rulesets = [], 0, set()
    for rec in a.records:
        rules, vs, n = verdicts(a.brade, rec, a.plies, a.net, a.which)
        found += [(rules, os.path.basename(rec)) + v for v in vs]
        decisions += n
        rulesets.add(rules)
    print(f"{len(found)} verdicts; the judges' new-minus-old summed: {sum(f[-1] for f in found):+.3f}")
    old_name, new_name = ("the shipped net's play", "the new net's") if a.net else ("the search's play", "the judge's best")
    players = f"{a.player_plies}-ply players" + (", luck taken out" if a.luck == "on" else "")
    print(f"| record | position | {old_name} | {new_name} | new minus old, judges | "
          f"new minus old, {players} | ± | verdict |")
    print("|---|---|---|---|---:|---:|---:|---|")
    sums, var, tally, apart = [0.0, 0.0], 0.0, {"confirmed": 0, "reversed": 0, "open": 0}, 0
    for rules, rec, num, pid, roll, old, new, judged in picked(found, a.top, a.sample):
        e_new, se_new = rolled(a.brade, rules, pid, roll, new, a)
        e_old, se_old = rolled(a.brade, rules, pid, roll, old, a)
        strong = e_new - e_old
        margin = 1.96 * math.sqrt(se_new ** 2 + se_old ** 2)
        verdict = "confirmed" if strong > margin else "reversed" if strong < -margin else "open"
        tally[verdict] += 1
        apart += abs(judged - strong) > margin
        sums[0] += judged
        sums[1] += strong
        var += se_new ** 2 + se_old ** 2
        print(f"| {rec} | {num}, `{pid}` {roll} | {old} | {new} | {judged:+.3f} | {strong:+.3f} | "
              f"{margin:.3f} | {verdict} |", flush=True)
    print(f"| summed | | | | **{sums[0]:+.3f}** | **{sums[1]:+.3f}** | {1.96 * math.sqrt(var):.3f} | "
          f"{tally['confirmed']} confirmed, {tally['reversed']} reversed, {tally['open']} open |")
    print(f"the judges' difference is outside the stronger players' margin on {apart} of {sum(tally.values())}")
    if not a.net and a.which == "all" and not a.top and not a.sample and decisions and len(rulesets) == 1:
        # every miss rolled out again: the equity the search gives up a
        # decision, as the judges see it and as the stronger players do
        print(f"a decision, over the {decisions} of these records: the {a.plies}-ply search gives up "
              f"{sums[0] / decisions:.4f} by the judges, {sums[1] / decisions:+.4f} ± "
              f"{1.96 * math.sqrt(var) / decisions:.4f} by the {players}")


if __name__ == "__main__":
    main()
