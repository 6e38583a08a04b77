#!/usr/bin/env python3
"""Check brade's backgammon legal plays against GNU Backgammon's (bg-corpus.txt).

    BRADE=build/brade python3 tests/data/check-bg-corpus.py [CORPUS]

For every corpus line `POSITIONID A-B N ID1 .. IDN` it runs
    $BRADE moves --rules backgammon --position-id POSITIONID --roll A-B --json
and compares the set of the plays' `position_id` values with ID1..IDN.
Prints each mismatch (position, roll, missing and extra IDs, decoded), then
a last line `N passed, M failed`; exits 1 when anything failed.

Environment: BRADE (default build/brade, relative to the current directory
or else to the repository root), BG_CHECK_JOBS (parallel runs, default 2).
Standard library only.
"""

import base64
import concurrent.futures
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def find_brade():
    b = os.environ.get("BRADE", "build/brade")
    if os.path.isabs(b) or os.path.exists(b):
        return b
    alt = os.path.join(REPO, b)
    return alt if os.path.exists(alt) else b


def decode(pid):
    """gnubg Position ID -> (not on roll, on roll), each 25 slots: slots
    0..23 = that side's points 1..24 in its own numbering, slot 24 = bar.
    (Encoding documented in gen-bg-corpus.py.)  None if malformed."""
    try:
        key = base64.b64decode(pid + "==", validate=True)
    except Exception:
        return None
    if len(pid) != 14 or len(key) != 10:
        return None
    sides, cur, n = [], [], 0
    for k in range(80):
        if key[k // 8] >> (k % 8) & 1:
            n += 1
        else:
            cur.append(n)
            n = 0
            if len(cur) == 25:
                sides.append(cur)
                cur = []
                if len(sides) == 2:
                    break
    if len(sides) != 2:
        return None
    return sides[0], sides[1]


def spec(side):
    toks = ["%d:%d" % (i + 1, n) for i, n in enumerate(side[:24]) if n]
    if side[24]:
        toks.append("bar:%d" % side[24])
    off = 15 - sum(side)
    if off:
        toks.append("off:%d" % off)
    return " ".join(toks) or "-"


def describe(pid, after=False):
    d = decode(pid)
    if d is None:
        return "%s (undecodable)" % pid
    b0, b1 = d
    if after:  # b0 is the side that just moved, b1 its opponent (now on roll)
        return "%s [mover %s | other %s]" % (pid, spec(b0), spec(b1))
    return "%s [on roll %s | other %s]" % (pid, spec(b1), spec(b0))


def read_corpus(path):
    entries = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            t = line.split()
            n = int(t[2])
            ids = t[3:]
            if len(ids) != n:
                raise SystemExit("%s:%d: N=%d but %d IDs" % (path, lineno, n, len(ids)))
            entries.append((lineno, t[0], t[1], ids))
    return entries


def run_one(brade, entry):
    lineno, pid, roll, want = entry
    cmd = [brade, "moves", "--rules", "backgammon", "--position-id", pid, "--roll", roll, "--json"]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    except Exception as e:  # missing binary, timeout
        return entry, "could not run %s: %s" % (" ".join(cmd), e), None, None
    if p.returncode != 0:
        err = p.stderr.decode(errors="replace").strip()
        return entry, "exit status %d: %s" % (p.returncode, err[:300]), None, None
    try:
        plays = json.loads(p.stdout)["plays"]
        got = [pl["position_id"] for pl in plays]
    except Exception as e:
        return entry, "bad JSON output: %s" % e, None, None
    dups = sorted({g for g in got if got.count(g) > 1})
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    if missing or extra or dups:
        note = "listed twice: %s" % " ".join(dups) if dups else ""
        return entry, note, missing, extra
    return entry, None, None, None


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "bg-corpus.txt")
    brade = find_brade()
    jobs = int(os.environ.get("BG_CHECK_JOBS", "2"))
    entries = read_corpus(path)
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for entry, note, missing, extra in ex.map(lambda e: run_one(brade, e), entries):
            lineno, pid, roll, want = entry
            if note is None and not missing and not extra:
                passed += 1
                continue
            failed += 1
            print("FAIL line %d: %s roll %s: expected %d plays" % (lineno, describe(pid), roll, len(want)))
            if note:
                print("  " + note)
            for i in missing or []:
                print("  missing %s" % describe(i, after=True))
            for i in extra or []:
                print("  extra   %s" % describe(i, after=True))
    sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not entries else 0


if __name__ == "__main__":
    sys.exit(main())
