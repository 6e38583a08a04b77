#!/usr/bin/env python3
"""The page makes a reviewed game's mistakes into the learner's own puzzles
(issue 73; docs/web.md, `mistakes`), as the terminal's review does, and the
sessions move to the course with them (the course's generations, web.h):

  - a game record with a bad play of White's (the person) that a rollout
    separates from the best, found among seeded games of the engine at
    level 0 against the engine, its White seat written as the person's;
  - `review` of it, then `mistakes`, each a job: the new puzzles counted in
    the tutor's words, mine.yaml holding them, `brade check` passing it;
  - the session lists them under the theme 'mine' and opens one;
  - a second session with a puzzle open on the old course answers it all
    the same, and sees the new puzzles when it opens its next puzzle;
  - `mistakes` again adds nothing ("already among your puzzles");
  - the review counted the game in the learner's figures (`progress`:
    "games", its text and chart);
  - SIGTERM: exit 0.

Plain HTTP, no browser.  Each mistake is rolled out 648 games a play, so
this is in the 'slow' suite (about a minute here):
    meson test -C build --suite slow web-mistakes"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from web_client import Learner

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def find_record(env, games):
    """A seeded game whose White (engine level 0, then written as the
    person) makes a bad play; its record in the games folder."""
    os.makedirs(games, exist_ok=True)
    for seed in range(7, 19):
        rec = os.path.join(games, "2026-11-21-%d.txt" % (seed - 6))
        subprocess.run([BRADE, "play", "--white", "engine:0", "--black", "engine", "--seed", str(seed), "--record",
                        rec], env=env, check=True, capture_output=True, timeout=240)
        text = open(rec, encoding="utf-8").read().replace("white engine:0", "white human")
        with open(rec, "w", encoding="utf-8") as f:
            f.write(text)
        j = json.loads(subprocess.run([BRADE, "review", rec, "--json"], env=env, check=True, capture_output=True,
                                      text=True, timeout=240).stdout)
        if any(d["grade"] in ("bad", "very-bad") and d["kind"] == "play" for d in j["decisions"]):
            return os.path.basename(rec)
        os.remove(rec)
    raise AssertionError("no seeded game from 7 to 18 has a bad play")


def main():
    tmp = tempfile.mkdtemp()
    try:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   HOME=tmp, LANG="C", NO_COLOR="1", BRADE_TODAY="2026-11-21")
        state = os.path.join(tmp, "state", "brade")
        name = find_record(env, os.path.join(state, "games"))
        p = subprocess.Popen([BRADE, "serve", "--port", "0", "--no-open"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
        url = None
        t0 = time.time()
        while time.time() - t0 < 30 and not url:
            m = re.search(r"(http://\S+)", p.stdout.readline() or "")
            url = m.group(1) if m else None
        if not url:
            p.kill()
            print("FAIL the server printed no address:", p.stderr.read()[-500:])
            return 1
        try:
            a, b = Learner(url), Learner(url)
            # b has a puzzle open on the course as it is now
            code, j = b.api("puzzle", {"id": "second-move-5-1"})
            opened = code == 200
            before = {t["id"]: t["count"] for t in a.api("puzzles")[1]["themes"]}
            check("mine" not in before, "no puzzles of one's own yet")
            code, j = a.call("mistakes")
            check(code == 409 and "review a game first" in j.get("error", ""), f"mistakes before a review: {code}")
            code, rv = a.call("review", {"record": name})
            bad = [m for m in rv.get("mistakes", []) if m["grade"] in ("bad", "very-bad")]
            check(code == 200 and bad, f"the review of {name}: {len(bad)} bad plays")
            code, pr = a.api("progress")
            check(code == 200 and pr.get("games") == 1 and pr.get("games_chart") and "Games reviewed: 1" in pr["text"],
                  "the review counts the game in the learner's figures: " + str(pr.get("games")))
            code, j = a.call("mistakes")
            said = " ".join(j.get("words", "").split())
            check(code == 200 and "Your bad plays and decisions:" in said, f"mistakes: {code} {said[:160]}")
            made = j.get("made", 0)
            mine = os.path.join(state, "mine.yaml")
            if made:
                text = open(mine, encoding="utf-8").read()
                check(text.count("  - id: mine-") == made and f"new puzzles: {made}" in said,
                      f"{made} puzzles in mine.yaml, said so")
                c = subprocess.run([BRADE, "check", "--no-rollouts", mine], env=env, capture_output=True, text=True,
                                   timeout=120)
                check(c.returncode == 0, "brade check passes them: " + c.stdout.strip()[-80:])
                themes = {t["id"]: t["count"] for t in a.api("puzzles")[1]["themes"]}
                check(themes.get("mine") == made, f"the session lists them under 'mine': {themes.get('mine')}")
                code, j = a.api("puzzle", {"theme": "mine"})
                check(code == 200 and "mine-" in json.dumps(j.get("heading", "")),
                      f"one of them opened: {j.get('heading', j)}")
                if opened:
                    # the other session's open puzzle is on the old course:
                    # answered all the same, then the next one is on the new
                    code, j = b.api("answer", {"text": "4"})
                    check(code == 200 and j.get("words"), "the other session answers its open puzzle: "
                          + " ".join(j.get("words", "").split())[:60])
                code, j = b.api("puzzle", {"theme": "mine"})
                check(code == 200 and "mine-" in json.dumps(j.get("heading", "")),
                      "the other session opens one of them next")
                code, j = a.call("mistakes")
                check(code == 200 and j.get("made") == 0 and j.get("known") == made,
                      f"again: nothing new, {j.get('known')} already among the puzzles")
            else:
                check(j.get("unclear", 0) >= 1 and not os.path.exists(mine),
                      "nothing made: the rollouts could not tell the plays apart")
        finally:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(60)
            except subprocess.TimeoutExpired:
                p.kill()
        check(p.returncode == 0, f"SIGTERM: exit {p.returncode}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
