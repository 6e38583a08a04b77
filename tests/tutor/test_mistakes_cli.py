#!/usr/bin/env python3
"""A reviewed game's bad plays become the learner's own puzzles
(`brade review --puzzles FILE`, docs/play.md): in the course's format,
passing `brade check` with their rollouts played again, not added twice,
and loaded by the tutor under the theme 'mine'.  Each rollout is 648 games
a play, so this is in the 'slow' suite (11 to 40 s; minutes under the
sanitizers)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BRADE = os.environ.get("BRADE", "build/brade")
TMP = tempfile.mkdtemp()
ENV = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"), BRADE_TODAY="2026-11-22",
           XDG_CONFIG_HOME=os.path.join(TMP, "config"), NO_COLOR="1", LANG="C")


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
    mine = os.path.join(TMP, "state", "brade", "mine.yaml")
    os.makedirs(os.path.dirname(mine))
    # the first seeded game from 7 on with a bad play a rollout can tell
    # from the best (some games end early without a bad play, a game given
    # up after a few rolls; some bad plays are too close to the best for
    # 648 games a play, and make no puzzle: which, depends on the nets)
    for seed in range(7, 19):
        rec = os.path.join(TMP, "g%d.txt" % seed)
        run(["play", "--white", "engine:0", "--black", "engine", "--seed", str(seed), "--record", rec])
        j = json.loads(run(["review", rec, "--all", "--json"]).stdout)
        # bad plays, and decisions to give up or play on clear enough for
        # `brade check` (0.10 points: content/giveup_q.c)
        bad = [d for d in j["decisions"] if d["grade"] in ("bad", "very-bad") and
               (d["kind"] == "play" or (d["kind"] == "give-up" and d["lost"] >= 0.10))]
        if not bad:
            continue
        p = run(["review", rec, "--all", "--puzzles", mine])
        said = " ".join(p.stdout.split())
        assert "Your bad plays and decisions: %d;" % len(bad) in said, p.stdout[-600:]
        if os.path.exists(mine):
            break
        assert "new puzzles: 0" in said and "too close to the best play for a rollout to tell: %d" % len(bad) \
            in said, said[-400:]
    assert os.path.exists(mine), "no seeded game from 7 to 18 has a bad play a rollout separates"
    text = open(mine, encoding="utf-8").read()
    made = text.count("  - id: mine-")
    assert made >= 1 and "new puzzles: %d" % made in said, said[-400:]
    assert "goal: best" in text and "themes: [mine]" in text, text
    # each puzzle names its game line and recalls the play made there
    first = [d for d in bad if "%s, line %d\"" % (os.path.basename(rec), d["line"]) in text]
    assert first and "played %s" % first[0]["play"] in text, (bad, text)
    c = run(["check", mine])
    assert "%d puzzle%s, 0 errors" % (made, "" if made == 1 else "s") in c.stdout, c.stdout + c.stderr
    assert "%d rolled out again" % made in c.stdout, c.stdout
    p = run(["review", rec, "--all", "--puzzles", mine])
    assert "new puzzles: 0" in p.stdout and "already among your puzzles: %d" % made in " ".join(p.stdout.split())
    assert open(mine, encoding="utf-8").read() == text
    accept = re.search(r'accept: \["([^"]+)"', text).group(1)
    t = run(["tutor", "--echo"], stdin="puzzles mine\npuzzle\n%s\n" % accept)
    assert "%d puzzle%s on mine" % (made, "" if made == 1 else "s") in t.stdout, t.stdout[-800:]
    assert "Right: %s" % accept in t.stdout, t.stdout[-800:]
    # one's own mistakes on paper (newcomer F15): a diagram of one, and a
    # worksheet of them all
    pid = re.search(r"- id: (mine-\S+)", text).group(1)
    svg = os.path.join(TMP, "mine.svg")
    run(["diagram", "--puzzle", pid, "--svg", svg])
    assert "<svg" in open(svg, encoding="utf-8").read()
    sheet = os.path.join(TMP, "mine.html")
    run(["worksheet", "--theme", "mine", "--out", sheet])
    page = open(sheet, encoding="utf-8").read()
    assert page.count("<svg") >= made, page[:400]
    # a record whose file name is not UTF-8 (Latin-1 from an old share) or
    # holds a control character: the puzzles name it, and still load
    # (reliability report finding 5)
    odd = os.path.join(TMP.encode(), b"g\xe5me\x01.txt")
    shutil.copyfile(rec, odd)
    mine2 = os.path.join(TMP, "odd.yaml")
    subprocess.run([BRADE.encode(), b"review", odd, b"--all", b"--puzzles", mine2.encode()], check=True,
                   capture_output=True, timeout=240, env=ENV)
    c = run(["check", "--no-rollouts", mine2])
    assert "%d puzzle%s, 0 errors" % (made, "" if made == 1 else "s") in c.stdout, c.stdout + c.stderr
    assert "g\\xe5me\\x01.txt, line" in open(mine2, encoding="utf-8").read()
    # a damaged file costs its own items only, with the place of the problem
    with open(mine, "a", encoding="utf-8") as f:
        f.write("  - id: mine-broken\n    bogus: 1\n")
    t = run(["tutor", "--echo"], stdin="puzzles mine\n")
    assert "mine.yaml:" in t.stderr and "%d puzzle%s on mine" % (made, "" if made == 1 else "s") in t.stdout, \
        t.stderr + t.stdout[-400:]


try:
    mistakes_become_puzzles()
    print("ok   mistakes-become-puzzles")
    rc = 0
except AssertionError as e:
    print(f"FAIL mistakes-become-puzzles: {e}")
    rc = 1
shutil.rmtree(TMP, ignore_errors=True)
sys.exit(rc)
