#!/usr/bin/env python3
"""Backgammon games and matches exported with `brade review FILE --mat OUT`
open in GNU Backgammon: gnubg imports every game with every move, in
order, with the same dice and the same number of checker moves, every cube
action (double, take, drop) by the same player, and the same winner with
the same points; a match keeps its length, each game's score, and the
Crawford game (the first game after one side, alone, reaches one point
from the match).  The seeds are chosen so that the games have doubles,
takes and a drop, and the matches a Crawford game.
Skipped (exit 77) where gnubg is not installed."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

BRADE = os.environ.get("BRADE", "build/brade")
GNUBG = shutil.which("gnubg") or ("/usr/games/gnubg" if os.path.exists("/usr/games/gnubg") else None)
HERE = os.path.dirname(os.path.abspath(__file__))
if not GNUBG:
    print("gnubg is not installed: skipped")
    sys.exit(77)

CUBE_WORD = {"doubles": "double", "takes": "take", "drops": "drop"}


def read_record(path):
    """The games of a record: each a dict of moves, cube actions, winner, points."""
    games = [{"moves": [], "cube": [], "winner": None, "points": None}]
    length = 0
    for line in open(path):
        line = line.strip()
        if re.match(r"match (\d+)$", line):
            length = int(line.split()[1])
        if re.match(r"game \d+$", line):
            games.append({"moves": [], "cube": [], "winner": None, "points": None})
        m = re.match(r"(white|black) (\d)-(\d) (.*)", line)
        if m:
            steps = 0 if m.group(4) == "-" else len(m.group(4).split())
            games[-1]["moves"].append((m.group(1), m.group(2) + m.group(3), steps))
        m = re.match(r"(white|black) (doubles|takes|drops)$", line)
        if m:
            games[-1]["cube"].append((m.group(1), CUBE_WORD[m.group(2)]))
        m = re.match(r"result (white|black) \S+ (\d+)", line)
        if m:
            games[-1]["winner"], games[-1]["points"] = m.group(1), int(m.group(2))
    return length, games


def read_gnubg(out):
    """What gnubg imported: the match length and the games, as read_record."""
    length, games = None, []
    for line in out.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "LENGTH":
            length = int(f[1])
        elif f[0] == "GAME":
            games.append({"score": (int(f[1]), int(f[2])), "crawford": f[3] == "1", "moves": [], "cube": []})
        elif f[0] == "MOVE" and games:
            games[-1]["moves"].append((f[1], f[2], int(f[3])))
        elif f[0] == "CUBE" and games:
            games[-1]["cube"].append((f[1], f[2]))
        elif f[0] == "WINNER" and games:
            games[-1]["winner"], games[-1]["points"] = f[1], f[2]
    return length, games


def compare(length, want, glength, got):
    """The differences between the record and gnubg's import, as text."""
    problems = []
    if glength != length:
        problems.append(f"match length {glength}, not {length}")
    if len(got) != len(want):
        problems.append(f"{len(got)} games, not {len(want)}")
    names, score, crawford_done = {}, {"white": 0, "black": 0}, False
    for k, (w, g) in enumerate(zip(want, got), 1):
        for (colour, dice, steps), (player, gdice, gsteps) in zip(w["moves"], g["moves"]):
            names.setdefault(colour, player)
            if names[colour] != player or dice not in (gdice, gdice[::-1]) or steps != gsteps:
                problems.append(f"game {k}: {colour} {dice} ({steps} moves) read as {player} {gdice} ({gsteps})")
                break
        if len(w["moves"]) != len(g["moves"]):
            problems.append(f"game {k}: {len(g['moves'])} moves, not {len(w['moves'])}")
        if [(names.get(c), a) for c, a in w["cube"]] != g["cube"]:
            problems.append(f"game {k}: cube actions {g['cube']}, not {w['cube']}")
        if w["winner"] and (names.get(w["winner"]), str(w["points"])) != (g.get("winner"), g.get("points")):
            problems.append(f"game {k}: winner {g.get('winner')} {g.get('points')}, not {w['winner']} {w['points']}")
        if length:
            # the score before the game, in gnubg's X and O
            gscore = dict(zip(("X", "O"), g["score"]))
            if len(names) == 2 and (gscore[names["white"]], gscore[names["black"]]) != (score["white"], score["black"]):
                problems.append(f"game {k}: score {g['score']}, not white {score['white']} black {score['black']}")
            crawford = not crawford_done and (score["white"] == length - 1) != (score["black"] == length - 1)
            crawford_done |= crawford
            if g["crawford"] != crawford:
                problems.append(f"game {k}: gnubg's Crawford flag is {g['crawford']}")
            if w["winner"]:
                score[w["winner"]] += w["points"]
    return problems


tmp = tempfile.mkdtemp()
failed = 0
cube_actions = drops = crawford_games = 0
CASES = [
    # (seed, black's seat, match length: 0 for a money game)
    (9, "engine:0", 0),
    (12, "engine:0", 0),
    (1, "engine", 0),
    (7, "engine", 5),
    (3, "engine:0", 7),
]
for seed, black, length in CASES:
    rec, mat = os.path.join(tmp, f"g{seed}.txt"), os.path.join(tmp, f"g{seed}.mat")
    args = [BRADE, "play", "--rules", "backgammon", "--white", "engine", "--black", black, "--seed", str(seed),
            "--record", rec]
    if length:
        args += ["--match", str(length)]
    subprocess.run(args, check=True, capture_output=True, timeout=120)
    p = subprocess.run([BRADE, "review", rec, "--mat", mat], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    rlength, want = read_record(rec)
    assert rlength == length
    out = subprocess.run([GNUBG, "-t", "-q", "-r", "-p", os.path.join(HERE, "mat_check.py")],
                         env=dict(os.environ, MAT=mat), capture_output=True, text=True, timeout=120).stdout
    glength, got = read_gnubg(out)
    problems = compare(length, want, glength, got)
    cube_actions += sum(len(g["cube"]) for g in want)
    drops += sum(a == "drop" for g in want for _, a in g["cube"])
    crawford_games += sum(g["crawford"] for g in got)
    what = f"{length}-point match" if length else "money game"
    print(f"{'FAIL' if problems else 'ok  '} seed {seed}, {what}: {len(want)} game(s), "
          f"{sum(len(g['moves']) for g in want)} moves, {sum(len(g['cube']) for g in want)} cube actions; "
          f"gnubg read {len(got)} game(s), {sum(len(g['moves']) for g in got)} moves")
    for p in problems:
        print("   ", p)
    if problems:
        failed += 1
        print(out[-2000:])
shutil.rmtree(tmp)
if cube_actions == 0 or drops == 0 or crawford_games == 0:
    print("FAIL: no cube action, no drop or no Crawford game: the seeds no longer test them")
    failed += 1
sys.exit(1 if failed else 0)
