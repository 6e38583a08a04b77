#!/usr/bin/env python3
"""lab/bench/brade/depths.py judges depth choosers as brade judges the search.

On the first 30 positions of a record at 0 and 1 ply (seconds): each depth's row carries the
confirmed figures `brade-lab selfplay --rejudge --plies P --json` gives the
search at that depth (the analysis and the rejudge choose alike); a
blend weighing only the deeper depth is that depth's row; a blend in between
is a row of its own over the same positions; a second run with the same
--cache answers from it (no file added, the same table); a --blend that
is not D1:D2:W, or that names a depth --plies leaves out, is refused
with a message.  Uses $BRADE (the build's brade).
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from clicases import BRADE, Checks, run  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
DEPTHS = os.path.join(ROOT, "lab", "bench", "brade", "depths.py")
RECORD = os.path.join(ROOT, "tests", "data", "agreement", "helmfrid-seed5.txt")
N = 30  # positions of the record judged
check = Checks()


def shortened(path, n):
    """A copy of RECORD at path with its first n judged positions only (a
    record may hold fewer than it was made for, as a stopped run's does)."""
    out, kept = [], 0
    with open(RECORD, encoding="utf-8") as f:
        for line in f:
            if line.startswith("judged "):
                if kept == n:
                    continue
                kept += 1
            out.append(line)
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(out)
    return path


def depths(*extra):
    r = subprocess.run([sys.executable, DEPTHS, "--brade", BRADE, *extra],
                       capture_output=True, text=True, timeout=300)
    rows = {}
    for line in r.stdout.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[2].isdigit():
            rows[cells[1]] = cells
    return r.returncode, rows, r.stdout, r.stderr


def rejudged(record, plies):
    d = json.loads(run(["selfplay", "--rejudge", record, "--plies", str(plies), "--json"]).stdout)
    return [str(d["positions"]), str(d["agree_confirmed"]), str(d["within_ci_confirmed"]),
            f"{d['mean_loss_confirmed']:.4f}", str(d["unjudged"])]


def main():
    with tempfile.TemporaryDirectory() as d:
        cache = os.path.join(d, "cache")
        record = shortened(os.path.join(d, "helmfrid-seed5.txt"), N)
        rc, rows, out, err = depths("--plies", "0,1", "--blend", "0:1:1", "--blend", "0:1:0.5",
                                    "--cache", cache, record)
        check(rc == 0 and len(rows) == 4, f"a row for each depth and blend ({rc}, {sorted(rows)}, {err.strip()[:120]})")
        if rc != 0 or len(rows) != 4:
            return check.done()
        for p in (0, 1):
            want = rejudged(record, p)
            check(rows[f"{p}-ply"][0] == "helmfrid" and rows[f"{p}-ply"][2:] == want,
                  f"{p}-ply: the rejudge's figures {want} ({rows[f'{p}-ply'][2:]})")
        check(rows["0 of 0-ply, 1 of 1-ply"][2:] == rows["1-ply"][2:], "a blend of 1-ply alone chooses as 1-ply")
        half = rows["0.5 of 0-ply, 0.5 of 1-ply"]
        check(half[2] == str(N) and 0 <= int(half[3]) <= int(half[4]) <= N,
              f"the even blend is judged on the same {N} positions ({half[2:]})")
        files = sorted(os.listdir(cache))
        check(len(files) == 2 * N, f"the cache holds an answer a position and depth ({len(files)})")
        rc2, rows2, _, _ = depths("--plies", "0,1", "--cache", cache, record)
        check(rc2 == 0 and rows2 == {k: rows[k] for k in ("0-ply", "1-ply")} and sorted(os.listdir(cache)) == files,
              "a second run answers from the cache: the same rows, no file added")

    for bad, says in ((("--blend", "2:3"), "is not D1:D2:W"),
                      (("--blend", "1:2:1.5"), "W is in [0, 1]"),
                      (("--plies", "0,1", "--blend", "1:2:0.5"), "--plies 0,1 does not analyse")):
        rc, _, _, err = depths(*bad, RECORD)
        check(rc == 2 and says in err, f"{' '.join(bad)} is refused: {err.strip().splitlines()[-1] if err.strip() else rc}")
    return check.done()


if __name__ == "__main__":
    sys.exit(main())
