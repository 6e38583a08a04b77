#!/usr/bin/env python3
"""Puzzles mined from games (brade-lab mine, issue 77; docs/puzzles.md):

  - a short run without rollouts (two games, seed 7) writes a course file
    that `brade check` passes, every item with its `mined` mapping, a
    difficulty of 1 to 5, themes, and a title that does not give away
    the answer; the same seed writes the same file;
  - the tutor loads them from a course's puzzles/mined/: `puzzles` lists the
    hand-made ones and counts the mined by ruleset, `puzzles THEME` lists
    a theme's, `puzzle ID` opens one;
  - with --best on (rollouts) in the 'slow' suite (--slow): the
    best-play claims pass `brade check` with their rollouts played again."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

BRADE = os.environ.get("BRADE", "build/brade")
LAB = os.environ.get("BRADE_LAB", "build/brade-lab")
HERE = os.path.dirname(os.path.abspath(__file__))
COURSE = os.path.join(os.path.dirname(HERE), "golden", "course")
TMP = tempfile.mkdtemp()
ENV = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"), XDG_CONFIG_HOME=os.path.join(TMP, "config"),
           NO_COLOR="1", LANG="C", BRADE_TODAY="2026-11-22")
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(args, stdin=None, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, input=stdin, env=ENV, timeout=timeout)


def items(text):
    return text.split("\n  - id: ")[1:]


def quick():
    out = os.path.join(TMP, "m.yaml")
    p = run([LAB, "mine", "--rules", "lyckans-talisman", "--games", "2", "--seed", "7", "--best", "off", "--out", out])
    check(p.returncode == 0 and "puzzles (" in p.stdout, "mine: " + p.stdout.strip().splitlines()[0][:120]
          if p.stdout else p.stderr[-300:])
    text = open(out, encoding="utf-8").read()
    its = items(text)
    check(len(its) >= 1, f"{len(its)} puzzles mined from two games")
    c = run([BRADE, "check", "--no-rollouts", out])
    check(c.returncode == 0 and f"{len(its)} puzzle" in c.stdout and " 0 errors" in c.stdout,
          "brade check passes them: " + c.stdout.strip().splitlines()[0])
    for it in its:
        pid = it.split("\n", 1)[0]
        check("    mined: {seed: 7, game: " in it and "judge: " in it, f"{pid}: its mined mapping")
        d = int(re.search(r"difficulty: (\d)", it).group(1))
        check(1 <= d <= 5 and re.search(r"themes: \[\w", it), f"{pid}: difficulty {d} and themes")
        title = re.search(r"title: \{en: \"([^\"]+)\"", it).group(1)
        check(not re.search(r"\d+/\d+|bar/|/off", title), f"{pid}: the title names no play: {title}")
    again = os.path.join(TMP, "m2.yaml")
    run([LAB, "mine", "--rules", "lyckans-talisman", "--games", "2", "--seed", "7", "--best", "off", "--out", again])
    check(open(again, encoding="utf-8").read() == text, "the same seed mines the same puzzles")
    bad = run([LAB, "mine", "--rules", "nonsense", "--games", "1", "--out", again])
    check(bad.returncode == 2 and "unknown ruleset" in bad.stderr, "an unknown ruleset: exit 2, said")
    # the tutor finds them in a course's puzzles/mined/
    course = os.path.join(TMP, "course")
    shutil.copytree(COURSE, course)
    os.makedirs(os.path.join(course, "puzzles", "mined"))
    shutil.copy(out, os.path.join(course, "puzzles", "mined", "lyckans-talisman.yaml"))
    first = its[0].split("\n", 1)[0]
    theme = re.search(r"themes: \[([\w-]+)", its[0]).group(1)
    t = run([BRADE, "tutor", "--course", course, "--echo"], stdin=f"puzzles\npuzzles {theme}\npuzzle {first}\n")
    said = " ".join(t.stdout.split())
    check(f"And {len(its)} mined puzzles (lyckans-talisman {len(its)})" in said and first not in
          said.split("puzzles " + theme)[0], "'puzzles' lists the hand-made ones and counts the mined: "
          + said[said.find("And "):][:80])
    check(first in said.split("puzzles " + theme)[1], f"'puzzles {theme}' lists the mined ones of the theme")
    check(f"Puzzle {first}" in said or f"puzzle {first}" in said.lower(), f"'puzzle {first}' opens it")


def slow():
    out = os.path.join(TMP, "b.yaml")
    p = run([LAB, "mine", "--rules", "lyckans-talisman", "--games", "3", "--seed", "2", "--max", "4", "--out", out])
    text = open(out, encoding="utf-8").read()
    best = text.count("goal: best")
    check(p.returncode == 0 and best >= 1, f"with rollouts: {best} best-play puzzles")
    c = run([BRADE, "check", out])
    check(c.returncode == 0 and f"{best} rolled out again" in c.stdout, "brade check plays their rollouts again: "
          + c.stdout.strip().splitlines()[-1])


try:
    quick()
    if "--slow" in sys.argv[1:]:
        slow()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
sys.exit(1 if failures else 0)
