# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg_time.py): the time of
# gnubg's own hint (its default "world class" 2-ply settings, cubeless) per
# query, CPU and wall, with the evaluation cache cleared before each, so
# brade's hint time can be set beside it on the same positions and machine.
#
# Environment:
#   BRADE_QUERIES   file of "POSITION-ID ROLL" lines
#   BRADE_LIMIT     at most this many queries (default 300)
#   BRADE_REF_PLIES gnubg's depth (default 2)
import os
import statistics
import sys
import time

import gnubg


def main():
    plies = int(os.environ.get("BRADE_REF_PLIES", "2"))
    limit = int(os.environ.get("BRADE_LIMIT", "300"))
    for c in ["set display off", "set player 0 human", "set player 1 human", "new session",
              "set evaluation chequerplay evaluation cubeful off",
              f"set evaluation chequerplay evaluation plies {plies}",
              "set evaluation chequerplay evaluation prune on"]:
        gnubg.command(c)
    cpu, wall = [], []
    seen = set()
    for line in open(os.environ["BRADE_QUERIES"]):
        p = line.split()
        if len(p) < 2 or (p[0], p[1]) in seen:
            continue
        seen.add((p[0], p[1]))
        roll = p[1].replace("-", "")
        gnubg.command(f"set board {p[0]}")
        gnubg.command(f"set dice {roll[0]} {roll[1]}")
        gnubg.command("clear cache")
        c0, w0 = time.process_time(), time.perf_counter()
        h = gnubg.hint(1000)
        c1, w1 = time.process_time(), time.perf_counter()
        if len(h["hint"]) < 2:
            continue
        cpu.append(c1 - c0)
        wall.append(w1 - w0)
        if len(cpu) >= limit:
            break
    sys.stdout.write(f"gnubg {plies}-ply hint: {len(cpu)} queries, median "
                     f"{1000 * statistics.median(cpu):.1f} ms CPU, "
                     f"{1000 * statistics.median(wall):.1f} ms wall\n")


main()
