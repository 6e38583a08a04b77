#!/usr/bin/env python3
"""Load benchmark of `brade serve` (docs/web.md, "Load"): N simulated
learners on loopback, each its own browser session, playing games against
the engine by clicks (a checker, then where it may go, as the page's
free-play option shows) and now and then asking a hint (long work, run as a
job and waited for), with a human's pause between actions, for a given
time.  Then SIGTERM, and the check that nothing was lost: every game with a
play has its record on disk, holding every play its learner made.

Prints the number of plays, hints, errors, and the median and
95th-percentile time of a play's answer (the last click of a play: the
tutor's verdict, the engine's reply, the record written), and of a hint.

    python3 bench/web/load.py [--learners 50] [--seconds 60] [--level 2]
                              [--think 1.0] [--hint-every 10] [--tutor warn|off]
                              [--brade build/brade]

Not a test: its figures depend on the machine.  Goal on the 2-core
machine: no error, nothing lost, median under 50 ms and 95th percentile
under 200 ms at the default level.
"""
import argparse
import http.cookiejar
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pid(view):
    m = re.search(r'data-position-id="([^"]*)"', view.get("board") or "")
    return m.group(1) if m else None


class Learner:
    def __init__(self, url, rng):
        self.base = url.split("/?")[0]
        self.rng = rng
        jar = http.cookiejar.CookieJar()
        self.op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.op.open(url, timeout=30).read()
        self.errors = []
        self.plays = []       # seconds, per play's answer
        self.hints = []       # seconds, per hint (job to its end)
        self.turns = {}       # record name -> plays made in it
        self.games = 0

    def api(self, route, body=None, get=False):
        data = None if get else json.dumps(body or {}).encode()
        req = urllib.request.Request(self.base + "/api/" + route, data=data,
                                     headers={"Content-Type": "application/json"})
        try:
            with self.op.open(req, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")
        except Exception as e:  # a refused or reset connection is an error too
            return 0, {"error": repr(e)}

    def ok(self, code, j, what):
        if code not in (200, 202):
            self.errors.append(f"{what}: {code} {j.get('error', '')}")
            return False
        return True

    def hint(self):
        t0 = time.perf_counter()
        code, j = self.api("game", {"word": "hint"})
        if not self.ok(code, j, "hint"):
            return
        while code == 202 or j.get("running"):
            time.sleep(0.05)
            code, j = self.api("job", get=True)
            if not self.ok(code, j, "job"):
                return
        self.hints.append(time.perf_counter() - t0)

    def play_one(self, view):
        """One play by clicks: a checker that may move, then a place it may
        go, until the server says the play was made."""
        for _ in range(8):
            code, mv = self.api("targets")
            if not self.ok(code, mv, "targets") or not mv["movable"]:
                return None
            frm = self.rng.choice(mv["movable"])
            code, tg = self.api("targets", {"from": frm})
            if not self.ok(code, tg, "targets from") or not tg["targets"]:
                return None
            to = self.rng.choice(tg["targets"])
            t0 = time.perf_counter()
            code, v = self.api("step", {"from": frm, "to": to})
            dt = time.perf_counter() - t0
            if not self.ok(code, v, "step"):
                return None
            if v.get("refused"):
                self.errors.append("a step the page offered was refused: " + v.get("words", "")[:80])
                return None
            if "played" in v:
                if pid(v) == pid(view) and "review" not in v.get("game_actions", []):
                    # the tutor's warning before a bad play: made anyway,
                    # as a learner would by sending it again
                    t0 = time.perf_counter()
                    code, v = self.api("answer", {"text": v["played"]})
                    dt = time.perf_counter() - t0
                    if not self.ok(code, v, "answer"):
                        return None
                self.plays.append(dt)
                return v
        return None

    def run(self, stop_at, level, think, hint_every):
        self.tutor = self.tutor_on
        while time.time() < stop_at:
            code, v = self.api("play", {"level": level, "tutor": self.tutor})
            if not self.ok(code, v, "play"):
                time.sleep(think)
                continue
            self.games += 1
            record = None
            n = 0
            while time.time() < stop_at and v.get("mode") == "game":
                acts = v.get("game_actions", [])
                if v.get("record"):
                    record = os.path.basename(v["record"])
                if "review" in acts:
                    break  # over
                time.sleep(think * self.rng.uniform(0.5, 1.5))
                if "roll" in acts:
                    code, v = self.api("game", {"word": "roll"})
                elif "pass" in acts:
                    code, v = self.api("game", {"word": "pass"})
                elif "take" in acts:
                    code, v = self.api("game", {"word": "take"})
                else:
                    if hint_every and self.rng.randrange(hint_every) == 0:
                        self.hint()
                    nv = self.play_one(v)
                    if nv is None:
                        code, v = self.api("state", get=True)
                        if not self.ok(code, v, "state"):
                            break
                        continue
                    v, code = nv, 200
                    n += 1
                    if nv.get("record"):
                        record = os.path.basename(nv["record"])
                if not self.ok(code, v, "game"):
                    break
            if record and n:
                self.turns[record] = n


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--learners", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--tutor", choices=["warn", "off"], default="warn",
                    help="warn: the tutor judges each play before it is made (2-ply), as by default")
    ap.add_argument("--think", type=float, default=1.0, help="seconds a learner pauses between actions (mean)")
    ap.add_argument("--hint-every", type=int, default=10, help="a hint before about one play in N (0: none)")
    ap.add_argument("--brade", default=os.environ.get("BRADE", os.path.join(REPO, "build", "brade")))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "cfg"),
                   HOME=tmp, LANG="C")
        p = subprocess.Popen([a.brade, "serve", "--port", "0", "--no-open"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
        url = re.search(r"http://\S+", p.stdout.readline()).group(0)
        learners = [Learner(url, random.Random(i)) for i in range(a.learners)]
        for l in learners:
            l.tutor_on = a.tutor == "warn"
        stop_at = time.time() + a.seconds
        threads = [threading.Thread(target=l.run, args=(stop_at, a.level, a.think, a.hint_every)) for l in learners]
        t0 = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.time() - t0
        p.send_signal(signal.SIGTERM)
        rc = p.wait(60)
        # nothing lost: every game with a play is on disk with its plays
        games = os.path.join(tmp, "state", "brade", "games")
        lost = []
        for l in learners:
            for name, n in l.turns.items():
                path = os.path.join(games, name)
                if not os.path.exists(path):
                    lost.append(f"{name}: no record")
                    continue
                # the person's plays: white's lines after the header
                made = sum(1 for line in open(path) if re.match(r"^white \d-\d ", line))
                if made < n:
                    lost.append(f"{name}: {made} plays on disk of {n} made")
                    if os.environ.get("BRADE_LOAD_KEEP"):  # for a look
                        import shutil
                        shutil.copy(path, os.environ["BRADE_LOAD_KEEP"])
    plays = [x for l in learners for x in l.plays]
    hints = [x for l in learners for x in l.hints]
    errors = [e for l in learners for e in l.errors]
    print(f"brade serve under load: {a.learners} learners, {wall:.0f} s, level {a.level}, tutor {a.tutor}, "
          f"think {a.think} s, a hint before about 1 play in {a.hint_every}")
    print(f"  games {sum(l.games for l in learners)}, plays {len(plays)}, hints {len(hints)}, "
          f"errors {len(errors)}, lost {len(lost)}, server exit {rc}")
    print(f"  a play's answer: median {1000 * statistics.median(plays):.1f} ms, "
          f"95th percentile {1000 * pct(plays, 0.95):.1f} ms, max {1000 * max(plays):.1f} ms" if plays else
          "  no play made")
    if hints:
        print(f"  a hint (job to its end): median {1000 * statistics.median(hints):.0f} ms, "
              f"95th percentile {1000 * pct(hints, 0.95):.0f} ms")
    for e in (errors + lost)[:10]:
        print("  !", e)
    return 0 if not errors and not lost and rc == 0 and plays else 1


if __name__ == "__main__":
    sys.exit(main())
