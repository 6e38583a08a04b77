#!/usr/bin/env bash
# Bräde strength of the shipped nets, judged by play and by long rollouts
# (docs/brade-strength.md).  Run from the repository root after
# `ninja -C build`; it prints a Markdown table row per measurement.
#
#   lab/bench/brade/strength.sh [GAMES] [AGREEMENT_POSITIONS] [ROLLOUT_GAMES] [DEPTH_GAMES]
#
# GAMES (default 1000; 0 = skip): paired games of the net (0-ply) against the
# linear evaluator (0-ply) and against the greedy pip-count baseline, per
# ruleset.
# AGREEMENT_POSITIONS (default 0 = skip; the measure is 100): fixed
# positions from seeded self-play where the 2-ply choice is compared with the
# best of the top four plays rolled out ROLLOUT_GAMES games each (default
# 648): about 4 x POSITIONS x ROLLOUT_GAMES games per ruleset, an hour or
# more for 100 positions on two cores.
# DEPTH_GAMES (default 0 = skip): paired games of the net searching one ply
# against the same net at 0-ply, seed 11, each bräde ruleset and
# backgammon: how much stronger the players of a 1-ply judge are than
# those of the 0-ply judges (1000 games take 3 to 5 minutes a ruleset).
set -euo pipefail
BRADE=${BRADE:-build/brade}
LAB=${BRADE_LAB:-$(dirname "$BRADE")/brade-lab}   # the lab: selfplay, train
games=${1:-1000}
positions=${2:-0}
rollouts=${3:-648}
depth=${4:-0}
row() {
  python3 -c "import json,sys; j=json.load(sys.stdin); print(f\"| {j['rules']} | {j['a']} | {j['b']} | {j['games']} | {j['seed']} | {j['points_per_game']:+.3f} ± {j['ci95']:.3f} | {j['a_wins']} |\")"
}
echo "| ruleset | net | against | games | seed | points a game for the net | net wins |"
echo "|---|---|---|---:|---:|---|---:|"
if [ "$games" -gt 0 ]; then
  for r in lyckans-talisman helmfrid vasa theboard; do
    for b in linear pips; do
      "$LAB" selfplay --rules "$r" --a net --b "$b" --games "$games" --seed 7 --json | row
    done
  done
fi
if [ "$depth" -gt 0 ]; then
  for r in lyckans-talisman helmfrid vasa theboard backgammon; do
    "$LAB" selfplay --rules "$r" --a net:1 --b net:0 --games "$depth" --seed 11 --json | row
  done
fi
if [ "$positions" -gt 0 ]; then
  for r in lyckans-talisman helmfrid vasa theboard; do
    "$LAB" selfplay --rules "$r" --agreement "$positions" --rollouts "$rollouts" --seed 3 | tail -1
  done
fi
