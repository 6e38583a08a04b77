#!/bin/sh
# Regenerate tests/data/bg-corpus.txt with GNU Backgammon (Debian package
# `gnubg`; install with `apt-get install -y gnubg`).  Deterministic for a
# given gnubg version and BG_SEED.  Takes a few minutes.
#
#   tests/data/gen-bg-corpus.sh [OUTPUT]
#
# Environment: GNUBG (gnubg binary), BG_BENCH (bg-bench1000.txt, default
# ../shared/data/bg-bench1000.txt beside the repository), BG_SEED,
# BG_VERIFY (all|none).  See gen-bg-corpus.py for how the answers are made.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$here/bg-corpus.txt}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac

if [ -z "${GNUBG:-}" ]; then
    if command -v gnubg >/dev/null 2>&1; then GNUBG=gnubg
    elif [ -x /usr/games/gnubg ]; then GNUBG=/usr/games/gnubg
    else echo "gen-bg-corpus.sh: gnubg not found (apt-get install -y gnubg)" >&2; exit 2
    fi
fi
BG_BENCH=${BG_BENCH:-$repo/../shared/data/bg-bench1000.txt}
[ -r "$BG_BENCH" ] || { echo "gen-bg-corpus.sh: cannot read $BG_BENCH" >&2; exit 2; }

BG_GNUBG_VERSION=$("$GNUBG" --version 2>/dev/null | head -n 1 || true)
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
# gnubg prints its boards on stdout; the script reports on stderr.
BG_CORPUS_OUT=$tmp BG_BENCH=$BG_BENCH BG_GNUBG_VERSION=$BG_GNUBG_VERSION \
BG_SEED=${BG_SEED:-1613} BG_VERIFY=${BG_VERIFY:-all} \
    "$GNUBG" -t -q -p "$here/gen-bg-corpus.py" </dev/null >/dev/null
[ -s "$tmp" ] || { echo "gen-bg-corpus.sh: gnubg wrote no corpus" >&2; exit 1; }
mv "$tmp" "$out"
trap - EXIT
echo "gen-bg-corpus.sh: wrote $out ($(grep -vc '^#' "$out") entries)" >&2
