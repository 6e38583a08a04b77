#!/usr/bin/env python3
"""Perft golden test: play counts over all rolls for fixed positions.

For each line of positions.txt it runs `brade perft ... --depth N` and
compares every `perft D COUNT` line with perft.golden.  A difference means the
rules engine changed behaviour; if the change is intended, check the new
counts (tests/ref/brade_ref.py counts depth 1 independently) and regenerate
with --write.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BRADE = os.environ.get("BRADE", "build/brade")


def positions():
    for line in open(os.path.join(HERE, "positions.txt"), encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rules, white, black, to_move, depth = [f.strip() for f in line.split("|")]
        yield line, rules, white, black, to_move, int(depth)


def counts(rules, white, black, to_move, depth):
    p = subprocess.run([BRADE, "perft", "--rules", rules, "--white", white, "--black", black,
                        "--to-move", to_move, "--depth", str(depth)],
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return [l.strip() for l in p.stdout.splitlines() if l.startswith("perft ")], ""


def main(argv):
    golden_path = os.path.join(HERE, "perft.golden")
    if "--write" in argv:
        with open(golden_path, "w", encoding="utf-8") as out:
            for line, *args in positions():
                got, err = counts(*args)
                out.write(line + "\n")
                for g in got or ["error " + err]:
                    out.write("  " + g + "\n")
        print("wrote", golden_path)
        return 0
    golden = {}
    key = None
    for line in open(golden_path, encoding="utf-8"):
        if line.startswith("  "):
            golden.setdefault(key, []).append(line.strip())
        elif line.strip():
            key = line.strip()
    passed = failed = 0
    for line, *args in positions():
        got, err = counts(*args)
        if got == golden.get(line):
            passed += 1
        else:
            failed += 1
            print(f"perft differs: {line}\n  expected {golden.get(line)}\n  got      {got} {err}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
