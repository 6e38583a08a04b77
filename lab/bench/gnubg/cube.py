#!/usr/bin/env python3
"""brade's cube decisions judged by GNU Backgammon.

For each position (a money game, the side on roll to decide before its
roll, the cube centred at 1, no Jacoby rule) gnubg gives the cubeful
equities of no double, double/take and double/pass at 2-ply
(gnubg_cube_ref.py); brade gives its decision (`brade analyse --cube
centred --json`, at each depth asked for).  Each of brade's two decisions
is scored with gnubg's equities:

  the doubler's: brade doubles or not; what that gives away against
                 gnubg's best (gnubg's no double, or the smaller of its
                 double/take and double/pass);
  the taker's:   brade takes or passes a double; what that gives away
                 against gnubg's better of -dt and -1.

It prints, for all positions and for the close ones (where gnubg's two
doubling choices, or its take and pass, lie within 0.2 of each other), the
agreement and the millipoints given away per decision (95% interval), and
the errors above 0.04 / 0.08 / 0.16.  gnubg is the judge only: never a
source of weights, positions or code.

    build/brade-lab selfplay --rules backgammon --positions 600 --seed 11 > /tmp/own600.txt
    python3 lab/bench/gnubg/cube.py --queries /tmp/own600.txt --plies 0,1,2
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GNUBG = "/usr/games/gnubg"


def gnubg_ref(queries, out, limit, away):
    env = dict(os.environ, BRADE_QUERIES=queries, BRADE_REF_OUT=out, BRADE_LIMIT=str(limit or 0),
               BRADE_AWAY=away or "")
    subprocess.run([GNUBG, "-t", "-q", "-r", "-p", os.path.join(HERE, "gnubg_cube_ref.py")], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    if not os.path.exists(out) or not os.path.getsize(out):  # gnubg exits 0 even when the script fails
        if os.path.exists(out):
            os.remove(out)
        sys.exit("gnubg made no reference (see its messages above)")


def brade_cube(brade, ids, plies, away, weights=None):
    cmd = [brade, "analyse", "--rules", "backgammon", "--json", "--batch", "--plies", str(plies), "--cube", "centred"]
    if weights:
        cmd += ["--weights", weights]
    if away:
        parts = away.split(",")
        # gnubg reads 1-away without the Crawford flag as after the Crawford game
        cmd += ["--away", away + ",post" if len(parts) == 2 and "1" in parts else away]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    res = {}
    t0 = time.process_time()
    start = time.time()
    for pid in ids:
        p.stdin.write(f"--position-id {pid}\n")
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"brade stopped at {pid}")
            lines.append(line)
            if line == "}\n":
                break
        res[pid] = json.loads("".join(lines))
    p.stdin.close()
    p.wait()
    return res, time.time() - start


def summary(name, losses, agree):
    n = len(losses)
    if not n:
        print(f"  {name}: no positions")
        return
    mean = sum(losses) / n
    var = sum((x - mean) ** 2 for x in losses) / max(1, n - 1)
    ci = 1.96 * math.sqrt(var / n)
    big = [sum(x > t for x in losses) for t in (0.04, 0.08, 0.16)]
    print(f"  {name}: {n} decisions, same as gnubg {100.0 * agree / n:.1f}%, "
          f"{1000 * mean:.1f} ± {1000 * ci:.1f} mp a decision, errors > .04/.08/.16: "
          f"{big[0]}/{big[1]}/{big[2]}, worst {max(losses):.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", required=True, help="file of 'POSITION-ID [ROLL]' lines")
    ap.add_argument("--plies", default="1", help="brade's depths, e.g. 0,1,2")
    ap.add_argument("--limit", type=int, default=0, help="at most this many positions")
    ap.add_argument("--brade", default=os.environ.get("BRADE", os.path.join(ROOT, "build", "brade")))
    ap.add_argument("--weights", help="a net file to use instead of the shipped nets")
    ap.add_argument("--ref", help="gnubg's reference file (made when missing)")
    ap.add_argument("--worst", type=int, default=0, help="also list this many of the largest errors")
    ap.add_argument("--away", help="a match score instead of a money game: A,B[,crawford] (A: the side on roll; "
                                   "1-away without ,crawford is after the Crawford game)")
    a = ap.parse_args()
    tag = "" if not a.away else "." + a.away.replace(",", "-")
    ref_path = a.ref or os.path.splitext(a.queries)[0] + f".gnubgcube2{tag}.jsonl"
    if not os.path.exists(ref_path):
        print(f"gnubg 2-ply cube reference -> {ref_path}", file=sys.stderr)
        gnubg_ref(a.queries, ref_path, a.limit, a.away)
    ref = [json.loads(l) for l in open(ref_path)]
    if a.limit:
        ref = ref[:a.limit]
    ids = [r["id"] for r in ref]
    crawford = bool(a.away) and a.away.endswith(",crawford")
    for plies in [int(x) for x in a.plies.split(",")]:
        got, secs = brade_cube(a.brade, ids, plies, a.away, a.weights)
        print(f"brade {plies}-ply against gnubg 2-ply, {len(ids)} positions "
              f"({1000 * secs / max(1, len(ids)):.1f} ms a position):")
        for close_only in (False, True):
            dl, da, tl, ta = [], 0, [], 0
            for r in ref:
                b = got[r["id"]]
                gdouble = min(r["dt"], r["dp"])
                gbest = max(r["nd"], gdouble)
                doubled = b["action"] in ("double-take", "double-pass")
                gdoubles = gdouble > r["nd"]
                if crawford:
                    pass  # nobody may double in the Crawford game: no doubling decision to score
                elif not close_only or abs(gdouble - r["nd"]) < 0.2:
                    dl.append(gbest - (gdouble if doubled else r["nd"]))
                    da += doubled == gdoubles
                gtake = r["dt"] <= r["dp"]
                if not close_only or abs(r["dt"] - r["dp"]) < 0.2:
                    tl.append(max(-r["dt"], -r["dp"]) - (-r["dt"] if b["take"] else -r["dp"]))
                    ta += b["take"] == gtake
            label = "close ones" if close_only else "all"
            if a.worst and not close_only:
                errs = []
                for r in ref:
                    b = got[r["id"]]
                    gdouble = min(r["dt"], r["dp"])
                    doubled = b["action"] in ("double-take", "double-pass")
                    dcost = max(r["nd"], gdouble) - (gdouble if doubled else r["nd"])
                    tcost = max(-r["dt"], -r["dp"]) - (-r["dt"] if b["take"] else -r["dp"])
                    errs.append((max(dcost, tcost), r, b))
                for e, r, b in sorted(errs, key=lambda x: -x[0])[:a.worst]:
                    print(f"    {e:.3f} {r['id']}: gnubg nd {r['nd']:+.3f} dt {r['dt']:+.3f} ({r['text']}); "
                          f"brade nd {b['no_double']:+.3f} dt {b['double_take']:+.3f} ({b['action']}, "
                          f"win {b['win']:.3f} wg {b['win_gammon']:.3f} lg {b['lose_gammon']:.3f})")
            summary(f"double or not ({label})", dl, da)
            summary(f"take or pass ({label})", tl, ta)


if __name__ == "__main__":
    main()
