#!/usr/bin/env python3
"""`brade play`, `brade review` and the REPL's `play` as a user meets them:
engine against engine to the end with the record saved and reviewed; a
person's game piped in (an illegal play answered with the rule, a hint, the
tutor's warning, giving up); manual dice; the record saved to the state
directory when no file is named; a REPL game left with `play end`; damaged
records and bad flags answered with a message, never a crash."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BRADE = os.environ.get("BRADE", "build/brade")
FAILED = []
TMP = tempfile.mkdtemp()
ENV = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"), BRADE_TODAY="2026-11-22",
           XDG_CONFIG_HOME=os.path.join(TMP, "config"),
           NO_COLOR="1", LANG="C")


def run(args, code=0, stdin=""):
    p = subprocess.run([BRADE] + args, capture_output=True, text=True, timeout=120, input=stdin,
                       env=ENV)
    if p.returncode != code:
        raise AssertionError(f"brade {' '.join(args)}: exit {p.returncode}, wanted {code}\n"
                             f"{p.stdout[-1500:]}\n{p.stderr}")
    return p


def check(name, fn):
    t0 = time.time()
    try:
        fn()
        print(f"ok   {name} ({time.time() - t0:.1f} s)")
    except AssertionError as e:
        FAILED.append(name)
        print(f"FAIL {name}: {e}")


def engines_to_the_end():
    for rules in ["lyckans-talisman", "vasa", "backgammon"]:
        rec = os.path.join(TMP, f"{rules}.txt")
        p = run(["play", "--rules", rules, "--white", "engine:1", "--black", "engine:0", "--seed", "7",
                 "--record", rec])
        out = p.stdout
        assert "A game of " + rules in out and "Teka:" in out, out[:300]
        assert f"({rules})." in out and " wins: " in out or "drawn" in out, out[-500:]
        assert f"review it with: brade review {rec}" in out
        text = open(rec).read()
        assert text.startswith(f"brade-game 1\nrules {rules}\nseed 7\nwhite engine:1\nblack engine:0\n")
        assert "\nresult " in text
        # the same command gives the same game
        rec2 = rec + ".2"
        run(["play", "--rules", rules, "--white", "engine:1", "--black", "engine:0", "--seed", "7",
             "--record", rec2])
        assert open(rec2).read() == text
        # reviewed: the 0-ply engine (white, level 1) at 0-ply gave nothing
        # away on any of its decisions (a seeded game may be short: the
        # lyckans-talisman one ends after 5 rolls, white giving up)
        j = json.loads(run(["review", rec, "--all", "--plies", "0", "--json"]).stdout)
        assert j["finished"] and j["rules"] == rules, j
        assert j["sides"]["white"]["lost"] == 0 and j["sides"]["white"]["decisions"] >= 1, j["sides"]
        assert all(d["grade"] in ("fine", "doubtful", "bad", "very-bad") for d in j["decisions"])
        assert j["sides"]["white"]["rolls"] > 3, j["sides"]
        if rules == "backgammon":
            t = " ".join(run(["review", rec, "--all", "--plies", "0"]).stdout.split())
            assert "White: " in t and "decisions" in t and "millipoints a decision" in t, t
            assert "Luck of the dice" in t, t
            # without --all only people are reviewed: there are none here
            t = run(["review", rec]).stdout
            assert "White:" not in t and "add --all" in t, t


def a_person_piped_in():
    rec = os.path.join(TMP, "person.txt")
    # white (the person) starts with 6-4 under seed 3 (teka 3 3, then 3 4)
    p = run(["play", "--seed", "3", "--record", rec], code=1,
            stdin="hint\n1/2 1/3\n1/7 1/5\nquit\n")
    out = p.stdout
    assert "White to play 6-4" in out, out[:1500]
    assert " 1. " in out and "equity  behind" in out, out  # the hint's ranking, under its heading
    assert "Illegal: 1/2" in out and "[rules: lyckans-talisman]" in out, out
    assert "White plays 6-4: 1/7 1/5" in out and "Black plays " in out, out
    assert "Last play: black " in out, out
    assert "The game was left unfinished." in out
    text = open(rec).read()
    assert "\nwhite 6-4 1/7 1/5\nblack " in text and "result" not in text, text
    # giving up ends the game: black wins the giving-up points.  The tutor
    # warns first (playing on is worth about +0.2, giving up costs 1); the
    # record keeps the roll, and the review judges the decision after it
    p = run(["play", "--seed", "3", "--record", rec], stdin="resign\nresign\n")
    out = " ".join(p.stdout.split())
    assert "Tutor: A very bad decision: giving up gives away 1." in out, out[-900:]
    assert "Type 'resign' again to give up anyway, or play on." in out, out[-900:]
    assert "White gives up." in out and "Black wins: " in out, out[-800:]
    assert open(rec).read().endswith("white gives-up 6-4\nresult black resign 1\n")
    review = " ".join(run(["review", rec]).stdout.split())
    assert "white gives up after 6-4: A very bad decision: giving up gives away 1." in review, review
    assert "White: 1 decision, 0 doubtful, 0 bad, 1 very bad" in review, review
    j = json.loads(run(["review", rec, "--json", "--plies", "0"]).stdout)
    d = j["decisions"][0]
    assert d["kind"] == "give-up" and d["roll"] == "6-4" and d["best"] == "play on" and d["grade"] == "very-bad", d
    # with the tutor off it gives up at once
    p = run(["play", "--seed", "3", "--tutor", "off", "--record", rec], stdin="resign\n")
    assert "White gives up." in p.stdout and "Tutor:" not in p.stdout, p.stdout[-800:]
    # The Board has no giving up
    p = run(["play", "--rules", "theboard", "--seed", "3", "--record", rec], code=1,
            stdin="resign\nquit\n")
    assert "Giving up is not part of theboard." in p.stdout, p.stdout


def tutor_warning():
    # vasa, 5-3 from the start: 1/6 6/9 gives away about 0.05 at the tutor's
    # 2 plies (doubtful); with the tutor warning from doubtful up it asks
    # first, then makes the play
    rec = os.path.join(TMP, "warn.txt")
    moves = "dice 2 5\ndice 5 3\n1/6 6/9\n1/6 6/9\nquit\n"
    p = run(["play", "--rules", "vasa", "--dice", "manual", "--warn", "doubtful", "--record", rec], code=1, stdin=moves)
    out = p.stdout
    assert "Tutor: 1/6 6/9: A doubtful play: it gives away 0.0" in out, out[-1500:]
    assert "1/6 1/4 is better" in out and "(vasa)" in out, out[-1500:]
    assert "Type the same play again" in out and out.count("White plays 5-3: 1/6 6/9") == 1, out
    assert "\nwhite 5-3 1/6 6/9\n" in open(rec).read()
    # the best play goes through at once; the default (bad) lets the doubtful one pass
    p = run(["play", "--rules", "vasa", "--dice", "manual", "--warn", "doubtful", "--record", rec], code=1,
            stdin="dice 2 5\ndice 5 3\n1/6 1/4\nquit\n")
    assert "Tutor:" not in p.stdout and "White plays 5-3: 1/6 1/4" in p.stdout
    p = run(["play", "--rules", "vasa", "--dice", "manual", "--record", rec], code=1, stdin=moves)
    assert "Tutor:" not in p.stdout and p.stdout.count("White plays 5-3: 1/6 6/9") == 1
    p = run(["play", "--rules", "vasa", "--dice", "manual", "--warn", "doubtful", "--tutor", "off", "--record", rec],
            code=1, stdin=moves)
    assert "Tutor:" not in p.stdout
    p = run(["play", "--warn", "sometimes"], code=2)
    assert "--warn is doubtful, bad or very-bad" in p.stderr


def manual_dice():
    rec = os.path.join(TMP, "manual.txt")
    p = run(["play", "--dice", "manual", "--record", rec], code=1,
            stdin="dice 4 4\n4 2\n7 1\n6-3\nquit\n")
    out = p.stdout
    assert "Teka: give white's die and black's" in out
    assert "equal, roll again" in out and "black starts" in out, out
    assert "A die shows 1 to 6, not 7." in out, out
    assert "Black plays 6-3:" in out, out
    assert "White rolls: give the dice" in out, out
    assert open(rec).read().count("teka ") == 2


def state_dir_record():
    shutil.rmtree(os.path.join(TMP, "state"), ignore_errors=True)
    p = run(["play", "--white", "engine:1", "--black", "engine:1", "--seed", "2"])
    path = os.path.join(TMP, "state", "brade", "games", "2026-11-22-1.txt")
    assert path in p.stdout and os.path.exists(path), p.stdout[-400:]
    run(["play", "--white", "engine:1", "--black", "engine:1", "--seed", "2"])
    assert os.path.exists(path.replace("-1.txt", "-2.txt"))


def repl_game():
    shutil.rmtree(os.path.join(TMP, "state", "brade", "games"), ignore_errors=True)
    p = run(["tutor", "--echo"], code=1, stdin="review\ndice 3 1\nplay --seed 3\nhint\n1/7 1/5\nplay\nplay end\n"
                                        "play vasa --seed 4 --white engine:1 --black engine:0\n"
                                        "review --all --plies 0\nquit\n")
    out = p.stdout
    assert "'dice' is a word of a game: start one with 'play'." in out, out[:600]
    assert "A game of lyckans-talisman: white human, black engine:2, seed 3." in out
    assert "White plays 6-4: 1/7 1/5" in out
    assert "A game is under way" in out
    assert "The game is left unfinished." in out and "games/2026-11-22-" in out
    assert "A game of vasa: white engine:1, black engine:0, seed 4." in out and "(vasa)." in out, out[-800:]
    assert "No game has been played yet" in out
    review = " ".join(out[out.index("> review --all"):].split())  # the text is wrapped
    assert "Review of " in review and "(vasa, each play against the best by the engine's judgement, not looking ahead)" in review, review[:400]
    assert "White: " in review and "Luck of the dice" in review, review


def review_last_record():
    """`review` in a new session reviews the newest record the play mode
    saved: by the day in its name, then by its number (10 after 9)."""
    games = os.path.join(TMP, "state", "brade", "games")
    names = sorted(os.listdir(games))
    assert names, "repl-game saved no record"
    vasa = [n for n in names if "rules vasa" in open(os.path.join(games, n)).read()]
    assert vasa, names
    src = open(os.path.join(games, vasa[0])).read()
    for n in names:
        os.remove(os.path.join(games, n))
    # the newest by name; the others would not review as vasa, or are not
    # the play mode's names
    for n in ["2026-11-22-9.txt", "2026-11-21-30.txt", "2026-11-22-010.txt", "notes.txt"]:
        open(os.path.join(games, n), "w").write("not a record\n")
    open(os.path.join(games, "2026-11-22-10.txt"), "w").write(src)
    out = " ".join(run(["tutor", "--echo"], stdin="review --all --plies 0\nquit\n").stdout.split())
    assert "Your last game: " + os.path.join(games, "2026-11-22-10.txt") in out, out[:600]
    assert "Review of " in out and "(vasa, each play" in out, out[:600]
    out = " ".join(run(["tutor", "--echo"], stdin="set language sv\nreview --all --plies 0\nset language en\nquit\n").stdout.split())
    assert "Ditt senaste parti: " in out, out[:600]


def matches():
    rec = os.path.join(TMP, "match.txt")
    p = run(["play", "--white", "engine:1", "--black", "engine:0", "--seed", "4", "--match", "5",
             "--record", rec])
    out = p.stdout
    assert "A match of 5 games of lyckans-talisman" in out and "Score after game 1 of 5:" in out, out[:400]
    assert "lost the last game and starts (lyckans-talisman)." in out and "wins the match" in out, out[-600:]
    text = open(rec).read()
    assert "\nmatch 5\n" in text and "\ngame 2\nstart " in text
    t = " ".join(run(["review", rec, "--plies", "0"]).stdout.split())
    assert "Match of 5 games, " in t and "wins." in t, t[-300:]
    # bräde has no .mat
    p = run(["review", rec, "--mat", os.path.join(TMP, "brade.mat")], code=2)
    assert "only backgammon games and matches from the start go to .mat" in p.stderr, p.stderr
    assert not os.path.exists(os.path.join(TMP, "brade.mat"))
    # giving up a game adds one under Lyckans Talisman; the tutor says so
    # first, and 'resign' again gives up
    p = run(["play", "--match", "3", "--seed", "3", "--record", rec], code=1, stdin="resign\nresign\nquit\n")
    assert "a game given up adds one more game to the match" in p.stdout.replace("\n", " "), p.stdout
    assert "Score after game 1 of 4: white 0, black 1" in p.stdout, p.stdout
    assert "1 game added for giving up" in p.stdout.replace("\n", " "), p.stdout
    # Helmfrid caps the games a player may give up at the match's length
    p = run(["play", "--rules", "helmfrid", "--match", "1", "--seed", "3", "--record", rec], code=1,
            stdin="resign\nresign\nresign\nquit\n")
    assert "as many games as helmfrid allows in a match" in p.stdout, p.stdout[-800:]
    p = run(["play", "--match", "4"], code=2)
    assert "a match is an odd number of games" in p.stderr
    # backgammon: to points, 1 to 25; without the cube no match
    p = run(["play", "--rules", "backgammon", "--match", "26"], code=2)
    assert "a backgammon match is to 1 to 25 points" in p.stderr, p.stderr
    p = run(["play", "--rules", "backgammon+doubling-cube=off", "--match", "3"], code=2)
    assert "without the cube is not played" in p.stderr, p.stderr
    p = run(["play", "--rules", "backgammon", "--match", "4", "--white", "engine", "--seed", "2", "--record", rec])
    assert "A match to 4 points of backgammon" in p.stdout, p.stdout[:400]
    assert "wins the match (backgammon)" in p.stdout, p.stdout[-400:]
    # the match as .mat: every game under its score, the last "and the match"
    # (gnubg's own reading of it: test_mat_gnubg.py)
    mat = os.path.join(TMP, "match.mat")
    p = run(["review", rec, "--mat", mat])
    assert "the match in GNU Backgammon's .mat format" in p.stdout, p.stdout
    text = open(mat).read()
    games = open(rec).read().count("\nresult ")
    assert " 4 point match\n" in text and text.count(" Game ") == games and "and the match\n" in text, text[:300]
    # cut short inside game 2: written as far as it went, under the score after game 1
    lines = open(rec).read().splitlines()
    cut = lines.index("game 2") + 6
    short = os.path.join(TMP, "short.txt")
    with open(short, "w") as f:
        f.write("\n".join(lines[:cut]) + "\n")
    run(["review", short, "--mat", mat])
    first = re.search(r"result (white|black) \S+ (\d+)", open(rec).read())
    want = {"white": 0, "black": 0}
    want[first.group(1)] = int(first.group(2))
    text = open(mat).read()
    assert f" Game 2\n white : {want['white']}" in text and f"black : {want['black']}\n" in text, text[-600:]
    assert text.count("Wins ") == 1, text


def from_a_position():
    # rules.md C15: one checker from a kronspel; declared, a 5 makes it
    rec = os.path.join(TMP, "od.txt")
    p = run(["play", "--position-id", "WAAB0dzf/fwAAAA", "--dice", "manual", "--record", rec],
            stdin="one-die\ndice 5\n19/24\n")
    out = p.stdout
    assert "From the position on the board: white is on roll." in out
    assert "Type 'one-die' to declare it, or 'roll'." in out and "give the die (dice 4)" in out, out
    assert "White wins: enkelt kronspel, 1 point (lyckans-talisman)." in out, out
    assert "\nposition WAAB0dzf/fwAAAA white\nwhite one-die\nwhite 5 19/24\n" in open(rec).read()
    # the review judges the declaration (rolled out: right here) and the
    # single 5 (its plays rolled out with the series): two decisions
    p = run(["review", rec, "--json"])
    items = json.loads(p.stdout)["decisions"]
    assert [d["kind"] for d in items] == ["one-die", "play"], items
    assert items[0]["action"] == "declare" and items[0]["best"] == "declare" and items[0]["grade"] == "fine", items
    assert items[1]["roll"] == "5" and items[1]["play"] == "19/24", items
    assert "series played as lyckans-talisman has it" in items[1]["why"] or items[1]["grade"] == "fine", items
    # the same from the tutor's board
    p = run(["tutor"], stdin="setup id WAAB0dzf/fwAAAA\nplay --here --dice manual --record " + rec +
            "\none-die\ndice 5\n19/24\nquit\n")
    assert "White wins: enkelt kronspel" in p.stdout, p.stdout[-600:]
    p = run(["tutor"], code=1, stdin="setup clear\nplay --here\nquit\n")
    assert "The position on the board cannot be played on under lyckans-talisman." in p.stdout, p.stdout
    p = run(["play", "--position-id", "Wnonsense"], code=2)
    assert "--position-id Wnonsense: not a bräde position id" in p.stderr, p.stderr


def progress_on_a_terminal():
    # a review shows its progress on a terminal (stderr), and nothing on a pipe
    import pty
    rec = os.path.join(TMP, "prog.txt")
    run(["play", "--white", "engine:1", "--black", "engine:0", "--seed", "5", "--record", rec])
    p = run(["review", rec, "--all", "--plies", "0"])
    assert p.stderr == "", p.stderr
    master, slave = pty.openpty()
    q = subprocess.run([BRADE, "review", rec, "--all", "--plies", "0"], stdout=subprocess.PIPE,
                       stderr=slave, env=ENV, timeout=120, text=True)
    os.close(slave)
    seen = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            seen += chunk
    except OSError:
        pass
    os.close(master)
    assert q.returncode == 0 and "Review of" in q.stdout
    assert b"reviewing: turn " in seen and seen.endswith(b"\r\x1b[K"), seen[-200:]


def config_file():
    # the config file's choices are used; its bad lines are reported with
    # their place and ignored
    cfg_dir = os.path.join(TMP, "config", "brade")
    os.makedirs(cfg_dir, exist_ok=True)
    cfg = os.path.join(cfg_dir, "config")
    open(cfg, "w").write("# mine\nlanguage = fr\nfoo = 1\nnonsense\ntutor = off\nrules = vasa\n")
    rec = os.path.join(TMP, "cfg.txt")
    p = run(["play", "--dice", "manual", "--warn", "doubtful", "--record", rec], code=1,
            stdin="dice 2 5\ndice 6 5\n1/7 1/6\nquit\n")
    assert f"{cfg}:2: language is en or sv, not 'fr' (ignored)" in p.stderr, p.stderr
    assert f"{cfg}:3: unknown setting 'foo'" in p.stderr and f"{cfg}:4: expected 'key = value'" in p.stderr
    assert "A game of vasa" in p.stdout and "Tutor:" not in p.stdout, p.stdout[:300]
    # a flag wins over the file
    p = run(["play", "--rules", "helmfrid", "--dice", "manual", "--record", rec], code=1, stdin="quit\n")
    assert "A game of helmfrid" in p.stdout
    os.remove(cfg)


def colour_drawn():
    """--as random draws the person's colour from the seed (the same seed,
    the same colour; both colours over a few seeds); --as black plays black
    against the engine at the level given."""
    rec = os.path.join(TMP, "as.txt")
    seen = set()
    for seed in range(1, 7):
        out = run(["play", "--as", "random", "--seed", str(seed), "--record", rec], code=1, stdin="quit\n").stdout
        again = run(["play", "--as", "random", "--seed", str(seed), "--record", rec], code=1,
                    stdin="quit\n").stdout
        assert out == again, (out[:300], again[:300])
        m = re.search(r"Colours drawn: you play (white|black)\.", out)
        assert m, out[:300]
        seen.add(m.group(1))
        assert f"{m.group(1)} human" in out.splitlines()[0], out.splitlines()[0]
    assert seen == {"white", "black"}, seen
    out = run(["play", "--as", "black", "--black", "engine:3", "--record", rec], code=1, stdin="quit\n").stdout
    assert out.startswith("A game of lyckans-talisman: white engine:3, black human"), out[:200]
    p = run(["play", "--as", "green"], code=2)
    assert "--as is white, black or random" in p.stderr, p.stderr


def bad_input():
    p = run(["play", "--white", "robot"], code=2)
    assert "--white is human, engine or engine:LEVEL" in p.stderr
    p = run(["play", "--rules", "nosuch"], code=2)
    assert "unknown ruleset 'nosuch'" in p.stderr
    p = run(["play", "--dice", "loaded"], code=2)
    assert "--dice is auto or manual" in p.stderr
    bad = os.path.join(TMP, "bad.txt")
    open(bad, "w").write("brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\n"
                         "dice auto\nteka 2 3\nblack 6-5 1/7\n")
    p = run(["review", bad], code=2)
    assert p.stderr.startswith(bad + ":8:1: error: it is white's turn, not black's"), p.stderr
    assert "    8 | black 6-5 1/7\n      | ^\n" in p.stderr, p.stderr
    # a play that is not legal: the caret under the play
    open(bad, "w").write("brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\n"
                         "dice auto\nteka 2 3\nwhite 6-5 1/7 24/off\n")
    p = run(["review", bad], code=2)
    assert p.stderr.startswith(bad + ":8:11: error: 1/7 24/off is not a legal play"), p.stderr
    assert "    8 | white 6-5 1/7 24/off\n      |           ^\n" in p.stderr, p.stderr
    # a bad value in the header: the caret under the value
    open(bad, "w").write("brade-game 1\nrules helmfrid\nseed x1\n")
    p = run(["review", bad], code=2)
    assert p.stderr.startswith(bad + ":3:6: error: the seed must be a whole number"), p.stderr
    open(bad, "w").write("hello\n")
    p = run(["review", bad], code=2)
    assert p.stderr.startswith(bad + ":1:1: error: not a brade game record"), p.stderr
    p = run(["review", TMP], code=2)
    assert "Is a directory" in p.stderr, p.stderr
    p = run(["review"], code=2)
    assert "review needs a game record" in p.stderr


for name, fn in [("engines-to-the-end", engines_to_the_end), ("a-person-piped-in", a_person_piped_in),
                 ("tutor-warning", tutor_warning), ("manual-dice", manual_dice),
                 ("state-dir-record", state_dir_record), ("repl-game", repl_game),
                 ("review-last-record", review_last_record),
                 ("matches", matches), ("from-a-position", from_a_position),
                 ("progress-on-a-terminal", progress_on_a_terminal), ("config-file", config_file),
                 ("colour-drawn", colour_drawn), ("bad-input", bad_input)]:
    check(name, fn)
shutil.rmtree(TMP, ignore_errors=True)
print(f"{13 - len(FAILED)} passed, {len(FAILED)} failed")
sys.exit(1 if FAILED else 0)
