# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg_ref.py): for each
# query (a Position ID and a roll), the cubeless equity of EVERY legal play
# at the given depth, keyed by the Position ID of the position after the
# play (the opponent on roll, as brade prints it).
#
# gnubg is the judge here: its numbers are used to score brade's choices,
# never to train or tune brade.
#
# Environment (gnubg -p passes no arguments to the script):
#   BRADE_QUERIES  file of "POSITION-ID ROLL" lines (ROLL as 63 or 6-3)
#   BRADE_REF_OUT  output file, one JSON object a line:
#                  {"id", "roll", "plies", "plays": {after_id: equity}, "probs": {...}}
#   BRADE_REF_PLIES  gnubg's depth (default 2: what gnubg calls 2-ply)
#   BRADE_REF_SKIP   queries already done (to resume), default 0
#   BRADE_BENCH_DIR  this folder (where gnubgmove.py is), when gnubg does not
#                    tell the script its own path
import json
import os
import sys

import gnubg

sys.path.insert(0, os.environ.get("BRADE_BENCH_DIR", os.path.dirname(os.path.abspath(
    globals().get("__file__", "lab/bench/gnubg/gnubg_ref.py")))))
from gnubgmove import apply_move  # noqa: E402


def setup(plies):
    for c in ["set display off", "set player 0 human", "set player 1 human", "new session",
              "set evaluation chequerplay evaluation cubeful off",
              f"set evaluation chequerplay evaluation plies {plies}",
              "set evaluation chequerplay evaluation prune on"]:
        gnubg.command(c)
    # keep every play at every level, so every play gets the full depth
    for lvl in range(1, plies + 1):
        for step in range(lvl):
            gnubg.command(f"set evaluation movefilter {lvl} {step} 1000 0 0")


def main():
    queries = os.environ["BRADE_QUERIES"]
    out = os.environ["BRADE_REF_OUT"]
    plies = int(os.environ.get("BRADE_REF_PLIES", "2"))
    skip = int(os.environ.get("BRADE_REF_SKIP", "0"))
    setup(plies)
    done = 0
    with open(queries) as f, open(out, "a") as o:
        for k, line in enumerate(f):
            parts = line.split()
            if len(parts) < 2 or k < skip:
                continue
            pid, roll = parts[0], parts[1].replace("-", "")
            gnubg.command(f"set board {pid}")
            gnubg.command(f"set dice {roll[0]} {roll[1]}")
            board = gnubg.positionfromid(pid)
            h = gnubg.hint(1000)
            plays, probs = {}, {}
            for m in h["hint"]:
                after = gnubg.positionid(apply_move(board, m["move"]))
                plays[after] = m["equity"]
                probs[after] = list(m["details"]["probs"])
            o.write(json.dumps({"id": pid, "roll": roll, "plies": plies, "plays": plays,
                                "probs": probs}) + "\n")
            o.flush()
            done += 1
    sys.stderr.write(f"gnubg_ref: {done} queries written to {out}\n")


main()
