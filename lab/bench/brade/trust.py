#!/usr/bin/env python3
"""How far the engine's margin between two plays can be trusted, per ruleset.

    trust.py [--brade build/brade] [--write FILE | --check FILE] [RECORD...]

For every position of the bundled judge records (tests/data/agreement/
*-seed*.txt, the first judges; the second judges rank the same positions
and would count each pair twice), the engine ranks the plays at the tutor's
depth (`brade analyse` without --plies: 2-ply in bräde, 1-ply in
backgammon).  Its best play is paired with each other play the record
rolled out (a position where its best was not rolled out is left out,
and counted on stderr); the pair's margin is the engine's equity
difference.  The judge's rollouts give the difference's mean d and its
standard error s, and the chance that the other play is in truth at least
as good, on a flat prior, is Phi(-d / s).  Averaged over the pairs whose
margin falls in a band, that is the share of such calls long rollouts
reverse: what the tutor says when it calls a play "a little worse"
(src/analysis/trust.c).

Without --write or --check it prints the table.  --write FILE writes it as
the C table the program is built with; --check FILE fails (exit 1) when
FILE is not what --write would write now: a net or the search changed
and the table was not made again.
"""
import argparse
import glob
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gnubg"))
from bradeproc import Brade  # noqa: E402

# the upper edges of the margin bands, in the ruleset's points; the last
# band is open
EDGES = [0.01, 0.02, 0.04, 0.08, 0.16]


def parse(path):
    """The record's ruleset and, per judged position, (id, roll, the plays
    rolled out, their means, their covariance), from the record's last pass."""
    rules, items = None, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("rules "):
                rules = line.split()[1]
            if not line.startswith("judged "):
                continue
            head, *plays = line.rstrip("\n").split(" | ")
            t = head.split()
            i = t.index("last")
            k = int(t[i + 1])
            mean = [float(x) for x in t[i + 2 + k:i + 2 + 2 * k]]
            tri = [float(x) for x in t[i + 2 + 2 * k:i + 2 + 2 * k + k * (k + 1) // 2]]
            cov = [[0.0] * k for _ in range(k)]
            p = 0
            for a in range(k):
                for b in range(a, k):
                    cov[a][b] = cov[b][a] = tri[p]
                    p += 1
            items.append((t[2], t[3], plays[:k], mean, cov))
    return rules, items


def pairs(brade, path):
    """The ruleset, the search's depth, and (margin, chance reversed) for
    every pair of one record."""
    rules, items = parse(path)
    b = Brade(brade, rules)
    out, plies, skipped = [], None, 0
    for pid, roll, plays, mean, cov in items:
        j = b.ask(f"--position-id {pid} --roll {roll}")
        plies = j["plies"]
        eq = {p["notation"]: p["equity"] for p in j["plays"]}
        missing = [p for p in plays if p not in eq]
        if missing:
            sys.exit(f"{path}: {pid} {roll}: {missing[0]} is not a play brade lists")
        best = j["plays"][0]["notation"]
        if best not in plays:
            skipped += 1  # the search's best was not rolled out: no pair to measure
            continue
        s = plays.index(best)
        for o in range(len(plays)):
            if o == s:
                continue
            d = mean[s] - mean[o]
            se = math.sqrt(max(cov[s][s] + cov[o][o] - 2 * cov[s][o], 0.0))
            rev = 0.5 * math.erfc(d / se / math.sqrt(2)) if se > 0 else float(d < 0)
            # a play the move filter cut keeps a shallower value, which may
            # lie above the best's: a margin of nothing, as trust_plays takes it
            out.append((max(eq[best] - eq[plays[o]], 0.0), rev))
    b.close()
    if skipped:
        print(f"{os.path.basename(path)}: {skipped} positions left out, the search's best not rolled out",
              file=sys.stderr)
    return rules, plies, out


def table(brade, records):
    """Per ruleset: (depth, [(pairs, share reversed) per band]), in record order."""
    found = {}
    for path in records:
        rules, plies, ps = pairs(brade, path)
        if rules in found and found[rules][0] != plies:
            sys.exit(f"{path}: judged at {plies} plies, other {rules} records at {found[rules][0]}")
        found.setdefault(rules, (plies, []))[1].extend(ps)
    rows = {}
    for rules, (plies, ps) in found.items():
        bands = []
        for lo, hi in zip([0.0] + EDGES, EDGES + [math.inf]):
            inb = [r for m, r in ps if lo <= m < hi]
            bands.append((len(inb), sum(inb) / len(inb) if inb else 0.0))
        rows[rules] = (plies, bands)
    return rows


def as_c(rows):
    """The table as the C header src/analysis/trust.c includes."""
    lines = ["/*",
             " * trust_table.h - made by `python3 lab/bench/brade/trust.py --write",
             " * src/analysis/trust_table.h`; do not edit by hand (trust.py --check, in",
             " * the slow suite, fails when the shipped nets no longer give this table).",
             " * Per ruleset preset, the depth measured, then per margin band (upper",
             " * edges TRUST_EDGES, the last band open) the pairs of plays measured and",
             " * the share of them long rollouts reverse.",
             " */",
             f"#define TRUST_BANDS {len(EDGES) + 1}",
             "static const double TRUST_EDGES[TRUST_BANDS - 1] = {" +
             ", ".join(f"{e:g}" for e in EDGES) + "};",
             "static const trust_row_t TRUST_ROWS[] = {"]
    for rules, (plies, bands) in rows.items():
        lines.append(f"    {{\"{rules}\", {plies}, {{" + ", ".join(str(n) for n, _ in bands) + "}, {" +
                     ", ".join(f"{s:.3f}" for _, s in bands) + "}},")
    lines.append("};")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--brade", default=os.environ.get("BRADE", os.path.join(HERE, "..", "..", "..", "build", "brade")))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write")
    g.add_argument("--check")
    a = ap.parse_args()
    records = a.records or sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "tests", "data", "agreement",
                                                         "*-seed*.txt")))
    rows = table(a.brade, records)
    text = as_c(rows)
    if a.write:
        with open(a.write, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    if a.check:
        with open(a.check, encoding="utf-8") as f:
            old = f.read()
        if old != text:
            print(f"{a.check}: not the table the shipped nets give now; make it again with\n"
                  f"  python3 lab/bench/brade/trust.py --write {a.check}\nnow:\n{text}")
            return 1
        print(f"{a.check}: as the shipped nets give it ({len(rows)} rulesets)")
        return 0
    heads = [f"< {EDGES[0]:g}"] + [f"{lo:g}-{hi:g}" for lo, hi in zip(EDGES, EDGES[1:])] + [f">= {EDGES[-1]:g}"]
    print("| ruleset | depth | " + " | ".join(heads) + " |")
    print("|---|---:|" + "---:|" * len(heads))
    for rules, (plies, bands) in rows.items():
        print(f"| {rules} | {plies} | " + " | ".join(f"{100 * s:.0f}% of {n}" for n, s in bands) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
