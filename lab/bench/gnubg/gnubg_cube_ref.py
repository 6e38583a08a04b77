# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg_cube_ref.py): for each
# Position ID (the player on roll to decide before rolling; a money game, the
# cube centred at 1, no Jacoby rule, no beavers) gnubg's cubeful equities of
# no double, double/take and double/pass at the given depth.
#
# gnubg is the judge here: its numbers score brade's cube decisions, never
# train or tune them.
#
# Environment (gnubg -p passes no arguments to the script):
#   BRADE_QUERIES     file of "POSITION-ID [ROLL]" lines (the roll is ignored;
#                     a Position ID seen before is skipped)
#   BRADE_REF_OUT     output file, one JSON object a line:
#                     {"id", "plies", "nd", "dt", "dp", "text"}
#   BRADE_REF_PLIES   gnubg's depth (default 2)
#   BRADE_LIMIT       at most this many positions (default all)
#   BRADE_AWAY        a match score instead of a money game: "A,B" (the player
#                     on roll A points from winning, the other B), with
#                     ",crawford" for the Crawford game (one of them 1-away;
#                     1-away without it is after the Crawford game)
import json
import os

import gnubg


def main():
    plies = int(os.environ.get("BRADE_REF_PLIES", "2"))
    limit = int(os.environ.get("BRADE_LIMIT", "0")) or None
    away = os.environ.get("BRADE_AWAY", "")
    if away:
        parts = away.split(",")
        a, b = int(parts[0]), int(parts[1])
        length = max(a, b)
        ci = gnubg.cubeinfo(1, -1, 0, length, (length - a, length - b), int(parts[2:] == ["crawford"]))
    else:
        ci = gnubg.cubeinfo(1, -1, 0, 0)
    ci["jacoby"] = 0
    ci["beavers"] = 0
    ec = gnubg.evalcontext(1, plies, 0, 1, 0.0)  # cubeful, depth, no pruning, deterministic, no noise
    seen = set()
    with open(os.environ["BRADE_QUERIES"]) as f, open(os.environ["BRADE_REF_OUT"], "w") as o:
        for line in f:
            parts = line.split()
            if not parts or parts[0] in seen:
                continue
            seen.add(parts[0])
            board = gnubg.positionfromid(parts[0])
            r = gnubg.cfevaluate(board, ci, ec)
            o.write(json.dumps({"id": parts[0], "plies": plies, "nd": r[1], "dt": r[2], "dp": r[3],
                                "text": r[5]}) + "\n")
            if limit and len(seen) >= limit:
                break


main()
