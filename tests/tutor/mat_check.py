# Runs inside GNU Backgammon (gnubg -t -q -r -p mat_check.py): imports the
# .mat file named by $MAT and prints one line per move (player, dice, the
# move as gnubg read it) and the winner, for test_mat_gnubg.py to compare.
import os

import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["MAT"])
m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
for g in m["games"]:
    for a in g["game"]:
        if a.get("action") == "move":
            print("MOVE", a.get("player"), "%d%d" % tuple(a.get("dice")), len(a.get("move") or ()))
    print("WINNER", g["info"].get("winner"))
