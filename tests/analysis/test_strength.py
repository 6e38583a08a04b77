#!/usr/bin/env python3
"""Strength of the shipped evaluators, measured by self-play (suite 'slow'):
the trained nets must beat the linear evaluator they replace, and with the
linear one the hand-set starting weights, the 1-ply greedy (pip-count)
baseline and a random player, each by more than the 95% interval."""
import json
import os
import subprocess
import sys

BRADE = os.environ.get("BRADE", "build/brade")
CASES = [
    # rules, a, b, games, the least points per game A must score
    ("lyckans-talisman", "net", "linear", 200, 0.0),
    ("lyckans-talisman", "net", "pips", 200, 1.5),
    ("lyckans-talisman", "linear", "hand", 200, 0.0),
    ("lyckans-talisman", "linear", "random", 200, 1.5),
    ("vasa", "net", "pips", 100, 1.5),
    ("backgammon", "net", "linear", 200, 0.0),
    ("backgammon", "net", "random", 200, 1.0),
]
failed = 0
for rules, a, b, games, least in CASES:
    out = subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rules", rules, "--a", a, "--b", b, "--games", str(games),
                          "--seed", "2026", "--json"], capture_output=True, text=True, timeout=900)
    j = json.loads(out.stdout)
    low = j["points_per_game"] - j["ci95"]
    ok = low > least
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {rules}: {a} vs {b}: {j['points_per_game']:+.3f} ± {j['ci95']:.3f} "
          f"(must stay above {least:+.2f})")
print(f"{len(CASES) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
