#!/usr/bin/env python3
"""Checks brade_ref.py against the worked examples of rules.md Part C.

The expected sets below were transcribed by hand from rules.md (positions in
each side's own numbering, as the examples give them); nothing here is the
output of a program.  Ends with the line `N passed, M failed`.

    test_ref_examples.py            check the reference (brade_ref.py)
    test_ref_examples.py --engine   check $BRADE (`brade moves --json`) instead
"""

import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True     # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import brade_ref as R  # noqa: E402

LT, H, V, TB = 'lyckans-talisman', 'helmfrid', 'vasa', 'theboard'
BRADE = (LT, H, V, TB)

N1 = '19:5 20:5 21:5'                      # neutral black, rules.md C0
N2 = '12:2 14:3 15:3 16:3 17:2 18:2'       # neutral black blocking W24

passed = 0
failed = 0


def canon(spec):
    return R.canon_side(R.parse_side(spec))


def res(white, black, kind=None, munk=None, points=None):
    return (canon(white), canon(black), kind, munk, points)


ENGINE = None
if '--engine' in sys.argv[1:]:
    ENGINE = os.environ.get('BRADE', 'build/brade')
    if not os.path.isabs(ENGINE):
        ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), ENGINE)
    if not os.path.exists(ENGINE):
        sys.stderr.write('engine not found at %s\n' % ENGINE)
        print('0 passed, 0 failed')
        sys.exit(77)


def plays(rules, white, black, to_move, roll):
    if ENGINE is None:
        return R.legal_plays(white, black, to_move, roll, rules)
    cmd = [ENGINE, 'moves', '--rules', rules, '--white', white, '--black', black,
           '--to-move', to_move, '--roll', '%d-%d' % tuple(roll), '--json']
    pr = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if pr.returncode != 0:
        return [{'white': 'ERROR', 'black': pr.stderr.decode('utf-8', 'replace').strip(),
                 'outcome': None, 'notation': ''}]
    return json.loads(pr.stdout.decode('utf-8'))['plays']


def got_set(rules, white, black, to_move, roll):
    return R.result_set(plays(rules, white, black, to_move, roll))


def check(name, cond, detail=''):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print('FAIL %s %s' % (name, detail))


def expect(name, rules_list, white, black, to_move, roll, expected):
    exp = set(expected)
    for rules in rules_list:
        got = got_set(rules, white, black, to_move, roll)
        detail = ''
        if got != exp:
            detail = '[%s roll %s]\n  missing: %s\n  extra:   %s' % (
                rules, '-'.join(map(str, roll)), sorted(exp - got, key=str), sorted(got - exp, key=str))
        check('%s/%s' % (name, rules), got == exp, detail)


def unchanged(white, black):
    return res(white, black)


ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]          # 36 permutations
DISTINCT = [(a, b) for a in range(1, 7) for b in range(a, 7)]            # 21 rolls


# ---------------------------------------------------------------- C1
W = '21 24:2 off:12'
expect('C1', (LT, H, V), W, N1, 'white', (6, 2), [res('24:1 off:14', N1)])
expect('C1-exact', (LT + '+bearoff=exact-only',), W, N1, 'white', (6, 2),
       [res('23:1 24:2 off:12', N1)])

# ---------------------------------------------------------------- C2
W = '20 off:14'
B = '11 14:3 15:3 16:3 17:3 18:2'
B_hit = '14:3 15:3 16:3 17:3 18:2 bar:1'
for rules, p1, p2 in ((LT, 1, 2), (H, 1, 2), (V, 1, 2), (LT + '+scoring=ny2', 3, 5)):
    expect('C2', (rules,), W, B, 'white', (5, 3),
           [res('off:15', B, 'hemspel', False, p1), res('off:15', B_hit, 'hemspel', True, p2)])
expect('C2-exact', (LT + '+bearoff=exact-only',), W, B, 'white', (5, 3),
       [res('off:15', B, 'hemspel', False, 1)])
# TBc: no munk.  rules.md C2 assumed {20/off} exempt from using both dice;
# we decided otherwise (docs/rules.md 5.3: a playable die may never be left
# unplayed under The Board, as in backgammon), so only 20/23*/off remains.
expect('C2-TBc', (TB,), W, B, 'white', (5, 3),
       [res('off:15', B_hit, 'hemspel', False, 1)])

# ---------------------------------------------------------------- C3
W = '20 21:2 off:12'
expect('C3', (LT, H, V), W, N2, 'white', (5, 3), [res('21:1 23:1 off:13', N2)])
expect('C3-exact', (LT + '+bearoff=exact-only',), W, N2, 'white', (5, 3), [res('21:2 off:13', N2)])

# ---------------------------------------------------------------- C4
W = '21 22:3 23:2 off:9'
expect('C4', (LT, H, LT + '+bearoff=exact-only'), W, N2, 'white', (3, 3), [res('21:1 23:2 off:12', N2)])
expect('C4-V', (V,), W, N2, 'white', (3, 3), [unchanged(W, N2)])

# ---------------------------------------------------------------- C5
# Janblotta: Black to move; for the 10 non-double rolls without a six every
# legal play leaves JB(Black) >= 7; for the rest some play keeps JB <= 6.
W5 = '1 9 15 20:3 21:3 22:2 23:2 24:2'
B5 = '1:6 2 4 5 6 7 14:2 15:2'


def jb(arr):
    return arr[R.BAR] + sum(1 for d in range(1, 7) if arr[d] > 0) + sum(1 for p in range(7, 25) if arr[p] == 1)


check('C5-start', jb(R.parse_side(B5)) == 6)
for roll in DISTINCT:
    forcing = roll[0] != roll[1] and 6 not in roll
    for rules in BRADE:
        js = [jb(R.parse_side(p['black'])) for p in plays(rules, W5, B5, 'black', roll)]
        if forcing:
            check('C5/%s %d-%d all JB>=7' % (rules, roll[0], roll[1]), all(j >= 7 for j in js), str(js))
        else:
            check('C5/%s %d-%d some JB<=6' % (rules, roll[0], roll[1]), any(j <= 6 for j in js), str(js))

# ---------------------------------------------------------------- C6
w6 = R.parse_side('bar:4 1:2 3 5 13:2 14:2 19:3')
check('C6 jan', R.jan(w6))
check('C6 excess', w6[R.BAR] - sum(1 for d in range(1, 7) if w6[d] == 0) == 1)

# ---------------------------------------------------------------- C7
W7 = 'bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3'
B7 = 'bar:2 2 4 14:2 16:3 17:3 20:3'


def blasted2(p):
    """White entered on W2 (maybe moving on) and blasted Black's band there (B14), 2+ black on the bar."""
    w, b = R.parse_side(p['white']), R.parse_side(p['black'])
    return b[14] == 0 and b[R.BAR] >= 4 and w[R.BAR] == 0


for rules, pts in ((LT, 4), (H, 4), (V, 6), (TB, 4)):
    for roll in DISTINCT:
        ps = plays(rules, W7, B7, 'white', roll)
        tag = 'C7/%s %d-%d' % (rules, roll[0], roll[1])
        kinds = [p['outcome'] and (p['outcome']['kind'], p['outcome']['points']) for p in ps]
        if 4 in roll or 5 in roll:
            check(tag + ' sprangjan exists', ('sprangjan', pts) in kinds, str(kinds))
            if 2 not in roll:
                check(tag + ' sprangjan forced', all(k == ('sprangjan', pts) for k in kinds), str(kinds))
            else:
                # the alternative bar/2#: no jan, two black checkers to the bar
                alt = [p for p in ps if p['outcome'] is None]
                check(tag + ' bar/2# alternative', alt and all(blasted2(p) for p in alt), str(kinds))
        elif 2 in roll:
            check(tag + ' forced bar/2#, no jan',
                  ps and all(p['outcome'] is None and blasted2(p) for p in ps), str([p['notation'] for p in ps]))
        else:
            check(tag + ' forfeit', R.result_set(ps) == {unchanged(W7, B7)})
# H/V: the game ends at the blast: the reported position is right after bar/4#
expect('C7-at-step', (H,), W7, B7, 'white', (4, 1),
       [res('1:2 3 4 6 15:2 17 18:2 20:2 21:3', 'bar:5 2 4 14:2 17:3 20:3', 'sprangjan', False, 4)])
# C7 follow-up: after {bar/2#, 1/7} Black rolls 6-3 and makes White sprangjan
Wf = '1 2 3 6 7 15:2 17 18:2 20:2 21:3'
Bf = 'bar:4 2 4 16:3 17:3 20:3'
for rules in (LT, H, V):
    ps = plays(rules, Wf, Bf, 'black', (6, 3))
    check('C7-followup/%s' % rules, any(p['outcome'] and p['outcome']['kind'] == 'sprangjan' for p in ps))

# ---------------------------------------------------------------- C8
B8 = 'bar:2 2 4 14:2 16:3 17:3 20:2 21'
for rules, pts in ((LT, 2), (V, 4)):
    got = got_set(rules, W7, B8, 'white', (6, 2))
    want = [res('1:2 2 6 9 15:2 17 18:2 20:2 21:3', 'bar:5 2 4 16:3 17:3 20:2', 'jan', False, pts),
            res('1:2 2 3 6 15 17 18:2 20:2 21:4', 'bar:4 2 4 16:3 17:3 20:2 21', None, None, None),
            res('1 2 3 6 7 15:2 17 18:2 20:2 21:3', 'bar:4 2 4 16:3 17:3 20:2 21', None, None, None)]
    for w in want:
        check('C8/%s contains %s' % (rules, w[2] or 'quiet'), w in got, str(sorted(got, key=str)))

# ---------------------------------------------------------------- C9, C10
W9 = '14:2 15 16:2 17:2 18:2 20:3 21:3'
B9 = 'bar:2 1:3 19:2 20:2 21:2 22:2 23:2'
expect('C9-a', (TB, LT + '+entry-blast=a'), W9, B9, 'black', (6, 2), [unchanged(W9, B9)])
expect('C9-b', (LT, H, V), W9, B9, 'black', (6, 2),
       [res('14:2 15 16:2 17:2 20:3 21:3 bar:2', '1:3 6 19:2 20:2 21:2 22:2 23:2 bar:1')])
expect('C10', BRADE + (LT + '+entry-blast=a',), W9, B9, 'black', (6, 3),
       [res('14:2 16:2 17:2 20:3 21:3 bar:3', '1:3 3 6 19:2 20:2 21:2 22:2 23:2')])

# ---------------------------------------------------------------- C11
W11 = 'bar:3 1:3 6 12:2 19:3 20:3'
B11 = '14:2 15:2 16:2 19:2 20:2 21:2 22:3'
expect('C11-52', BRADE + (LT + '+entry-blast=a',), W11, B11, 'white', (5, 2),
       [res('1:3 2 5 6 12:2 19:3 20:3 bar:1', '15:2 16:2 19:2 20:2 21:2 22:3 bar:2')])
expect('C11-42a', (TB, LT + '+entry-blast=a'), W11, B11, 'white', (4, 2), [unchanged(W11, B11)])
expect('C11-42b', (LT, H, V, TB + '+entry-blast=b'), W11, B11, 'white', (4, 2),
       [res('1:3 2 4 6 12:2 19:3 20:3 bar:1', '15:2 19:2 20:2 21:2 22:3 bar:4')])

# ---------------------------------------------------------------- C12
W = '19 20 21:2 22:11'
A = res('21:2 22:11 23:1 off:1', N1)
Bp = res('20:1 21:1 22:11 24:1 off:1', N1)
D = res('20:1 21:2 22:10 off:2', N1)
expect('C12-V', (V,), W, N1, 'white', (6, 3), [A, Bp])
expect('C12-LTH', (LT, H, LT + '+bearoff=exact-only'), W, N1, 'white', (6, 3), [A, Bp, D])

# ---------------------------------------------------------------- C13
W = '23:2 24 off:12'
if ENGINE is None:      # single steps: a library function of the reference only
    check('C13a-V', R.legal_steps(W, N1, 'white', 1, V) == ['23/24'])
    for rules in (LT, H):
        check('C13a-' + rules, R.legal_steps(W, N1, 'white', 1, rules) == ['23/24', '24/off'])
expect('C13b-V', (V,), W, N1, 'white', (2, 1), [res('24:2 off:13', N1)])
expect('C13b-LTH', (LT, H), W, N1, 'white', (2, 1), [res('23:1 off:14', N1), res('24:2 off:13', N1)])

# ---------------------------------------------------------------- C14 (kejsarspel off)
W = '19 23:7 24:7'
expect('C14', (LT, H, V), W, N1, 'white', (5, 4), [res('23:6 24:8 off:1', N1)])
expect('C14-exact', (LT + '+bearoff=exact-only',), W, N1, 'white', (5, 4), [res('23:7 24:8', N1)])

# ---------------------------------------------------------------- C15, C16
W15 = '19 20:3 21:3 22:3 23:3 24:2'
expect('C15-V', (V,), W15, N1, 'white', (5, 1),
       [res('20:3 21:3 22:3 23:3 24:3', N1, 'enkelt-kronspel', False, 2),
        res('20:3 21:3 22:3 23:3 24:2 off:1', N1),
        res('20:2 21:4 22:3 23:3 24:3', N1),
        res('20:3 21:2 22:4 23:3 24:3', N1),
        res('20:3 21:3 22:2 23:4 24:3', N1),
        res('20:3 21:3 22:3 23:2 24:4', N1)])
for rules in (LT, H, TB):
    ps = plays(rules, W15, N1, 'white', (5, 1))
    check('C15-%s no crown' % rules, all(p['outcome'] is None for p in ps))


def crown_rolls(rules):
    n = 0
    for roll in ALL_ROLLS:
        if any(p['outcome'] and p['outcome']['kind'] == 'enkelt-kronspel'
               for p in plays(rules, W15, N1, 'white', roll)):
            n += 1
    return n


for rules, n in ((LT, 4), (H, 4), (TB, 4), (V, 15)):
    got = crown_rolls(rules)
    check('C16-%s %d/36' % (rules, n), got == n, 'got %d' % got)

# ---------------------------------------------------------------- C18
for roll in ((6, 5), (6, 6), (5, 5)):
    expect('C18-%d%d' % roll, BRADE, '1:15', '1:11 18:2 19:2', 'white', roll,
           [unchanged('1:15', '1:11 18:2 19:2')])
expect('C18-64', BRADE, '1:15', '1:11 18:2 19:2', 'white', (6, 4), [res('1:14 11', '1:11 18:2 19:2')])

# ---------------------------------------------------------------- C19
expect('C19a', BRADE, '1:15', '1:15', 'white', (6, 5), [res('1:13 6 7', '1:15'), res('1:14 12', '1:15')])
expect('C19b', BRADE, 'bar:1 1:14', '1:15', 'white', (6, 1), [res('1:14 7', '1:15'), res('1:13 2 6', '1:15')])

# ---------------------------------------------------------------- C20
B = '1:11 17:2 19:2'
expect('C20', BRADE, '1:14 2', B, 'white', (5, 3), [res('1:12 2 4 6', B), res('1:13 2 9', B)])
B = '1:11 17:2 20:2'
expect('C20-control', BRADE, '1:14 2', B, 'white', (5, 3),
       [res('1:12 2 4 6', B), res('1:13 2 9', B), res('1:14 10', B), res('1:13 4 7', B)])

# ---------------------------------------------------------------- C21
expect('C21-66', BRADE, '1:15', '1:15', 'white', (6, 6), [res('1:14 7', '1:15')])
expect('C21-44', BRADE, '1:15', '1:15', 'white', (4, 4), [res('1:13 5 9', '1:15')])

# ---------------------------------------------------------------- C25
W = 'bar:1 24:14'
B = 'bar:3 1:2 3 5 13 19:2 20:5'
quiet = res('6 24:14', B)
janpos = ('1 24:14', 'bar:4 1:2 3 5 19:2 20:5')
expect('C25-LT', (LT, TB), W, B, 'white', (6, 1), [quiet])
expect('C25-H', (H,), W, B, 'white', (6, 1), [quiet, res(janpos[0], janpos[1], 'jan', False, 2)])
expect('C25-V', (V,), W, B, 'white', (6, 1), [quiet, res(janpos[0], janpos[1], 'jan', False, 4)])

# ---------------------------------------------------------------- C26
W = '1:14 5'
B = '19:3 20:3 21:2 22:2 23:3 24:2'
expect('C26', (LT, H, V), W, B, 'white', (4, 2),
       [res('1:13 5 7', '20:3 21:2 22:2 23:3 24:2 bar:3'),
        res('1:13 3 9', '19:3 20:3 22:2 23:3 24:2 bar:2')])

# ---------------------------------------------------------------- C27
W = 'bar:1 20 off:13'
B = '13:2 14:2 15:2 16:2 17:2 18:2 19:3'
expect('C27', (LT, H, V), W, B, 'white', (3, 1),
       [res('3 21 off:13', '13:2 14:2 16:2 17:2 18:2 19:3 bar:2'),
        res('4 20 off:13', '14:2 15:2 17:2 18:2 19:3 bar:4'),
        res('1 23 off:13', '14:2 15:2 16:2 17:2 18:2 19:3 bar:2')])

# ---------------------------------------------------------------- C28
W = 'bar:1 off:14'
for roll in DISTINCT:
    expect('C28-%d%d' % roll, BRADE, W, B, 'white', roll, [unchanged(W, B)])
check('C28 not jan', not R.jan(R.parse_side(W)))

# ---------------------------------------------------------------- C29
W = '1:3 14:2 15:2 16:2 17:2 18:3 19'
six = res('1:2 4 14:2 15:2 16:2 17:2 18:2 19:2', N1)       # {18/19, 1/4}
for rules in (LT, H, V):
    check('C29-%s 18/19 legal' % rules, six in got_set(rules, W, N1, 'white', (1, 3)))
got = got_set(TB, W, N1, 'white', (1, 3))
check('C29-TBc no 6-prime', six not in got and
      all(R.longest_prime(R.parse_side(g[0])) <= 5 for g in got), str(sorted(got, key=str)))

# ---------------------------------------------------------------- C30b
W = '20 off:14'
B = 'bar:1 11 14:3 15:3 16:3 17:3 18:1'
B_hit = 'bar:2 14:3 15:3 16:3 17:3 18:1'
expect('C30b', (LT,), W, B, 'white', (5, 3),
       [res('off:15', B, 'hemspel', True, 2), res('off:15', B_hit, 'hemspel', True, 2)])
expect('C30b-per-checker', (LT + '+munk=per-checker',), W, B, 'white', (5, 3),
       [res('off:15', B, 'hemspel', True, 2), res('off:15', B_hit, 'hemspel', True, 3)])

print('%d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)
