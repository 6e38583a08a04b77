#!/usr/bin/env bash
# Choosers against the bundled sequential-judge records (docs/brade-strength.md,
# "Choosers against one judge").  Run from the repository root after
# `ninja -C build`; it prints a Markdown table row per record and depth.
#
#   lab/bench/brade/judges.sh [RECORD...]
#
# RECORD defaults to every tests/data/agreement/*.txt.  PLIES (default
# "0 1 2") lists the search depths judged; each row is
# `brade-lab selfplay --rejudge RECORD --plies P --json`: seconds at 0 and 1
# ply, about a minute at 2, several minutes at 3 (PLIES="0 1 2 3").
# NET=FILE judges that net's choices instead of the shipped one's (the
# record's rollouts stay those of the net that made it).  A record made
# by another net than the shipped one (a net shipped since) is judged on
# its positions as recorded, with a note on stderr; a damaged one is
# refused by brade (path:line), and the script stops there.
set -euo pipefail
BRADE=${BRADE:-build/brade}
LAB=${BRADE_LAB:-$(dirname "$BRADE")/brade-lab}   # the lab: selfplay, train
plies=${PLIES:-0 1 2}
if [ "$#" -eq 0 ]; then
  set -- tests/data/agreement/*.txt
fi
netflag=()
if [ -n "${NET:-}" ]; then
  netflag=(--a-net "$NET")
fi
echo "| record | chooser | same play as the judge | of those it separates | within its 95% interval | mean equity given up | within 0.01 / 0.02 / 0.04 | ceiling |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for f in "$@"; do
  for p in $plies; do
    "$LAB" selfplay --rejudge "$f" --plies "$p" "${netflag[@]}" --json |
      python3 -c "
import json, os, sys
j = json.load(sys.stdin)
name = os.path.basename(sys.argv[1])
chooser = f\"{j['plies']}-ply\" + (f\" ({j['unjudged']} not rolled out)\" if j['unjudged'] else '')
near = ' / '.join(str(n) for n in j['near_confirmed'])
print(f\"| {name} | {chooser} | {j['agree_confirmed']} of {j['positions']} | {j['separable_agree_confirmed']} of {j['separable_confirmed']} \"
      f\"| {j['within_ci_confirmed']} | {j['mean_loss_confirmed']:.4f} | {near} | {j['ceiling_confirmed']:.1f} |\")
" "$f"
  done
done
