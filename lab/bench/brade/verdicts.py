#!/usr/bin/env python3
"""How often the tutor's verdict on a learner's play agrees with a judge's.

    verdicts.py --record FILE... | --queries FILE [--ref REF.jsonl]
                [--plies P] [--seed S] [--list] [--sweep] [--save FILE]
                [--brade build/brade]

A learner meets the tutor's *grade* of a play ("fine", "doubtful", "bad",
"very bad"), not the engine's choice.  This measures that grade against a
stronger judge, on positions the engine did not pick its own play in:

- bräde: the agreement records' confirmed long rollouts
  (tests/data/agreement/*-seed*.txt, `brade-lab selfplay --agreement`): each
  position's rolled-out plays with the judge's values (the last pass's
  means);
- backgammon (`--queries`): GNU Backgammon's 2-ply equity of every legal
  play (lab/bench/gnubg/compare.py's reference, made first if missing).

From each position one play the judge calls fine (behind its best by less
than 0.04 hemspel units: gnubg's and brade's doubtful line) and one it calls
bad or worse (0.08 or more) are picked (seeded, so a run repeats), each
given to `brade analyse --play` at the tutor's depth (the default: 2-ply in
bräde, 1-ply in backgammon, races rolled out as the tutor does), and brade's
grade counted:

- wrong alarms: of the judge's fine plays, how many the tutor calls bad or
  very bad, and how many doubtful or worse;
- missed blunders: of the judge's bad plays, how many the tutor calls fine.

A rollout judge is itself uncertain: the headline rows count the plays
whose class the judge is sure of (its 95% margin keeps a fine play below
the bad line and a bad play above the doubtful line); "all" counts every
pick.

Each figure in 100 with a 95% (Wilson) interval.  `--sweep` prints the same
figures for other doubtful and bad lines applied to brade's own "equity
lost" (no new search): the evidence for a ruleset's thresholds.  `--list`
prints every wrong alarm and missed blunder.  `--save` writes each graded
play as JSON lines (the fixed set the fast test reads)."""
import argparse
import glob
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "gnubg"))
from bradeproc import Brade  # noqa: E402

GRADES = ["fine", "doubtful", "bad", "very-bad"]
FINE, BAD = 0.04, 0.08
SECOND_LOOK = 0  # --second-look GAMES  # the judge's lines, in hemspel units (one point in backgammon)


def wilson(k, n):
    """k in n as a share in 100, with its 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * p, 100 * max(0.0, c - h), 100 * min(1.0, c + h)


def fmt(k, n):
    p, lo, hi = wilson(k, n)
    return f"{k}/{n} = {p:.1f} in 100 ({lo:.1f} to {hi:.1f})"


def record_positions(path):
    """The rules, the hemspel unit's points, then (id, roll, {play: value}) a
    position, from an agreement record: each rolled-out play with the mean
    of its last pass (its first when there was one pass)."""
    rules, out = None, []
    for line in open(path):
        t = line.split()
        if t and t[0] == "rules":
            rules = t[1]
        if not t or t[0] != "judged":
            continue
        head, _, names = line.partition(" | ")
        plays = [p.strip() for p in names.split(" | ")]
        h = head.split()
        at = h.index("last") if "last" in h else h.index("first")
        k = int(h[at + 1])
        means = [float(x) for x in h[at + 2 + k:at + 2 + 2 * k]]
        if k != len(plays) or k < 2 or any(m == -1 for m in means):
            continue  # a roll with one play, or a record's unrolled entry
        # the means' covariance, its upper triangle row by row
        tri = [float(x) for x in h[at + 2 + 2 * k:at + 2 + 2 * k + k * (k + 1) // 2]]
        cov = [[0.0] * k for _ in range(k)]
        it = iter(tri)
        for i in range(k):
            for j in range(i, k):
                cov[i][j] = cov[j][i] = next(it)
        b = max(range(k), key=lambda i: means[i])
        # 95% margin of each play's difference from the judge's best
        margin = {plays[i]: 1.96 * math.sqrt(max(0.0, cov[b][b] + cov[i][i] - 2 * cov[b][i])) for i in range(k)}
        out.append((h[2], h[3], dict(zip(plays, means)), margin))
    return rules, out


def pick(rng, values, unit, margin=None):
    """One fine and one bad-or-worse play of a position by the judge's
    values (none of a class it has none of), with each one's loss in units
    and whether the judge is sure of its class: its 95% margin keeps a fine
    play below the bad line and a bad one above the doubtful line (gnubg's
    2-ply, given no margin, is taken as exact)."""
    best = max(values.values())
    loss = {p: (best - v) / unit for p, v in values.items()}
    m = {p: (margin[p] / unit if margin else 0.0) for p in values}
    fine = sorted(p for p, x in loss.items() if x < FINE)
    bad = sorted(p for p, x in loss.items() if x >= BAD)
    out = []
    if fine:
        p = rng.choice(fine)
        out.append((p, "fine", loss[p] + m[p] < BAD))
    if bad:
        p = rng.choice(bad)
        out.append((p, "bad", loss[p] - m[p] >= FINE))
    return out, loss


def grade_plays(b, pid, roll, picks, loss, rules, unit, items):
    for play, judge, sure in picks:
        j = b.ask(f"--position-id {pid} --roll {roll} --play {play.replace(' ', ',')}")
        if "yours" not in j:
            sys.exit(f"brade does not read {play!r} in {pid} {roll} ({rules})")
        yours = j["plays"][j["yours"]]
        if SECOND_LOOK and yours["grade"] != "fine":
            # a second look before a play is called doubtful or worse: the
            # two plays (the search's best and the learner's) rolled out
            j = b.ask(f"--position-id {pid} --roll {roll} --play {play.replace(' ', ',')} "
                      f"--rollouts {SECOND_LOOK} --seed 1 --rollout-top 1")
            yours = j["plays"][j["yours"]]
        # "about as good" (too close to tell apart at the depth) is
        # neither fine nor doubtful: no alarm, and no blunder passed as fine
        grade = "close" if yours["grade"] == "fine" and yours.get("close") else yours["grade"]
        items.append({"rules": rules, "id": pid, "roll": roll, "play": play, "judge": judge,
                      "judge_lost": round(loss[play], 4), "sure": sure, "grade": grade,
                      "lost": round(yours["equity_lost"] / unit, 4), "best": j["plays"][0]["notation"]})


def bräde_items(a, rng):
    items = []
    records = a.record or sorted(glob.glob(os.path.join(ROOT, "tests", "data", "agreement", "*-seed*.txt")))
    for path in records:
        rules, positions = record_positions(path)
        if rules == "backgammon":
            continue  # judged by gnubg (--queries)
        unit = 1.0  # one hemspel is one point in every preset's table (only Ny 2's is 3)
        b = Brade(a.brade, rules, plies=a.plies, race_rollouts=True)
        for pid, roll, values, margin in positions:
            picks, loss = pick(rng, values, unit, margin)
            grade_plays(b, pid, roll, picks, loss, rules, unit, items)
        b.close()
    return items


def backgammon_items(a, rng):
    from compare import bench_queries  # noqa: E402  (lab/bench/gnubg)
    a.ref_plies, a.limit = 2, a.limit or 0
    queries, ref = bench_queries(a)
    b = Brade(a.brade, "backgammon", plies=a.plies)
    items = []
    for pid, roll in queries:
        # gnubg's reference is keyed by the position after each play: brade
        # names them (the same legal plays, compare.py checks that)
        ranked = b.analyse(pid, roll[0], roll[1])["plays"]
        name = {p["position_id"]: p["notation"] for p in ranked}
        values = {name[k]: v for k, v in ref[(pid, roll)].items() if k in name}
        if len(values) < 2:
            continue
        picks, loss = pick(rng, values, 1.0)
        grade_plays(b, pid, f"{roll[0]}-{roll[1]}", picks, loss, "backgammon", 1.0, items)
    b.close()
    return items


def fixed_items(a, path):
    """The plays of a --save file graded again (the judge's classes as
    saved): the fast test's fixed set."""
    saved = [json.loads(line) for line in open(path)]
    items = []
    for rules in sorted({it["rules"] for it in saved}):
        b = Brade(a.brade, rules, plies=a.plies, race_rollouts=rules != "backgammon")
        for it in (x for x in saved if x["rules"] == rules):
            loss = {it["play"]: it["judge_lost"]}
            grade_plays(b, it["id"], it["roll"], [(it["play"], it["judge"], it.get("sure", True))], loss, rules, 1.0,
                        items)
        b.close()
    return items


# the marks the tutor's verdicts must meet (the verdicts issue): wrong
# alarms on the judge's fine plays (bad or worse, doubtful or worse) and
# missed blunders, in 100, backgammon's judge exact, bräde's a rollout
MARKS = {"backgammon": (1.0, 5.0, 2.0), "bräde": (2.0, 8.0, 5.0)}


def figures(items, doubtful=None, bad=None):
    """(fine plays, alarms bad+, alarms doubtful+, bad plays, missed, plays
    "about as good") with brade's grade, or its loss against other lines
    when given (then none is "about as good")."""
    def grade(it):  # 0 fine, 0.5 about as good, 1 doubtful, 2 bad or worse
        if doubtful is None:
            return 0.5 if it["grade"] == "close" else min(2, GRADES.index(it["grade"]))
        x = it["lost"]
        return 2 if x >= bad else 1 if x >= doubtful else 0
    fine = [it for it in items if it["judge"] == "fine"]
    badp = [it for it in items if it["judge"] == "bad"]
    return (len(fine), sum(grade(it) >= 2 for it in fine), sum(grade(it) >= 1 for it in fine), len(badp),
            sum(grade(it) == 0 for it in badp), sum(grade(it) == 0.5 for it in items))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--record", action="append", help="a bräde agreement record (default: every seed record)")
    ap.add_argument("--queries", help="backgammon: a query file (Position ID and roll a line), judged by gnubg 2-ply")
    ap.add_argument("--ref", help="gnubg's reference for --queries (made when missing)")
    ap.add_argument("--plies", type=int, default=None, help="brade's depth (default: the tutor's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--weights")
    ap.add_argument("--brade", default=os.path.join(ROOT, "build", "brade"))
    ap.add_argument("--second-look", type=int, default=0, metavar="GAMES",
                    help="a play graded doubtful or worse is graded again by a rollout of GAMES games of it and the best")
    ap.add_argument("--list", action="store_true", help="every wrong alarm and missed blunder")
    ap.add_argument("--sweep", action="store_true", help="the figures for other doubtful and bad lines")
    ap.add_argument("--save", help="each graded play as a JSON line")
    ap.add_argument("--load", help="grade nothing: read a --save file (for --sweep)")
    ap.add_argument("--fixed", help="grade the plays of a --save file again, its judge's classes as saved")
    ap.add_argument("--marks", action="store_true",
                    help="exit 1 when a figure (the judge sure) is above the issue's marks: "
                         "backgammon 1, 5 and 2 in 100; bräde 2, 8 and 5")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    global SECOND_LOOK
    SECOND_LOOK = a.second_look
    if a.load:
        items = [json.loads(line) for line in open(a.load)]
    elif a.fixed:
        items = fixed_items(a, a.fixed)
    else:
        items = backgammon_items(a, rng) if a.queries else bräde_items(a, rng)
    if a.save:
        with open(a.save, "w") as f:
            for it in items:
                f.write(json.dumps(it, ensure_ascii=False) + "\n")
    rulesets = sorted({it["rules"] for it in items})
    print("| ruleset | plays | the judge's fine plays called bad or very bad | ... called doubtful or worse "
          "| the judge's bad plays called fine | plays called about as good |")
    print("|---|---|---|---|---|---|")
    for r in rulesets + (["all bräde"] if len(rulesets) > 1 else []):
        its = [it for it in items if it["rules"] == r or (r == "all bräde" and it["rules"] != "backgammon")]
        for which, sel in (("the judge sure", [it for it in its if it["sure"]]), ("all", its)):
            if which == "all" and len(sel) == len([it for it in its if it["sure"]]):
                continue
            nf, a2, a1, nb, m, c = figures(sel)
            print(f"| {r} | {which} | {fmt(a2, nf)} | {fmt(a1, nf)} | {fmt(m, nb)} | {100 * c / max(len(sel), 1):.1f}% |")
    failed = []
    for kind in ("backgammon", "bräde"):
        its = [it for it in items if it["sure"] and (it["rules"] == "backgammon") == (kind == "backgammon")]
        if not its:
            continue
        nf, a2, a1, nb, m, _ = figures(its)
        got = (100 * a2 / max(nf, 1), 100 * a1 / max(nf, 1), 100 * m / max(nb, 1))
        for what, x, mark in zip(("fine called bad or worse", "fine called doubtful or worse", "bad called fine"),
                                 got, MARKS[kind]):
            if x > mark:
                failed.append(f"{kind}: {what}: {x:.1f} in 100, above the mark of {mark:g}")
    if a.marks:
        for f in failed:
            print("FAIL " + f)
        print(f"marks: {'met' if not failed else 'not met'} ({len(items)} plays graded)")
    if a.sweep:
        print()
        print("| ruleset | doubtful from | bad from | fine called bad+ | fine called doubtful+ | bad called fine |")
        print("|---|---|---|---|---|---|")
        for r in rulesets:
            its = [it for it in items if it["rules"] == r and it["sure"]]
            for d in (0.04, 0.05, 0.06, 0.07, 0.08):
                for bd in (0.08, 0.10, 0.12, 0.14):
                    if bd < d:
                        continue
                    nf, a2, a1, nb, m, _ = figures(its, d, bd)
                    print(f"| {r} | {d:.2f} | {bd:.2f} | {100 * a2 / max(nf, 1):.1f} | {100 * a1 / max(nf, 1):.1f} "
                          f"| {100 * m / max(nb, 1):.1f} |")
    if a.list:
        print()
        print("| ruleset | id | roll | play | the judge | its loss | sure | brade's grade | brade's loss | brade's best |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for it in items:
            wrong = (it["judge"] == "fine" and it["grade"] not in ("fine", "close")) or \
                (it["judge"] == "bad" and it["grade"] == "fine")
            if wrong:
                print(f"| {it['rules']} | {it['id']} | {it['roll']} | {it['play']} | {it['judge']} | "
                      f"{it['judge_lost']:.3f} | {'yes' if it['sure'] else 'no'} | {it['grade']} | {it['lost']:.3f} | {it['best']} |")
    sys.exit(1 if a.marks and failed else 0)


if __name__ == "__main__":
    main()
