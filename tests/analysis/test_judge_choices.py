#!/usr/bin/env python3
"""lab/bench/gnubg/judge_choices.py, end to end on a small backgammon judge
record: every choice it gives brade is GNU Backgammon's best play by its
own reference (matched by the Position ID after the play), one line a
judged position; its rows are what `selfplay --rejudge` says of those
choices and of brade's own search.  Skipped (exit 77) where gnubg is not
installed."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

BRADE = os.path.abspath(os.environ.get("BRADE", "build/brade"))
GNUBG = shutil.which("gnubg") or ("/usr/games/gnubg" if os.path.exists("/usr/games/gnubg") else None)
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "lab", "bench", "gnubg", "judge_choices.py")
if not GNUBG:
    print("gnubg is not installed: skipped")
    sys.exit(77)


def run(args):
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, (args, p.stdout, p.stderr)
    return p.stdout


d = tempfile.mkdtemp()
try:
    rec = os.path.join(d, "bg.txt")
    run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rules", "backgammon", "--agreement", "8", "--rollouts", "24", "--top", "8",
         "--seed", "3", "--save", rec])
    keep = os.path.join(d, "jc")
    out = run([sys.executable, SCRIPT, "--record", rec, "--plies", "0", "--brade", BRADE, "--keep", keep])
    rows = [line for line in out.splitlines() if line.startswith("| gnubg") or line.startswith("| brade")]
    assert len(rows) == 2 and rows[0].startswith("| gnubg 0-ply") and rows[1].startswith("| brade 0-ply"), out
    judged = json.loads(run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", rec, "--plies", "0", "--json"]))["judged"]
    choices = [line.split(" ", 2) for line in open(os.path.join(keep, "choices-gnubg0.txt")).read().splitlines()]
    assert len(choices) == len(judged) == 8, (choices, judged)
    ref = {}
    for line in open(os.path.join(keep, "gnubg0.jsonl")):
        r = json.loads(line)
        ref[(r["id"], r["roll"])] = r["plays"]
    for (pid, roll, play), j in zip(choices, judged):
        assert (pid, roll) == (j["id"], j["roll"]), (pid, roll, j)
        plays = ref[(pid, roll.replace("-", ""))]
        a = json.loads(run([BRADE, "analyse", "--rules", "backgammon", "--position-id", pid, "--roll", roll,
                            "--plies", "0", "--json"]))
        after = [p["position_id"] for p in a["plays"] if p["notation"] == play]
        assert len(after) == 1 and plays[after[0]] == max(plays.values()), (pid, roll, play, plays)
    # the rows: gnubg's from its choices, brade's from its 0-ply search
    got = json.loads(run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", rec, "--choices",
                          os.path.join(keep, "choices-gnubg0.txt"), "--json"]))
    assert rows[0].split("|")[2].strip() == f"{got['agree']} of 8", (rows[0], got)
    mine = json.loads(run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", rec, "--plies", "0", "--json"]))
    assert rows[1].split("|")[2].strip() == f"{mine['agree']} of 8", (rows[1], mine)
    print("ok   judge-choices")
finally:
    shutil.rmtree(d)
