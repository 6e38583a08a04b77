#!/usr/bin/env python3
"""A backgammon game exported with `brade review FILE --mat OUT` opens in
GNU Backgammon: gnubg imports it with every move, in order, with the same
dice and the same number of checker moves, every cube action (double,
take, drop) by the same player, and the same winner with the same points.
The seeds are chosen so that the games have doubles, takes and a drop.
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

tmp = tempfile.mkdtemp()
failed = 0
cube_actions = 0
drops = 0
for seed, black in ((9, "engine:0"), (12, "engine:0"), (1, "engine")):
    rec, mat = os.path.join(tmp, f"g{seed}.txt"), os.path.join(tmp, f"g{seed}.mat")
    subprocess.run([BRADE, "play", "--rules", "backgammon", "--white", "engine", "--black", black,
                    "--seed", str(seed), "--record", rec], check=True, capture_output=True, timeout=120)
    p = subprocess.run([BRADE, "review", rec, "--mat", mat], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    want, cube = [], []
    winner = points = None
    for line in open(rec):
        m = re.match(r"(white|black) (\d)-(\d) (.*)", line.strip())
        if m:
            steps = 0 if m.group(4) == "-" else len(m.group(4).split())
            want.append((m.group(1), m.group(2) + m.group(3), steps))
        m = re.match(r"(white|black) (doubles|takes|drops)$", line.strip())
        if m:
            cube.append((m.group(1), {"doubles": "double", "takes": "take", "drops": "drop"}[m.group(2)]))
        m = re.match(r"result (white|black) \S+ (\d+)", line)
        if m:
            winner, points = m.group(1), m.group(2)
    cube_actions += len(cube)
    drops += sum(a == "drop" for _, a in cube)
    out = subprocess.run([GNUBG, "-t", "-q", "-r", "-p", os.path.join(HERE, "mat_check.py")],
                         env=dict(os.environ, MAT=mat), capture_output=True, text=True, timeout=120).stdout
    got = [l.split()[1:] for l in out.splitlines() if l.startswith("MOVE ")]
    names = {}
    ok = len(got) == len(want)
    for (colour, dice, steps), (player, gdice, gsteps) in zip(want, got):
        names.setdefault(colour, player)
        ok &= names[colour] == player and dice in (gdice, gdice[::-1]) and steps == int(gsteps)
    gcube = [l.split()[1:] for l in out.splitlines() if l.startswith("CUBE ")]
    ok &= [(names.get(c), a) for c, a in cube] == [tuple(x) for x in gcube]
    gw = [l.split()[1:] for l in out.splitlines() if l.startswith("WINNER ")]
    ok &= len(names) == 2 and gw == [[names.get(winner), points]]
    print(f"{'ok  ' if ok else 'FAIL'} seed {seed}: {len(want)} moves and {len(cube)} cube actions, gnubg read "
          f"{len(got)} and {len(gcube)}, winner {winner} ({points} points)")
    if not ok:
        failed += 1
        print(out[-2000:])
shutil.rmtree(tmp)
if cube_actions == 0 or drops == 0:
    print("FAIL: no game had a cube action, or none a drop: the seeds no longer test the cube")
    failed += 1
sys.exit(1 if failed else 0)
