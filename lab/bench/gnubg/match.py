# Runs inside GNU Backgammon (gnubg -t -q -r -p match.py): a money match
# without the cube, brade against gnubg at 0-ply (cubeless), in pairs of
# games with the same dice, brade moving first in one game of each pair
# and gnubg in the other, so the luck of the dice largely cancels.
#
# Every brade move is `brade analyse --json` on the position (its first
# play); every gnubg move is gnubg's own best 0-ply play.  brade's plays
# are applied through the Position ID it prints, gnubg's by its notation,
# and after each move the number of checkers is checked.
#
# Environment (gnubg -p passes no arguments):
#   BRADE          path of the brade program (required)
#   BRADE_GAMES    games, rounded up to pairs (default 1000)
#   BRADE_SEED     dice seed (default 1)
#   BRADE_PLIES    brade's depth (default: brade's own default)
#   BRADE_WEIGHTS  a weights file for brade (default: the shipped net)
#   BRADE_OUT      where to write the summary as JSON (optional)
#   BRADE_GNUBG_PLIES  gnubg's depth (default 0)
#   BRADE_BENCH_DIR  this folder (where bradeproc.py is), when gnubg does not
#                    tell the script its own path
import json
import math
import os
import random
import sys

import gnubg

sys.path.insert(0, os.environ.get("BRADE_BENCH_DIR", os.path.dirname(os.path.abspath(
    globals().get("__file__", "lab/bench/gnubg/match.py")))))
from bradeproc import Brade  # noqa: E402
from gnubgmove import apply_move  # noqa: E402

START = "4HPwATDgc/ABMA"


BRADE = None


def brade_move(pid, d1, d2):
    plays = BRADE.analyse(pid, d1, d2)["plays"]
    return gnubg.positionfromid(plays[0]["position_id"])


def gnubg_move(board, d1, d2):
    gnubg.command(f"set board {gnubg.positionid(board)}")
    gnubg.command(f"set dice {d1} {d2}")
    h = gnubg.hint(1)["hint"]
    if not h:
        return (board[1], board[0])
    return apply_move(board, h[0]["move"])


def result(board_after):
    """Points for the mover who has just borne off everything."""
    loser = board_after[1]  # (mover, other) after the move: the other is on roll
    if sum(loser) < 15:
        return 1
    if loser[24] or any(loser[18:24]):
        return 3
    return 2


def play_game(dice, brade_first):
    board = gnubg.positionfromid(START)
    brade_turn = brade_first
    for ply, (d1, d2) in enumerate(dice):
        if brade_turn:
            after = brade_move(gnubg.positionid(board), d1, d2)
        else:
            after = gnubg_move(board, d1, d2)
        mover = after[0]
        if sum(after[0]) > 15 or sum(after[1]) > 15:
            raise RuntimeError(f"too many checkers after ply {ply}")
        if sum(mover) == 0:
            pts = result(after)
            return pts if brade_turn else -pts, ply + 1
        board = after
        brade_turn = not brade_turn
    raise RuntimeError("game too long")


def main():
    global BRADE
    BRADE = Brade(os.environ["BRADE"], plies=os.environ.get("BRADE_PLIES") or None,
                  weights=os.environ.get("BRADE_WEIGHTS") or None)
    games = int(os.environ.get("BRADE_GAMES", "1000"))
    seed = int(os.environ.get("BRADE_SEED", "1"))
    gplies = int(os.environ.get("BRADE_GNUBG_PLIES", "0"))
    for c in ["set display off", "set player 0 human", "set player 1 human", "new session",
              "set evaluation chequerplay evaluation cubeful off",
              f"set evaluation chequerplay evaluation plies {gplies}"]:
        gnubg.command(c)
    pairs = (games + 1) // 2
    sums, results, plies = [], {1: 0, 2: 0, 3: 0, -1: 0, -2: 0, -3: 0}, 0
    for k in range(pairs):
        rng = random.Random(seed * 1000003 + k)
        dice = []
        while True:  # the opening roll is never a double
            d = (rng.randint(1, 6), rng.randint(1, 6))
            if d[0] != d[1]:
                break
        dice.append(d)
        dice += [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(600)]
        pair = 0
        for brade_first in (True, False):
            pts, n = play_game(dice, brade_first)
            results[pts] += 1
            plies += n
            pair += pts
        sums.append(pair)
        if (k + 1) % 25 == 0:
            m = sum(sums) / (2 * len(sums))
            sys.stderr.write(f"{2 * (k + 1)} games: brade {m:+.3f} points a game\n")
    n = len(sums)
    mean = sum(sums) / (2 * n)
    var = sum((s - 2 * mean) ** 2 for s in sums) / (n - 1) if n > 1 else 0
    ci = 1.96 * math.sqrt(var / n) / 2
    summary = {"games": 2 * n, "points_per_game": mean, "ci95": ci,
               "brade_wins": sum(v for k, v in results.items() if k > 0),
               "results": {str(k): v for k, v in results.items()},
               "plies_per_game": plies / (2 * n), "gnubg_plies": gplies}
    print(json.dumps(summary))
    if os.environ.get("BRADE_OUT"):
        with open(os.environ["BRADE_OUT"], "w") as f:
            json.dump(summary, f, indent=2)
    sys.stderr.write(f"brade {mean:+.3f} ± {ci:.3f} points a game over {2 * n} games "
                     f"(paired dice), gnubg at {gplies}-ply\n")


main()
