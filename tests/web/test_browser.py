#!/usr/bin/env python3
"""The tutor in a browser (issue 73, ../shared/web-contract.md), driven by
Debian's chromium through selenium, by clicks only, and the access rules by
plain HTTP:

  - access: no token 403; another Host 403; a POST from another Origin 403;
    `..`, `%2e%2e` and a link out of the page's folder 404; a bad JSON body
    400; the token in the address sets a cookie that serves the rest;
  - a lesson step (a choice) answered wrong, then right, by clicks;
  - a puzzle solved by clicking checkers: 21 to off, 24 to off;
  - an illegal step refused with the engine's rule, in words;
  - Swedish switched on;
  - SIGTERM: the server saves and exits 0, the progress record holding the
    puzzle solved.

A screenshot of each screen goes to $BRADE_SCREENSHOTS (default:
build/web-screenshots/); the README's picture is the puzzle screen.  Run
with Debian's python3 (python3-selenium); exits 77 (skipped) when chromium,
chromedriver or selenium is missing, which .ci/setup.sh installs."""
import http.client as httpc
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from web_client import Learner

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
COURSE = os.path.join(REPO, "tests", "golden", "course")
SHOTS = os.environ.get("BRADE_SCREENSHOTS") or os.path.join(os.path.dirname(BRADE), "web-screenshots")

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("skip: python3-selenium is not installed")
    sys.exit(77)
if not (os.path.exists("/usr/bin/chromium") and os.path.exists("/usr/bin/chromedriver")):
    print("skip: chromium or chromium-driver is not installed")
    sys.exit(77)

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def http(url, host=None, origin=None, body=None, cookie=None):
    req = urllib.request.Request(url, data=None if body is None else body.encode(), method="POST" if body is not None
                                 else "GET")
    if host:
        req.add_header("Host", host)
    if origin:
        req.add_header("Origin", origin)
    if cookie:
        req.add_header("Cookie", cookie)
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read().decode(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers


def access(url, tmp):
    base, token = url.split("/?token=")
    check(http(base + "/")[0] == 403, "no token: 403")
    check(http(base + "/api/state")[0] == 403, "no token, API: 403")
    code, _, headers = http(url)
    check(code == 200 and "brade_token=" in (headers.get("Set-Cookie") or ""), "the token in the address: 200, a cookie")
    csp = headers.get("Content-Security-Policy") or ""
    check("default-src 'none'" in csp and "script-src 'self'" in csp, "a strict Content-Security-Policy")
    cookie = "brade_token=" + token
    check(http(base + "/app.js", cookie=cookie)[0] == 200, "the cookie serves the page's files")
    check(http(url, host="evil.example:80")[0] == 403, "another Host (DNS rebinding): 403")
    check(http(base + "/api/lesson", origin="http://evil.example", body="{}", cookie=cookie)[0] == 403,
          "a POST from another Origin: 403")
    check(http(base + "/api/lesson", origin=base, body="{}", cookie=cookie)[0] == 200, "a POST from the page: 200")
    check(http(base + "/api/answer", body="{not json", cookie=cookie)[0] == 400, "malformed JSON: 400")
    check(http(base + "/api/nonsense", body="{}", cookie=cookie)[0] == 404, "an unknown call: 404")
    hostport = base[len("http://"):]
    for path in ("/../meson.build", "/%2e%2e/meson.build", "/%2E%2E/%2e%2e/etc/passwd", "//etc/passwd",
                 "/link-out/passwd"):
        c = httpc.HTTPConnection(hostport, timeout=10)
        c.putrequest("GET", path, skip_host=True)  # the path exactly as written
        c.putheader("Host", hostport)
        c.putheader("Cookie", cookie)
        c.endheaders()
        code = c.getresponse().status
        c.close()
        check(code == 404, f"{path}: 404 (got {code})")


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def text_of(driver, sel):
    return driver.find_element(By.CSS_SELECTOR, sel).text


def click_point(driver, wait, p):
    """Clicks the point's group (its target, or a checker on it, as a hand
    would), once the page has its last answer."""
    wait.until(lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("aria-busy") != "true")
    for attempt in range(5):
        try:
            el = driver.find_element(By.CSS_SELECTOR, f'#board svg[data-board] [data-point="{p}"]')
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
            el.click()
            break
        except StaleElementReferenceException:
            time.sleep(0.1)
    time.sleep(0.05)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("aria-busy") != "true")


def hops(play):
    """The clicks of a play as `brade moves` writes it: 1/7 7/11, bar/3*, 2/5#,
    20/off, 1/7(2), 1/7/9 -> [(from, to), ...]."""
    out = []
    for tok in play.split():
        tok = tok.replace("*", "").replace("#", "")  # hits and blasts marked
        n = 1
        m = re.fullmatch(r"(.*)\((\d)\)", tok)
        if m:
            tok, n = m.group(1), int(m.group(2))
        pts = tok.split("/")
        for _ in range(n):
            for a, b in zip(pts, pts[1:]):
                out.append((a, b))
    return out


def whole_game(driver, wait):
    """A game against the engine to its end, by clicks: each roll's first
    legal play (from `brade moves` on the board's own position id) clicked
    checker by checker; a warning answered by the same play again."""
    driver.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
    wait.until(lambda d: "A game of" in text_of(d, "#heading"))
    shot(driver, "game-start")
    plays = 0
    read = """
      const svg = document.querySelector('svg[data-board]');
      return {actions: [...document.querySelectorAll('#game-actions button')].map(b => b.dataset.action),
              prompt: document.querySelector('#prompt').textContent,
              words: document.querySelector('#tutor-text').textContent,
              pid: svg ? svg.dataset.positionId : '', rules: svg ? svg.dataset.rules : '',
              dice: [...document.querySelectorAll('[data-die]')].map(d => d.dataset.die)};"""
    for _ in range(400):
        st = driver.execute_script(read)
        if "roll" in st["actions"] or "pass" in st["actions"]:
            w = "roll" if "roll" in st["actions"] else "pass"
            driver.find_element(By.CSS_SELECTOR, f'#game-actions [data-action="{w}"]').click()
            wait.until(lambda d: d.execute_script(read)["actions"] != st["actions"] or
                       d.execute_script(read)["pid"] != st["pid"])
            continue
        if "to play" not in st["prompt"]:
            break  # over
        roll = "-".join(st["dice"]) if len(st["dice"]) == 2 else st["dice"][0]
        out = subprocess.run([BRADE, "moves", "--rules", st["rules"], "--position-id", st["pid"], "--roll", roll],
                             capture_output=True, text=True, timeout=60).stdout
        m = re.search(r"^\s+1\. (\S+(?: \S+)*?)\s{2,}", out, re.M)
        if not m:
            raise AssertionError("no legal play listed for " + st["pid"] + " " + roll + ":\n" + out)
        for i, (a, b) in enumerate(hops(m.group(1))):
            click_point(driver, wait, a)
            if plays == 0 and i == 0:  # free play: where the checker may go, when asked
                check(not driver.find_elements(By.CSS_SELECTOR, "#board .target"), "no target shown unasked")
                driver.find_element(By.CSS_SELECTOR, '[data-action="lessons"]')  # (the page is there)
                driver.find_element(By.ID, "show-targets").click()
                click_point(driver, wait, a)  # unselect
                click_point(driver, wait, a)
                wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .target"))
                shown = [e.get_attribute("data-point") for e in driver.find_elements(By.CSS_SELECTOR, "#board .target")]
                check(str(b) in shown, f"asked, the page shows where it may go: {shown}")
                shot(driver, "game-targets")
            time.sleep(0.05)
            click_point(driver, wait, b)
            time.sleep(0.05)
        wait.until(lambda d: d.execute_script(read)["words"] != st["words"] or
                   d.execute_script(read)["pid"] != st["pid"])
        plays += 1
    over = text_of(driver, "#prompt")
    check("wins" in over or "vinner" in over, f"a whole game by clicks to its end ({plays} plays): {over[:80]}")
    shot(driver, "game-over")
    shown = [a for a in ("hint", "undo") if driver.find_element(By.CSS_SELECTOR, f'.actions [data-action="{a}"]').is_displayed()]
    check(not shown and not driver.find_element(By.ID, "answer-form").is_displayed() and
          not driver.find_element(By.ID, "targets-option").is_displayed() and
          "The game is over" in text_of(driver, "#board") and " to roll" not in text_of(driver, "#board"),
          f"over: no hint, take-back, play box or targets (shown: {shown}); the board says the game is over")
    # its review: each mistake on its own board, the better play as arrows
    driver.find_element(By.CSS_SELECTOR, '#game-actions [data-action="review"]').click()
    wait.until(lambda d: "review (" in d.find_element(By.CSS_SELECTOR, "#list").text)
    boards = driver.find_elements(By.CSS_SELECTOR, "#list .mistake svg[data-board]")
    heads = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#list .mistake h3")]
    check(len(boards) == len(heads) and not any("very-bad" in h for h in heads),
          f"the review opened: {len(boards)} mistakes, each on its own board, graded in words: {heads[:2]}")
    shot(driver, "review")
    driver.find_element(By.CSS_SELECTOR, '#game-actions [data-action="leave"]').click()
    wait.until(lambda d: "record is in" in text_of(d, "#tutor-text"))
    check(True, "leaving the game names its record")


def sessions(url):
    """Two browsers are two sessions; long work runs as a job that can be
    stopped, the session busy meanwhile; free play shows where a checker
    may go, a lesson never; a flood of sessions is refused without
    costing the ones in use."""
    a, b = Learner(url), Learner(url)
    first = a.api("lessons")[1]["lessons"][0]["id"]
    a.api("lesson", {"id": first})
    b.api("puzzle", {"id": "play-author"})
    ha, hb = a.api("state", get=True)[1]["heading"], b.api("state", get=True)[1]["heading"]
    check("lesson 1 of" in ha and hb.startswith("Puzzle play-author"),
          f"two browsers, two sessions: {ha[:30]!r} / {hb[:30]!r}")
    code, j = a.api("targets", {"from": 1})
    check(code == 400 and "question" in j["error"], "a lesson never shows where a checker may go: " + j["error"][:60])
    code, pz = a.api("puzzles")
    check(code == 200 and any(p["id"] == "my-own-mistake" for p in pz["puzzles"]),
          "the learner's own puzzles (mine.yaml) are in the page's list")
    code, games = a.api("games")
    check(code == 200 and len(games["games"]) >= 1, f"the game records listed: {games['games'][:3]}")
    # a review as a job: 202, the session busy, stopped by the stop button
    code, j = a.api("review", {"record": games["games"][0]})
    check(code == 202 and j.get("job") == "review", f"a review runs as a job: {code} {j}")
    code2, busy = a.api("state", get=True)
    code3, stop = a.api("stop")
    code4, res = a.wait_job()
    check(code2 == 409 and busy.get("busy") and stop.get("stopping") and res.get("stopped"),
          f"meanwhile the session is busy (409), and the stop button stops it: {code2} {stop} {res}")
    check(b.api("state", get=True)[0] == 200, "another session is served meanwhile")
    code, j = a.api("review", {"record": games["games"][0]})
    code, res = a.wait_job()
    check(code == 200 and res.get("job_done") == "review" and res["decisions"] > 0 and
          len(res["mistakes"]) == res["errors"] and all("<svg" in m["board"] for m in res["mistakes"]),
          f"the review run to its end: {res.get('decisions')} decisions, {res.get('errors')} errors, each on its board")
    check(a.api("review", {"record": "../../progress"})[0] in (202, 400) and a.wait_job()[0] == 400,
          "a record outside the games folder is refused")
    # a match: its score with the board; a match the rules do not have refused
    code, v = a.api("play", {"level": 0, "match": 3})
    check(code == 200 and v.get("score", "").startswith("Match of 3 games, game 1: white 0, black 0"),
          f"a match of 3 games: {v.get('score', '').strip()!r}")
    code, j = a.api("play", {"match": 4})
    check(code == 400 and "odd" in j.get("error", ""), f"a match of 4 games refused: {j.get('error')}")
    code, rs = a.api("rulesets")
    check(code == 200 and rs["rules"] == "lyckans-talisman" and len(rs["rulesets"]) >= 5,
          f"the game settings offer {len(rs.get('rulesets', []))} rulesets")
    # the position editor: bad edits refused in words, the rules' notes
    code, v = a.api("editor", {"from": "empty"})
    check(code == 200 and v["mode"] == "editor" and v["puzzle_yaml"] is None and "no checkers" in v["notes"],
          "the editor's empty board: no YAML, and the note says why: " + v["notes"].strip())
    code, v = a.api("edit", {"point": 5, "colour": "black", "place": False})
    check(code == 200 and "only 0 checkers there" in v["words"], "removing what is not there: " + v["words"].strip())
    code, j = a.api("edit", {"roll": "7-1"})
    check(code == 400, f"a roll of 7-1 refused: {j.get('error')}")
    # the course preview: a file as brade check reads it, and as the learner meets it
    good = open(os.path.join(COURSE, "puzzles", "kinds.yaml")).read()
    code, pv = a.api("preview", {"name": "kinds.yaml", "text": good})
    check(code == 200 and pv["errors"] == 0 and len(pv["items"]) >= 3 and
          all((i["prompt"] or i.get("choices")) and i["answer"] for i in pv["items"]) and any(i["board"] for i in pv["items"]),
          f"a good puzzle file previewed: {len(pv['items'])} puzzles, each with its question and answer")
    bad = good.replace("difficulty: 3", "difficulty: 9", 1)
    code, pv = a.api("preview", {"name": "../mine.yaml", "text": bad})
    diag = pv.get("diagnostics", "")
    check(code == 200 and pv["errors"] >= 1 and re.search(r"^\.\._mine\.yaml:26:\d+: error: ", diag, re.M) and "^" in diag,
          "a broken one: its diagnostics as brade check prints them: " + diag.splitlines()[0][:90] if diag else "none")
    # free play: where a checker may go
    a.api("play", {"level": 0})
    for _ in range(5):
        st = a.api("state", get=True)[1]
        if "roll" in st.get("game_actions", []):
            a.api("game", {"word": "roll"})
    code, h = a.api("game", {"word": "hint"})
    code, h = a.wait_job()
    check(code == 200 and "1. " in h.get("words", "") and 'marker-end="url(#head)"' in h.get("board", ""),
          "a hint in a game: the best plays in words, the best drawn as arrows on the board")
    code, mv = a.api("targets")
    code2, tg = a.api("targets", {"from": mv["movable"][0]}) if mv.get("movable") else (0, {})
    check(code == 200 and code2 == 200 and tg["targets"], f"in a game: checkers that may move {mv.get('movable')}, "
          f"and where the first may go {tg.get('targets')}")
    a.api("leave")
    # puzzles by theme: each puzzle's themes, the course's themes with
    # their names and counts; the next due in a theme
    code, pz = a.api("puzzles")
    entering = [t for t in pz.get("themes", []) if t["id"] == "entering"]
    n_in = sum("entering" in p["themes"] for p in pz.get("puzzles", []))
    code2, v = a.api("puzzle", {"theme": "entering"})
    code3, _ = a.api("puzzle", {"theme": "no-such-theme"})
    picked = next((p for p in pz["puzzles"] if p["id"] == v.get("puzzle")), {})
    check(code == 200 and entering and entering[0]["count"] == n_in > 0 and code2 == 200 and
          "entering" in picked.get("themes", []) and code3 == 404,
          f"puzzles by theme: {n_in} on entering, the next due in it is {v.get('puzzle')}; an unknown theme 404")
    # manual dice (a game on a real board): teka, then every roll given
    code, v = a.api("play", {"level": 0, "dice": "manual"})
    teka = code == 200 and v.get("teka") and v.get("dice_wanted") == 2 and v["game_actions"] == ["dice", "undo"]
    code, bad = a.api("game", {"word": "dice", "dice": [7]})
    code2, v = a.api("game", {"word": "dice", "dice": [2, 5]})  # the lowest die starts (lyckans-talisman)
    starts = "White rolls" in v.get("prompt", "") and v.get("dice_wanted") == 2 and "resign" in v["game_actions"]
    code3, v = a.api("game", {"word": "dice", "dice": [5, 2]})
    dice = sorted(int(d) for d in re.findall(r'data-die="(\d)"', v.get("board", "")))
    check(teka and code == 400 and code2 == 200 and starts and code3 == 200 and dice == [2, 5] and
          "to play 5-2" in v["prompt"],
          f"manual dice: teka asked, a 7 refused, white's 2 against black's 5 (white starts), then 5-2 given: "
          f"{v.get('prompt', '')[:60]}")
    code, v = a.api("answer", {"text": "1/6 1/3"})
    asked = [w for w in v.get("game_actions", [])]
    code, v2 = a.api("game", {"word": "dice", "dice": [6, 4]}) if "dice" in asked else (0, {})
    check(code == 200 and "Black rolls" in v.get("prompt", "") and "resign" not in asked and
          "Black plays 6-4" in v2.get("words", ""),
          f"manual dice: the engine's roll is asked for too ({v.get('prompt', '')[:40]}) and played: "
          f"{v2.get('words', '')[:60]}")
    a.api("leave")
    # a flood of sessions: bounded, and the sessions in use keep working
    refused = 0
    for _ in range(80):
        code, _j = http_json(url.split("/?")[0] + "/api/state", url.split("token=")[1])
        refused += code == 503
    check(refused >= 80 - 64 and a.api("state", get=True)[0] == 200 and b.api("state", get=True)[0] == 200,
          f"a flood of 80 new sessions: {refused} refused (503), the two in use still served")


def http_json(url, token):
    req = urllib.request.Request(url, headers={"Cookie": "brade_token=" + token})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def browser(url):
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
              "--disable-dev-shm-usage"):
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    wait = WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,))
    step = "start"
    try:
        driver.get(url)
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#board svg[data-board]")))
        # the contract's hooks
        svg = driver.find_element(By.CSS_SELECTOR, "svg[data-board]")
        check(bool(svg.get_attribute("data-position-id")) and bool(svg.get_attribute("data-rules")),
              "the board carries data-position-id and data-rules")
        check(len(driver.find_elements(By.CSS_SELECTOR, "[data-point]")) == 26, "24 points, the bar and off")
        check(driver.find_element(By.ID, "tutor-text").get_attribute("aria-live") == "polite", "#tutor-text is aria-live")
        # a lesson step answered wrong, then right (a choice, by clicks)
        step = "lesson"
        driver.find_element(By.CSS_SELECTOR, '[data-action="lessons"]').click()
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#list li button")))
        driver.find_element(By.CSS_SELECTOR, "#list li button").click()
        wait.until(lambda d: "step 1 of" in text_of(d, "#heading"))
        for _ in range(4):
            driver.find_element(By.CSS_SELECTOR, '[data-action="next"]').click()
            time.sleep(0.2)
        wait.until(lambda d: "step 5 of" in text_of(d, "#heading"))
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-answer="1"]')))
        check(not driver.find_element(By.CSS_SELECTOR, '.actions [data-action="undo"]').is_displayed(),
              "no 'Take back a move' on a question answered by a choice")
        driver.find_element(By.CSS_SELECTOR, '[data-answer="1"]').click()
        wait.until(lambda d: "No, not 1)" in text_of(d, "#tutor-text"))
        check(True, "a wrong choice is answered 'No'")
        shot(driver, "lesson-wrong")
        driver.find_element(By.CSS_SELECTOR, '[data-answer="2"]').click()
        wait.until(lambda d: "Right" in text_of(d, "#tutor-text"))
        check(True, "then the right one 'Right'")
        shot(driver, "lesson-right")
        # a puzzle solved by clicking checkers
        step = "puzzle"
        driver.find_element(By.CSS_SELECTOR, '[data-action="puzzles"]').click()
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#list li button")))
        every = len(driver.find_elements(By.CSS_SELECTOR, "#list li button"))
        Select(driver.find_element(By.ID, "puzzle-theme")).select_by_value("entering")
        wait.until(lambda d: d.find_elements(By.ID, "theme-puzzle"))
        some = len(driver.find_elements(By.CSS_SELECTOR, "#list li button"))
        shot(driver, "puzzles-theme")
        driver.find_element(By.ID, "theme-puzzle").click()
        wait.until(lambda d: "Puzzle" in text_of(d, "#heading"))
        check(0 < some < every, f"puzzles by theme: {some} of {every} on entering, and one of them opened: "
              + text_of(driver, "#heading")[:50])
        driver.find_element(By.CSS_SELECTOR, '[data-action="puzzles"]').click()
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#list li button")))
        for b in driver.find_elements(By.CSS_SELECTOR, "#list li button"):
            if b.text.startswith("play-author"):
                b.click()
                break
        wait.until(lambda d: "play-author" in text_of(d, "#heading"))
        check(len(driver.find_elements(By.CSS_SELECTOR, "[data-die]")) == 2, "the roll as two dice")
        check(driver.find_element(By.CSS_SELECTOR, '.actions [data-action="undo"]').is_displayed(),
              "'Take back a move' where a play is asked")
        # an illegal step first (no checker of White's on 22): refused with
        # the rule, the board unchanged
        click_point(driver, wait, 22)
        click_point(driver, wait, 24)
        wait.until(lambda d: "rules: lyckans-talisman" in text_of(d, "#tutor-text"))
        check(text_of(driver, "#partial") == "", "an illegal step is refused in words: " +
              text_of(driver, "#tutor-text")[:90])
        click_point(driver, wait, 21)
        click_point(driver, wait, "off")
        wait.until(lambda d: "21/off" in text_of(d, "#partial"))
        check(True, "the partial play is shown: " + text_of(driver, "#partial"))
        driver.find_element(By.CSS_SELECTOR, '.actions [data-action="undo"]').click()
        wait.until(lambda d: text_of(d, "#partial") == "")
        check(len(driver.find_elements(By.CSS_SELECTOR, '[data-point="21"] [data-checker="white"]')) == 1,
              "the move taken back: the checker on 21 again")
        click_point(driver, wait, 21)
        click_point(driver, wait, "off")
        wait.until(lambda d: "21/off" in text_of(d, "#partial"))
        click_point(driver, wait, 24)
        click_point(driver, wait, "off")
        wait.until(lambda d: "Right" in text_of(d, "#tutor-text"))
        check(True, "the puzzle is solved by clicks")
        shot(driver, "puzzle-solved")
        # a game against the engine, to its end
        step = "game"
        whole_game(driver, wait)
        # a game with the learner's own dice: the pickers, teka then the roll
        step = "manual-dice"
        driver.find_element(By.ID, "game-settings-label").click()
        wait.until(lambda d: d.find_element(By.ID, "set-dice").is_displayed())
        driver.find_element(By.ID, "set-dice").click()
        driver.find_element(By.ID, "game-settings-label").click()
        driver.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-actions .die-pick")) == 2)
        shot(driver, "manual-dice-teka")

        def give(a, b):
            picks = driver.find_elements(By.CSS_SELECTOR, "#game-actions .die-pick")
            for sel, v in zip(picks, (a, b)):
                Select(sel).select_by_value(str(v))
            before = text_of(driver, "#prompt")
            driver.find_element(By.CSS_SELECTOR, '#game-actions [data-action="dice"]').click()
            wait.until(lambda d: text_of(d, "#prompt") != before)
        give(2, 5)
        give(6, 4)
        check(sorted(int(e.get_attribute("data-die")) for e in driver.find_elements(By.CSS_SELECTOR, "[data-die]")) == [4, 6]
              and "to play 6-4" in text_of(driver, "#prompt"),
              "own dice by the pickers: teka, then the roll on the board: " + text_of(driver, "#prompt")[:40])
        # a checker dragged and dropped: the same as its two clicks
        src = driver.find_element(By.CSS_SELECTOR, '#board [data-point="1"] [data-checker]')
        dst = driver.find_element(By.CSS_SELECTOR, '#board [data-point="7"] rect')
        ActionChains(driver).drag_and_drop(src, dst).perform()
        wait.until(lambda d: "1/7" in text_of(d, "#partial"))
        check(True, "a checker dragged from 1 and dropped on 7: " + text_of(driver, "#partial"))
        driver.find_element(By.CSS_SELECTOR, '#game-actions [data-action="leave"]').click()
        wait.until(lambda d: "A game of" not in text_of(d, "#heading"))
        # the move half made went with the game: the puzzle's own board again
        check(text_of(driver, "#partial") == "" and
              not driver.find_elements(By.CSS_SELECTOR, '#board [data-point="1"] [data-checker="white"]'),
              "a game left with a move half made: the page shows the puzzle's board, not the game's")
        driver.find_element(By.ID, "game-settings-label").click()
        driver.find_element(By.ID, "set-dice").click()
        driver.find_element(By.ID, "game-settings-label").click()
        # Swedish
        step = "swedish"
        driver.find_element(By.CSS_SELECTOR, '[data-action="lang-sv"]').click()
        wait.until(lambda d: "Problem" in text_of(d, "#heading"))
        check(driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "sv", "Swedish switched on")
        shot(driver, "swedish")
        driver.set_window_size(360, 800)
        shot(driver, "narrow-360")
        # a phone: the places fold into a menu, the board on the first screen
        top = driver.execute_script("return document.querySelector('#board').getBoundingClientRect().top")
        nav = driver.find_element(By.CSS_SELECTOR, 'nav [data-action="lessons"]')
        check(top < 150 and not nav.is_displayed() and driver.find_element(By.ID, "menu-toggle").is_displayed(),
              f"at 360 px the places are a menu and the board starts {top:.0f} px down")
        driver.find_element(By.ID, "menu-toggle").click()
        wait.until(lambda d: nav.is_displayed())
        shot(driver, "narrow-menu")
        driver.find_element(By.ID, "menu-toggle").click()
        wait.until(lambda d: not nav.is_displayed())
        driver.set_window_size(1280, 1000)
        driver.find_element(By.CSS_SELECTOR, '[data-action="lang-en"]').click()
        wait.until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
        # the contract's other buttons: drill, progress, glossary, review
        step = "drill"
        driver.find_element(By.CSS_SELECTOR, '[data-action="drill"]').click()
        wait.until(lambda d: "lesson question" in text_of(d, "#tutor-text") or "Drill" in text_of(d, "#heading"))
        check(True, "Drill: " + (text_of(driver, "#tutor-text") or text_of(driver, "#heading"))[:70])
        step = "progress"
        driver.find_element(By.CSS_SELECTOR, '[data-action="progress"]').click()
        wait.until(lambda d: "Lessons completed" in text_of(d, "#list"))
        check("1 solved" in text_of(driver, "#list .report") and
              driver.find_elements(By.CSS_SELECTOR, "#list .chart svg"),
              "Progress: the record (the puzzle solved) and the ratings chart")
        shot(driver, "progress")
        step = "glossary"
        driver.find_element(By.CSS_SELECTOR, '[data-action="glossary"]').click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list dt")) > 20)
        driver.find_element(By.ID, "glossary-word").send_keys("janb")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list dt")) < 5)
        terms = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#list dt")]
        check(any(t.startswith("janband") for t in terms), f"Glossary, searched: {terms}")
        shot(driver, "glossary")
        step = "editor"
        driver.find_element(By.CSS_SELECTOR, '[data-action="editor"]').click()
        wait.until(lambda d: "Position editor" in text_of(d, "#heading"))
        pid0 = driver.find_element(By.CSS_SELECTOR, "svg[data-board]").get_attribute("data-position-id")
        yaml0 = text_of(driver, "#ed-position")
        before = len(driver.find_elements(By.CSS_SELECTOR, '[data-point="20"] [data-checker="white"]'))
        click_point(driver, wait, 20)
        wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "svg[data-board]").get_attribute("data-position-id") != pid0)
        after = len(driver.find_elements(By.CSS_SELECTOR, '[data-point="20"] [data-checker="white"]'))
        check(after == before + 1 and text_of(driver, "#ed-position") != yaml0 and
              "white:" in text_of(driver, "#ed-position") and "- id: new-puzzle" in text_of(driver, "#ed-puzzle"),
              "Position editor: a click puts a white checker on 20; the id and the YAML follow: " +
              text_of(driver, "#ed-position").replace("\n", " ")[:80])
        shot(driver, "editor")
        step = "preview"
        driver.find_element(By.CSS_SELECTOR, '[data-action="preview"]').click()
        wait.until(EC.presence_of_element_located((By.ID, "preview-text")))
        driver.execute_script("document.getElementById('preview-text').value = arguments[0];",
                              open(os.path.join(COURSE, "puzzles", "kinds.yaml")).read())
        driver.find_element(By.ID, "preview-check").click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#preview-out .preview-item")) >= 3)
        check("No errors" in text_of(driver, "#preview-out") and
              driver.find_elements(By.CSS_SELECTOR, "#preview-out .preview-item svg"),
              "Course preview: a puzzle file checked and shown on its boards")
        shot(driver, "preview")
        step = "review"
        driver.find_element(By.CSS_SELECTOR, 'nav [data-action="review"]').click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#list li button"))
        driver.find_element(By.CSS_SELECTOR, "#list li button").click()
        wait.until(lambda d: "review (" in text_of(d, "#list"))
        check(True, "Review a game: the record picked from the list, reviewed: " +
              text_of(driver, "#list h2")[:70])
        driver.find_element(By.CSS_SELECTOR, '[data-action="puzzle"]').click()
        time.sleep(0.5)
        shot(driver, "puzzle")
    except Exception as e:  # a failing step leaves its screen
        failures.append(f"{step}: {type(e).__name__}: {e}")
        shot(driver, "failed-" + step)
    finally:
        driver.quit()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "cfg"),
                   HOME=tmp, LANG="C", BRADE_TODAY="2026-11-21")
        # the page from a copy with a link out of its folder, which must
        # never be served
        web = os.path.join(tmp, "web")
        shutil.copytree(os.path.join(REPO, "web"), web)
        os.symlink("/etc", os.path.join(web, "link-out"))
        env["BRADE_WEB_DIR"] = web
        # a puzzle of the learner's own (a review in the terminal writes
        # them): the page lists it with the course's
        mine = os.path.join(tmp, "state", "brade")
        os.makedirs(mine, exist_ok=True)
        kinds = open(os.path.join(COURSE, "puzzles", "kinds.yaml")).read()
        first = kinds[:kinds.index("\n  - id: play-goal")]
        with open(os.path.join(mine, "mine.yaml"), "w") as f:
            f.write(first.replace("id: play-author", "id: my-own-mistake") + "\n")
        p = subprocess.Popen([BRADE, "serve", "--port", "0", "--no-open", "--course", COURSE], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
        url = None
        t0 = time.time()
        while time.time() - t0 < 30 and not url:
            line = p.stdout.readline()
            m = re.search(r"(http://\S+)", line or "")
            if m:
                url = m.group(1)
        if not url:
            p.kill()
            print("FAIL the server printed no address:", p.stderr.read()[-500:])
            return 1
        try:
            access(url, tmp)
            browser(url)
            try:
                sessions(url)
            except Exception as e:
                failures.append(f"sessions: {type(e).__name__}: {e}")
        finally:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
        check(p.returncode == 0, f"SIGTERM: exit {p.returncode}")
        rec = os.path.join(tmp, "state", "brade", "progress")
        check(os.path.exists(rec) and "puzzle play-author result=solved" in open(rec).read(),
              "the progress record holds the puzzle solved")
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
