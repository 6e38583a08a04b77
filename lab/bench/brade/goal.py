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
decision.  Each record is `brade-lab selfplay --rejudge FILE --plies P
--json` (its confirmed figures, or its first pass's where it made no
further pass); a choice the record did not roll out counts as a miss
(see --fill).  Seconds at 0 and 1 ply, about two minutes at 2 for the
thirteen records, four and a half with the eight second judges of
stop 56 (two cores).
docs/brade-strength.md, "The goal on three judges", has the table it
makes; lab/docs/brade-judges.md the second and third tables.

Below it, for the records that have a second judge (second-judges/
STEM-dD.txt beside the record: the same positions and players on the
dice of seed D, `selfplay --agreement ... --dice-seed D`), a second
table: each judge's best plays judged by the other, both ways (how
often a second run of the judge itself meets the goal), beside the
search judged by each judge on the same positions.  That is the
yardstick of lab/docs/brade-judges.md: the search is as good as the judge
allows when it agrees with a judge as often as a second judge does.
Records of other players there (STEM-pN.txt) are left out of it.

Below that, for the records that have a judge of stronger players
(second-judges/STEM-pN.txt: the same positions rolled out by players
that search N plies, `selfplay --agreement ... --player-plies N`), a
third table: by that stronger judge, the search's play against each
0-ply judge's best (the record's and its replicates'), position by
position, as the same play, within the interval and the equity given
up, with the 95% interval of each difference.  It asks whether the
search is behind a 0-ply judge as stronger players see it, which the
0-ply judges cannot say of themselves: their players share the net's
view.  The stronger judge is never filled (its players cost tens of
times a 0-ply game); a play it did not roll out counts as a miss, and
is left out of the equity column.

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
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# the figures summed, each read through confirmed()
KEYS = ["agree", "ceiling", "p_search_best", "separable_agree", "separable", "within_ci",
        "within_ceiling"]


def rejudge(brade, record, plies, net, choices=None):
    """The record judged again at `plies` (brade's JSON), or with
    `choices` the plays of that choices file judged instead (no plies)."""
    cmd = [os.path.join(os.path.dirname(brade), "brade-lab"), "selfplay", "--rejudge", record, "--json"]
    cmd += ["--choices", choices] if choices else ["--plies", str(plies)]
    if net:
        cmd += ["--a-net", net]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{os.path.basename(sys.argv[0])}: {record}: {r.stderr.strip() or 'brade-lab selfplay --rejudge failed'}")
    return json.loads(r.stdout)


def judged(j):
    """Position index to its judged entry."""
    return {p["index"]: p for p in j["judged"]}


def count(path):
    """How many positions a record has judged."""
    with open(path, encoding="utf-8") as f:
        return sum(1 for line in f if line.startswith("judged "))


def cut(path, n, tmp):
    """A copy of record path in tmp holding its first n judged positions."""
    out = os.path.join(tmp, os.path.basename(path))
    with open(path, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
        for line in f:
            if line.startswith("judged ") and int(line.split()[1]) >= n:
                continue
            g.write(line)
    return out


def as_choices(j, path):
    """Writes a --choices file of judge j's best plays; returns path."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("# best plays of one judge, as another's chooser\n")
        for p in j["judged"]:
            f.write(f"{p['id']} {p['roll']} {p['best']}\n")
    return path


def record_nets(rules):
    """Every version of the shipped net for `rules` in git, newest first:
    (label, text) pairs, each version once."""
    root = os.path.join(HERE, "..", "..", "..")
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
    cmd = [os.path.join(os.path.dirname(brade), "brade-lab"), "selfplay", "--rejudge", copy, "--plies", str(plies), "--json"] + (["--a-net", net] if net else [])

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
    ap.add_argument("--brade", default=os.path.join(HERE, "..", "..", "..", "build", "brade"))
    a = ap.parse_args()
    records = a.records or sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "tests", "data",
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


_JUDGED = {}  # (record, tmp): judge()'s answer, so no table judges or fills a record twice


def judge(a, record, tmp):
    """The search judged against record, or with tmp given against a
    filled copy of it in tmp: (the file judged, brade's JSON).  Asked
    again for the same record and tmp (second_table and stronger_table
    both judge the second judges), it answers from _JUDGED: the search
    is not run again and a filled copy is not filled twice."""
    key = (os.path.abspath(record), tmp)
    if key not in _JUDGED:
        _JUDGED[key] = _judge(a, record, tmp)
    return _JUDGED[key]


def _judge(a, record, tmp):
    """judge() without the memory."""
    j = None
    if tmp:
        copy = os.path.join(tmp, os.path.basename(record))
        shutil.copy(record, copy)
        j = fill(a.brade, copy, a.plies, a.net, tmp)  # the filled copy judged
        record = copy
    return record, j if j is not None else rejudge(a.brade, record, a.plies, a.net)


def table(a, records, tmp):
    """Judges every record (copies filled first when tmp is given) and
    prints the table."""
    sums = collections.OrderedDict()
    judged_as = {}  # record: (the file judged, its JSON), for second_table
    for record in records:
        judged_as[record] = judge(a, record, tmp)
        j = judged_as[record][1]
        s = sums.setdefault(j["rules"], collections.Counter())
        for k in KEYS:
            s[k] += confirmed(j, k)
        s["positions"] += j["positions"]
        s["unjudged"] += j.get("unjudged", 0)
        s["near01"] += confirmed(j, "near")[0]
        # the mean equity given up, weighted by the record's positions
        s["loss"] += confirmed(j, "mean_loss") * j["positions"]
        s["records"] += 1
    print(f"| ruleset ({a.plies}-ply) | records | positions | same play as the judge | ceiling "
          "| share of the ceiling | its play truly best, summed | of those the judge separates "
          "| within the 95% interval | within 0.01 of the best | equity given up a decision |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rules, s in sums.items():
        n = s["positions"]
        unjudged = f" ({s['unjudged']} not rolled out)" if s["unjudged"] else ""
        print(f"| {rules} | {s['records']} | {n} | {s['agree']} ({pct(s['agree'], n)})"
              f"{unjudged} | {s['ceiling']:.1f} "
              f"| {pct(s['agree'], s['ceiling'])} "
              f"| {s['p_search_best']:.1f} "
              f"| {s['separable_agree']} of {s['separable']} "
              f"| {s['within_ci']} ({pct(s['within_ci'], n)}; "
              f"a perfect player {s['within_ceiling']:.1f}) "
              f"| {s['near01']} | {s['loss'] / n:.4f} |")
    second_table(a, judged_as, tmp)
    stronger_table(a, judged_as, tmp)
    return 0


def second_judges(record):
    """The second judges of a record: second-judges/STEM-dD.txt beside
    it (the same positions and players on the dice of seed D)."""
    stem = os.path.splitext(os.path.basename(record))[0]
    found = glob.glob(os.path.join(os.path.dirname(record), "second-judges", f"{stem}-d*.txt"))
    return sorted(f for f in found if re.fullmatch(re.escape(stem) + r"-d\d+\.txt", os.path.basename(f)))


def confirmed(j, key):
    """A figure of brade's JSON as its judge's last pass scores it: the
    "_confirmed" member where the record was made with --confirm (brade
    prints it then, equal to the first pass's figure on positions no
    further pass reached), else the first pass's.  The one place that
    choice is made: goal.py's tables, two_judges.py and
    judge_choices.py all read the figures through it."""
    return j.get(key + "_confirmed", j[key])


def second_table(a, judged_as, tmp):
    """The yardstick of a second judge: for every record with one, both
    cut to the positions they share, each judge's best plays judged by
    the other (how often a second run of the judge meets the goal), and
    the search judged by each on the same positions.  judged_as: each
    record's file as table() judged it (a filled copy with --fill) and
    its JSON, used again when the cut keeps all of it.  The second judge
    is filled as the record was (tmp given).  Prints nothing when no
    record has a second judge.

    Two columns more: the search's score less a second judge's, in points
    per 100 decisions with its 95% interval.  Both are scored on the same
    positions by the same judges, so the difference is taken position by
    position (a position's two decisions, and every pair of judges it is
    in, summed into one figure) and its interval is the normal one of the
    positions' mean.  A line below says under which rulesets the search
    is not told apart from a second judge on the same play (the interval
    reaches 0 or above) and under which it is short of one: the
    yardstick as a verdict.  With 100 positions the interval is about 7
    to 9 points wide each way, so "not told apart" is weak; more pairs
    of judges narrow it."""
    sums = collections.OrderedDict()
    diffs = {}  # ruleset: (record, position) -> [same play, within] differences
    with tempfile.TemporaryDirectory() as work:
        for record, first in judged_as.items():
            for k, second in enumerate(second_judges(record)):
                pair = [first, judge(a, second, tmp)]
                n = min(count(path) for path, _ in pair)
                search, cuts = [], []
                for side, (path, j) in enumerate(pair):
                    if count(path) > n:
                        d = os.path.join(work, f"{k}-{side}")
                        os.makedirs(d, exist_ok=True)
                        path = cut(path, n, d)
                        j = rejudge(a.brade, path, a.plies, a.net)
                    cuts.append(path)
                    search.append(j)
                if search[0]["rules"] != search[1]["rules"]:
                    sys.exit(f"goal.py: {second} is {search[1]['rules']}, {record} {search[0]['rules']}")
                s = sums.setdefault(search[0]["rules"], collections.Counter())
                d = diffs.setdefault(search[0]["rules"], collections.defaultdict(lambda: [0, 0]))
                s["pairs"] += 1
                s["positions"] += n
                for me, other in ((0, 1), (1, 0)):
                    ch = as_choices(search[me], os.path.join(work, "choices.txt"))
                    c = rejudge(a.brade, cuts[other], a.plies, None, choices=ch)
                    s["judge_same"] += confirmed(c, "agree")
                    s["judge_within"] += confirmed(c, "within_ci")
                    s["search_same"] += confirmed(search[me], "agree")
                    s["search_within"] += confirmed(search[me], "within_ci")
                    # per position: the search's score less the judge's
                    theirs = judged(c)
                    for i, row in judged(search[me]).items():
                        d[(record, i)][0] += row["agree"] - theirs[i]["agree"]
                        d[(record, i)][1] += row["within_ci"] - theirs[i]["within_ci"]
    if not sums:
        return
    print()
    print(f"| ruleset ({a.plies}-ply), where a second judge exists | pairs of judges | positions "
          "| one judge's best, by the other: the same play | within its interval "
          "| the search, by either judge: the same play | within the interval "
          "| the search less a second judge: the same play | within the interval |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    verdict = {"level": [], "short": []}
    for rules, s in sums.items():
        both = 2 * s["positions"]
        cells = [f"{s[k]} of {both} ({pct(s[k], both)})"
                 for k in ("judge_same", "judge_within", "search_same", "search_within")]
        gaps = [shortfall([v[k] for v in diffs[rules].values()], both) for k in (0, 1)]
        cells += [f"{m:+.1f} ± {h:.1f}" for m, h in gaps]
        print(f"| {rules} | {s['pairs']} | {s['positions']} | " + " | ".join(cells) + " |")
        verdict["level" if gaps[0][0] + gaps[0][1] >= 0 else "short"].append(rules)
    print()
    print(f"On the same play the {a.plies}-ply search is not told apart from a second judge (the "
          f"difference's 95% interval reaches 0) under: {', '.join(verdict['level']) or 'none'}; "
          f"short of one under: {', '.join(verdict['short']) or 'none'}.")


def stronger_judges(record):
    """The judges of a record made by stronger players: second-judges/
    STEM-pN.txt beside it (the same positions, players that search N
    plies), as (path, N)."""
    stem = os.path.splitext(os.path.basename(record))[0]
    found = []
    for f in sorted(glob.glob(os.path.join(os.path.dirname(record), "second-judges", f"{stem}-p*.txt"))):
        m = re.fullmatch(re.escape(stem) + r"-p(\d+)\.txt", os.path.basename(f))
        if m:
            found.append((f, int(m.group(1))))
    return found


def stronger_table(a, judged_as, tmp):
    """The search against a 0-ply judge, judged by stronger players: for
    every record with a stronger judge S (stronger_judges), S and every
    0-ply judge J of the record (itself and its second judges, filled as
    the record was when tmp is given) cut to the positions all hold; J's
    best plays and the search's play each judged by S.  Per position and
    J, the search's score less J's best's: the same play, within S's
    interval, and the equity S says each gives up (less is better, so
    J's loss less the search's).  Summed by ruleset and printed as
    points per 100 decisions (equity per decision) with the 95% interval
    of the positions' mean, then a verdict line.  S's header must name
    the players its file name does (player_plies N), else the script
    stops: a mislabelled judge would be read as stronger than it is."""
    sums = collections.OrderedDict()
    diffs = {}  # ruleset: (record, position) -> [same, within, equity]
    equity_n = collections.Counter()  # ruleset: decisions with both plays rolled out by S
    with tempfile.TemporaryDirectory() as work:
        for record, first in judged_as.items():
            for k, (strong, plies) in enumerate(stronger_judges(record)):
                judges = [first] + [judge(a, second, tmp) for second in second_judges(record)]
                n = min(count(path) for path in [strong] + [p for p, _ in judges])
                d = os.path.join(work, f"{os.path.basename(record)}-{k}")
                os.makedirs(d, exist_ok=True)
                strong_cut = cut(strong, n, d)
                search = rejudge(a.brade, strong_cut, a.plies, a.net)
                if search.get("player_plies") != plies:
                    have = search.get("player_plies")
                    sys.exit(f"goal.py: {strong}: its players search {have} {'ply' if have == 1 else 'plies'}"
                             f" (its header), its name says {plies}")
                if search["rules"] != first[1]["rules"]:
                    sys.exit(f"goal.py: {strong} is {search['rules']}, {record} {first[1]['rules']}")
                rules = search["rules"]
                s = sums.setdefault((rules, plies), collections.Counter())
                dd = diffs.setdefault((rules, plies), collections.defaultdict(lambda: [0.0, 0.0, 0.0]))
                s["records"] += 1
                s["judges"] += len(judges)
                s["positions"] += n
                s["decisions"] += n * len(judges)
                mine = judged(search)
                for j_path, j in judges:
                    best = [p for p in j["judged"] if p["index"] < n]
                    if [(p["id"], p["roll"]) for p in best] != [(mine[p["index"]]["id"], mine[p["index"]]["roll"])
                                                               for p in best]:
                        sys.exit(f"goal.py: {strong} and {j_path} do not hold the same positions")
                    ch = as_choices({"judged": best}, os.path.join(work, "choices.txt"))
                    theirs = judged(rejudge(a.brade, strong_cut, a.plies, None, choices=ch))
                    for i, row in mine.items():
                        t = theirs[i]
                        s["judge_same"] += t["agree"]
                        s["judge_within"] += t["within_ci"]
                        s["search_same"] += row["agree"]
                        s["search_within"] += row["within_ci"]
                        e = dd[(record, i)]
                        e[0] += row["agree"] - t["agree"]
                        e[1] += row["within_ci"] - t["within_ci"]
                        if row["loss"] is not None and t["loss"] is not None:
                            e[2] += t["loss"] - row["loss"]
                            s["judge_loss"] += t["loss"]
                            s["search_loss"] += row["loss"]
                            equity_n[(rules, plies)] += 1
    if not sums:
        return
    print()
    print(f"| ruleset ({a.plies}-ply), judged by stronger players | their plies | records | 0-ply judges "
          "| positions | a 0-ply judge's best, by them: the same play | within the interval "
          "| equity given up a decision | the search, by them: the same play | within the interval "
          "| equity given up a decision | the search less a 0-ply judge: the same play | within the interval "
          "| equity a decision |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    verdict = {"level": [], "short": []}
    for key, s in sums.items():
        rules, plies = key
        decisions, eq = s["decisions"], equity_n[key]
        cells = [f"{s[k]} of {decisions} ({pct(s[k], decisions)})" for k in ("judge_same", "judge_within")]
        cells.append(f"{s['judge_loss'] / eq:.4f}" if eq else "-")
        cells += [f"{s[k]} of {decisions} ({pct(s[k], decisions)})" for k in ("search_same", "search_within")]
        cells.append(f"{s['search_loss'] / eq:.4f}" if eq else "-")
        gaps = [shortfall([v[k] for v in diffs[key].values()], decisions) for k in (0, 1)]
        cells += [f"{m:+.1f} ± {h:.1f}" for m, h in gaps]
        if eq:
            m, h = shortfall([v[2] for v in diffs[key].values()], eq)
            cells.append(f"{m / 100:+.4f} ± {h / 100:.4f}" + (f" ({decisions - eq} not rolled out)"
                                                              if eq < decisions else ""))
        else:
            cells.append("-")
        print(f"| {rules} | {plies} | {s['records']} | {s['judges']} | {s['positions']} | " + " | ".join(cells) + " |")
        verdict["level" if gaps[0][0] + gaps[0][1] >= 0 else "short"].append(f"{rules} ({plies}-ply players)")
    print()
    print(f"By stronger players, on the same play the {a.plies}-ply search is not told apart from a 0-ply "
          f"judge under: {', '.join(verdict['level']) or 'none'}; "
          f"short of one under: {', '.join(verdict['short']) or 'none'}.")


def shortfall(values, decisions):
    """The mean of per-position differences as points per 100 decisions
    and the half-width of its 95% interval: values are each position's
    difference summed over its decisions, decisions how many there are in
    all."""
    n = len(values)
    if n < 2:
        return 100.0 * sum(values) / decisions, float("inf")
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return 100.0 * sum(values) / decisions, 100.0 * 1.96 * math.sqrt(n * var) / decisions


if __name__ == "__main__":
    sys.exit(main())
