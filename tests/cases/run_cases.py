#!/usr/bin/env python3
"""Run the golden case files (tests/cases/*.case) against `brade`.

Usage:
    run_cases.py [--selfcheck] [--verbose] [FILE.case ...]

With no files, every *.case file next to this script is run. The binary is taken
from the environment variable BRADE (default: build/brade under the repository root).

--selfcheck  only parse the case files and check every position written in them
             (15 checkers a side, no point shared by both colours, no band on 2..11
             outside the double-six case); the binary is not run.

The case format is described in README.md beside this script. Each case is run once
per ruleset named in its --rules list; the last line printed is always
"N passed, M failed" (one count per case x ruleset); the exit status is 1 when
anything failed (or a file could not be parsed), else 0.

Adding a new kind of golden case (e.g. `judge`): write a function
`run_<kind>(case, ruleset) -> (ok: bool, details: list[str])` and register it in
COMMANDS below. The parser already accepts any registered first word; the
expected lines of the case are in case.expected (raw strings, comments removed),
case.mode is "exact", "contains" or "error".
"""

import json
import os
import re
import shlex
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PRESETS = ("lyckans-talisman", "helmfrid", "vasa", "theboard", "backgammon")
TIMEOUT = 30


def brade_path():
    path = os.environ.get("BRADE")
    if path:
        return path
    return os.path.join(REPO, "build", "brade")


# ---------------------------------------------------------------------------
# Side specs
# ---------------------------------------------------------------------------

class SpecError(ValueError):
    pass


def parse_spec(spec):
    """Parse a side spec into (points{p: n}, bar, off). off defaults to 15 - rest."""
    points = {}
    bar = 0
    off = None
    for tok in re.split(r"[\s,]+", spec.strip()):
        if not tok:
            continue
        m = re.fullmatch(r"(\d+|bar|off)(?::(\d+))?", tok)
        if not m:
            raise SpecError("bad token %r in spec %r" % (tok, spec))
        where, count = m.group(1), int(m.group(2)) if m.group(2) is not None else 1
        if where == "bar":
            bar += count
        elif where == "off":
            if off is not None:
                raise SpecError("off given twice in %r" % spec)
            off = count
        else:
            p = int(where)
            if not 1 <= p <= 24:
                raise SpecError("point %d out of range in %r" % (p, spec))
            points[p] = points.get(p, 0) + count
    on = sum(points.values()) + bar
    if off is None:
        off = 15 - on
    return {p: n for p, n in points.items() if n > 0}, bar, off


def format_spec(points, bar, off):
    toks = ["%d:%d" % (p, points[p]) for p in sorted(points) if points[p] > 0]
    if bar > 0:
        toks.append("bar:%d" % bar)
    if off > 0:
        toks.append("off:%d" % off)
    return " ".join(toks)


def canonical_spec(spec):
    return format_spec(*parse_spec(spec))


def format_outcome(outcome):
    if outcome is None:
        return "-"
    munk = "true" if outcome.get("munk") else "false"
    return "%s munk=%s points=%s" % (outcome.get("kind"), munk, outcome.get("points"))


def play_line(white, black, outcome_text):
    return "white %s | black %s | %s" % (white, black, outcome_text)


LINE_RE = re.compile(r"^white\s+(.*?)\s*\|\s*black\s+(.*?)\s*\|\s*(.+?)\s*$")


def normalise_line(line):
    """Canonical form of an expected play line; raises SpecError if malformed."""
    m = LINE_RE.match(line)
    if not m:
        raise SpecError("not a play line: %r" % line)
    white, black, outcome = m.groups()
    outcome = " ".join(outcome.split())
    if outcome != "-" and not re.fullmatch(
            r"[a-z][a-z0-9-]* munk=(true|false) points=-?\d+", outcome):
        raise SpecError("bad outcome %r" % outcome)
    return play_line(canonical_spec(white), canonical_spec(black), outcome)


def split_rules(value):
    """Split a --rules list on commas, keeping commas inside option values
    (e.g. extra-patterns=kejsar,951) with the ruleset they belong to."""
    out = []
    for piece in value.split(","):
        name = piece.split("+", 1)[0]
        if out and name not in PRESETS:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


# ---------------------------------------------------------------------------
# Case files
# ---------------------------------------------------------------------------

class Case:
    def __init__(self, path, lineno, comments, command_line):
        self.path = path
        self.lineno = lineno
        self.comments = comments
        self.command_line = command_line
        self.words = shlex.split(command_line)
        self.kind = self.words[0]
        self.mode = "exact"
        self.expected = []      # raw expected lines
        self.absent = []        # raw lines that must not appear (contains mode)

    def title(self):
        for c in self.comments:
            if c.strip():
                return c.strip()
        return self.command_line

    def option(self, name):
        if name in self.words:
            i = self.words.index(name)
            if i + 1 < len(self.words):
                return self.words[i + 1]
        return None

    def rulesets(self):
        value = self.option("--rules")
        return split_rules(value) if value else ["(default)"]


def parse_case_file(path):
    cases = []
    errors = []
    comments = []
    current = None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            stripped = line.strip()
            if not stripped:
                if current is not None:
                    cases.append(current)
                    current = None
                    comments = []
                continue
            if stripped.startswith("#"):
                if current is None:
                    comments.append(stripped.lstrip("#").strip())
                continue
            if current is None:
                first = stripped.split()[0]
                if first not in COMMANDS:
                    errors.append("%s:%d: unknown command %r" % (path, lineno, first))
                    comments = []
                    continue
                try:
                    current = Case(path, lineno, comments, stripped)
                except ValueError as e:
                    errors.append("%s:%d: %s" % (path, lineno, e))
                continue
            if stripped == "contains" and not current.expected:
                current.mode = "contains"
            elif stripped == "error" and not current.expected:
                current.mode = "error"
            elif stripped.startswith("not "):
                if current.mode != "contains":
                    errors.append("%s:%d: 'not' lines need contains mode" % (path, lineno))
                current.absent.append(stripped[4:].strip())
            else:
                if current.mode == "error":
                    errors.append("%s:%d: play line after 'error'" % (path, lineno))
                current.expected.append(stripped)
    if current is not None:
        cases.append(current)
    return cases, errors


# ---------------------------------------------------------------------------
# Running `brade moves`
# ---------------------------------------------------------------------------

def moves_argv(case, ruleset):
    words = list(case.words[1:])
    if "--rules" in words:
        i = words.index("--rules")
        words[i + 1] = ruleset
    if "--json" not in words:
        words.append("--json")
    return [brade_path(), "moves"] + words


def call_moves(argv):
    """Run brade; returns (returncode, stdout, stderr) or raises OSError."""
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=TIMEOUT, universal_newlines=True)
    return proc.returncode, proc.stdout, proc.stderr


def plays_from_json(doc):
    """Convert a `brade moves --json` document to (lines, problems)."""
    lines = []
    problems = []
    plays = doc.get("plays")
    if not isinstance(plays, list):
        return [], ["JSON has no 'plays' list"]
    for play in plays:
        white = play.get("white", "")
        black = play.get("black", "")
        for side, spec in (("white", white), ("black", black)):
            try:
                canon = canonical_spec(spec)
            except SpecError as e:
                problems.append("unparsable %s spec %r (%s)" % (side, spec, e))
                continue
            if canon != spec:
                problems.append("non-canonical %s spec %r (canonical: %r)" % (side, spec, canon))
        try:
            line = play_line(canonical_spec(white), canonical_spec(black),
                             format_outcome(play.get("outcome")))
        except SpecError:
            line = play_line(white, black, format_outcome(play.get("outcome")))
        lines.append(line)
    return lines, problems


def run_moves(case, ruleset):
    argv = moves_argv(case, ruleset)
    details = ["command: " + " ".join(shlex.quote(a) for a in argv)]
    try:
        rc, out, err = call_moves(argv)
    except FileNotFoundError:
        return False, details + ["binary not found: %s" % argv[0]]
    except subprocess.TimeoutExpired:
        return False, details + ["timed out after %d s" % TIMEOUT]
    except OSError as e:
        return False, details + ["cannot run: %s" % e]

    if case.mode == "error":
        if rc == 2 and out.strip() == "":
            return True, details
        details.append("expected rejection (exit 2, empty stdout); got exit %d" % rc)
        if out.strip():
            details.append("stdout: " + out.strip()[:500])
        return False, details

    if rc != 0:
        details.append("exit status %d; stderr: %s" % (rc, err.strip()[:500]))
        return False, details
    try:
        doc = json.loads(out)
    except ValueError as e:
        details.append("stdout is not JSON (%s): %s" % (e, out.strip()[:300]))
        return False, details

    got, problems = plays_from_json(doc)
    want = [normalise_line(l) for l in case.expected]
    absent = [normalise_line(l) for l in case.absent]
    got_c = Counter(got)
    ok = not problems
    dups = sorted(l for l, n in got_c.items() if n > 1)
    if dups:
        ok = False
        problems += ["duplicate play: " + l for l in dups]
    missing = [l for l in want if l not in got_c]
    if case.mode == "exact":
        extra = sorted(l for l in got_c if l not in set(want))
        if len(set(want)) != len(want):
            problems.append("case lists a play twice")
            ok = False
    else:
        extra = [l for l in absent if l in got_c]
    if missing or extra:
        ok = False
    details += problems
    details += ["missing: " + l for l in missing]
    details += [("extra: " if case.mode == "exact" else "present but must not be: ") + l
                for l in extra]
    if not ok and case.mode == "exact":
        details.append("expected %d plays, engine gave %d" % (len(set(want)), len(got)))
    if not ok:
        details.append("engine notations: " + "; ".join(
            repr(p.get("notation", "")) for p in doc.get("plays", [])[:40]))
    return ok, details


def run_judge(case, ruleset):
    # Hook for golden `judge` cases (the tutor's verdict on a chosen play). Not defined yet:
    # implement like run_moves (build argv from case.words, compare with case.expected).
    return False, ["'judge' cases are not supported by this runner yet"]


COMMANDS = {
    "moves": run_moves,
    "judge": run_judge,
}


# ---------------------------------------------------------------------------
# Self-check of the positions written in the case files
# ---------------------------------------------------------------------------

def check_position(white, black, backgammon, stack_ok=False):
    """Return a list of problems with a position given as two side specs."""
    problems = []
    try:
        wp, wb, wo = parse_spec(white)
        bp, bb, bo = parse_spec(black)
    except SpecError as e:
        return [str(e)]
    for name, pts, bar, off in (("white", wp, wb, wo), ("black", bp, bb, bo)):
        total = sum(pts.values()) + bar + off
        if total != 15 or off < 0:
            problems.append("%s has %d checkers" % (name, total))
        if not backgammon:
            for p, n in pts.items():
                if 2 <= p <= 11 and n > 1 and not (stack_ok and p == 7 and n == 6):
                    problems.append("%s band on %d" % (name, p))
    for p in wp:
        q = (25 - p) if backgammon else ((p + 11) % 24) + 1
        if q in bp:
            problems.append("white %d and black %d are the same point" % (p, q))
    return problems


def selfcheck(cases):
    problems = []
    for case in cases:
        if case.kind != "moves":
            continue
        where = "%s:%d" % (os.path.basename(case.path), case.lineno)
        bg = any(r.startswith("backgammon") for r in case.rulesets())
        stack = "double-six" in case.command_line
        white, black = case.option("--white"), case.option("--black")
        if white is None or black is None:
            problems.append(where + ": command lacks --white/--black")
            continue
        if case.mode != "error":
            problems += [where + ": start: " + p for p in check_position(white, black, bg, stack)]
        for line in case.expected + case.absent:
            try:
                normalise_line(line)
            except SpecError as e:
                problems.append("%s: %s" % (where, e))
                continue
            m = LINE_RE.match(line)
            for p in check_position(m.group(1), m.group(2), bg, stack):
                problems.append("%s: %s: %s" % (where, p, line))
        if case.mode != "error" and not case.expected:
            problems.append(where + ": no expected plays")
    return problems


# ---------------------------------------------------------------------------

def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = [a for a in argv if a.startswith("--")]
    verbose = "--verbose" in flags
    files = args or sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".case"))

    cases = []
    parse_errors = []
    for path in files:
        if not os.path.exists(path) and os.path.exists(os.path.join(HERE, path)):
            path = os.path.join(HERE, path)
        try:
            c, e = parse_case_file(path)
        except OSError as err:
            c, e = [], ["%s: %s" % (path, err)]
        cases += c
        parse_errors += e
    for e in parse_errors:
        print("PARSE ERROR " + e)

    if "--selfcheck" in flags:
        problems = selfcheck(cases)
        for p in problems:
            print("SELFCHECK " + p)
        n_lines = sum(len(c.expected) + len(c.absent) for c in cases)
        print("%d cases, %d expected lines checked, %d problems" % (len(cases), n_lines,
                                                                    len(problems) + len(parse_errors)))
        return 1 if problems or parse_errors else 0

    passed = failed = 0
    for case in cases:
        for ruleset in case.rulesets():
            ok, details = COMMANDS[case.kind](case, ruleset)
            label = "%s:%d [%s]" % (os.path.basename(case.path), case.lineno, ruleset)
            if ok:
                passed += 1
                if verbose:
                    print("ok   %s %s" % (label, case.title()))
            else:
                failed += 1
                print("FAIL %s" % label)
                for c in case.comments:
                    print("  # " + c)
                for d in details:
                    print("  " + d)
    failed += len(parse_errors)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
