#!/usr/bin/env python3
"""GNU Backgammon's own choices scored against a backgammon judge record.

    judge_choices.py --record REC.txt [--plies 0,2] [--brade build/brade] [--keep DIR]

REC.txt is a record made by `brade-lab selfplay --rules backgammon --agreement K
... --save REC.txt` (brade's long rollouts).  For every judged position
gnubg ranks the plays at each depth (gnubg_ref.py: cubeless, the move
filters widened so every play gets the full depth); its best play is
turned into brade's notation (the plays are matched by the Position ID
after the play) and `brade-lab selfplay --rejudge REC.txt --choices FILE`
scores it against the record's rollouts, beside brade's own search at
the same depths.  This puts gnubg's 2-ply, a world-class player, to the
test brade's bräde goal sets (the same best play as long rollouts), on
the same judge and the same ceiling: what "as well as GNU Backgammon"
means in that measure.

gnubg is used only as a chooser to be judged here, never as a source of
weights, positions or code.  A gnubg choice that brade's record did not
roll out counts as a miss (the record rolls out brade's 2-ply top four);
the row says how many.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bradeproc import Brade  # noqa: E402
from compare import load_ref, make_ref  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "brade"))
from goal import confirmed  # noqa: E402


def rejudge(brade, record, extra):
    """`brade-lab selfplay --rejudge RECORD EXTRA --json`, as a dict."""
    out = subprocess.run([os.path.join(os.path.dirname(brade), "brade-lab"), "selfplay", "--rejudge", record, "--json"] + extra, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def row(name, j):
    """A Markdown row of the judge's last pass (its only one without
    --confirm), each figure read through goal.confirmed()."""
    c = lambda k: confirmed(j, k)  # noqa: E731
    near = " / ".join(str(n) for n in c("near"))
    out = f" ({j['unjudged']} not rolled out)" if j.get("unjudged") else ""
    return (f"| {name}{out} | {c('agree')} of {j['positions']} | "
            f"{c('separable_agree')} of {c('separable')} | {c('within_ci')} | "
            f"{c('mean_loss'):.4f} | {near} | {c('p_search_best'):.1f} | "
            f"{c('ceiling'):.1f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--record", required=True)
    ap.add_argument("--plies", default="0,2")
    ap.add_argument("--brade", default="build/brade")
    ap.add_argument("--keep", help="a folder to keep the queries, gnubg's references and the choices in")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="judge-choices-")
    os.makedirs(work, exist_ok=True)
    base = rejudge(a.brade, a.record, ["--plies", "0"])
    if base["rules"] != "backgammon":
        sys.exit(f"{a.record}: a {base['rules']} record; gnubg judges backgammon records only")
    rows = base["judged"]
    queries = os.path.join(work, "queries.txt")
    with open(queries, "w") as f:
        for r in rows:
            f.write(f"{r['id']} {r['roll']}\n")
    names = Brade(a.brade, plies=0)
    print("| chooser | same play as the judge | of those it separates | within its 95% interval "
          "| mean equity given up | within 0.01 / 0.02 / 0.04 | its play truly best, summed | ceiling |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for p in [int(x) for x in a.plies.split(",")]:
        ref_path = os.path.join(work, f"gnubg{p}.jsonl")
        if not os.path.exists(ref_path) or sum(1 for _ in open(ref_path)) < len(rows):
            make_ref(queries, ref_path, p)
        ref = load_ref(ref_path)
        choices = os.path.join(work, f"choices-gnubg{p}.txt")
        with open(choices, "w") as f:
            for r in rows:
                d1, d2 = r["roll"].split("-")
                plays = ref[(r["id"], d1 + d2)]
                best = max(plays, key=plays.get)
                by_id = {pl["position_id"]: pl["notation"] for pl in names.analyse(r["id"], d1, d2)["plays"]}
                if best not in by_id:
                    sys.exit(f"{r['id']} {r['roll']}: gnubg's play leads to {best}, which no legal play of "
                             "brade's does: the two disagree on legality")
                f.write(f"{r['id']} {r['roll']} {by_id[best]}\n")
        print(row(f"gnubg {p}-ply", rejudge(a.brade, a.record, ["--choices", choices])))
        print(row(f"brade {p}-ply", rejudge(a.brade, a.record, ["--plies", str(p)])))
    names.close()
    if not a.keep:
        print(f"(the queries, references and choices are in {work})", file=sys.stderr)


main()
