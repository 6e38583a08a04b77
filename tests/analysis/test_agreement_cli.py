#!/usr/bin/env python3
"""`brade-lab selfplay --agreement` and `--rejudge` from the shell: the
sequential judge's passes, its record file made in pieces and read back
bit for bit, other choosers (another depth, another net, an outside
chooser's plays from --choices) scored against the same rollouts, and
the record files refused with path:line when damaged."""
import json
import os
import re
import shutil
import tempfile

from clicases import run, run_cases  # tests/analysis/clicases.py


def agreement_confirm():
    """--agreement's first pass is the same with --confirm (which plays
    more games only where the first pass could not tell plays apart) and
    with the shipped net given as a file; the confirmed tally is a tally of
    the same positions."""
    base = ["selfplay", "--agreement", "3", "--rollouts", "36", "--seed", "3", "--json"]
    plain = json.loads(run(base).stdout)
    conf = json.loads(run(base + ["--confirm", "72"]).stdout)
    for key in ("positions", "agree", "agree_0ply", "within_ci", "mean_loss", "separable",
                "separable_agree", "ceiling", "within_ceiling", "p_search_best"):
        assert plain[key] == conf[key], (key, plain, conf)
    # what the rollout's noise allows: the positions it separates, the
    # expected agreement of a perfect player and the search's chance of
    # holding the best play are bounded by the count of positions
    for sfx in ("", "_confirmed"):
        assert 0 <= conf["separable_agree" + sfx] <= conf["separable" + sfx] <= 3, conf
        assert 0 < conf["ceiling" + sfx] <= 3 and 0 <= conf["p_search_best" + sfx] <= 3, conf
        # separated by 1.96 paired errors from each of at most 3 rivals: at
        # least 92.5% sure of its best (the union bound)
        assert conf["ceiling" + sfx] >= 0.9 * conf["separable" + sfx], conf
        # the interval holds the rollout's best and maybe more: a perfect
        # player is within it at least as often as it is the best
        assert conf["ceiling" + sfx] - 0.011 <= conf["within_ceiling" + sfx] <= 3.001, conf
        # the choices within 0.01, 0.02, 0.04 of the best: the same play is
        # within every margin, a wider margin holds at least as many
        near = conf["near" + sfx]
        assert conf["agree" + sfx] <= near[0] <= near[1] <= near[2] <= 3, conf
    assert conf["near_at"] == [0.01, 0.02, 0.04], conf
    assert plain["near"] == conf["near"], (plain, conf)
    assert "confirm" not in plain and conf["confirm"] == 72, conf
    assert 0 <= conf["confirmed_positions"] <= conf["positions"] == 3, conf
    assert 0 <= conf["agree_confirmed"] <= conf["within_ci_confirmed"] <= 3, conf
    if conf["confirmed_positions"] == 0:
        assert conf["agree_confirmed"] == conf["agree"], conf
    here = os.path.dirname(os.path.abspath(__file__))
    shipped = os.path.join(here, "..", "..", "src", "analysis", "nets", "lyckans-talisman.net")
    as_file = json.loads(run(base + ["--a-net", shipped]).stdout)
    assert as_file == plain, (as_file, plain)
    text = run(base[:-1] + ["--confirm", "72"]).stdout
    assert "confirmed: on %d positions" % conf["confirmed_positions"] in text, text
    said = re.findall(r"a perfect player would be expected to agree with this rollout on ([0-9.]+)", text)
    assert len(said) == 2 and abs(float(said[1]) - conf["ceiling_confirmed"]) <= 0.051, (said, conf)
    said = re.findall(r"and to be within its 95% interval on ([0-9.]+)", text)
    assert len(said) == 2 and abs(float(said[1]) - conf["within_ceiling_confirmed"]) <= 0.051, (said, conf)
    near = re.findall(r"within 0\.01 of the best on (\d+), 0\.02 on (\d+), 0\.04 on (\d+)", text)
    assert [list(map(int, n)) for n in near] == [conf["near"], conf["near_confirmed"]], (near, conf)


def agreement_saved():
    """--agreement --save FILE keeps each judged position; the same command
    goes on from the file (or a larger K extends it) and prints what one
    run prints; a file of other settings or a damaged one is refused with
    path:line and left alone."""
    base = ["selfplay", "--agreement", "3", "--rollouts", "24", "--confirm", "24", "--passes", "2",
            "--seed", "5", "--plies", "1"]
    one = run(base).stdout
    d = tempfile.mkdtemp()
    try:
        f = os.path.join(d, "agree.txt")
        part = run(base[:2] + ["2"] + base[3:] + ["--save", f])
        assert "position 2 of 2 judged" in part.stderr, part.stderr
        rest = run(base + ["--save", f, "--threads", "1"])
        assert rest.stdout == one, (rest.stdout, one)
        assert "2 of 3 positions judged already; going on" in rest.stderr, rest.stderr
        text = open(f).read()
        lines = text.splitlines()
        assert lines[0] == "brade-agreement 1" and len(lines) == 13, text
        assert [l.split()[1] for l in lines[10:]] == ["0", "1", "2"], text
        again = run(base + ["--save", f])
        assert again.stdout == one and "3 of 3 positions judged already" in again.stderr, again.stderr
        js = json.loads(run(base + ["--save", f, "--json"]).stdout)
        assert js == json.loads(run(base + ["--json"]).stdout), js
        assert js["positions"] == 3 and js["passes"] == 2, js
        judged_rows(js, one, f)
        rejudged(f, one, js)
        # other settings: refused at the line that differs, file unchanged
        other = run(base[:4] + ["48"] + base[5:] + ["--save", f], code=2)
        assert f + ":6: cannot go on from it: it has 'rollouts 24', this command makes 'rollouts 48'" \
            in other.stderr, other.stderr
        assert open(f).read() == text
        # a damaged record: path:line and what is wrong
        with open(f, "w") as out:
            out.write(text.replace(" first 4 ", " first 9 ", 1))
        bad = run(base + ["--save", f], code=2)
        assert f + ":11: the count of plays rolled out" in bad.stderr, bad.stderr
        assert "left as it is" in bad.stderr, bad.stderr
        # --passes without --confirm, and --confirm 1, are refused
        run(["selfplay", "--agreement", "1", "--passes", "3"], code=2)
        run(["selfplay", "--agreement", "1", "--confirm", "1"], code=2)
    finally:
        shutil.rmtree(d)


def judged_rows(js, text, f):
    """--json's "judged" rows: one a position of record f, in order, each
    naming the choice and the rollout's best of the text listing's line,
    and adding up to the summary's counts of the judge of the last pass."""
    rows = js["judged"]
    ids = [l.split() for l in open(f).read().splitlines() if l.startswith("judged ")]
    assert len(rows) == js["positions"] == len(ids), (rows, ids)
    lines = [l for l in text.splitlines() if re.match(r"^\s*\d+\. roll ", l)]
    assert len(lines) == len(rows), (lines, rows)
    for k, (r, rec, line) in enumerate(zip(rows, ids, lines)):
        assert r["index"] == k and [str(k), r["id"], r["roll"]] == rec[1:4], (r, rec)
        m = re.match(r"^\s*(\d+)\. roll (\d-\d)\s+\d-ply: (.*?)\s+rollout: (.*?)\s+(agree|differ)", line)
        assert m and int(m.group(1)) == k + 1 and m.group(2) == r["roll"], (line, r)
        assert (m.group(3), m.group(4)) == (r["choice"], r["best"]), (line, r)
        assert r["agree"] == (m.group(5) == "agree") == (r["choice"] == r["best"]), (line, r)
        assert r["separable"] == ("not separable" not in line), (line, r)
        assert r["rolled_out"] == (r["loss"] is not None), r
        if r["agree"]:
            assert r["within_ci"] and r["loss"] == 0, r
        elif r["rolled_out"]:
            assert r["loss"] >= 0, r
    sfx = "_confirmed" if "confirm" in js else ""
    assert sum(r["agree"] for r in rows) == js["agree" + sfx], js
    assert sum(r["within_ci"] for r in rows) == js["within_ci" + sfx], js
    assert sum(r["separable"] for r in rows) == js["separable" + sfx], js
    judged = [r["loss"] for r in rows if r["rolled_out"]]
    assert abs(sum(judged) / max(len(judged), 1) - js["mean_loss" + sfx]) < 2e-4, js


def last_means(f):
    """Each judged position of record f: its plays' rollout means over
    every pass (the 'last' figures), by the play's notation."""
    out = []
    for line in open(f).read().splitlines():
        if not line.startswith("judged "):
            continue
        fields, *plays = line.split(" | ")
        tok = fields.split()
        at = tok.index("last")
        m = int(tok[at + 1])
        assert len(plays) == m, line
        out.append(dict(zip((p.strip() for p in plays), (float(x) for x in tok[at + 2 + m:at + 2 + 2 * m]))))
    return out


def rejudged(f, one, js):
    """selfplay --rejudge FILE: the same depth and net as made FILE print
    what the run printed; another depth scores its own choices against the
    same rollouts; the judge's settings come from FILE alone."""
    same = run(["selfplay", "--rejudge", f, "--plies", "1"])
    first, rest = same.stdout.split("\n", 1)
    assert first == "1-ply choice judged against the rollouts in " + f, first
    assert rest == one, (rest, one)
    # the shipped net given as a file is the same chooser
    net = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "analysis", "nets",
                       "lyckans-talisman.net")
    withnet = run(["selfplay", "--rejudge", f, "--plies", "1", "--a-net", net, "--threads", "1"])
    assert withnet.stdout.split("\n", 1)[1] == one, withnet.stdout
    rj = json.loads(run(["selfplay", "--rejudge", f, "--plies", "1", "--json"]).stdout)
    assert rj.pop("rejudged") is True and rj.pop("unjudged") == 0, rj
    assert rj == js, (rj, js)
    judged_rows(rj, one, f)
    # another depth's rows are its own choices, against the same bests
    rj0 = json.loads(run(["selfplay", "--rejudge", f, "--plies", "0", "--json"]).stdout)
    judged_rows(rj0, run(["selfplay", "--rejudge", f, "--plies", "0"]).stdout, f)
    # (the same best, but for a play tied with it exactly: a tie goes to
    # the chooser's play, which the judge puts first)
    means = last_means(f)
    for k, (a, b) in enumerate(zip(rj0["judged"], rj["judged"])):
        assert a["best"] == b["best"] or means[k][a["best"]] == means[k][b["best"]], (k, a, b, means[k])
    # at 0-ply the choice is the 0-ply choice the record names: it agrees
    # as often as the run said 0-ply did (when the record rolled it out)
    zero = run(["selfplay", "--rejudge", f, "--plies", "0"]).stdout
    said = int(re.search(r"0-ply agrees on (\d+)", one).group(1))
    m = re.search(r"0-ply agrees with 24-game rollouts on (\d+) of 3 positions", zero)
    assert m, zero
    if "not among the plays the record rolled out" not in zero:
        assert int(m.group(1)) == said, (zero, one)
    assert zero.count("0-ply: ") == 3, zero
    # the chooser without the exact lookahead (at 0 plies, the judge's own
    # players): said on the first line, every position judged
    nola = run(["selfplay", "--rejudge", f, "--plies", "0", "--lookahead", "off"]).stdout
    assert nola.startswith("0-ply choice (no exact lookahead) judged against"), nola
    assert nola.count("0-ply: ") == 3, nola
    p = run(["selfplay", "--rejudge", f, "--lookahead", "maybe"], code=2)
    assert "brade: --lookahead must be on or off" in p.stderr, p.stderr
    p = run(["selfplay", "--agreement", "1", "--luck", "yes"], code=2)
    assert "brade: --luck must be on or off" in p.stderr, p.stderr
    p = run(["selfplay", "--agreement", "1", "--lookahead", "off"], code=2)
    assert "--lookahead goes with --rejudge" in p.stderr, p.stderr
    # the judge is the file's: flags that would change it are refused
    p = run(["selfplay", "--rejudge", f, "--rollouts", "48"], code=2)
    assert "only --plies, --a-net, --lookahead, --choices, --fill, --fill-anew, --threads and --json go with it" in p.stderr, p.stderr
    run(["selfplay", "--rejudge", f + ".none"], code=2)
    text = open(f).read()
    bad = f + ".bad"
    with open(bad, "w") as out:
        out.write(text.replace("\nrollouts 24\n", "\nrollouts x\n", 1))
    p = run(["selfplay", "--rejudge", bad], code=2)
    assert bad + ":6: expected 'rollouts VALUE'" in p.stderr, p.stderr
    with open(bad, "w") as out:
        out.write(text.replace(" first 4 ", " first 9 ", 1))
    p = run(["selfplay", "--rejudge", bad], code=2)
    assert bad + ":11: the count of plays rolled out" in p.stderr and "not judged again" in p.stderr, p.stderr
    rejudged_choices(f, rj0, rj)
    # a record another net made (one shipped since, say): judged on its
    # positions as recorded, not refused, with a note; their order is
    # still checked
    lines = text.split("\n")
    at = [k for k, l in enumerate(lines) if l.startswith("net ")][0]
    lines[at] = "net 12345 games, weights 0123456789abcdef"
    with open(bad, "w") as out:
        out.write("\n".join(lines))
    p = run(["selfplay", "--rejudge", bad, "--plies", "1"])
    assert p.stdout.split("\n", 1)[1] == same.stdout.split("\n", 1)[1], (p.stdout, same.stdout)
    assert "made with another net than the shipped one: its positions are judged as recorded" in p.stderr, p.stderr
    recs = [k for k, l in enumerate(lines) if l.startswith("judged ")]
    lines[recs[0]], lines[recs[1]] = lines[recs[1]], lines[recs[0]]
    with open(bad, "w") as out:
        out.write("\n".join(lines))
    p = run(["selfplay", "--rejudge", bad, "--plies", "1"], code=2)
    assert f"{bad}:{recs[0] + 1}: this is position 2 of the set, where position 1 comes next" in p.stderr, p.stderr


def rejudged_choices(f, rj0, rj1):
    """selfplay --rejudge FILE --choices C: an outside chooser's plays, one
    line a position, scored as the search's are: given the 0-ply and the
    1-ply choices, it prints what --plies 0 and 1 print but for the
    chooser's name; a line for another position, a play that is not
    legal, and a file one line short are refused with C:line."""
    d = os.path.dirname(f)
    for want in (rj0, rj1):
        c = os.path.join(d, "choices.txt")
        with open(c, "w") as out:
            out.write("# the choices of another chooser\n\n")
            for r in want["judged"]:
                out.write(f"{r['id']} {r['roll']} {r['choice']} \n")
        got = json.loads(run(["selfplay", "--rejudge", f, "--choices", c, "--json"]).stdout)
        assert got.pop("choices") is True and got["plies"] is None, got
        # as many choices the record did not roll out as the search had
        # (rj1's count was checked to be 0 and taken out by the caller)
        assert got.pop("rejudged") is True and got.pop("unjudged") == want.get("unjudged", 0), got
        skip = ("plies", "rejudged", "unjudged")
        assert {k: v for k, v in got.items() if k not in skip} == \
            {k: v for k, v in want.items() if k not in skip}, (got, want)
        text = run(["selfplay", "--rejudge", f, "--choices", c]).stdout
        assert text.startswith(f"the choices in {c} judged against the rollouts in {f}\n"), text
        assert text.count("chosen: ") == 3 and "the choices agree with 24-game rollouts on" in text, text
    lines = open(c).read().splitlines()
    rows = want["judged"]
    # another position's id, then another roll
    other = lines[:3] + [lines[4]] + lines[4:]
    with open(c, "w") as out:
        out.write("\n".join(other) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert f"{c}:4: this is the choice for position 2 of the record, {rows[1]['id']} {rows[1]['roll']}" \
        in p.stderr, p.stderr
    with open(c, "w") as out:
        out.write("\n".join(lines[:2] + [f"{rows[0]['id']} 9-9 {rows[0]['choice']}"] + lines[3:]) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert f"{c}:3: this is the choice for position 1 of the record" in p.stderr, p.stderr
    # a play that is not legal there; a line with no play
    with open(c, "w") as out:
        out.write("\n".join(lines[:3] + [f"{rows[1]['id']} {rows[1]['roll']} 1/25 1/25"] + lines[4:]) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert f"{c}:4: '1/25 1/25' is not a legal play of {rows[1]['id']} {rows[1]['roll']}" in p.stderr, p.stderr
    with open(c, "w") as out:
        out.write("\n".join(lines[:3] + [f"{rows[1]['id']} {rows[1]['roll']}"] + lines[4:]) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert f"{c}:4: expected 'ID ROLL PLAY' (the choice for position 2" in p.stderr, p.stderr
    # one line short, one line over
    with open(c, "w") as out:
        out.write("\n".join(lines[:-1]) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert "the record holds 3 judged positions and this gives choices for 2" in p.stderr, p.stderr
    with open(c, "w") as out:
        out.write("\n".join(lines + [lines[-1]]) + "\n")
    p = run(["selfplay", "--rejudge", f, "--choices", c], code=2)
    assert f"{c}:6: the record holds 3 judged positions, and this is a choice for one more" in p.stderr, p.stderr
    # the choices are the chooser: no depth or net beside them
    p = run(["selfplay", "--rejudge", f, "--choices", c, "--plies", "1"], code=2)
    assert "--choices goes with --rejudge alone" in p.stderr, p.stderr
    run(["selfplay", "--agreement", "1", "--choices", c], code=2)
    run(["selfplay", "--rejudge", f, "--choices", c + ".none"], code=2)


def agreement_backgammon():
    """A backgammon record judged again at its own depth prints what the
    run printed: the chooser keeps the evaluator's own lookahead setting
    (off in backgammon), as the run's search did.  Position 7 of seed 3 is
    a bear-off lost whatever is played, every play -1.000, where the
    lookahead's rounding alone reorders the plays; --lookahead on says so
    and changes the 0-ply choice there (deeper, the tie is exact again
    among the plays searched)."""
    d = tempfile.mkdtemp()
    try:
        f = os.path.join(d, "bg.txt")
        base = ["selfplay", "--rules", "backgammon", "--agreement", "7", "--rollouts", "24", "--seed", "3"]
        one = run(base + ["--save", f]).stdout
        again = run(["selfplay", "--rejudge", f, "--plies", "2"]).stdout
        first, rest = again.split("\n", 1)
        assert first == "2-ply choice judged against the rollouts in " + f, first
        assert rest == one, (rest, one)
        on = run(["selfplay", "--rejudge", f, "--plies", "2", "--lookahead", "on"]).stdout
        assert on.startswith("2-ply choice (with the exact lookahead) judged"), on
        seven = [[l for l in run(["selfplay", "--rejudge", f, "--plies", "0"] + flag).stdout.splitlines()
                  if l.startswith("  7. roll 3-4")] for flag in ([], ["--lookahead", "on"])]
        assert seven[0] and seven[1], seven
        assert seven[0][0].split("rollout:")[0] != seven[1][0].split("rollout:")[0], seven
        # --top M rolls out the search's best M plays (all of them when fewer)
        six = os.path.join(d, "bg6.txt")
        run(base[:4] + ["3"] + base[5:] + ["--top", "6", "--save", six])
        text = open(six).read()
        assert "\ntop 6\n" in text, text
        recs = [l.split() for l in text.splitlines() if l.startswith("judged ")]
        assert len(recs) == 3, text
        for rec in recs:
            plays, first = int(rec[rec.index("plays") + 1]), int(rec[rec.index("first") + 1])
            assert first == min(6, plays) and first > 4, rec
        run(["selfplay", "--rejudge", six, "--plies", "1"])
        p = run(base + ["--top", "9"], code=2)
        assert "--top must be a whole number from 2 to 8" in p.stderr, p.stderr
    finally:
        shutil.rmtree(d)


def record_lines(f):
    """The judged lines of record f, each as (fields before ' | ', plays)."""
    out = []
    for line in open(f).read().splitlines():
        if line.startswith("judged "):
            head, *plays = line.split(" | ")
            out.append((head.split(), plays))
    return out


def first_means(fields):
    """The first pass's plays and means of a judged line's fields."""
    at = fields.index("first")
    m = int(fields[at + 1])
    return fields[at + 2 + m:at + 2 + 2 * m]


def agreement_fill():
    """--rejudge FILE --fill NET rolls out, with the record's players and
    dice, every choice the record did not: the recorded plays' numbers stay
    to the last digit, the choice is judged instead of counted a miss, and
    a second run has nothing to do.  Another net than the record's, or
    numbers its players do not give, are refused with the file left as it
    was; --fill-anew judges such a position afresh."""
    d = tempfile.mkdtemp()
    try:
        f = os.path.join(d, "agree.txt")
        run(["selfplay", "--agreement", "3", "--rollouts", "12", "--confirm", "12", "--passes", "2",
             "--top", "2", "--seed", "5", "--plies", "1", "--save", f])
        made = open(f).read()
        # an outside chooser who picks, in each position, a legal play the
        # record did not roll out
        c = os.path.join(d, "choices.txt")
        picks = []
        with open(c, "w") as out:
            for fields, plays in record_lines(f):
                pid, roll = fields[2], fields[3]
                js = json.loads(run(["analyse", "--position-id", pid, "--roll", roll, "--plies", "0",
                                     "--json"]).stdout)
                other = [p["notation"] for p in js["plays"] if p["notation"] not in plays]
                assert other, (fields, plays)
                picks.append(other[0])
                out.write(f"{pid} {roll} {other[0]}\n")
        before = json.loads(run(["selfplay", "--rejudge", f, "--choices", c, "--json"]).stdout)
        assert before["unjudged"] == 3, before
        # another net than the one that made it: refused, the file unchanged
        here = os.path.dirname(os.path.abspath(__file__))
        other_net = os.path.join(here, "..", "..", "src", "analysis", "nets", "lyckans-talisman-exact-only.net")
        p = run(["selfplay", "--rejudge", f, "--choices", c, "--fill", other_net], code=2)
        assert f + ":10: the record was made by the net of 'net " in p.stderr, p.stderr
        assert open(f).read() == made
        # the record's net: each choice rolled out beside the plays
        p = run(["selfplay", "--rejudge", f, "--choices", c, "--fill", "shipped", "--json"])
        for i, pick in enumerate(picks):
            assert f"{f}: position {i + 1}: {pick} rolled out beside the 2 recorded plays" in p.stderr, p.stderr
        after = json.loads(p.stdout)
        assert after["unjudged"] == 0 and after["positions"] == 3, after
        assert [r["choice"] for r in after["judged"]] == picks, after
        assert all(r["rolled_out"] for r in after["judged"]), after
        new = record_lines(f)
        was = {fl[1]: (fl, pl) for fl, pl in
               ((l.split(" | ")[0].split(), l.split(" | ")[1:]) for l in made.splitlines() if l.startswith("judged "))}
        for (fields, plays), pick in zip(new, picks):
            ofields, oplays = was[fields[1]]
            assert plays == oplays + [pick], (plays, oplays, pick)
            assert first_means(fields)[:2] == first_means(ofields), (fields, ofields)
        assert open(f).read().split("judged ")[0] == made.split("judged ")[0]  # the header stands
        # nothing left to fill: the file and the tally stay
        filled = open(f).read()
        again = run(["selfplay", "--rejudge", f, "--choices", c, "--fill", "shipped", "--json"])
        assert "rolled out beside" not in again.stderr, again.stderr
        assert json.loads(again.stdout) == after and open(f).read() == filled
        # numbers its players do not give: refused, or judged afresh
        g = os.path.join(d, "forged.txt")
        fields0 = made.splitlines()[10].split()
        mean = first_means(fields0)[0]
        with open(g, "w") as out:
            out.write(made.replace(" " + mean + " ", " " + repr(float(mean) + 0.25) + " ", 1))
        forged = open(g).read()
        p = run(["selfplay", "--rejudge", g, "--choices", c, "--fill", "shipped"], code=2)
        assert f"{g}: position 1: the recorded plays do not roll out as recorded" in p.stderr, p.stderr
        assert open(g).read() == forged
        p = run(["selfplay", "--rejudge", g, "--choices", c, "--fill-anew", "shipped"])
        assert f"{g}: position 1: judged afresh" in p.stderr, p.stderr
        assert open(g).read() == filled
        # --fill judges a record again: not without --rejudge
        p = run(["selfplay", "--agreement", "1", "--fill", "shipped"], code=2)
        assert "--fill goes with --rejudge FILE" in p.stderr, p.stderr
    finally:
        shutil.rmtree(d)


def fit_ranks():
    """train --fit-ranks teaches a net the plays of a record's rolls: the
    net file changes and names the command, its pruning nets are dropped;
    the held-out figures are printed before and after each pass; a
    position an --exclude record holds is left out (all of them: refused);
    a record of another ruleset, a damaged line and a missing --out are
    refused, the file's line named."""
    d = tempfile.mkdtemp()
    try:
        rec = os.path.join(d, "rk.txt")
        run(["selfplay", "--agreement", "6", "--rollouts", "24", "--plies", "0", "--seed", "7",
             "--save", rec, "--threads", "1"])
        here = os.path.dirname(os.path.abspath(__file__))
        shipped = os.path.join(here, "..", "..", "src", "analysis", "nets", "lyckans-talisman.net")
        net = os.path.join(d, "lt.net")
        shutil.copy(shipped, net)
        before = open(net).read()
        p = run(["train", "--rules", "lyckans-talisman", "--out", net, "--fit-ranks", rec,
                 "--epochs", "2", "--alpha", "0.05", "--holdout", "0.5"])
        after = open(net).read()
        assert after != before and "--fit-ranks" in after, after[:600]
        assert "prune" in before and "pruning nets" in p.stderr, p.stderr
        assert "the plays of 6 rolls" in p.stderr, p.stderr
        held = re.findall(r"best at 0-ply on (\d+) of (\d+) rolls", p.stderr)
        assert len(held) == 3 and all(int(b) <= int(n) == 3 for b, n in held), p.stderr
        # the same command on the same net again gives the same net
        shutil.copy(shipped, net)
        run(["train", "--rules", "lyckans-talisman", "--out", net, "--fit-ranks", rec,
             "--epochs", "2", "--alpha", "0.05", "--holdout", "0.5"])
        assert open(net).read() == after
        p = run(["train", "--rules", "lyckans-talisman", "--out", net, "--fit-ranks", rec,
                 "--exclude", rec], code=2)
        assert "no roll left to teach (6 read, 6 left out" in p.stderr, p.stderr
        p = run(["train", "--rules", "vasa", "--out", net, "--fit-ranks", rec], code=1)
        assert rec + ":2: a record of lyckans-talisman, not vasa" in p.stderr, p.stderr
        lines = open(rec).read().splitlines()
        k = next(i for i, l in enumerate(lines) if l.startswith("judged "))
        lines[k] = lines[k].replace(" plays ", " plays x")
        bad = os.path.join(d, "bad.txt")
        open(bad, "w").write("\n".join(lines) + "\n")
        p = run(["train", "--rules", "lyckans-talisman", "--out", net, "--fit-ranks", bad], code=1)
        assert p.stderr.startswith(bad + ":%d: " % (k + 1)), p.stderr
        run(["train", "--rules", "lyckans-talisman", "--fit-ranks", rec], code=2)
    finally:
        shutil.rmtree(d)


def unrolled_choices(f, path):
    """Writes to path a --choices file for record f naming, for each
    position, the 0-ply ranking's best play the record did not roll out;
    returns path."""
    with open(path, "w") as out:
        for fields, plays in record_lines(f):
            js = json.loads(run(["analyse", "--position-id", fields[2], "--roll", fields[3], "--plies", "0",
                                 "--json"]).stdout)
            out.write(f"{fields[2]} {fields[3]} {next(p['notation'] for p in js['plays'] if p['notation'] not in plays)}\n")
    return path


def plain_and_flagged(base, flags, d, name, head):
    """Saves a record of `base` (d/plain.txt) and one of `base + flags`
    (d/NAME.txt); returns their paths, their JSON and the first `head`
    lines of each file."""
    f0, f1 = os.path.join(d, "plain.txt"), os.path.join(d, name + ".txt")
    plain = json.loads(run(base + ["--save", f0, "--json"]).stdout)
    flagged = json.loads(run(base + flags + ["--save", f1, "--json"]).stdout)
    return f0, f1, plain, flagged, open(f0).read().splitlines()[:head], open(f1).read().splitlines()[:head]


def agreement_luck():
    """--luck on takes each roll's luck out of the judge's rollouts: the
    record says so in a header line of its own (one without it keeps the
    header it had), the JSON says so, the same command goes on from the
    file and one without --luck is refused at that line; --rejudge reads
    it, so that --fill rolls the record's plays out again as recorded
    (luck taken out) and a wrong net is named at the net's line, 11."""
    base = ["selfplay", "--agreement", "2", "--rollouts", "12", "--top", "2", "--seed", "5", "--plies", "1"]
    d = tempfile.mkdtemp()
    try:
        f0, f1, plain, luck, h0, h1 = plain_and_flagged(base, ["--luck", "on"], d, "luck", 11)
        assert "luck on" not in h0 and h0[9].startswith("net "), h0
        assert h1[:9] == h0[:9] and h1[9] == "luck on" and h1[10] == h0[9], h1
        assert plain["luck"] is False and luck["luck"] is True, (plain, luck)
        assert luck["positions"] == plain["positions"] == 2
        assert "(luck taken out)" in run(base + ["--luck", "on", "--save", f1]).stdout
        again = json.loads(run(base + ["--luck", "on", "--save", f1, "--json"]).stdout)
        assert again == luck, (again, luck)
        p = run(base + ["--save", f1], code=2)
        assert f1 + ":10: cannot go on from it: it has 'luck on'" in p.stderr, p.stderr
        rj = json.loads(run(["selfplay", "--rejudge", f1, "--plies", "1", "--json"]).stdout)
        assert rj["luck"] is True and rj["agree"] == luck["agree"] and rj["mean_loss"] == luck["mean_loss"], rj
        assert json.loads(run(["selfplay", "--rejudge", f0, "--plies", "1", "--json"]).stdout)["luck"] is False
        # a chooser whose plays the record lacks: filled in with the luck
        # out (--fill first rolls the recorded plays out again and refuses
        # numbers that do not come out as recorded)
        made = open(f1).read()
        c = unrolled_choices(f1, os.path.join(d, "choices.txt"))
        filled = run(["selfplay", "--rejudge", f1, "--choices", c, "--fill", "shipped", "--json"])
        assert filled.stderr.count("rolled out beside the 2 recorded plays") == 2, filled.stderr
        assert json.loads(filled.stdout)["unjudged"] == 0, filled.stdout
        here = os.path.dirname(os.path.abspath(__file__))
        other_net = os.path.join(here, "..", "..", "src", "analysis", "nets", "lyckans-talisman-exact-only.net")
        # the same record with its "luck on" line taken away: its plays
        # rolled out again with the luck in do not give its numbers
        nol = os.path.join(d, "noluck.txt")
        open(nol, "w").write(made.replace("luck on\n", "", 1))
        p = run(["selfplay", "--rejudge", nol, "--choices", c, "--fill", "shipped"], code=2)
        assert "do not roll out as recorded" in p.stderr, p.stderr
        p = run(["selfplay", "--rejudge", f1, "--plies", "0", "--fill", other_net], code=2)
        assert f1 + ":11: the record was made by the net of 'net " in p.stderr, p.stderr
        run(base + ["--luck", "maybe"], code=2)
        bad = os.path.join(d, "bad.txt")
        open(bad, "w").write(open(f1).read().replace("luck on", "luck off", 1))
        p = run(["selfplay", "--rejudge", bad], code=2)
        assert bad + ":10: expected 'luck VALUE'" in p.stderr, p.stderr
    finally:
        shutil.rmtree(d)


def agreement_dice_seed():
    """--dice-seed D rolls the same positions out with other dice: a second
    judge of them.  The positions (--seed's) are the same, the rollouts
    not; the record says so in a header line of its own, after "luck on"
    (one without it keeps the header it had); the same command goes on
    from the file and one without --dice-seed is refused at that line;
    --rejudge reads it, so that --fill rolls the record's plays out again
    with its dice (a copy without the line does not roll out as recorded);
    --dice-seed with --rejudge, or out of range, is refused."""
    base = ["selfplay", "--agreement", "2", "--rollouts", "12", "--top", "2", "--seed", "5", "--plies", "1"]
    d = tempfile.mkdtemp()
    try:
        f0, f1, plain, other, h0, h1 = plain_and_flagged(base, ["--dice-seed", "11", "--luck", "on"], d, "dice", 12)
        assert h1[:9] == h0[:9] and h1[9:11] == ["luck on", "dice-seed 11"] and h1[11] == h0[9], h1
        pos0 = [(r["id"], r["roll"]) for r in plain["judged"]]
        assert pos0 == [(r["id"], r["roll"]) for r in other["judged"]], (plain, other)
        m0, m1 = last_means(f0), last_means(f1)
        assert m0 != m1, (m0, m1)  # other dice (and the luck out): other numbers
        again = json.loads(run(base + ["--dice-seed", "11", "--luck", "on", "--save", f1, "--json"]).stdout)
        assert again == other, (again, other)
        p = run(base + ["--luck", "on", "--save", f1], code=2)
        assert f1 + ":11: cannot go on from it: it has 'dice-seed 11'" in p.stderr, p.stderr
        rj = json.loads(run(["selfplay", "--rejudge", f1, "--plies", "1", "--json"]).stdout)
        assert rj.pop("rejudged") is True and rj.pop("unjudged") == 0, rj
        assert rj == other, (rj, other)
        # a chooser whose plays the record lacks: --fill first rolls the
        # recorded plays out again, which comes out only with its dice
        c = unrolled_choices(f1, os.path.join(d, "choices.txt"))
        made = open(f1).read()
        nod = os.path.join(d, "nodice.txt")
        open(nod, "w").write(made.replace("dice-seed 11\n", "", 1))
        p = run(["selfplay", "--rejudge", nod, "--choices", c, "--fill", "shipped"], code=2)
        assert "do not roll out as recorded" in p.stderr, p.stderr
        filled = run(["selfplay", "--rejudge", f1, "--choices", c, "--fill", "shipped", "--json"])
        assert filled.stderr.count("rolled out beside the 2 recorded plays") == 2, filled.stderr
        assert json.loads(filled.stdout)["unjudged"] == 0, filled.stdout
        p = run(["selfplay", "--rejudge", f1, "--dice-seed", "3"], code=2)
        assert "--rejudge reads the judge's settings from its file" in p.stderr, p.stderr
        p = run(base + ["--dice-seed", "-1"], code=2)
        assert "--dice-seed" in p.stderr, p.stderr
        bad = os.path.join(d, "bad.txt")
        open(bad, "w").write(made.replace("dice-seed 11", "dice-seed x", 1))
        p = run(["selfplay", "--rejudge", bad], code=2)
        assert bad + ":11: expected 'dice-seed VALUE'" in p.stderr, p.stderr
    finally:
        shutil.rmtree(d)


def is_race(side):
    """A side's spec (engine-cli.md) has every checker on its points 13..24
    or borne off: past every checker of the other side."""
    for tok in side.split():
        if tok.startswith("bar"):
            return False
        if not tok.startswith("off") and int(tok.split(":")[0]) < 13:
            return False
    return True


def agreement_phase():
    """--phase race judges positions of races alone: each judged position
    is one (by `brade moves`: after every play both sides are still all on
    their points 13..24 or off); the record says so in a header line
    before the net's; the same command goes on from the file, one without
    --phase is refused at that line; --rejudge reads it and finds the
    same positions; a damaged line or an unknown phase is refused."""
    base = ["selfplay", "--rules", "theboard", "--agreement", "3", "--rollouts", "12", "--top", "2",
            "--seed", "5", "--plies", "1"]
    d = tempfile.mkdtemp()
    try:
        f0, f1, plain, race, h0, h1 = plain_and_flagged(base, ["--phase", "race"], d, "race", 11)
        assert h1[:9] == h0[:9] and h1[9] == "phase race" and h1[10] == h0[9], h1
        ids = [(r["id"], r["roll"]) for r in race["judged"]]
        assert len(ids) == 3 and ids != [(r["id"], r["roll"]) for r in plain["judged"]], (ids, plain)
        for pid, roll in ids:
            plays = json.loads(run(["moves", "--rules", "theboard", "--position-id", pid, "--roll", roll,
                                    "--json"]).stdout)["plays"]
            assert len(plays) >= 2, (pid, roll)
            assert all(is_race(p["white"]) and is_race(p["black"]) for p in plays), (pid, roll, plays)
        contact = json.loads(run(base + ["--phase", "contact", "--json"]).stdout)
        for r in contact["judged"]:
            plays = json.loads(run(["moves", "--rules", "theboard", "--position-id", r["id"], "--roll",
                                    r["roll"], "--json"]).stdout)["plays"]
            assert not all(is_race(p["white"]) and is_race(p["black"]) for p in plays), r
        again = json.loads(run(base + ["--phase", "race", "--save", f1, "--json"]).stdout)
        assert again == race, (again, race)
        p = run(base + ["--save", f1], code=2)
        assert f1 + ":10: cannot go on from it: it has 'phase race'" in p.stderr, p.stderr
        rj = json.loads(run(["selfplay", "--rejudge", f1, "--plies", "1", "--json"]).stdout)
        assert rj.pop("rejudged") is True and rj.pop("unjudged") == 0, rj
        assert rj == race, (rj, race)
        made = open(f1).read()
        bad = os.path.join(d, "bad.txt")
        open(bad, "w").write(made.replace("phase race", "phase any", 1))
        p = run(["selfplay", "--rejudge", bad], code=2)
        assert bad + ":10: expected 'phase VALUE'" in p.stderr, p.stderr
        p = run(base + ["--phase", "racing"], code=2)
        assert "--phase takes race, contact or any, not 'racing'" in p.stderr, p.stderr
    finally:
        shutil.rmtree(d)


CASES = [("agreement-confirm", agreement_confirm), ("agreement-saved", agreement_saved),
         ("agreement-luck", agreement_luck), ("agreement-dice-seed", agreement_dice_seed),
         ("agreement-phase", agreement_phase),
         ("agreement-backgammon", agreement_backgammon), ("agreement-fill", agreement_fill),
         ("fit-ranks", fit_ranks)]
run_cases(CASES)
