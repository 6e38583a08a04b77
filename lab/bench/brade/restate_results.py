#!/usr/bin/env python3
"""Write the rollout results `brade check` finds into the course files.

    lab/bench/brade/restate_results.py [--brade build/brade] FILE...

A new net changes every best-play rollout of its ruleset: the plays rolled
out, their equities and their intervals.  `brade check` plays each claim's
rollout again and, where the stated results differ, prints what the
rollout gives ("note: the rollout gives (put this under 'rollout'):" and a
`results:` block).  This script runs `brade check FILE...`, and puts each
such block in place of the `results:` list it belongs to (the one the
errors before the note point into), keeping the file's indentation.  It
changes nothing else: a claim the new rollout no longer upholds (`accept`
not the rollout's best) is still reported by `brade check` afterwards, and
is for a person to look at.  Prints what it replaced; run `brade check`
again after it.
"""
import argparse
import re
import subprocess
import sys

ERROR = re.compile(r"^(.+?):(\d+):\d+: error: ")
NOTE = re.compile(r"^(.+?): note: the rollout gives")


def blocks(output):
    """(file, line of the last error before the note, the new lines) each note."""
    last, found, lines, i = {}, [], output.splitlines(), 0
    while i < len(lines):
        m, n = ERROR.match(lines[i]), NOTE.match(lines[i])
        if m:
            last[m.group(1)] = int(m.group(2))
        elif n and n.group(1) in last:
            new, i = [], i + 1
            while i < len(lines) and re.match(r"\s+(results:|- \{play:)", lines[i]):
                new.append(lines[i].strip())
                i += 1
            found.append((n.group(1), last[n.group(1)], new))
            continue
        i += 1
    return found


def restate(path, at, new):
    """Replace the results list containing line `at` (1-based) of path."""
    text = open(path, encoding="utf-8").read().split("\n")
    start = at - 1
    while start >= 0 and text[start].strip() != "results:":
        start -= 1
    if start < 0 or not new or new[0] != "results:":
        return False
    indent = text[start][: len(text[start]) - len(text[start].lstrip())]
    end = start + 1
    while end < len(text) and text[end].strip().startswith("- {play:"):
        end += 1
    text[start:end] = [indent + "results:"] + [indent + "  " + line for line in new[1:]]
    open(path, "w", encoding="utf-8").write("\n".join(text))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    out = subprocess.run([args.brade, "check", *args.files], capture_output=True, text=True).stdout
    # Later blocks first, so earlier line numbers stay right.
    done = 0
    for path, at, new in sorted(blocks(out), key=lambda b: (b[0], -b[1])):
        if restate(path, at, new):
            done += 1
            print(f"{path}:{at}: results restated ({len(new) - 1} plays)")
        else:
            print(f"{path}:{at}: no results list found to restate", file=sys.stderr)
    print(f"{done} results lists restated; run `brade check` again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
