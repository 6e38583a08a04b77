#!/usr/bin/env python3
"""lab/bench/brade/goal.py sums judge records the way the docs say it does.

At 0-ply (seconds): one record's row carries that record's own confirmed
figures from `brade-lab selfplay --rejudge --json`; two records of a ruleset
give one row whose counts and ceiling are the sums of the two and whose
equity given up is their position-weighted mean; records of two rulesets
give a row each; a record brade refuses stops the script with its path.
With --fill, a small record of the shipped net's whose 2-ply top two
miss some 0-ply choices is judged on a filled copy: no choice is left
unjudged, stderr names the net that filled it, and the record itself is
left as it was; with --keep DIR the filled copy (and nothing else) is
left in DIR.  Beside a record with a second judge and a judge of 1-ply
players (second-judges/STEM-p1.txt), the third table's figures are
brade's own scoring of each 0-ply judge's best and of the search by the
stronger judge, and a stronger judge whose name and header disagree
stops the script.  Uses $BRADE (the build's brade).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from clicases import Checks  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
GOAL = os.path.join(ROOT, "lab", "bench", "brade", "goal.py")
TWO = os.path.join(ROOT, "lab", "bench", "brade", "two_judges.py")
REC = os.path.join(ROOT, "tests", "data", "agreement")
BRADE = os.environ.get("BRADE", os.path.join(ROOT, "build", "brade"))
check = Checks()


def rejudge(path):
    r = subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", path, "--plies", "0", "--json"],
                       capture_output=True, text=True, check=True, timeout=300)
    return json.loads(r.stdout)


def goal(*records, extra=()):
    r = subprocess.run([sys.executable, GOAL, "--plies", "0", "--brade", BRADE, *extra, *records],
                       capture_output=True, text=True, timeout=300)
    return r.returncode, table_rows(r.stdout, 11), r.stderr, r.stdout


def table_rows(text, width):
    """The rows of goal.py's table that is width cells wide (11 the first,
    9 the second judges', 14 the stronger players'): ruleset to its cells.
    A row counts when its second cell is a count, so headers and rules do
    not."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == width and cells[1].isdigit():
            rows[cells[0]] = cells
    return rows


def lead(cell):
    """The first number of a cell: '139 (69.5%) (1 not rolled out)' -> 139."""
    return float(cell.split()[0])


def expect_row(row, parts, name):
    n = sum(j["positions"] for j in parts)
    agree = sum(j["agree_confirmed"] for j in parts)
    ceiling = sum(j["ceiling_confirmed"] for j in parts)
    loss = sum(j["mean_loss_confirmed"] * j["positions"] for j in parts) / n
    check(row[1] == str(len(parts)) and row[2] == str(n), f"{name}: {len(parts)} records, {n} positions")
    check(lead(row[3]) == agree, f"{name}: same play {row[3]} is {agree}")
    unjudged = sum(j["unjudged"] for j in parts)
    check((f"({unjudged} not rolled out)" in row[3]) == (unjudged > 0),
          f"{name}: choices not rolled out ({unjudged}) said when there are any")
    check(abs(lead(row[4]) - ceiling) < 0.051, f"{name}: ceiling {row[4]} is {ceiling:.2f}")
    check(abs(float(row[5].rstrip("%")) - 100 * agree / ceiling) < 0.051,
          f"{name}: share of the ceiling {row[5]}")
    sep = sum(j["separable_confirmed"] for j in parts)
    sep_agree = sum(j["separable_agree_confirmed"] for j in parts)
    check(row[7] == f"{sep_agree} of {sep}", f"{name}: separated {row[7]} is {sep_agree} of {sep}")
    check(lead(row[8]) == sum(j["within_ci_confirmed"] for j in parts), f"{name}: within the interval {row[8]}")
    wc = sum(j["within_ceiling_confirmed"] for j in parts)
    check(row[8].endswith(f"a perfect player {wc:.1f})") or
          abs(float(row[8].rsplit(" ", 1)[1].rstrip(")")) - wc) < 0.051,
          f"{name}: a perfect player's within the interval in {row[8]} is {wc:.2f}")
    check(lead(row[9]) == sum(j["near_confirmed"][0] for j in parts), f"{name}: within 0.01 {row[9]}")
    check(abs(float(row[10]) - loss) < 0.00006, f"{name}: equity given up {row[10]} is {loss:.5f}")


def stronger_case(d, strong, judges, out):
    """goal.py's third table, from the stronger judge `strong` and the
    two 0-ply judges of d (their --rejudge JSON in judges), as goal.py
    printed it in out: each figure recomputed from brade's own scoring
    of the judges' best plays by the stronger judge."""
    js = rejudge(strong)
    check(js["player_plies"] == 1, "the stronger judge's players search a ply")
    search = judged(js)
    theirs = []
    for k, j in enumerate(judges):
        ch = os.path.join(d, f"best{k}.txt")
        with open(ch, "w", encoding="utf-8") as f:
            f.writelines(f"{p['id']} {p['roll']} {p['best']}\n" for p in j["judged"])
        r = subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--rejudge", strong, "--choices", ch, "--json"],
                           capture_output=True, text=True, check=True, timeout=300)
        theirs.append(judged(json.loads(r.stdout)))
    row = table_rows(out, 14).get("lyckans-talisman")
    check(row is not None and row[1:5] == ["1", "1", "2", "5"],
          f"stronger players: 1-ply, one record, two 0-ply judges, 5 positions: {row}")
    if not row:
        return
    judge_same = sum(t[i]["agree"] for t in theirs for i in search)
    search_same = 2 * sum(p["agree"] for p in search.values())
    check(row[5].startswith(f"{judge_same} of 10 "), f"a 0-ply judge's best, the same play: {row[5]} ({judge_same})")
    check(row[8].startswith(f"{search_same} of 10 "), f"the search, the same play: {row[8]} ({search_same})")
    both = [(t[i]["loss"], search[i]["loss"]) for t in theirs for i in search
            if t[i]["loss"] is not None and search[i]["loss"] is not None]
    if both:
        check(abs(float(row[7]) - sum(x for x, _ in both) / len(both)) < 0.00006 and
              abs(float(row[10]) - sum(y for _, y in both) / len(both)) < 0.00006,
              f"equity given up, each as the stronger judge says: {row[7]}, {row[10]}")
        m = float(row[13].split(" ± ")[0])
        check(abs(m - sum(x - y for x, y in both) / len(both)) < 0.00006,
              f"the search less a 0-ply judge in equity: {row[13]}")
    m, _, h = row[11].partition(" ± ")
    check(abs(float(m) - 100.0 * (search_same - judge_same) / 10) < 0.051 and float(h) >= 0,
          f"the search less a 0-ply judge, the same play: {row[11]}")
    level = float(m) + float(h) >= 0
    check(("under: lyckans-talisman (1-ply players); short" if level else
           "short of one under: lyckans-talisman (1-ply players).") in out,
          "the stronger players' verdict names lyckans-talisman")

    # a judge whose name says stronger players than its header: stops
    bad = os.path.join(d, "second-judges", "lyckans-talisman-seed5-p2.txt")
    shutil.copy(strong, bad)
    rc, _, err, _ = goal(os.path.join(d, "lyckans-talisman-seed5.txt"))
    os.remove(bad)
    check(rc != 0 and "lyckans-talisman-seed5-p2.txt: its players search 1 ply (its header), its name says 2" in err,
          f"a mislabelled stronger judge is refused, named: {err.strip()[-100:]}")


def judged(j):
    return {p["index"]: p for p in j["judged"]}


def main():
    v3, v5 = os.path.join(REC, "vasa-seed3.txt"), os.path.join(REC, "vasa-seed5.txt")
    h3 = os.path.join(REC, "helmfrid-seed3.txt")
    j3, j5, jh = rejudge(v3), rejudge(v5), rejudge(h3)

    rc, rows, _, _ = goal(v3)
    check(rc == 0 and list(rows) == ["vasa"], "one record: one row")
    if "vasa" in rows:
        expect_row(rows["vasa"], [j3], "vasa-seed3 alone")

    rc, rows, _, _ = goal(v3, v5)
    check(rc == 0 and list(rows) == ["vasa"], "two vasa records: one row")
    if "vasa" in rows:
        expect_row(rows["vasa"], [j3, j5], "vasa-seed3 + seed5")

    rc, rows, _, _ = goal(v3, h3)
    check(rc == 0 and sorted(rows) == ["helmfrid", "vasa"], "two rulesets: a row each")
    if "helmfrid" in rows:
        expect_row(rows["helmfrid"], [jh], "helmfrid-seed3 beside vasa")

    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "bad.txt")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("brade-agreement 1\nrules nosuchrules\n")
        rc, rows, err, _ = goal(v3, bad)
        check(rc != 0 and "bad.txt" in err and not rows, f"a refused record stops it, named: {err.strip()[:80]}")

    with tempfile.TemporaryDirectory() as d:
        small = os.path.join(d, "lyckans-talisman-seed3.txt")
        subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--agreement", "6", "--rollouts", "12", "--top", "2", "--plies", "2",
                        "--seed", "3", "--save", small], capture_output=True, check=True, timeout=300)
        made = open(small).read()
        before = rejudge(small)
        check(before["unjudged"] > 0, f"the small record misses {before['unjudged']} 0-ply choices")
        rc, rows, err, out = goal(small, extra=("--fill",))
        row = rows.get("lyckans-talisman")
        # d has no second-judges/ folder
        check(row is not None and "where a second judge exists" not in out, "no second judge: no second table")
        check(rc == 0 and row is not None and "not rolled out" not in row[3],
              f"--fill: every choice judged ({row[3] if row else err.strip()[:80]})")
        check(f"lyckans-talisman-seed3.txt: {before['unjudged']} choice" in err and "by the shipped net" in err,
              f"--fill names the net: {err.strip()[:100]}")
        check(open(small).read() == made, "--fill leaves the record itself alone")

        keep = os.path.join(d, "kept")
        rc, rows, err, _ = goal(small, extra=("--fill", "--keep", keep))
        kept = os.path.join(keep, "lyckans-talisman-seed3.txt")
        check(rc == 0 and os.listdir(keep) == ["lyckans-talisman-seed3.txt"],
              f"--keep leaves the filled copy, and nothing else, in DIR ({os.listdir(keep) if os.path.isdir(keep) else err.strip()[:80]})")
        check(os.path.exists(kept) and rejudge(kept)["unjudged"] == 0 and open(small).read() == made,
              "the kept copy is filled, the record still as it was")
        rc, _, err, _ = goal(small, extra=("--keep", keep))
        check(rc != 0 and "--keep needs --fill" in err, "--keep without --fill is refused")

    # a second judge (the same positions on other dice, in second-judges/
    # beside the record): a second table sums both directions
    with tempfile.TemporaryDirectory() as d:
        first = os.path.join(d, "lyckans-talisman-seed5.txt")
        os.mkdir(os.path.join(d, "second-judges"))
        second = os.path.join(d, "second-judges", "lyckans-talisman-seed5-d9.txt")
        made = ["selfplay", "--agreement", "5", "--rollouts", "12", "--top", "3", "--plies", "0", "--seed", "5"]
        lab = os.path.join(os.path.dirname(BRADE), "brade-lab")
        subprocess.run([lab, *made, "--save", first], capture_output=True, check=True, timeout=300)
        subprocess.run([lab, *made, "--dice-seed", "9", "--save", second], capture_output=True, check=True,
                       timeout=300)
        # a judge of other (stronger) players: left out of the second
        # table, the judge of the third
        strong = os.path.join(d, "second-judges", "lyckans-talisman-seed5-p1.txt")
        subprocess.run([os.path.join(os.path.dirname(BRADE), "brade-lab"), "selfplay", "--agreement", "5", "--rollouts", "4", "--top", "2", "--plies", "0",
                        "--seed", "5", "--player-plies", "1", "--save", strong], capture_output=True, check=True,
                       timeout=300)
        ja, jb = rejudge(first), rejudge(second)
        same = sum(x["best"] == y["best"] for x, y in zip(ja["judged"], jb["judged"]))
        r = subprocess.run([sys.executable, TWO, "--plies", "0", "--brade", BRADE, first, second],
                           capture_output=True, text=True, timeout=300)
        cross = [[c.strip() for c in l.strip("|").split("|")] for l in r.stdout.splitlines()
                 if l.startswith("| lyckans-talisman-seed5")][:2]
        within = sum(int(c[3]) for c in cross)
        rc, _, err, out = goal(first)
        row = table_rows(out, 9).get("lyckans-talisman")
        check(rc == 0 and row is not None and row[1:3] == ["1", "5"],
              f"one pair of judges, 5 positions: {row or err.strip()[:80]}")
        if row:
            # a tie in a 12-game rollout counts as the same play, so the
            # count may pass the plays named alike, never fall short of it
            same_both = sum(int(c[2]) for c in cross)
            check(row[3].startswith(f"{same_both} of 10 ") and same_both >= 2 * same,
                  f"the same best both ways, as two_judges.py says: {row[3]}, {same_both} (named alike: {same} each)")
            check(len(cross) == 2 and row[4].startswith(f"{within} of 10 "),
                  f"within the other's interval as two_judges.py says: {row[4]}, {within}")
            check(row[5].startswith(f"{ja['agree'] + jb['agree']} of 10 "), f"the search's same play: {row[5]}")
            check(row[6].startswith(f"{ja['within_ci'] + jb['within_ci']} of 10 "),
                  f"the search within the interval: {row[6]}")
            # the search less a second judge: points per 100 decisions,
            # position by position, with a 95% interval
            gaps = {}
            for col, search, judge in ((7, ja["agree"] + jb["agree"], same_both),
                                       (8, ja["within_ci"] + jb["within_ci"], within)):
                gap = 100.0 * (search - judge) / 10
                m, _, h = row[col].partition(" ± ")
                gaps[col] = float(m), float(h)
                check(abs(float(m) - gap) < 0.051 and float(h) >= 0,
                      f"column {col}: the search less the judge {row[col]} is {gap:+.1f}")
            level = gaps[7][0] + gaps[7][1] >= 0
            check("not told apart from a second judge (the difference's 95% interval reaches 0)" in out and
                  ("under: lyckans-talisman; short" if level else "short of one under: lyckans-talisman.") in out,
                  f"the verdict line names lyckans-talisman {'level' if level else 'short'}")
        stronger_case(d, strong, [ja, jb], out)

    return check.done()


if __name__ == "__main__":
    sys.exit(main())
