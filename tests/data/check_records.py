#!/usr/bin/env python3
"""The bundled sequential-judge records still read, and are documented.

For every tests/data/agreement/*.txt (and second-judges/*.txt, the
judges of those positions made otherwise, and race/*.txt and
race/second-judges/*.txt, judges of race positions alone, kept apart so that goal.py and judges.sh, which sum the
first, do not count a position twice or mix the two kinds): `brade-lab selfplay --rejudge FILE
--plies 0 --json` must accept it (a record the program can no longer read
is refused with path:line, and the benchmarks built on it would stop),
judge as many positions as the file has `judged` lines, name the ruleset
its header names, and name a best play for every judged position.  And tests/data/agreement/README.md must
list each file with that many positions, so the table a reader trusts is
the data that is there.  Uses $BRADE (the build's brade).
"""
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "agreement")


def header(path):
    """The header's key-value lines, and the count of judged lines."""
    keys, judged = {}, 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("judged "):
                judged += 1
            elif judged == 0 and " " in line.strip():
                k, v = line.strip().split(" ", 1)
                keys[k] = v
    return keys, judged


def main():
    brade = os.environ.get("BRADE", os.path.join(HERE, "..", "..", "build", "brade"))
    with open(os.path.join(DIR, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    listed = dict(re.findall(r"^\| `([^`]+\.txt)` \| (\d+) \|", readme, re.M))
    records = sorted(glob.glob(os.path.join(DIR, "*.txt"))) + \
        sorted(glob.glob(os.path.join(DIR, "second-judges", "*.txt"))) + \
        sorted(glob.glob(os.path.join(DIR, "race", "*.txt"))) + \
        sorted(glob.glob(os.path.join(DIR, "race", "second-judges", "*.txt")))
    errors = []
    if not records:
        errors.append(f"{DIR}: no records")
    # the records are judged two at a time (the machines have two cores),
    # and checked in order as before
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = pool.map(lambda path: subprocess.run([os.path.join(os.path.dirname(brade), "brade-lab"), "selfplay", "--rejudge", path, "--plies", "0",
                                                     "--json"], capture_output=True, text=True, timeout=600),
                        records)
        for path, r in zip(records, runs):
            check(path, r, listed, errors)
    for name in listed:
        if not os.path.exists(os.path.join(DIR, name)):
            errors.append(f"README.md: lists {name}, which is not there")
    for e in errors:
        print(e)
    print(f"{len(records)} records checked, {len(errors)} problems")
    return 1 if errors else 0


def check(path, r, listed, errors):
    """Adds to errors what is wrong with one record: its rejudge run r
    (brade's JSON on stdout) against its own header and the README's
    table (listed: file name to positions)."""
    name = os.path.relpath(path, DIR)
    keys, judged = header(path)
    if r.returncode != 0:
        errors.append(f"{name}: brade refused it: {r.stderr.strip()}")
        return
    j = json.loads(r.stdout)
    if j["positions"] != judged:
        errors.append(f"{name}: {judged} judged lines, brade judged {j['positions']} positions")
    if "rules" in keys and j["rules"] != keys["rules"]:
        errors.append(f"{name}: header rules {keys['rules']}, brade judged under {j['rules']}")
    if judged == 0:
        errors.append(f"{name}: no judged positions")
    for item in j["judged"]:
        if not item["best"]:
            errors.append(f"{name}: position {item['index']} has no best play")
    if name not in listed:
        errors.append(f"README.md: {name} is not in the table")
    elif int(listed[name]) != judged:
        errors.append(f"README.md: {name} listed with {listed[name]} positions, holds {judged}")


if __name__ == "__main__":
    sys.exit(main())
