#!/usr/bin/env python3
"""docs/glossary.md: every term of the main table has its meaning in the
Swedish table, and the Swedish table names no term the main table lacks
(the tutor's `glossary` matches the two by the term cell, so a term spelt
differently in one of them would silently lose its Swedish meaning)."""
import os
import sys

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "glossary.md")
main, swedish, in_swedish = [], [], False
for line in open(path, encoding="utf-8"):
    if line.startswith("## Förklaringar på svenska"):
        in_swedish = True
    if not line.startswith("| **"):
        continue
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    (swedish if in_swedish else main).append(cells[0])
    if in_swedish and (len(cells) != 2 or not cells[1]):
        print(f"Swedish row with {len(cells)} cells: {line.strip()[:80]}")
        sys.exit(1)
missing = [t for t in main if t not in swedish]
extra = [t for t in swedish if t not in main]
twice = sorted({t for t in swedish if swedish.count(t) > 1})
for what, terms in (("no Swedish meaning", missing), ("in the Swedish table only", extra), ("twice", twice)):
    for t in terms:
        print(f"{what}: {t}")
print(f"{len(main)} terms, {len(swedish)} Swedish meanings")
sys.exit(1 if missing or extra or twice or not main else 0)
