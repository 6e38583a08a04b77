# Runs inside GNU Backgammon (gnubg -t -q -r -p mat_check.py): imports the
# .mat file named by $MAT and prints one line per move (player, dice, the
# move as gnubg read it), one per cube action (player, double/take/drop),
# and the winner with the points won, for test_mat_gnubg.py to compare.
import os

import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["MAT"])
m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
for g in m["games"]:
    for a in g["game"]:
        if a.get("action") == "move":
            print("MOVE", a.get("player"), "%d%d" % tuple(a.get("dice")), len(a.get("move") or ()))
        elif a.get("action") in ("double", "take", "drop"):
            print("CUBE", a.get("player"), a.get("action"))
    print("WINNER", g["info"].get("winner"), g["info"].get("points-won"))
