#!/usr/bin/env bash
# A candidate net against the shipped one, as docs/brade-strength.md measures
# every net before it is shipped: paired games at 0-ply (the play match
# decides), then the candidate's 2-ply choices against the ruleset's
# bundled sequential-judge records (reported, never used to choose), one
# row each and then summed with its choices the records lack rolled out
# (lab/bench/brade/goal.py --fill).  Run
# from the repository root after `ninja -C build`:
#
#   lab/bench/brade/candidate.sh RULES NET [GAMES]
#
# GAMES (default 4000) paired games for each seed in SEEDS (default
# "9 21"), NET playing `--a net` against the shipped net; one Markdown row
# per seed and one for all of them (the mean, its 95% interval from the
# seeds' intervals).  Then lab/bench/brade/judges.sh on every
# tests/data/agreement/RULES-seed*.txt at PLIES (default 2) with NET,
# goal.py --fill on them, and lab/bench/brade/two_nets.py: NET less the
# shipped net on the same filled records, with 95% intervals.
set -euo pipefail
BRADE=${BRADE:-build/brade}
LAB=${BRADE_LAB:-$(dirname "$BRADE")/brade-lab}   # the lab: selfplay, train
[ "$#" -ge 2 ] || { echo "usage: $0 RULES NET [GAMES]" >&2; exit 2; }
rules=$1 net=$2 games=${3:-4000}
seeds=${SEEDS:-9 21}
echo "| net | seed | games | points a game against the shipped net | wins |"
echo "|---|---:|---:|---|---:|"
rows=()
for s in $seeds; do
  row=$("$LAB" selfplay --rules "$rules" --a net --a-net "$net" --b net --games "$games" --seed "$s" --json |
    python3 -c "import json,sys; j=json.load(sys.stdin); print(j['points_per_game'], j['ci95'], j['games'], j['a_wins'])")
  read -r p c g w <<<"$row"
  printf '| %s | %s | %s | %+.3f ± %.3f | %s |\n' "$(basename "$net")" "$s" "$g" "$p" "$c" "$w"
  rows+=("$p $c $g")
done
printf '%s\n' "${rows[@]}" | python3 -c "
import math, sys
rows = [tuple(map(float, l.split())) for l in sys.stdin if l.strip()]
n = len(rows)
mean = sum(r[0] for r in rows) / n
ci = math.sqrt(sum(r[1] ** 2 for r in rows)) / n
print(f'| $(basename "$net") | all | {int(sum(r[2] for r in rows))} | {mean:+.3f} ± {ci:.3f} | |')
"
shopt -s nullglob
records=(tests/data/agreement/"$rules"-seed*.txt)
if [ "${#records[@]}" -gt 0 ]; then
  PLIES=${PLIES:-2} NET=$net lab/bench/brade/judges.sh "${records[@]}"
  # the same records summed, every choice of NET's rolled out first (into
  # copies): a play NET alone prefers is judged, not counted a miss
  python3 lab/bench/brade/goal.py --fill --plies "${PLIES:-2}" --net "$net" --brade "$BRADE" "${records[@]}"
  # NET against the shipped net on the same filled copies, position by
  # position: the difference with its interval
  echo
  python3 lab/bench/brade/two_nets.py --plies "${PLIES:-2}" --net "$net" --brade "$BRADE" "${records[@]}"
fi
