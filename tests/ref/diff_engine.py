#!/usr/bin/env python3
"""Differential test: `brade moves --json` against the reference brade_ref.py.

For N seeded random positions (gen_positions.py) x a few rolls (doubles and
non-doubles) x the four bräde rulesets, both implementations list the legal
plays; the sets of (white, black, outcome kind, munk, points) must be equal.
Every disagreement is printed with a command line to reproduce it; the last line
is `N passed, M failed`; the exit status is 1 when something failed (77 when the
engine binary does not exist, so meson reports a skip).

    diff_engine.py [-n 600] [--seed 1] [--rolls 4] [--rules a,b,...] [--jobs 2]
    diff_engine.py --positions FILE          (lines TO_MOVE|WHITE|BLACK)
    diff_engine.py --cases [--compare] moves-arguments...
        runs the reference (the `brade moves` interface) on one position;
        with --compare also runs the engine and prints the difference.

The engine is $BRADE (default build/brade relative to the repository root).
"""

import concurrent.futures
import json
import os
import random
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True     # keep the source tree clean
sys.path.insert(0, HERE)
import brade_ref as R  # noqa: E402
import gen_positions as G  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
RULESETS = ('lyckans-talisman', 'helmfrid', 'vasa', 'theboard')


def engine_path():
    p = os.environ.get('BRADE', 'build/brade')
    if not os.path.isabs(p):
        p = os.path.join(REPO, p)
    return p


def engine_cmd(brade, rules, tm, w, b, roll):
    return [brade, 'moves', '--rules', rules, '--white', w, '--black', b,
            '--to-move', tm, '--roll', '%d-%d' % roll, '--json']


def run_engine(brade, rules, tm, w, b, roll, timeout=20):
    """-> (set or None, error text)."""
    cmd = engine_cmd(brade, rules, tm, w, b, roll)
    try:
        pr = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, 'engine timed out'
    except OSError as e:
        return None, 'cannot run engine: %s' % e
    if pr.returncode != 0:
        return None, 'engine exit %d: %s' % (pr.returncode, pr.stderr.decode('utf-8', 'replace').strip()[:300])
    try:
        js = json.loads(pr.stdout.decode('utf-8'))
        plays = js['plays']
        # normalise the engine's specs through the same canonical form
        norm = []
        for p in plays:
            norm.append({'white': R.canon_side(R.parse_side(p['white'])),
                         'black': R.canon_side(R.parse_side(p['black'])),
                         'outcome': p.get('outcome'), 'notation': p.get('notation', '')})
        raw = set((p['white'], p['black']) for p in plays)
        if any(p['white'] != n['white'] or p['black'] != n['black'] for p, n in zip(plays, norm)):
            return None, 'engine printed a non-canonical spec: %s' % sorted(raw)[:2]
        return (R.result_set(norm), norm), ''
    except Exception as e:  # noqa: BLE001 - any malformed output is a failure
        return None, 'bad JSON from engine (%s): %s' % (e, pr.stdout.decode('utf-8', 'replace')[:300])


def rolls_for(seed, index, k):
    """k distinct rolls for position `index`: about a third doubles."""
    if k >= 21:
        return [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
    rng = random.Random('%d/%d' % (seed, index))
    out = []
    k = min(k, 18)
    while len(out) < k:
        if len(out) % 3 == 2:
            d = rng.randint(1, 6)
            r = (d, d)
        else:
            a, b = rng.sample(range(1, 7), 2)
            r = (max(a, b), min(a, b))
        if r not in out:
            out.append(r)
    return out


def fmt_res(t):
    w, b, kind, munk, pts = t
    oc = 'null' if kind is None else '%s%s %d' % (kind, '+munk' if munk else '', pts)
    return 'white "%s" black "%s" -> %s' % (w, b, oc)


def check_position(args):
    """Worker: one position, all its rolls and rulesets."""
    brade, index, tm, w, b, rolls, rulesets = args
    out = []   # (status, text) with status 'pass' | 'fail' | 'skip'
    for roll in rolls:
        for rules in rulesets:
            try:
                ref = R.legal_plays(w, b, tm, roll, rules)
            except R.PositionError:
                out.append(('skip', ''))
                continue
            refset = R.result_set(ref)
            got, err = run_engine(brade, rules, tm, w, b, roll)
            head = '--- #%d %s roll %d-%d, %s to move\n    position: %s|%s|%s\n    repro: %s' % (
                index, rules, roll[0], roll[1], tm, tm, w, b,
                ' '.join(shlex.quote(c) for c in engine_cmd('$BRADE', rules, tm, w, b, roll)).replace("'$BRADE'", '$BRADE'))
            if got is None:
                out.append(('fail', head + '\n    ' + err))
                continue
            engset, engplays = got
            if engset == refset:
                out.append(('pass', ''))
                continue
            lines = [head]
            refnot = dict(((p['white'], p['black']), p['notation']) for p in ref)
            engnot = dict(((p['white'], p['black']), p['notation']) for p in engplays)
            for t in sorted(refset - engset, key=str):
                lines.append('    missing (ref only): %s   [ref: %s]' % (fmt_res(t), refnot.get(t[:2], '?')))
            for t in sorted(engset - refset, key=str):
                lines.append('    extra (engine only): %s   [engine: %s]' % (fmt_res(t), engnot.get(t[:2], '?')))
            out.append(('fail', '\n'.join(lines)))
    return out


def cases_mode(argv):
    compare = False
    if argv and argv[0] == '--compare':
        compare, argv = True, argv[1:]
    rc = R.main(argv)
    if not compare or rc != 0:
        return rc
    brade = engine_path()
    if not os.path.exists(brade):
        print('engine not found at %s' % brade)
        return rc
    args = [x for x in argv if x != 'moves' and x != '--json']
    a = {}
    i = 0
    while i < len(args):
        if args[i].startswith('--') and i + 1 < len(args):
            a[args[i]] = args[i + 1]
            i += 2
        else:
            i += 1
    roll = tuple(int(x) for x in a['--roll'].split('-'))
    rules = a.get('--rules', 'lyckans-talisman')
    res = check_position((brade, 0, a['--to-move'], a['--white'], a['--black'], [roll], [rules]))
    for st, txt in res:
        print('engine agrees' if st == 'pass' else txt)
    return 0 if all(st != 'fail' for st, _ in res) else 1


def main():
    argv = sys.argv[1:]
    if argv and argv[0] == '--cases':
        return cases_mode(argv[1:])
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', type=int, default=600, help='number of positions (default 600)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--rolls', type=int, default=4, help='rolls per position (default 4)')
    ap.add_argument('--rules', default=','.join(RULESETS), help='comma-separated rulesets')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--positions', help='file of TO_MOVE|WHITE|BLACK lines instead of generated ones')
    ap.add_argument('--max-report', type=int, default=200, help='print at most this many disagreements')
    a = ap.parse_args(argv)

    brade = engine_path()
    if not os.path.exists(brade):
        sys.stderr.write('diff_engine: engine not found at %s (set BRADE); skipping\n' % brade)
        print('0 passed, 0 failed')
        return 77
    rulesets = [r for r in a.rules.split(',') if r]
    if a.positions:
        positions = []
        with open(a.positions) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith('#'):
                    tm, w, b = line.split('|')
                    positions.append((tm, w, b))
    else:
        positions = G.generate(a.n, a.seed)
    tasks = [(brade, i, tm, w, b, rolls_for(a.seed, i, a.rolls), rulesets)
             for i, (tm, w, b) in enumerate(positions)]

    npass = nfail = nskip = shown = 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=a.jobs) as ex:
        for res in ex.map(check_position, tasks, chunksize=8):
            for st, txt in res:
                if st == 'pass':
                    npass += 1
                elif st == 'skip':
                    nskip += 1
                else:
                    nfail += 1
                    if shown < a.max_report:
                        print(txt)
                        shown += 1
    if nfail > shown:
        print('... %d more disagreements not shown' % (nfail - shown))
    if nskip:
        print('(%d ruleset/position pairs skipped: position not legal under that ruleset)' % nskip)
    print('%d passed, %d failed' % (npass, nfail))
    return 1 if nfail else 0


if __name__ == '__main__':
    sys.exit(main())
