#!/usr/bin/env python3
"""Kills during a game (reliability-2, finding 1): a game is written as it
is played, so a kill loses at most the play being made.

Each round starts `brade play` (a person against the engine, a seeded
game, the tutor off, `--record FILE`), plays the first legal play of each
roll (from `moves`), and sends a signal after a random number of plays and
a random delay (so some kills land while the engine thinks, some while the
record is written, some at the prompt).  A play counts as acknowledged once
the next prompt ("... to play ...") has been printed.  Then:

  - the record loads and replays (`brade review FILE --plies 0`), unless no
    play was acknowledged and no record was written;
  - it holds every acknowledged play of the person (none lost);
  - `brade play --resume FILE` takes the game up after exactly the plays
    in the record.

    python3 bench/hostile/kill_play.py [--brade build/brade] [--rounds 200]
        [--signal KILL|TERM|HUP|INT|mixed] [--seed 1]

It prints the rounds, records checked, acknowledged plays and plays lost,
and exits 1 when a record is lost or damaged or an acknowledged play is
missing.  tests/tutor/test_kill_play.py runs a few rounds of it in CI.
"""
import argparse
import os
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

SIGNALS = {"KILL": signal.SIGKILL, "TERM": signal.SIGTERM, "HUP": signal.SIGHUP, "INT": signal.SIGINT}


class Game:
    """A `brade play` process read line by line, without blocking."""

    def __init__(self, argv, env):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  env=env)
        self.buf = b""

    def until(self, pattern, timeout=60.0):
        """Reads until a line matches; returns the text read (or what came
        before the end, on EOF or time-out)."""
        end = time.time() + timeout
        rx = re.compile(pattern.encode(), re.M)
        while time.time() < end:
            m = rx.search(self.buf)
            if m:
                nl = self.buf.find(b"\n", m.end())
                cut = len(self.buf) if nl < 0 else nl + 1
                text, self.buf = self.buf[:cut], self.buf[cut:]
                return text.decode("utf-8", "replace")
            r, _, _ = select.select([self.p.stdout], [], [], 0.1)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.buf += chunk
        text, self.buf = self.buf, b""
        return text.decode("utf-8", "replace")

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()


def person_plays(path):
    """The person's (white's) plays in a record, in order (a roll with no
    play, "-", passes by itself and is not counted)."""
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        w = line.split()
        if len(w) >= 3 and w[0] == "white" and w[1][0].isdigit() and w[2] != "-":
            out.append(" ".join(w[2:]))
    return out


def one_round(brade, tmp, rng, sig, env):
    rec = os.path.join(tmp, "g.txt")
    if os.path.exists(rec):
        os.remove(rec)
    seed = rng.randrange(1, 1 << 30)
    g = Game([brade, "play", "--seed", str(seed), "--record", rec, "--tutor", "off", "--black", "engine:1"], env)
    stop_after = rng.randrange(0, 30)
    acked = []
    text = g.until(r"to play|cannot play")
    for _ in range(stop_after):
        if "to play" not in text:
            break
        g.send("moves")
        m = re.search(r"^\s+1\. (.*)$", g.until(r"^\s+1\. "), re.M)
        if not m:
            break
        play = m.group(1).strip()
        g.send(play)
        text = g.until(r"to play|cannot play|wins|game record is in")
        if re.search(r"to play|cannot play|wins", text):
            acked.append(play)
        if "wins" in text:
            break
    time.sleep(rng.random() * 0.05)
    g.p.send_signal(sig)
    try:
        g.p.wait(30)
    except subprocess.TimeoutExpired:
        g.p.kill()
        g.p.wait()
    if not os.path.exists(rec):
        return acked, None, "no record" if acked else None
    r = subprocess.run([brade, "review", rec, "--plies", "0"], capture_output=True, text=True, env=env, timeout=120)
    if r.returncode != 0:
        return acked, rec, "does not replay: " + r.stderr[-300:]
    have = person_plays(rec)
    # the first acknowledged plays must all be there, in order (a play
    # made after the last acknowledgement may be there too)
    if have[:len(acked)] != acked:
        return acked, rec, "lost plays: acknowledged %d, recorded %d" % (len(acked), len(have))
    r = subprocess.run([brade, "play", "--resume", rec], input="", capture_output=True, text=True, env=env,
                       timeout=300)
    said = r.stdout
    if "goes on after" not in said and "is over" not in said:
        return acked, rec, "does not resume: " + (said + r.stderr)[-300:]
    return acked, rec, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--brade", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "brade"))
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--signal", default="mixed", choices=list(SIGNALS) + ["mixed"])
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    bad, checked, acked_total, lost = [], 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "cfg"),
                   NO_COLOR="1", LANG="C")
        for i in range(a.rounds):
            sig = SIGNALS[rng.choice(list(SIGNALS))] if a.signal == "mixed" else SIGNALS[a.signal]
            acked, rec, why = one_round(os.path.abspath(a.brade), tmp, rng, sig, env)
            acked_total += len(acked)
            checked += rec is not None
            if why:
                bad.append("round %d (%s): %s" % (i + 1, signal.Signals(sig).name, why))
                if "lost" in why or why == "no record":
                    lost += len(acked) - (len(person_plays(rec)) if rec else 0)
    print("kills: %d, records checked: %d, acknowledged plays: %d, plays lost: %d, problems: %d"
          % (a.rounds, checked, acked_total, lost, len(bad)))
    for b in bad:
        print("FAIL", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
