#!/usr/bin/env bash
# The shipped collections of mined puzzles (docs/puzzles.md "Mined
# puzzles"): each bräde ruleset mined with its own seed until MAX puzzles
# are kept, best plays confirmed by rollouts.  Run from the repository root
# after building; about 2.6 s of wall time a puzzle on two cores.
#   lab/bench/brade/mine.sh [MAX]
set -euo pipefail
max=${1:-150}
seed=11
for rules in lyckans-talisman helmfrid vasa theboard; do
  ${BRADE_LAB:-build/brade-lab} mine --rules "$rules" --games 100000 --seed "$seed" --max "$max" \
    --out "puzzles/mined/$rules.yaml"
  seed=$((seed + 1))
done
