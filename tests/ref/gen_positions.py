#!/usr/bin/env python3
"""Seeded generator of random legal bräde positions for differential testing.

Prints one position per line as  TO_MOVE|WHITE_SPEC|BLACK_SPEC  (each side in its
own numbering, canonical form).  Every position has 15 checkers a side (bar and
off included), one colour per point, no own band on own points 2..11 (a home
band on point 1 is allowed), neither side jan, no finished pattern, nobody with
all 15 off.  With --no-long-primes (or --rules theboard) no side has a run of
more than five bands in the other side's numbering, unless that other side has
one checker left (The Board's limit).

The mix is biased toward the interesting cases: checkers on the bar against few
free points, barriers of 6-7 bands, bear-offs (all in Q4, some off, the last
checker), patterns one move from completion, jan and sprängjan threats, and
a side whose opponent has one checker left (The Board's prime limit lifted).

    gen_positions.py [-n 600] [--seed 1] [--no-long-primes]
"""

import argparse
import os
import random
import sys

sys.dont_write_bytecode = True     # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import brade_ref as R  # noqa: E402

BAR, OFF = R.BAR, R.OFF
other = R.other


class Board(object):
    """x = the side to move, y = the opponent, both in their own numbering."""

    def __init__(self, rng):
        self.rng = rng
        self.x = [0] * 26
        self.y = [0] * 26

    def arr(self, side):
        return self.x if side == 'x' else self.y

    def opp(self, side):
        return self.y if side == 'x' else self.x

    def left_to_place(self, side):
        return 15 - sum(self.arr(side))

    def can(self, side, p, n=1):
        """Can `side` put n more checkers on its own point p (1..24)?"""
        a, b = self.arr(side), self.opp(side)
        if b[other(p)] > 0:
            return False
        if 2 <= p <= 11 and a[p] + n > 1:
            return False
        return True

    def put(self, side, p, n=1):
        if self.left_to_place(side) < n:
            return False
        if p in (BAR, OFF):
            self.arr(side)[p] += n
            return True
        if not self.can(side, p, n):
            return False
        self.arr(side)[p] += n
        return True

    def fill(self, side, points, bands=0.5):
        """Place the rest of `side`'s checkers on the given own points."""
        rng = self.rng
        tries = 0
        while self.left_to_place(side) > 0 and tries < 400:
            tries += 1
            p = rng.choice(points)
            n = 1
            if p >= 12 and rng.random() < bands:
                n = min(self.left_to_place(side), rng.choice((1, 2, 2, 3)))
            self.put(side, p, n)
        return self.left_to_place(side) == 0


def anywhere():
    return list(range(1, 25))


# ---------------------------------------------------------------- scenarios

def sc_random(bd):
    r = bd.rng
    for side in ('x', 'y'):
        if r.random() < 0.6:
            bd.put(side, 1, r.randint(1, 9))
        if r.random() < 0.25:
            bd.put(side, BAR, r.randint(1, 2))
        if r.random() < 0.15:
            bd.put(side, OFF, r.randint(1, 6))
    for side in ('x', 'y'):
        bd.fill(side, anywhere(), bands=0.6)


def sc_bar(bd):
    """X on the bar against a nearly closed Q1 of Y bands (X 1..6 = Y 13..18)."""
    r = bd.rng
    bd.put('x', BAR, r.randint(1, 4))
    pts = list(range(1, 7))
    r.shuffle(pts)
    nblock = r.randint(3, 6)
    for p in pts[:nblock]:
        bd.put('y', other(p), r.randint(2, 3))
    for p in pts[nblock:]:
        c = r.random()
        if c < 0.35:
            bd.put('y', other(p), 1)       # an opponent blot: a free point
        elif c < 0.6:
            bd.put('x', p, 1 if p != 1 else r.randint(1, 4))
    if r.random() < 0.3:
        bd.put('y', BAR, r.randint(1, 3))
    if r.random() < 0.2:
        bd.put('x', OFF, r.randint(1, 10))
    bd.fill('y', anywhere(), bands=0.6)
    bd.fill('x', list(range(7, 25)), bands=0.6)


def sc_barrier(bd):
    """A run of 6-7 Y bands in X's path (X points 1..13)."""
    r = bd.rng
    ln = r.choice((6, 6, 7))
    start = r.randint(1, 14 - ln)
    for p in range(start, start + ln):
        bd.put('y', other(p), 2)
    # X checkers behind or on the bar
    if r.random() < 0.5:
        bd.put('x', BAR, r.randint(1, 2))
    if start > 1 and r.random() < 0.7:
        bd.put('x', 1, r.randint(1, 5))
    for p in range(2, start):
        if r.random() < 0.4:
            bd.put('x', p, 1)
    if r.random() < 0.25:
        bd.put('x', OFF, r.choice((3, 8, 13, 14)))
    if r.random() < 0.2:
        bd.put('y', BAR, 1)
    bd.fill('y', anywhere(), bands=0.5)
    bd.fill('x', list(range(start + ln, 25)), bands=0.6)


def sc_bearoff(bd):
    """X bearing off (all in Q4), sometimes one checker left behind or on the bar."""
    r = bd.rng
    off = r.choice((0, 2, 5, 9, 11, 12, 13, 13, 14, 14))
    bd.put('x', OFF, off)
    c = r.random()
    if c < 0.12:
        bd.put('x', BAR, 1)
    elif c < 0.25:
        bd.put('x', r.randint(13, 18), 1)
    # Y blots in X's Q4 (Y 7..12) to be hit, a Y band on X24 (Y's huk) sometimes
    if r.random() < 0.3:
        bd.put('y', other(24), r.randint(2, 3))
    for p in range(19, 24):
        if r.random() < 0.2:
            bd.put('y', other(p), 1)
    if r.random() < 0.35:
        bd.put('y', BAR, r.randint(1, 3))
    if r.random() < 0.3:
        # Y close to jan: a hit while bearing off may make jan (and then hemspel)
        for d in r.sample(range(1, 7), r.randint(2, 4)):
            bd.put('y', d, 1)
        bd.put('y', BAR, max(0, 6 - sum(1 for d in range(1, 7) if bd.y[d]) - bd.y[BAR]))
    bd.fill('x', list(range(19, 25)), bands=0.7)
    bd.fill('y', anywhere(), bands=0.6)


PATTERNS = {
    'enkelt-kronspel': {20: 3, 21: 3, 22: 3, 23: 3, 24: 3},
    'dubbelt-kronspel': {22: 5, 23: 5, 24: 5},
    'trappspel': {22: 3, 23: 5, 24: 7},
    'uppspel': {24: 15},
}


def sc_pattern(bd):
    """X one or two checkers away from a vackert spel."""
    r = bd.rng
    pat = dict(PATTERNS[r.choice(sorted(PATTERNS))])
    k = r.choice((1, 1, 1, 2))
    for _ in range(k):
        p = r.choice([q for q in pat if pat[q] > 0])
        pat[p] -= 1
        back = max(12, p - r.randint(1, 11))
        pat[back] = pat.get(back, 0) + 1
    for p, n in pat.items():
        if n:
            bd.put('x', p, n)
    if bd.left_to_place('x'):
        return
    for p in range(19, 25):
        if r.random() < 0.12:
            bd.put('y', other(p), 1)
    if r.random() < 0.3:
        bd.put('y', BAR, r.randint(1, 2))
    bd.fill('y', anywhere(), bands=0.6)


def sc_jan(bd):
    """Y close to jan (bar + own Q1 points = 4..6) with blots X can hit."""
    r = bd.rng
    yq1 = r.sample(range(1, 7), r.randint(1, 4))
    for d in yq1:
        bd.put('y', d, 1 if d != 1 else r.randint(1, 4))
    need = r.randint(4, 6) - len(yq1)
    if need > 0:
        bd.put('y', BAR, need)
    # Y blots outside Y's Q1 for X to hit
    for _ in range(r.randint(1, 4)):
        bd.put('y', r.randint(7, 24), 1)
    bd.fill('x', anywhere(), bands=0.6)
    bd.fill('y', list(range(12, 25)), bands=0.6)


def sc_sprangjan(bd):
    """X on the bar, Y bands in X's Q1, Y near jan: blasting may make sprängjan."""
    r = bd.rng
    bd.put('x', BAR, r.randint(1, 3))
    pts = list(range(1, 7))
    r.shuffle(pts)
    nblock = r.randint(2, 6)
    for p in pts[:nblock]:
        bd.put('y', other(p), r.randint(2, 4))
    for p in pts[nblock:]:
        if r.random() < 0.5:
            bd.put('x', p, 1 if p != 1 else r.randint(1, 3))
        elif r.random() < 0.5:
            bd.put('y', other(p), 1)
    yq1 = r.sample(range(1, 7), r.randint(1, 3))
    for d in yq1:
        bd.put('y', d, 1)
    if r.random() < 0.7:
        bd.put('y', BAR, r.randint(1, 3))
    bd.fill('y', list(range(12, 25)), bands=0.6)
    bd.fill('x', list(range(7, 25)), bands=0.6)


def sc_lastchecker(bd):
    """X has one checker left (on the bar or anywhere) against bands."""
    r = bd.rng
    bd.put('x', OFF, 14)
    if r.random() < 0.5:
        bd.put('x', BAR, 1)
    else:
        bd.put('x', r.randint(1, 24), 1)
    if r.random() < 0.5:
        ln = r.choice((4, 6, 7))
        start = r.randint(1, 14 - ln)
        for p in range(start, start + ln):
            bd.put('y', other(p), 2)
    bd.fill('y', anywhere(), bands=0.6)
    bd.fill('x', anywhere())


def sc_opp_last(bd):
    """Y has one checker left; X holds a run of 4-5 bands it may extend (under
    The Board the five-prime limit is lifted; X may not be blasted by Y)."""
    r = bd.rng
    bd.put('y', OFF, 14)
    if r.random() < 0.4:
        bd.put('y', BAR, 1)
    else:
        bd.put('y', r.randint(1, 24), 1)
    ln = r.choice((4, 5, 5, 6))
    start = r.randint(13, 25 - ln)          # X's run, in its Q3/Q4
    for p in range(start, start + ln):
        bd.put('x', p, 2)
    if r.random() < 0.5:
        bd.put('x', 1, r.randint(2, 3))     # an intact home band next to X24 (D-5)
    bd.fill('x', list(range(12, 25)), bands=0.3)
    bd.fill('y', anywhere())


SCENARIOS = [
    (sc_random, 4), (sc_bar, 3), (sc_barrier, 2), (sc_bearoff, 3),
    (sc_pattern, 2), (sc_jan, 2), (sc_sprangjan, 2), (sc_lastchecker, 1),
    (sc_opp_last, 1),
]


def acceptable(x, y, no_long_primes):
    try:
        R.check_position(x, y)
    except R.PositionError:
        return False
    if R.jan(x) or R.jan(y):
        return False
    if R.pattern(x) or R.pattern(y):
        return False
    if x[OFF] == 15 or y[OFF] == 15:
        return False
    if no_long_primes:
        for a, b in ((x, y), (y, x)):
            if R.left(b) != 1 and R.longest_prime(a) > 5:
                return False
    return True


def gen_one(rng, no_long_primes=False):
    funcs = [f for f, w in SCENARIOS for _ in range(w)]
    while True:
        f = rng.choice(funcs)
        bd = Board(rng)
        f(bd)
        if bd.left_to_place('x') or bd.left_to_place('y'):
            continue
        if not acceptable(bd.x, bd.y, no_long_primes):
            continue
        if rng.random() < 0.5:
            return 'white', bd.x, bd.y
        return 'black', bd.y, bd.x


def generate(n, seed=1, no_long_primes=False):
    """List of (to_move, white_spec, black_spec)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        tm, w, b = gen_one(rng, no_long_primes)
        out.append((tm, R.canon_side(w), R.canon_side(b)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', type=int, default=600)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--no-long-primes', action='store_true')
    ap.add_argument('--rules', default=None, help='theboard implies --no-long-primes')
    a = ap.parse_args()
    nlp = a.no_long_primes or (a.rules or '').startswith('theboard')
    for tm, w, b in generate(a.n, a.seed, nlp):
        print('%s|%s|%s' % (tm, w, b))


if __name__ == '__main__':
    main()
