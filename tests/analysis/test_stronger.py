#!/usr/bin/env python3
"""lab/bench/brade/stronger.py picks the verdicts the docs say and pairs their plays.

At 0-ply choices and 8-game rollouts by 0-ply players (seconds): without
--net, the verdicts are exactly the record's rolled-out positions where
the search's play is not the judge's best, their summed difference the
equity given up; the row rolled out is the largest, and its stronger
column is what `brade analyse --rollouts` gives the two plays with the
same seed, its margin 1.96 times the root of their summed variances and
its verdict the one that margin gives.  --which outside and --which
within split the verdicts by the judge's interval (together all of
them); --sample K rolls out K spread evenly; --luck on rolls out with the
luck taken out (smaller margins).  With --top 0 (every miss of a
30-position cut) a last line gives both sums a decision, over the
positions whose play the record rolled out; with --top 1, or --net,
there is none.  With --net naming the shipped net's own file there are
no verdicts (the same choices); a record brade refuses stops it, named.
Uses $BRADE (the build's brade).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from clicases import Checks  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "..", "lab", "bench", "brade"))
from goal import cut  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
SCRIPT = os.path.join(ROOT, "lab", "bench", "brade", "stronger.py")
REC = os.path.join(ROOT, "tests", "data", "agreement", "lyckans-talisman-seed3.txt")
NET = os.path.join(ROOT, "src", "analysis", "nets", "lyckans-talisman.net")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
check = Checks()


def stronger(*args):
    return subprocess.run([sys.executable, SCRIPT, "--plies", "0", "--games", "8", "--player-plies", "0",
                           "--brade", BRADE, *args], capture_output=True, text=True, timeout=300)


def cells(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


def rollout(worst, play, *extra):
    a = json.loads(subprocess.run([BRADE, "analyse", "--rules", "lyckans-talisman", "--position-id", worst["id"],
                                   "--roll", worst["roll"], "--rollouts", "8", "--player-plies", "0",
                                   "--seed", "1", "--threads", "2", "--play", play, "--json", *extra],
                                  capture_output=True, text=True, check=True, timeout=300).stdout)
    return {p["notation"]: p["rollout"] for p in a["plays"] if p.get("rollout")}[play]


def main():
    js = json.loads(subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", REC, "--plies", "0", "--json"],
                                   capture_output=True, text=True, check=True, timeout=300).stdout)
    misses = [p for p in js["judged"] if not p["agree"] and p.get("rolled_out")]
    worst = max(misses, key=lambda p: p["loss"])
    r = stronger("--top", "1", REC)
    lines = r.stdout.splitlines()
    check(r.returncode == 0 and lines and lines[0].startswith(f"{len(misses)} verdicts;"),
          f"{len(misses)} verdicts, one per miss: {lines[0] if lines else r.stderr.strip()[:80]}")
    check(lines and f"summed: {sum(p['loss'] for p in misses):+.3f}" in lines[0], "their sum is the equity given up")
    check(len(misses) > 1 and "a decision, over" not in r.stdout,
          "no figure a decision when only some misses were rolled out (--top 1)")
    rows = [l for l in lines if l.startswith("| lyckans-talisman-seed3.txt")]
    check(len(rows) == 1 and f"{worst['index'] + 1}, `{worst['id']}` {worst['roll']}" in rows[0]
          and f"| {worst['choice']} | {worst['best']} |" in rows[0],
          f"the largest miss is the row: {rows[0] if rows else '-'}")
    new, old = rollout(worst, worst["best"]), rollout(worst, worst["choice"])
    want = new["equity"] - old["equity"]
    margin = 1.96 * math.sqrt(new["se"] ** 2 + old["se"] ** 2)
    verdict = "confirmed" if want > margin else "reversed" if want < -margin else "open"
    c = cells(rows[0]) if rows else []
    check(len(c) == 8 and c[5] == f"{want:+.3f}" and c[6] == f"{margin:.3f}" and c[7] == verdict,
          f"its stronger column, margin and verdict are analyse's: {want:+.3f} {margin:.3f} {verdict}: {c[5:]}")
    far = abs(worst["loss"] - want) > margin
    check(f"outside the stronger players' margin on {int(far)} of 1" in r.stdout,
          f"the judges' difference against that margin: {int(far)} of 1")
    out = [p for p in misses if not p["within_ci"]]
    for which, n in (("outside", len(out)), ("within", len(misses) - len(out))):
        r = stronger("--which", which, "--top", "1", REC)
        check(r.returncode == 0 and r.stdout.startswith(f"{n} verdicts;"), f"--which {which}: {n} verdicts: {r.stdout[:30]}")
    r = stronger("--sample", "3", REC)
    rows = [l for l in r.stdout.splitlines() if l.startswith("| lyckans-talisman-seed3.txt")]
    spread = [misses[i * len(misses) // 3] for i in range(3)]
    check(len(rows) == 3 and all(f"{p['index'] + 1}, `{p['id']}`" in row for p, row in zip(spread, rows)),
          "--sample 3 rolls out three verdicts spread evenly, in record order")
    r = stronger("--top", "1", "--luck", "on", REC)
    rows = [l for l in r.stdout.splitlines() if l.startswith("| lyckans-talisman-seed3.txt")]
    lnew, lold = rollout(worst, worst["best"], "--luck", "on"), rollout(worst, worst["choice"], "--luck", "on")
    c = cells(rows[0]) if rows else []
    check(len(c) == 8 and c[5] == f"{lnew['equity'] - lold['equity']:+.3f}" and "luck taken out" in r.stdout,
          f"--luck on is analyse's --luck on: {c[5:6]}")
    r = stronger("--net", NET, REC)
    check(r.returncode == 0 and r.stdout.startswith("0 verdicts;"), f"the shipped net against itself: {r.stdout[:40]}")
    check("a decision, over" not in r.stdout, "nor a figure a decision with --net")
    with tempfile.TemporaryDirectory() as d:
        # every miss of a short record rolled out again: the figure a decision
        small = cut(REC, 30, d)
        sj = json.loads(subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", small, "--plies", "0", "--json"],
                                       capture_output=True, text=True, check=True, timeout=300).stdout)
        decisions = sum(1 for p in sj["judged"] if p["rolled_out"])
        lost = sum(p["loss"] for p in sj["judged"] if p["rolled_out"] and not p["agree"])
        r = stronger("--top", "0", small)
        lines = r.stdout.splitlines()
        summed = [cells(l) for l in lines if l.startswith("| summed")]
        last = lines[-1] if lines else ""
        check(r.returncode == 0 and last.startswith(f"a decision, over the {decisions} of these records: "
                                                    f"the 0-ply search gives up {lost / decisions:.4f} by the judges"),
              f"every miss rolled out: the judges' equity a decision, {lost / decisions:.4f} over {decisions}: {last}")
        if summed and " by the judges, " in last:
            strong = float(summed[0][5].strip("*"))
            got, margin = last.split(" by the judges, ")[1].split(" by the ")[0].split(" ± ")
            check(abs(float(got) - strong / decisions) <= 0.0005 / decisions + 0.00005
                  and abs(float(margin) - float(summed[0][6]) / decisions) <= 0.0005 / decisions + 0.00005,
                  f"and the stronger players' sum and margin over the same decisions: {got} ± {margin}")
        else:
            check(False, f"a summed row and a figure a decision: {last}")
        bad = os.path.join(d, "bad.txt")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("brade-agreement 1\nrules nosuchrules\n")
        r = stronger(bad)
        check(r.returncode != 0 and "bad.txt" in r.stderr, f"a refused record stops it, named: {r.stderr.strip()[:80]}")
    return check.done()


if __name__ == "__main__":
    sys.exit(main())
