#!/usr/bin/env bash
# Bräde strength of the shipped nets, judged by play and by long rollouts
# (docs/brade-strength.md).  Run from the repository root after
# `ninja -C build`; it prints a Markdown table row per measurement.
#
#   bench/brade/strength.sh [GAMES] [AGREEMENT_POSITIONS] [ROLLOUT_GAMES]
#
# GAMES (default 1000): paired games of the net (0-ply) against the linear
# evaluator (0-ply) and against the greedy pip-count baseline, per ruleset.
# AGREEMENT_POSITIONS (default 0 = skip; the measure is 100): fixed
# positions from seeded self-play where the 2-ply choice is compared with the
# best of the top four plays rolled out ROLLOUT_GAMES games each (default
# 648): about 4 x POSITIONS x ROLLOUT_GAMES games per ruleset, an hour or
# more for 100 positions on two cores.
set -euo pipefail
BRADE=${BRADE:-build/brade}
games=${1:-1000}
positions=${2:-0}
rollouts=${3:-648}
echo "| ruleset | net | against | games | seed | points a game for the net | net wins |"
echo "|---|---|---|---:|---:|---|---:|"
for r in lyckans-talisman helmfrid vasa theboard; do
  for b in linear pips; do
    "$BRADE" selfplay --rules "$r" --a net --b "$b" --games "$games" --seed 7 --json |
      python3 -c "import json,sys; j=json.load(sys.stdin); print(f\"| {j['rules']} | {j['a']} | {j['b']} | {j['games']} | {j['seed']} | {j['points_per_game']:+.3f} ± {j['ci95']:.3f} | {j['a_wins']} |\")"
  done
done
if [ "$positions" -gt 0 ]; then
  for r in lyckans-talisman helmfrid vasa theboard; do
    "$BRADE" selfplay --rules "$r" --agreement "$positions" --rollouts "$rollouts" --seed 3 | tail -1
  done
fi
