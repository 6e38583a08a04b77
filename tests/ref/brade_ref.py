#!/usr/bin/env python3
"""brade_ref: an independent reference implementation of the bräde move rules.

Written only from /work/shared/rules.md (sections A4, A6, B2-B8, D-2..D-13, D4-D6)
and the `brade moves` contract in engine-cli.md, for differential testing of the C
engine.  Simplicity beats speed: every order of every die is tried, step by step,
and the rules are checked again before each single step.

Library:
    legal_plays(white, black, to_move, roll, rules) -> list of play dicts (as JSON)
    legal_steps(white, black, to_move, die, rules)   -> the single steps for one die
    parse_side(spec) / canon_side(arr) / parse_rules(name) / check_position(...)

CLI (same interface as `brade moves`):
    brade_ref.py moves [--rules NAME] --white SPEC --black SPEC
                       --to-move white|black --roll A-B [--json]
(the word `moves` may be left out).

Conventions: a side is a list of 26 counts in that side's own numbering:
index 0 = bar, 1..24 = points, 25 = off.
"""

import argparse
import json
import sys

BAR = 0
OFF = 25


def other(p):
    """Point p (1..24) of one side, in the other side's numbering (A2)."""
    return (p + 11) % 24 + 1


# --------------------------------------------------------------------------
# Rulesets (rules.md D4; the brief's presets)

OPTION_VALUES = {
    'entry-blast': ('a', 'b', 'none'),
    'bearoff': ('standard', 'rearmost-only', 'exact-only', 'any-overshoot'),
    'move-criterion': ('max-pips', 'max-dice-then-faces'),
    'vackert-completion': ('whole-roll', 'immediate'),
    'jan-legality': ('maximal', 'any'),
    'jan-timing': ('end-of-roll', 'at-step'),
    'munk': ('none', 'single', 'per-checker'),
    'max-prime': ('none', '5'),
    'barrier': ('on', 'off'),
    'barrier-entry-blast': ('on', 'off'),
    'last-checker-no-blast': ('on', 'off'),
    'scoring': ('ww', 'ny1', 'ny2', 'helmfrid', 'vasa'),
}

_LT = {
    'entry-blast': 'b',
    'barrier': 'on',
    'barrier-entry-blast': 'on',
    'bearoff': 'standard',
    'move-criterion': 'max-pips',
    'vackert-completion': 'whole-roll',
    'jan-legality': 'maximal',
    'jan-timing': 'end-of-roll',
    'munk': 'single',
    'max-prime': 'none',
    'last-checker-no-blast': 'on',
    'scoring': 'ww',
}
PRESETS = {
    'lyckans-talisman': dict(_LT),
    'helmfrid': dict(_LT, **{'jan-legality': 'any', 'jan-timing': 'at-step',
                             'scoring': 'helmfrid'}),
    'vasa': dict(_LT, **{'jan-legality': 'any', 'jan-timing': 'at-step',
                         'bearoff': 'rearmost-only',
                         'vackert-completion': 'immediate', 'scoring': 'vasa'}),
    # The Board classic.  Barriers cannot exist in a TBc-legal position (a run
    # of 6 is only allowed against a player with one checker left, who may not
    # blast anyway), so the barrier options do not matter; D4 says "n/a": off.
    # `barrier` = barrier bands blastable by ordinary (board) landings (B4.1);
    # `barrier-entry-blast` = barrier bands blastable when entering (B4.5).
    'theboard': dict(_LT, **{'max-prime': '5', 'entry-blast': 'a',
                             'move-criterion': 'max-dice-then-faces',
                             'bearoff': 'any-overshoot',
                             'vackert-completion': 'whole-roll',
                             'jan-legality': 'maximal', 'jan-timing': 'at-step',
                             'munk': 'none', 'barrier': 'off',
                             'barrier-entry-blast': 'off', 'scoring': 'ww'}),
}

# rules.md B8: points for (kind) and the munk supplement
SCORING = {
    'ww': {'hemspel': 1, 'vackert': 1, 'jan': 2, 'sprangjan': 4, 'munk': 1},
    'ny1': {'hemspel': 1, 'vackert': 1, 'jan': 2, 'sprangjan': 4, 'munk': 1},
    'ny2': {'hemspel': 3, 'vackert': 3, 'jan': 7, 'sprangjan': 11, 'munk': 2},
    'helmfrid': {'hemspel': 1, 'vackert': 1, 'jan': 2, 'sprangjan': 4, 'munk': 1},
    'vasa': {'hemspel': 1, 'vackert': 2, 'jan': 4, 'sprangjan': 6, 'munk': 1},
}

# A play that bears off the last checker ends the game; is it legal even when a
# longer play exists under max-dice-then-faces (TBc)?  rules.md C2 assumes yes
# ("a game-ending bear-off is exempt from the use-both-dice rule"); a literal
# reading of D5 (only IMMEDIATE-option wins are added regardless) says no.  With
# max-pips the question never arises (bearing everything off is always maximal).
# Decided (docs/rules.md 5.3): no exemption.  The Board's text forbids leaving a
# playable die unplayed, and backgammon (GNU Backgammon) counts dice the same way.
HEMSPEL_ALWAYS_LEGAL = False

PATTERN_KINDS = ('enkelt-kronspel', 'dubbelt-kronspel', 'trappspel', 'uppspel')


class RulesError(ValueError):
    pass


def parse_rules(name):
    """'PRESET+opt=val+...' -> dict of options (plus '_name')."""
    parts = name.split('+')
    preset = parts[0]
    if preset not in PRESETS:
        raise RulesError("unknown ruleset '%s' (known: %s)" % (preset, ', '.join(sorted(PRESETS))))
    o = dict(PRESETS[preset])
    for part in parts[1:]:
        if '=' not in part:
            raise RulesError("bad option override '%s' (want opt=value)" % part)
        k, v = part.split('=', 1)
        k = k.replace('_', '-').lower()
        v = v.replace('_', '-').lower()
        if k not in OPTION_VALUES:
            raise RulesError("unknown option '%s'" % k)
        if v not in OPTION_VALUES[k]:
            raise RulesError("bad value '%s' for option '%s' (one of %s)" % (v, k, '|'.join(OPTION_VALUES[k])))
        o[k] = v
    o['_name'] = name
    return o


# --------------------------------------------------------------------------
# Side specs

class PositionError(ValueError):
    pass


def parse_side(spec, who='side'):
    arr = [0] * 26
    off_given = None
    toks = spec.replace(',', ' ').split()
    for t in toks:
        if ':' in t:
            a, n = t.split(':', 1)
        else:
            a, n = t, '1'
        try:
            n = int(n)
        except ValueError:
            raise PositionError("%s: bad count in token '%s'" % (who, t))
        if n < 0:
            raise PositionError("%s: negative count in token '%s'" % (who, t))
        a = a.lower()
        if a == 'bar':
            arr[BAR] += n
        elif a == 'off':
            off_given = (off_given or 0) + n
        else:
            try:
                p = int(a)
            except ValueError:
                raise PositionError("%s: bad token '%s'" % (who, t))
            if not 1 <= p <= 24:
                raise PositionError("%s: point %d out of range 1..24" % (who, p))
            arr[p] += n
    rest = sum(arr[0:25])
    if off_given is None:
        if rest > 15:
            raise PositionError("%s: %d checkers, more than 15" % (who, rest))
        arr[OFF] = 15 - rest
    else:
        arr[OFF] = off_given
    if sum(arr) != 15:
        raise PositionError("%s: %d checkers, not 15" % (who, sum(arr)))
    return arr


def canon_side(arr):
    toks = ['%d:%d' % (p, arr[p]) for p in range(1, 25) if arr[p] > 0]
    if arr[BAR] > 0:
        toks.append('bar:%d' % arr[BAR])
    if arr[OFF] > 0:
        toks.append('off:%d' % arr[OFF])
    return ' '.join(toks)


# --------------------------------------------------------------------------
# Predicates (A6), X = the side the arrays belong to, Y = the other side

def left(arr):
    return 15 - arr[OFF]


def jan(ys):
    """Jan(Y) (A6.5): bar + own-occupied points of Y's Q1 > 6."""
    return ys[BAR] + sum(1 for d in range(1, 7) if ys[d] > 0) > 6


def pattern(xs):
    """The vackert spel X's checkers form, or None (B6.2)."""
    if xs[OFF] != 0 or xs[BAR] != 0:
        return None
    if any(xs[p] for p in range(1, 20)):
        return None
    c = tuple(xs[20:25])
    if c == (3, 3, 3, 3, 3):
        return 'enkelt-kronspel'
    if c == (0, 0, 5, 5, 5):
        return 'dubbelt-kronspel'
    if c == (0, 0, 3, 5, 7):
        return 'trappspel'
    if c == (0, 0, 0, 0, 15):
        return 'uppspel'
    return None


def runs(flags):
    """flags: dict/list indexed 1..24 of booleans -> list of (start, length) runs."""
    out = []
    p = 1
    while p <= 24:
        if flags[p]:
            s = p
            while p <= 24 and flags[p]:
                p += 1
            out.append((s, p - s))
        else:
            p += 1
    return out


def longest_prime(xs):
    """Longest run of X's bands, measured in the other side's numbering (D-5):
    the blocked player's path Y1..Y24 (X13..X24, X1..X12)."""
    flags = [False] * 25
    for q in range(1, 25):
        flags[q] = xs[other(q)] >= 2
    return max([n for _, n in runs(flags)] or [0])


def yat(ys, p):
    return ys[other(p)]


# --------------------------------------------------------------------------
# Single steps

class Step(object):
    __slots__ = ('frm', 'to', 'die', 'hit', 'blast', 'pips', 'xs', 'ys')

    def __init__(self, frm, to, die, hit, blast, pips, xs, ys):
        self.frm, self.to, self.die = frm, to, die
        self.hit, self.blast, self.pips = hit, blast, pips
        self.xs, self.ys = xs, ys

    def text(self):
        a = 'bar' if self.frm == BAR else str(self.frm)
        b = 'off' if self.to >= OFF else str(self.to)
        return '%s/%s%s%s' % (a, b, '*' if self.hit else '', '#' if self.blast else '')


def steps_for_die(xs, ys, d, o):
    """Every legal single step of the mover X (arrays xs, ys as in the module doc)
    with die d in the position (xs, ys).  Every rule is checked in this position."""
    out = []
    # bar first (B3.5)
    if xs[BAR] > 0:
        sources = [BAR]
    else:
        sources = [p for p in range(1, 25) if xs[p] > 0]

    y = [0] * 25
    for p in range(1, 25):
        y[p] = yat(ys, p)

    # blasting rights, computed afresh in this position (A6.6, D-7)
    last_checker = xs[OFF] == 14 and o['last-checker-no-blast'] == 'on'
    barrier = [False] * 25
    if o['barrier'] == 'on' or o['barrier-entry-blast'] == 'on':
        for s, n in runs([False] + [y[p] >= 2 for p in range(1, 25)]):
            if n >= 6:
                for p in range(s, s + n):
                    barrier[p] = True
    free = sum(1 for d_ in range(1, 7) if xs[d_] == 0 and y[d_] <= 1)
    if o['entry-blast'] == 'b':
        overflow = xs[BAR] > free
    elif o['entry-blast'] == 'a':
        overflow = xs[BAR] >= 1 and free == 0
    else:
        overflow = False

    all_q4 = xs[BAR] == 0 and all(xs[p] == 0 for p in range(1, 19))
    occupied = [p for p in range(1, 25) if xs[p] > 0]
    rearmost = min(occupied) if occupied else None

    for p in sources:
        q = p + d
        if q >= OFF:
            # bearing off (A6.10, B5, D-3)
            if not all_q4:
                continue
            exact = q == OFF
            mode = o['bearoff']
            if mode == 'standard':
                ok = exact or p == rearmost
            elif mode == 'rearmost-only':
                ok = p == rearmost
            elif mode == 'exact-only':
                ok = exact
            else:  # any-overshoot
                ok = True
            if not ok:
                continue
            nx = list(xs)
            nx[p] -= 1
            nx[OFF] += 1
            out.append(Step(p, OFF, d, False, False, OFF - p, tuple(nx), ys))
            continue
        # band ban (A6.2): entering never onto own checkers; no own stacking on 2..11
        if (p == BAR or 2 <= q <= 11) and xs[q] > 0:
            continue
        yc = y[q]
        hit = blast = False
        if yc >= 2:
            if last_checker:
                continue
            if p == BAR:
                ok = (barrier[q] and o['barrier-entry-blast'] == 'on') or overflow
            else:
                ok = barrier[q] and o['barrier'] == 'on'
            if not ok:
                continue
            blast = True
        elif yc == 1:
            hit = True
        nx = list(xs)
        nx[p] -= 1
        nx[q] += 1
        ny = ys
        if yc:
            ny = list(ys)
            ny[other(q)] = 0
            ny[BAR] += yc
            ny = tuple(ny)
        nx = tuple(nx)
        # The Board: no prime longer than five, even during a move (B4.6, C29)
        if o['max-prime'] == '5' and left(ys) != 1 and longest_prime(nx) > 5:
            continue
        out.append(Step(p, q, d, hit, blast, d, nx, ny))
    return out


# --------------------------------------------------------------------------
# Whole plays (D5, D6)

def _metric(o, ndice, faces, pips):
    if o['move-criterion'] == 'max-pips':
        return (pips,)
    return (ndice, faces)


def enumerate_sequences(xs, ys, dice, o):
    """All terminal step sequences (D5 step 2), deduplicated on everything that can
    matter later.  Returns a list of dicts."""
    vackert_now = o['vackert-completion'] == 'immediate'
    jan_cut = o['jan-legality'] == 'any' and o['jan-timing'] == 'at-step'
    start = (tuple(xs), tuple(ys), tuple(sorted(dice)), 0, 0, 0, None, None)
    frontier = {start: ()}
    terminal = []
    while frontier:
        nxt = {}
        for node, notation in frontier.items():
            cx, cy, rem, ndice, faces, pips, janinfo, cut = node
            children = []
            if cut is None:
                for d in sorted(set(rem), reverse=True):
                    r = list(rem)
                    r.remove(d)
                    r = tuple(r)
                    for st in steps_for_die(cx, cy, d, o):
                        ncut = None
                        njan = janinfo
                        if st.xs[OFF] == 15:
                            ncut = 'hemspel'          # the last checker always ends the game
                        elif vackert_now and pattern(st.xs):
                            ncut = 'pattern'
                        if njan is None and not jan(cy) and jan(st.ys):
                            kind = 'sprangjan' if st.blast else 'jan'
                            njan = (kind, st.xs, st.ys, len(notation) + 1)
                            if jan_cut and ncut is None:
                                ncut = 'jan'
                        child = (st.xs, st.ys, r, ndice + 1, faces + d, pips + st.pips, njan, ncut)
                        children.append((child, notation + (st.text(),)))
            if not children:
                terminal.append(dict(xs=cx, ys=cy, ndice=ndice, faces=faces, pips=pips,
                                     jan=janinfo, cut=cut, notation=' '.join(notation),
                                     metric=_metric(o, ndice, faces, pips)))
            for child, nt in children:
                if child not in nxt:
                    nxt[child] = nt
        frontier = nxt
    return terminal


def _outcome(kind, ys, o):
    table = SCORING[o['scoring']]
    if kind in ('jan', 'sprangjan'):
        return {'kind': kind, 'munk': False, 'points': table[kind]}
    base = table['hemspel'] if kind == 'hemspel' else table['vackert']
    nbar = ys[BAR]
    munk = o['munk'] != 'none' and nbar > 0
    pts = base
    if munk:
        pts += table['munk'] * (nbar if o['munk'] == 'per-checker' else 1)
    return {'kind': kind, 'munk': munk, 'points': pts}


_KIND_RANK = {'sprangjan': 7, 'jan': 6, 'uppspel': 5, 'trappspel': 4,
              'dubbelt-kronspel': 3, 'enkelt-kronspel': 2, 'hemspel': 1}


def _better(a, b):
    """The better of two outcomes for the winner (D6.3); None = game goes on."""
    if a is None:
        return b
    if b is None:
        return a
    ka = (a['points'], _KIND_RANK[a['kind']], a['munk'])
    kb = (b['points'], _KIND_RANK[b['kind']], b['munk'])
    return a if ka >= kb else b


def plays_mover(xs, ys, dice, o):
    """Legal plays of mover X: list of (xs, ys, outcome, notation)."""
    seqs = enumerate_sequences(xs, ys, dice, o)
    best = max(s['metric'] for s in seqs)
    kept = []
    for s in seqs:
        if s['metric'] == best:
            kept.append(s)
        elif s['cut'] is not None and (s['cut'] != 'hemspel' or HEMSPEL_ALWAYS_LEGAL):
            # immediate wins are legal even when not optimal (D5 step 5); the last
            # checker borne off always ends the game (brief, D-10, C2)
            kept.append(s)
        elif s['jan'] is not None and o['jan-legality'] == 'any':
            kept.append(s)     # jan-legality=any with end-of-roll timing
    results = {}
    for s in kept:
        fx, fy, out = s['xs'], s['ys'], None
        notation = s['notation']
        jinfo = s['jan']
        if jinfo is not None and o['jan-timing'] == 'at-step':
            # the game ended right after the jan step
            kind, fx, fy, nsteps = jinfo
            notation = ' '.join(s['notation'].split()[:nsteps])
            out = _outcome(kind, fy, o)
            if (fx, fy) == (s['xs'], s['ys']):
                # a win of another kind made by the very same step
                if s['cut'] == 'hemspel':
                    out = _better(out, _outcome('hemspel', fy, o))
                elif s['cut'] == 'pattern':
                    out = _better(out, _outcome(pattern(fx), fy, o))
        else:
            if s['cut'] == 'hemspel':
                out = _better(out, _outcome('hemspel', fy, o))
            if s['cut'] == 'pattern' or (o['vackert-completion'] == 'whole-roll' and pattern(fx)):
                out = _better(out, _outcome(pattern(fx), fy, o))
            if jinfo is not None:
                out = _better(out, _outcome(jinfo[0], fy, o))
        key = (fx, fy)
        if key in results:
            px, py, pout, pnot = results[key]
            results[key] = (px, py, _better(pout, out), pnot)
        else:
            results[key] = (fx, fy, out, notation)
    return list(results.values())


def check_position(white, black, o=None):
    """Raise PositionError if the position breaks a placement rule."""
    for who, a in (('white', white), ('black', black)):
        if len(a) != 26 or any(c < 0 for c in a) or sum(a) != 15:
            raise PositionError("%s: not 15 checkers" % who)
        for p in range(2, 12):
            if a[p] >= 2:
                raise PositionError("%s: band of %d on own point %d (bands are not allowed on 2..11)" % (who, a[p], p))
    for p in range(1, 25):
        if white[p] > 0 and black[other(p)] > 0:
            raise PositionError("white point %d (black point %d) holds both colours" % (p, other(p)))
    if o is not None and o['max-prime'] == '5':
        for who, a, b in (('white', white, black), ('black', black, white)):
            if left(b) != 1 and longest_prime(a) > 5:
                raise PositionError("%s has a prime longer than five points" % who)


def _roll_dice(roll):
    a, b = roll
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError("dice must be 1..6")
    return [a] * 4 if a == b else [a, b]


def legal_plays(white, black, to_move, roll, rules='lyckans-talisman'):
    """white, black: 26-lists (or spec strings); to_move 'white'|'black';
    roll (a, b).  Returns the JSON play list of engine-cli.md."""
    o = parse_rules(rules) if isinstance(rules, str) else rules
    if isinstance(white, str):
        white = parse_side(white, 'white')
    if isinstance(black, str):
        black = parse_side(black, 'black')
    check_position(white, black, o)
    if to_move == 'white':
        xs, ys = white, black
    elif to_move == 'black':
        xs, ys = black, white
    else:
        raise ValueError("to_move must be white or black")
    out = []
    for fx, fy, outcome, notation in plays_mover(xs, ys, _roll_dice(roll), o):
        w, b = (fx, fy) if to_move == 'white' else (fy, fx)
        out.append({'notation': notation, 'white': canon_side(w), 'black': canon_side(b),
                    'outcome': outcome})
    out.sort(key=lambda pl: (pl['white'], pl['black']))
    return out


def legal_steps(white, black, to_move, die, rules='lyckans-talisman'):
    """The legal single steps for one die, as notation strings."""
    o = parse_rules(rules) if isinstance(rules, str) else rules
    if isinstance(white, str):
        white = parse_side(white, 'white')
    if isinstance(black, str):
        black = parse_side(black, 'black')
    xs, ys = (white, black) if to_move == 'white' else (black, white)
    return sorted(st.text() for st in steps_for_die(tuple(xs), tuple(ys), die, o))


def result_set(plays):
    """Set of (white, black, kind, munk, points) for comparisons."""
    s = set()
    for p in plays:
        oc = p.get('outcome')
        if oc is None:
            s.add((p['white'], p['black'], None, None, None))
        else:
            s.add((p['white'], p['black'], oc['kind'], bool(oc['munk']), oc['points']))
    return s


# --------------------------------------------------------------------------
# CLI

def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == 'moves':
        argv = argv[1:]
    ap = argparse.ArgumentParser(prog='brade_ref.py moves', description=__doc__.split('\n')[0])
    ap.add_argument('--rules', default='lyckans-talisman')
    ap.add_argument('--white', required=True)
    ap.add_argument('--black', required=True)
    ap.add_argument('--to-move', required=True)
    ap.add_argument('--roll', required=True)
    ap.add_argument('--json', action='store_true')
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        o = parse_rules(args.rules)
        white = parse_side(args.white, 'white')
        black = parse_side(args.black, 'black')
        if args.to_move not in ('white', 'black'):
            raise ValueError("--to-move must be white or black")
        parts = args.roll.split('-')
        if len(parts) != 2:
            raise ValueError("--roll must be A-B")
        roll = (int(parts[0]), int(parts[1]))
        plays = legal_plays(white, black, args.to_move, roll, o)
    except (RulesError, PositionError, ValueError) as e:
        sys.stderr.write('brade_ref: %s\n' % e)
        return 2
    if args.json:
        print(json.dumps({'rules': args.rules, 'to_move': args.to_move, 'roll': list(roll),
                          'plays': plays}, ensure_ascii=False))
    else:
        for p in plays:
            oc = p['outcome']
            tail = '' if oc is None else '  => %s%s (%d)' % (oc['kind'], ' + munk' if oc['munk'] else '', oc['points'])
            print('%-28s white: %s | black: %s%s' % (p['notation'] or '(no move)', p['white'], p['black'], tail))
    return 0


if __name__ == '__main__':
    sys.exit(main())
