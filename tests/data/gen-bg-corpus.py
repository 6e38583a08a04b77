# gen-bg-corpus.py -- build bg-corpus.txt from GNU Backgammon's own move generator.
#
# Runs INSIDE gnubg's embedded Python; do not run it with plain python3.
# Use gen-bg-corpus.sh, which starts it as
#     gnubg -t -q -p gen-bg-corpus.py
# and passes its settings in environment variables:
#     BG_CORPUS_OUT  path of the corpus to write (required)
#     BG_BENCH       path of bg-bench1000.txt (required)
#     BG_SEED        seed of the random games (default 1613)
#     BG_VERIFY      "all" (default): replay every listed play (and every
#                    pass) with gnubg's `move` command and check the
#                    resulting Position ID;
#                    "none": skip that (faster, for experiments only)
#
# Where the answers come from
# ---------------------------
# For each (position, roll) the script does `set board ID`, `set dice A B`
# and asks `gnubg.hint(big)` with the chequer-play evaluation at 0 ply.  At
# 0 ply gnubg lists every move its generator (GenerateMoves) produced, one
# per distinct resulting position (gnubg de-duplicates by position key and
# keeps only plays that use the most dice, and among those the most pips of
# dice, i.e. the higher die when only one can be played).  An empty list
# means no legal move.  The move strings are turned into checker steps with
# gnubg.parsemove and applied to the board (hits send the blot to the bar);
# the resulting board is encoded with gnubg.positionid.  With BG_VERIFY=all
# (the default) every single play is then replayed through gnubg's own
# `move` command on a fresh copy of the position (a bare `move` when there
# is no legal play) and the Position ID gnubg reports afterwards must equal
# ours, so every ID in the corpus is one gnubg itself produced.  Nothing here decides legality on its own.
#
# The Position ID encoding, as found on this gnubg (1.07.001) and checked
# against gnubg.positionid / gnubg.positionfromid / `set board` / `show
# board` with asymmetric positions (see self_test() below, run every time):
#   * A board is a pair (b0, b1) of 25-slot lists; slot i < 24 holds the
#     checkers on point i+1 counted from that side's OWN home (slot 0 = its
#     ace point, slot 23 = its 24-point), slot 24 is that side's bar.
#     Borne-off checkers are not stored (15 minus the rest).
#   * b1 is the player ON ROLL, b0 the player NOT on roll: after
#     `set board ID` the hint lists moves for b1's checkers, whoever's turn
#     gnubg thought it was.  After a play, gnubg.positionid() equals
#     positionid((mover_after, opponent_after)): the side that just moved
#     becomes b0.
#   * Key bits: for b0 slots 0..24, then b1 slots 0..24, write n one-bits
#     followed by one zero-bit (n = checkers in the slot).  That is at most
#     30 ones + 50 zeros = 80 bits; bit k is stored in byte k // 8 at bit
#     position k % 8 (least significant bit first); unused bits are zero.
#   * The ID is the 10 key bytes in standard base64 (A-Z a-z 0-9 + /) with
#     the "==" padding dropped: 14 characters.
#   So the FIRST checkers in the key are those of the player NOT on roll.
#   Example: "PwAAgJuGRC4AAA" starts with byte 0x3f = six one-bits then a
#   zero: the player not on roll has 6 checkers on its ace point.
#
# Output: one line per entry
#     POSITIONID A-B N ID1 ... IDN
# IDs sorted (plain byte order), N >= 1; with no legal play N = 1 and the ID
# is the unchanged position turned to the opponent.  Lines starting with '#'
# are comments (header with provenance and category counts).

import base64
import os
import random
import sys
import time

import gnubg

OUT = os.environ["BG_CORPUS_OUT"]
BENCH = os.environ["BG_BENCH"]
SEED = int(os.environ.get("BG_SEED", "1613"))
VERIFY = os.environ.get("BG_VERIFY", "all")


def log(*a):
    print("gen-bg-corpus:", *a, file=sys.stderr, flush=True)


def cmd(c):
    gnubg.command(c)


for c in (
    "set player 0 human",
    "set player 1 human",
    "set automatic game off",
    "set automatic move off",
    "set automatic roll off",
    "set automatic bearoff off",
    "set confirm new off",
    "set display off",
    "set evaluation chequerplay evaluation plies 0",
    "set evaluation chequerplay evaluation cubeful off",
    "set evaluation chequerplay evaluation noise 0",
    "new game",
):
    cmd(c)

# ---------------------------------------------------------------- encoding


def my_encode(b0, b1):
    """Our own encoder, documented above; checked against gnubg.positionid."""
    bits = []
    for side in (b0, b1):
        for n in side:
            bits.extend([1] * n)
            bits.append(0)
    assert len(bits) <= 80
    key = bytearray(10)
    for k, bit in enumerate(bits):
        if bit:
            key[k // 8] |= 1 << (k % 8)
    return base64.b64encode(bytes(key)).decode("ascii")[:14]


def gid(b0, b1):
    """gnubg's own Position ID for the pair (not on roll, on roll)."""
    p = gnubg.positionid((tuple(b0), tuple(b1)))
    assert p == my_encode(b0, b1), (p, my_encode(b0, b1), b0, b1)
    return p


def from_id(pid):
    b0, b1 = gnubg.positionfromid(pid)
    return list(b0), list(b1)


START = "4HPwATDgc/ABMA"


def self_test():
    # asymmetric position: the player not on roll has 6 on its ace point and
    # 9 off; the player on roll has 15 spread out.
    b0, b1 = from_id("PwAAgJuGRC4AAA")
    assert b0 == [6] + [0] * 24, b0
    assert sum(b1) == 15 and b1[16] == 1 and b1[15] == 3, b1
    assert my_encode(b0, b1) == "PwAAgJuGRC4AAA"
    # `set board` + hint: the moves are b1's (17/14 16/11 exists for 5-3)
    cmd("set board PwAAgJuGRC4AAA")
    cmd("set dice 5 3")
    assert gnubg.positionid() == "PwAAgJuGRC4AAA"
    moves = [h["move"] for h in gnubg.hint(100000)["hint"]]
    assert "17/14 16/11" in moves, moves
    # after gnubg plays a move the board is (mover, opponent)
    cmd("move 17/14 16/11")
    after = gnubg.positionid()
    nb1 = list(b1)
    nb1[16] -= 1
    nb1[13] += 1
    nb1[15] -= 1
    nb1[10] += 1
    assert after == my_encode(nb1, b0), (after, my_encode(nb1, b0))
    # bar slot: a checker on the on-roll side's bar is slot 24 of b1
    opp = [2, 2, 2, 2, 2, 2] + [0] * 6 + [3] + [0] * 12
    me = [0] * 12 + [14] + [0] * 11 + [1]
    pid = gnubg.positionid((opp, me))
    assert pid == my_encode(opp, me)
    cmd("set board " + pid)
    cmd("set dice 5 3")
    assert gnubg.board()[1][24] == 1
    assert gnubg.hint(100000)["hint"] == []  # closed board: dance
    opp2 = [2, 2, 2, 2, 2, 0] + [0] * 6 + [5] + [0] * 12
    pid = gnubg.positionid((opp2, me))
    cmd("set board " + pid)
    cmd("set dice 6 6")
    moves = [h["move"] for h in gnubg.hint(100000)["hint"]]
    assert moves and all(m.startswith("bar/") for m in moves), moves  # must enter first
    log("encoding self-test passed")


# ------------------------------------------------------------ legal moves

_game_over = [False]


def ensure_game():
    if _game_over[0] or gnubg.board() is None:
        cmd("new game")
        _game_over[0] = False


def apply_steps(b0, b1, steps):
    """Apply gnubg.parsemove steps (mover's numbering, 25 = bar, 0 = off) for
    the player on roll (b1).  Returns (b0', b1')."""
    opp, me = list(b0), list(b1)
    for f, t in steps:
        fi = 24 if f == 25 else f - 1
        assert me[fi] > 0, (f, t, steps)
        me[fi] -= 1
        if t > 0:
            me[t - 1] += 1
            q = 24 - t  # the same point in the opponent's numbering, as a slot
            if opp[q] == 1:
                opp[q] = 0
                opp[24] += 1
            assert opp[q] == 0, (f, t, steps)
    return opp, me


def set_position(pid, a, b):
    ensure_game()
    cmd("set board " + pid)
    cmd("set dice %d %d" % (a, b))
    got = gnubg.positionid()
    if got != pid:
        raise RuntimeError("gnubg did not take position %s (has %s)" % (pid, got))


def legal(pid, a, b):
    """gnubg's legal plays: list of (move string, result ID, b0', b1')
    where the result is seen from the opponent (b0' = the mover)."""
    set_position(pid, a, b)
    hints = gnubg.hint(100000)["hint"]
    b0, b1 = from_id(pid)
    res = []
    for h in hints:
        m = h["move"]
        o2, m2 = apply_steps(b0, b1, gnubg.parsemove(m))
        res.append((m, gid(m2, o2), m2, o2))
    if len({r[1] for r in res}) != len(res):
        raise RuntimeError("gnubg listed two moves with one result: %s %d-%d" % (pid, a, b))
    return res


def dice_used(pid, a, b):
    """How many dice gnubg's best play uses (all its plays use the same)."""
    board = gnubg.positionfromid(pid)
    mv = gnubg.findbestmove(board, gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 0, 1, 0.0), (a, b))
    return sum(1 for i in range(0, len(mv), 2) if mv[i] > 0)


def answer(pid, a, b):
    res = legal(pid, a, b)
    if not res:
        b0, b1 = from_id(pid)
        return [gid(b1, b0)], res
    return sorted(r[1] for r in res), res


n_verified = [0]


def verify(pid, a, b, ids, res):
    if not res:
        # no legal play: a bare `move` is gnubg's pass; check the turned board
        set_position(pid, a, b)
        cmd("move")
        got = gnubg.positionid()
        if [got] != ids:
            raise RuntimeError("pass on %s %d-%d gave %s, expected %s" % (pid, a, b, got, ids))
        n_verified[0] += 1
    for m, rid, m2, o2 in res:
        set_position(pid, a, b)
        cmd("move " + m)
        got = gnubg.positionid()
        if sum(m2) == 0:  # the mover bore off its last checker
            _game_over[0] = True
        if got != rid:
            raise RuntimeError("replay of %s on %s %d-%d gave %s, expected %s" % (m, pid, a, b, got, rid))
        n_verified[0] += 1


# ------------------------------------------------------------ random games


def blots(side):
    return sum(1 for n in side[:24] if n == 1)


def play_games(rng, ngames):
    """Random-but-legal games: every play is one of gnubg's legal plays,
    chosen at random with a mild, gnubg-independent bias (of two random
    candidates keep the one leaving fewer blots), so that points get made
    and boards get built.  Returns the list of positions met (ID with the
    player on roll as b1) and the roll that was thrown there."""
    pool = []
    for g in range(ngames):
        b0, b1 = from_id(START)
        for ply in range(600):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            a, b = max(a, b), min(a, b)
            pid = gid(b0, b1)
            pool.append((pid, a, b))
            res = sorted(legal(pid, a, b), key=lambda r: r[1])
            if not res:
                b0, b1 = b1, b0
                continue
            c1, c2 = rng.choice(res), rng.choice(res)
            pick = min((c1, c2), key=lambda r: (blots(r[2]), r[1]))
            _, _, m2, o2 = pick
            if sum(m2) == 0:
                break
            b0, b1 = m2, o2  # opponent now on roll
    return pool


# ------------------------------------------------------------ selection

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # 21 rolls
DOUBLES = [(a, a) for a in range(1, 7)]
NONDOUBLES = [r for r in ROLLS if r[0] != r[1]]


def props(pid):
    b0, b1 = from_id(pid)
    me, opp = b1, b0
    # the opponent's home points 1..6 are my entry points 24..19
    blocked = sum(1 for q in range(6) if opp[q] >= 2)
    home_only = sum(me[6:25]) == 0
    high = max((i + 1 for i in range(24) if me[i] > 0), default=0)
    # opponent checkers in my home board (its slots 18..23) or on its bar
    opp_in_my_home = sum(opp[18:25])
    opp_blot_in_my_home = any(opp[s] == 1 for s in range(18, 24))
    occupied = sum(1 for n in me[:24] if n > 0)
    return dict(bar=me[24], blocked=blocked, bearoff=home_only, high=high,
                contact_home=opp_in_my_home, blot_home=opp_blot_in_my_home,
                occupied=occupied)


def main():
    t0 = time.time()
    self_test()
    rng = random.Random(SEED)

    entries = []  # (pid, a, b, category)
    seen = set()

    def add(pid, a, b, cat, keep_dup=False):
        a, b = max(a, b), min(a, b)
        if (pid, a, b) in seen and not keep_dup:
            return False
        seen.add((pid, a, b))
        entries.append((pid, a, b, cat))
        return True

    with open(BENCH) as f:
        for line in f:
            line = line.split()
            if not line:
                continue
            pid, d = line[0], line[1].replace("-", "")
            add(pid, int(d[0]), int(d[1]), "bench1000", keep_dup=True)  # all lines
    nbench = len(entries)
    log("bench entries:", nbench)

    for a, b in ROLLS:
        add(START, a, b, "start", keep_dup=True)  # all 21, even if bench has some

    pool = play_games(rng, 120)
    log("random games: %d positions in %.1fs" % (len(pool), time.time() - t0))
    pinfo = {}
    for pid, a, b in pool:
        if pid not in pinfo:
            pinfo[pid] = props(pid)
    uniq = sorted(pinfo)
    rng.shuffle(uniq)
    rolled = {}
    for pid, a, b in pool:
        rolled.setdefault(pid, (a, b))

    cache = {}

    def ans(pid, a, b):
        k = (pid, a, b)
        if k not in cache:
            cache[k] = answer(pid, a, b)
        return cache[k]

    def fill(cat, quota, cands, rolls_of, accept, max_tries=2500):
        n = tries = 0
        for pid in cands:
            if n >= quota or tries >= max_tries:
                break
            for a, b in rolls_of(pid):
                if n >= quota:
                    break
                if (pid, a, b) in seen:
                    continue
                tries += 1
                if accept(pid, a, b):
                    if add(pid, a, b, cat):
                        n += 1
                    break  # at most one roll per position and category
        log("%-22s %d/%d (%d tried, %.0fs)" % (cat, n, quota, tries, time.time() - t0))

    def shuffled(rs):
        rs = list(rs)
        rng.shuffle(rs)
        return rs

    P = pinfo
    always = lambda pid, a, b: True

    # checkers on the bar
    fill("bar-one-blocked", 45, [p for p in uniq if P[p]["bar"] == 1 and P[p]["blocked"] >= 3],
         lambda p: [rolled[p]], always)
    fill("bar-one", 45, [p for p in uniq if P[p]["bar"] == 1 and P[p]["blocked"] <= 2],
         lambda p: [rolled[p]], always)
    fill("bar-several", 50, [p for p in uniq if P[p]["bar"] >= 2],
         lambda p: [rolled[p]], always)
    fill("bar-several-doubles", 25, [p for p in uniq if P[p]["bar"] >= 2],
         lambda p: shuffled(DOUBLES), always)
    # bear-offs
    fill("bearoff-high-die", 50, [p for p in uniq if P[p]["bearoff"] and P[p]["high"] < 6],
         lambda p: shuffled(r for r in ROLLS if r[0] > P[p]["high"]), always)
    fill("bearoff-hit", 40, [p for p in uniq if P[p]["bearoff"] and P[p]["blot_home"]],
         lambda p: shuffled(ROLLS),
         lambda p, a, b: any("*" in m for m, *_ in ans(p, a, b)[1]))
    fill("bearoff-contact", 30, [p for p in uniq if P[p]["bearoff"] and P[p]["contact_home"]],
         lambda p: [rolled[p]], always)
    fill("bearoff-race", 40, [p for p in uniq if P[p]["bearoff"] and not P[p]["contact_home"]],
         lambda p: [rolled[p]], always)
    # doubles with many checkers free
    fill("doubles-many-free", 50, [p for p in uniq if P[p]["bar"] == 0 and P[p]["occupied"] >= 7],
         lambda p: shuffled(DOUBLES),
         lambda p, a, b: len(ans(p, a, b)[1]) >= 60)
    def few_and_partial(p, a, b, ok):
        res = ans(p, a, b)[1]
        if not 0 < len(res) <= 40:
            return False
        # a play written with more steps than `ok` allows uses too many dice;
        # otherwise ask findbestmove, whose steps are one die each
        if any(len(gnubg.parsemove(m)) > max(ok) for m, *_ in res):
            return False
        return dice_used(p, a, b) in ok

    def checkers(p):
        return sum(from_id(p)[1])

    # only part of the roll playable.  Typical sources: several checkers on
    # the bar and only one can enter; primes; the last checkers of a bear-off.
    partial_cands = ([p for p in uniq if P[p]["bar"] >= 2]
                     + [p for p in uniq if P[p]["bar"] == 1 and P[p]["blocked"] >= 3]
                     + [p for p in uniq if P[p]["bearoff"] and checkers(p) <= 4]
                     + [p for p in uniq if P[p]["bar"] == 0 and not P[p]["bearoff"]
                        and P[p]["blocked"] >= 4])
    fill("one-die-only", 50, partial_cands, lambda p: shuffled(NONDOUBLES),
         lambda p, a, b: few_and_partial(p, a, b, (1,)))
    fill("one-die-only-nobar", 15, [p for p in uniq if not P[p]["bearoff"] and P[p]["bar"] == 0],
         lambda p: shuffled(NONDOUBLES),
         lambda p, a, b: few_and_partial(p, a, b, (1,)))
    fill("partial-double", 50, shuffled(p for p in uniq if P[p]["bar"] < 2),
         lambda p: shuffled(DOUBLES),
         lambda p, a, b: few_and_partial(p, a, b, (1, 2, 3)), max_tries=6000)
    fill("partial-double-bar", 15, [p for p in uniq if P[p]["bar"] >= 2],
         lambda p: shuffled(DOUBLES),
         lambda p, a, b: few_and_partial(p, a, b, (1, 2, 3)))
    # nothing playable
    fill("no-move", 50, [p for p in uniq if P[p]["bar"] > 0], lambda p: shuffled(ROLLS),
         lambda p, a, b: len(ans(p, a, b)[1]) == 0)
    fill("no-move-nobar", 10, [p for p in uniq if P[p]["bar"] == 0], lambda p: shuffled(ROLLS),
         lambda p, a, b: len(ans(p, a, b)[1]) == 0)
    # plain positions from the games with the roll thrown there
    fill("random-game", 200, uniq, lambda p: [rolled[p]], always)

    log("entries: %d; computing answers (%.1fs)" % (len(entries), time.time() - t0))
    lines = []
    counts = {}
    nplays = 0
    for pid, a, b, cat in entries:
        ids, res = ans(pid, a, b)
        if VERIFY == "all":
            verify(pid, a, b, ids, res)
        nplays += len(ids)
        counts[cat] = counts.get(cat, 0) + 1
        lines.append("%s %d-%d %d %s" % (pid, a, b, len(ids), " ".join(ids)))
    log("verified %d plays by replaying them with gnubg's `move`" % n_verified[0])

    ver = os.environ.get("BG_GNUBG_VERSION", "unknown")
    hdr = [
        "# bg-corpus.txt: legal backgammon plays from GNU Backgammon's move generator.",
        "# Written by tests/data/gen-bg-corpus.sh with %s; do not edit by hand." % ver,
        "# Format: POSITIONID A-B N ID1 .. IDN (results seen from the opponent, sorted).",
        "# seed %d; %d entries, %d plays; verify=%s" % (SEED, len(lines), nplays, VERIFY),
        "# categories: " + ", ".join("%s=%d" % kv for kv in counts.items()),
    ]
    with open(OUT, "w") as f:
        f.write("\n".join(hdr + lines) + "\n")
    log("wrote %s: %d entries in %.1fs" % (OUT, len(lines), time.time() - t0))


try:
    main()
except Exception:
    import traceback
    traceback.print_exc()
    sys.stderr.flush()
    os._exit(1)
sys.stderr.flush()
sys.stdout.flush()
os._exit(0)
