# Runs inside GNU Backgammon (gnubg -t -q -r -p mat_check.py): imports the
# .mat file named by $MAT and prints the match length, then for each game
# its score and whether it is the Crawford game, one line per move
# (player, dice, the number of checker moves), one per cube action
# (player, double/take/drop), and the winner with the points won, for
# test_mat_gnubg.py to compare.
import os

import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["MAT"])
m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
print("LENGTH", m["match-info"].get("match-length"))
for g in m["games"]:
    info = g["info"]
    print("GAME", info.get("score-X"), info.get("score-O"), int(bool(info.get("crawford"))))
    for a in g["game"]:
        if a.get("action") == "move":
            print("MOVE", a.get("player"), "%d%d" % tuple(a.get("dice")), len(a.get("move") or ()))
        elif a.get("action") in ("double", "take", "drop"):
            print("CUBE", a.get("player"), a.get("action"))
    print("WINNER", info.get("winner"), info.get("points-won"))
