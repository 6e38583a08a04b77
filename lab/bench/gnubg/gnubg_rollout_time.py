# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg_rollout_time.py): how
# many games gnubg's 0-ply rollouts play per CPU-second, cubeless, on one
# thread, without truncation or variance reduction, from each of a few
# positions of a query file, so that brade's rollout rate can be set beside
# it on the same positions and machine (lab/bench/gnubg/rollout_rate.py runs
# both).
#
# Environment:
#   BRADE_QUERIES   file of "POSITION-ID ROLL" lines (the positions are used)
#   BRADE_LIMIT     positions (default 5)
#   BRADE_GAMES     games per position (default 648)
import os
import sys
import time

import gnubg


def main():
    limit = int(os.environ.get("BRADE_LIMIT", "5"))
    games = int(os.environ.get("BRADE_GAMES", "648"))
    for c in ["set display off", "set player 0 human", "set player 1 human", "new session",
              "set threads 1",
              "set rollout cubeful off", "set rollout varredn off",
              "set rollout truncation enable off", "set rollout quasirandom on",
              "set rollout chequerplay plies 0", "set rollout later enable off",
              "set rollout limit enable off", "set rollout jsd stop off",
              f"set rollout trials {games}"]:
        gnubg.command(c)
    done, cpu = 0, 0.0
    seen = set()
    for line in open(os.environ["BRADE_QUERIES"]):
        p = line.split()
        if not p or p[0] in seen:
            continue
        seen.add(p[0])
        gnubg.command(f"set board {p[0]}")
        gnubg.command("clear cache")
        c0 = time.process_time()
        gnubg.command("rollout")
        cpu += time.process_time() - c0
        done += games
        if len(seen) >= limit:
            break
    sys.stdout.write(f"gnubg 0-ply rollouts: {done} games from {len(seen)} positions, "
                     f"{done / cpu:.0f} games per CPU-second\n")


main()
