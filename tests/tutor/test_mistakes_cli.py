#!/usr/bin/env python3
"""A reviewed game's bad plays become the learner's own puzzles
(`brade review --puzzles FILE`, docs/play.md): in the course's format,
passing `brade check` with their rollouts played again, not added twice,
and loaded by the tutor under the theme 'mine'.  Each rollout is 648 games
a play, so this is in the 'slow' suite (about 11 s; minutes under the
sanitizers)."""
import os
import shutil
import subprocess
import sys
import tempfile

BRADE = os.environ.get("BRADE", "build/brade")
TMP = tempfile.mkdtemp()
ENV = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"), BRADE_TODAY="2026-11-22",
           XDG_CONFIG_HOME=os.path.join(TMP, "config"), NO_COLOR="1")


def run(args, code=0, stdin=""):
    p = subprocess.run([BRADE] + args, capture_output=True, text=True, timeout=240, input=stdin, env=ENV)
    if p.returncode != code:
        raise AssertionError(f"brade {' '.join(args)}: exit {p.returncode}, wanted {code}\n"
                             f"{p.stdout[-1500:]}\n{p.stderr}")
    return p


def mistakes_become_puzzles():
    """Bad plays of a reviewed game become best-play puzzles of one's own:
    in the course's format, passing brade check with their rollouts played
    again, not added twice, and loaded by the tutor under the theme 'mine'."""
    shutil.rmtree(os.path.join(TMP, "state"), ignore_errors=True)
    rec = os.path.join(TMP, "g7.txt")
    mine = os.path.join(TMP, "state", "brade", "mine.yaml")
    os.makedirs(os.path.dirname(mine))
    run(["play", "--white", "engine:0", "--black", "engine", "--seed", "7", "--record", rec])
    p = run(["review", rec, "--all", "--puzzles", mine])
    said = " ".join(p.stdout.split())
    assert "Your bad plays: 1; new puzzles: 1" in said, p.stdout[-600:]
    text = open(mine, encoding="utf-8").read()
    assert text.count("  - id: mine-") == 1 and "goal: best" in text and "g7.txt, line 21" in text, text
    assert "played 4/8 12/16 16/20 20/24*" in text, text
    c = run(["check", mine])
    assert "1 puzzle, 0 errors" in c.stdout and "1 rolled out again" in c.stdout, c.stdout + c.stderr
    p = run(["review", rec, "--all", "--puzzles", mine])
    assert "new puzzles: 0" in p.stdout and "already among your puzzles: 1" in " ".join(p.stdout.split())
    assert open(mine, encoding="utf-8").read() == text
    t = run(["tutor", "--echo"], stdin="puzzles mine\npuzzle\n4/8 8/12 12/16 12/16\n")
    assert "1 puzzle on mine" in t.stdout, t.stdout[-800:]
    assert "Right: 4/8 8/12 12/16 12/16" in t.stdout, t.stdout[-800:]
    # a damaged file costs its own items only, with the place of the problem
    with open(mine, "a", encoding="utf-8") as f:
        f.write("  - id: mine-broken\n    bogus: 1\n")
    t = run(["tutor", "--echo"], stdin="puzzles mine\n")
    assert "mine.yaml:" in t.stderr and "1 puzzle on mine" in t.stdout, t.stderr + t.stdout[-400:]


try:
    mistakes_become_puzzles()
    print("ok   mistakes-become-puzzles")
    rc = 0
except AssertionError as e:
    print(f"FAIL mistakes-become-puzzles: {e}")
    rc = 1
shutil.rmtree(TMP, ignore_errors=True)
sys.exit(rc)
