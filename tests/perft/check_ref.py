#!/usr/bin/env python3
"""Checks the depth-1 golden perft counts with the independent reference
implementation (tests/ref/brade_ref.py): for every bräde position in
positions.txt whose ruleset the reference knows, the distinct plays summed
over the 21 rolls must equal the frozen count.  (The double-six and five-blot
variants are outside the reference; their counts were checked by hand: the
start position has the 39 plays of the standard rules, plus the six-stack
with 6-6 under double-six.)"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "..", "ref", "brade_ref.py")


def main():
    golden, key = {}, None
    for line in open(os.path.join(HERE, "perft.golden"), encoding="utf-8"):
        if line.startswith("  "):
            golden.setdefault(key, []).append(line.strip())
        elif line.strip():
            key = line.strip()
    passed = failed = 0
    for line in open(os.path.join(HERE, "positions.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rules, white, black, to_move, _ = [f.strip() for f in line.split("|")]
        if rules.startswith("backgammon") or "double-six" in rules or "five-blot" in rules:
            continue
        total = 0
        for a in range(1, 7):
            for b in range(1, a + 1):
                p = subprocess.run([sys.executable, REF, "moves", "--rules", rules, "--white", white,
                                    "--black", black, "--to-move", to_move, "--roll", f"{a}-{b}",
                                    "--json"], capture_output=True, text=True, check=True)
                total += len(json.loads(p.stdout)["plays"])
        if golden[line][0] == f"perft 1 {total}":
            passed += 1
        else:
            failed += 1
            print(f"{line}: golden {golden[line][0]}, reference perft 1 {total}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
