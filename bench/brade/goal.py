#!/usr/bin/env python3
"""Where the bräde goal stands: every judge record of a ruleset summed.

    goal.py [--plies 2] [--net NETFILE] [--fill [--keep DIR]] [--brade build/brade] [RECORD...]

The issue's goal for bräde is the 2-ply choice the same as the long
rollout's best on 85% of positions and within its 95% interval on 97%.
One record of 100 positions moves by several points with its positions
alone, so this sums every record of a ruleset (tests/data/agreement/
R-seed*.txt unless RECORDs are given) into one Markdown row: the same
play, the ceiling (a perfect player's expected same play against these
judges) and the share of it reached, the summed chance that the search's
play is truly the best, agreement on the positions the judge separates,
within the interval (beside how often a perfect player would be expected
to be), within 0.01 of the best, and the mean equity given up a
decision.  Each record is `brade selfplay --rejudge FILE --plies P
--json` (its confirmed figures, or its first pass's where it made no
further pass); a choice the record did not roll out counts as a miss
(see --fill).  Seconds at 0 and 1 ply, about two minutes at 2 (nine
records, two cores; still about two minutes for the thirteen of stop 49).
docs/brade-strength.md, "The goal on three judges", has the table it makes.

--fill judges copies of the records, into which every choice a record
did not roll out is first rolled out by the net that made it (`selfplay
--rejudge COPY --fill-anew NET`): the shipped net, or the version of
src/analysis/nets/PRESET.net in git whose weights the record's header
names.  Each choice is then judged instead of counted a miss; the records
themselves are left alone.  With --keep DIR the filled copies are left in
DIR (same file names) for later use, such as stronger.py --net.
"""
import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["positions", "agree_confirmed", "ceiling_confirmed", "p_search_best_confirmed",
        "separable_agree_confirmed", "separable_confirmed", "within_ci_confirmed",
        "within_ceiling_confirmed", "unjudged"]


def rejudge(brade, record, plies, net, choices=None):
    """The record judged again at `plies` (brade's JSON), or with
    `choices` the plays of that choices file judged instead (no plies)."""
    cmd = [brade, "selfplay", "--rejudge", record, "--json"]
    cmd += ["--choices", choices] if choices else ["--plies", str(plies)]
    if net:
        cmd += ["--a-net", net]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{os.path.basename(sys.argv[0])}: {record}: {r.stderr.strip() or 'brade selfplay --rejudge failed'}")
    return json.loads(r.stdout)


def record_nets(rules):
    """Every version of the shipped net for `rules` in git, newest first:
    (label, text) pairs, each version once."""
    root = os.path.join(HERE, "..", "..")
    preset, opts = rules.split("+")[0], rules.split("+")[1:]
    path = f"src/analysis/nets/{preset}{'-exact-only' if 'bearoff=exact-only' in opts else ''}.net"
    log = subprocess.run(["git", "-C", root, "log", "--format=%h", "--", path],
                         capture_output=True, text=True)
    seen = set()
    for rev in log.stdout.split():
        blob = subprocess.run(["git", "-C", root, "rev-parse", f"{rev}:{path}"], capture_output=True, text=True)
        if blob.returncode != 0 or blob.stdout in seen:
            continue
        seen.add(blob.stdout)
        text = subprocess.run(["git", "-C", root, "show", f"{rev}:{path}"], capture_output=True, text=True)
        if text.returncode == 0:
            yield f"{rev}:{path}", text.stdout


def fill(brade, copy, plies, net, tmp):
    """Rolls out into `copy` the choices it did not (the chooser: plies,
    net) with the net that made it, tried in turn: the shipped one, then
    each version in git (a wrong one is refused at once).  A line on
    stderr says which net and how many positions it filled.  Returns the
    chooser judged against the filled copy (brade's JSON), or None when no
    net fits."""
    rules = open(copy).read().split("\n")[1].split(" ", 1)[1]
    cmd = [brade, "selfplay", "--rejudge", copy, "--plies", str(plies), "--json"] + (["--a-net", net] if net else [])

    def candidates():
        yield "the shipped net", "shipped"
        for label, text in record_nets(rules):
            f = os.path.join(tmp, "judge.net")
            with open(f, "w") as out:
                out.write(text)
            yield label, f

    try:
        for label, judge in candidates():
            r = subprocess.run(cmd + ["--fill-anew", judge], capture_output=True, text=True)
            if r.returncode == 0:
                n = r.stderr.count("rolled out beside")
                print(f"goal.py: {os.path.basename(copy)}: {n} choice{'s' if n != 1 else ''} rolled out by {label}",
                      file=sys.stderr)
                return json.loads(r.stdout)
            if not re.search(r":\d+: the record was made by the net of", r.stderr):
                sys.exit(f"goal.py: {copy}: {r.stderr.strip()}")
    finally:
        if os.path.exists(os.path.join(tmp, "judge.net")):
            os.remove(os.path.join(tmp, "judge.net"))
    print(f"goal.py: {os.path.basename(copy)}: no net in git has the weights it names; judged as recorded",
          file=sys.stderr)
    return None


def pct(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--net", help="judge this net's choices (the rollouts stay the records')")
    ap.add_argument("--fill", action="store_true",
                    help="roll out the choices the records did not first (into copies)")
    ap.add_argument("--keep", metavar="DIR",
                    help="with --fill: leave the filled copies in DIR instead of deleting them")
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "build", "brade"))
    a = ap.parse_args()
    records = a.records or sorted(glob.glob(os.path.join(HERE, "..", "..", "tests", "data",
                                                         "agreement", "*-seed*.txt")))
    if a.keep and not a.fill:
        ap.error("--keep needs --fill")
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        return table(a, records, a.keep)
    tmp = tempfile.mkdtemp() if a.fill else None
    try:
        return table(a, records, tmp)
    finally:
        if tmp:
            shutil.rmtree(tmp)


def table(a, records, tmp):
    """Judges every record (copies filled first when tmp is given) and
    prints the table."""
    sums = collections.OrderedDict()
    for record in records:
        j = None
        if tmp:
            copy = os.path.join(tmp, os.path.basename(record))
            shutil.copy(record, copy)
            j = fill(a.brade, copy, a.plies, a.net, tmp)  # the filled copy judged
        if j is None:
            j = rejudge(a.brade, record, a.plies, a.net)
        # a record made without further passes has only the first pass's figures
        get = lambda k: j[k] if k in j else j[k.replace("_confirmed", "")]
        s = sums.setdefault(j["rules"], collections.Counter())
        for k in KEYS:
            s[k] += get(k)
        s["near01"] += get("near_confirmed")[0]
        # the mean equity given up, weighted by the record's positions
        s["loss"] += get("mean_loss_confirmed") * j["positions"]
        s["records"] += 1
    print(f"| ruleset ({a.plies}-ply) | records | positions | same play as the judge | ceiling "
          "| share of the ceiling | its play truly best, summed | of those the judge separates "
          "| within the 95% interval | within 0.01 of the best | equity given up a decision |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rules, s in sums.items():
        n = s["positions"]
        unjudged = f" ({s['unjudged']} not rolled out)" if s["unjudged"] else ""
        print(f"| {rules} | {s['records']} | {n} | {s['agree_confirmed']} ({pct(s['agree_confirmed'], n)})"
              f"{unjudged} | {s['ceiling_confirmed']:.1f} "
              f"| {pct(s['agree_confirmed'], s['ceiling_confirmed'])} "
              f"| {s['p_search_best_confirmed']:.1f} "
              f"| {s['separable_agree_confirmed']} of {s['separable_confirmed']} "
              f"| {s['within_ci_confirmed']} ({pct(s['within_ci_confirmed'], n)}; "
              f"a perfect player {s['within_ceiling_confirmed']:.1f}) "
              f"| {s['near01']} | {s['loss'] / n:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
