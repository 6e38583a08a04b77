#!/usr/bin/env python3
"""Checks `brade diagram` and `brade worksheet`.

For each case below: the SVG is well-formed XML; it draws as many checkers
of each colour as the position has (five a point at most, the rest
numbered), one borne-off slab per checker off, one arrow per step of the
play and one die per die of the roll; rendered to PNG by rsvg-convert
(Debian librsvg2-bin) it matches the golden image in golden/ within a
tolerance (fonts may differ a little from machine to machine).  The
README's picture is what its documented command makes, byte for byte.
The worksheet holds one diagram and one answer per puzzle asked for.

    check_diagrams.py [--update]     --update rewrites the golden images

The binary is $BRADE (default build/brade).
"""

import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SVG = "{http://www.w3.org/2000/svg}"
WHITE, BLACK = "#f7f3e8", "#262626"

# name, position flags (white spec, black spec, to move), roll, play, extra flags
CASES = [
    ("lt-play", "lyckans-talisman", "1:8 5 9 14:2 21:2 off:1", "1:9 14:2 22:3 bar:1", "white",
     "6-3", "5/11 14/17", []),
    ("bg-black-fixed", "backgammon", "bar:1 6:3 5:3 4:3 3:2 2:2 off:1", "1:2 6:5 8:3 13:5", "black",
     "4-4", "13/9 13/9 8/4 8/4", ["--view", "white"]),
    ("vasa-bearoff", "vasa", "19:2 22:3 23:4 24:3 off:3", "13:3 20:2 21:2 24:2 off:6", "white",
     "6-5", "19/off 19/24", ["--lang", "sv"]),
    ("start-no-roll", "helmfrid", "1:15", "1:15", "black", None, None, []),
]

# The README's picture (README.md, "Pictures") and the command that makes it.
README_SVG = os.path.join(REPO, "docs", "images", "diagram-example.svg")
README_ARGS = ["diagram", "--rules", "lyckans-talisman", "--white", "1:8 5 9 14:2 21:2 off:1",
               "--black", "1:9 14:2 22:3 bar:1", "--to-move", "white", "--roll", "6-3",
               "--play", "5/11 14/17"]


def brade():
    return os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")


def spec_counts(spec):
    """{point|'bar'|'off': n} of a side spec; off defaults to 15 minus the rest."""
    out, total = {}, 0
    for tok in spec.split():
        where, _, n = tok.partition(":")
        n = int(n) if n else 1
        out[where] = n
        total += n
    out.setdefault("off", 15 - total)
    return out


def drawn(counts):
    """Checkers drawn on points and bar (five a stack at most), and slabs off."""
    on = sum(min(n, 5) for k, n in counts.items() if k != "off")
    return on, counts["off"]


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if bpp == 3:  # as RGBA
            line = bytearray(b"".join(bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
        rows.append(bytes(line))
        prev = line if bpp == 4 else bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if bpp == 3:
            prev = bytearray(prev)
    return w, h, rows


def compare_png(got, want):
    """None when the pictures match within the tolerance, else why not."""
    gw, gh, grows = png_pixels(got)
    ww, wh, wrows = png_pixels(want)
    if (gw, gh) != (ww, wh):
        return "size %dx%d, golden %dx%d" % (gw, gh, ww, wh)
    differ, total_diff = 0, 0
    for gr, wr in zip(grows, wrows):
        for i in range(0, len(gr), 4):
            d = max(abs(gr[i + k] - wr[i + k]) for k in range(4))
            total_diff += d
            if d > 48:
                differ += 1
    n = gw * gh
    share, mean = differ / n, total_diff / n
    # text is about 2% of the picture: a different font moves some of it
    if share > 0.015 or mean > 2.5:
        return "%.2f%% of the pixels differ (more than 48 levels), mean difference %.2f" % (100 * share, mean)
    return None


def check_svg(path, case):
    name, rules, white, black, turn, roll, play, extra = case
    errors = []
    root = ET.parse(path).getroot()
    if root.tag != SVG + "svg":
        return ["the root element is not <svg>"]
    fills = [c.get("fill") for c in root.iter(SVG + "circle") if c.get("r") == "19"]
    slabs = [r.get("fill") for r in root.iter(SVG + "rect") if r.get("height") == "10"]
    for colour, spec, fill in (("white", white, WHITE), ("black", black, BLACK)):
        on, off = drawn(spec_counts(spec))
        if fills.count(fill) != on:
            errors.append("%s: %d checkers drawn, the position has %d to draw" % (colour, fills.count(fill), on))
        if slabs.count(fill) != off:
            errors.append("%s: %d checkers shown borne off, the position has %d" % (colour, slabs.count(fill), off))
    arrows = [p for p in root.iter(SVG + "path") if p.get("marker-end")]
    steps = len(play.split()) if play else 0
    if len(arrows) != steps:
        errors.append("%d arrows for a play of %d steps" % (len(arrows), steps))
    dice = [r for r in root.iter(SVG + "rect") if r.get("width") == "34"]
    want_dice = 0 if not roll else (1 if "-" not in roll else 2)
    if len(dice) != want_dice:
        errors.append("%d dice drawn for the roll %s" % (len(dice), roll))
    title = root.find(SVG + "title").text
    if rules not in title:
        errors.append("the caption does not name the ruleset: %r" % title)
    return errors


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.count = {}

    def handle_starttag(self, tag, attrs):
        self.count[tag] = self.count.get(tag, 0) + 1


def check_worksheet(tmp):
    out = os.path.join(tmp, "sheet.html")
    ids = "c6-jan-count,best-keep-the-count,c25-helmfrid"
    r = subprocess.run([brade(), "worksheet", "--ids", ids, "--out", out], capture_output=True, text=True,
                       timeout=120)
    if r.returncode != 0:
        return ["worksheet exited %d: %s" % (r.returncode, r.stderr)]
    text = open(out, encoding="utf-8").read()
    t = Tags()
    t.feed(text)
    errors = []
    if t.count.get("svg") != 3 or t.count.get("li") != 3:
        errors.append("worksheet: %s diagrams and %s answers for 3 puzzles" % (t.count.get("svg"), t.count.get("li")))
    for pid in ids.split(","):
        if "(%s)" % pid not in text:
            errors.append("worksheet: no answer names %s" % pid)
    if "6/11 2/3" not in text.split('class="answers"')[1]:
        errors.append("worksheet: the answer page lacks best-keep-the-count's play 6/11 2/3")
    if "(Type" in text:
        errors.append("worksheet: typing instructions on paper")
    return errors


def check_export(tmp):
    """The REPL's `export --svg FILE` draws the board of the open puzzle."""
    out = os.path.join(tmp, "export.svg")
    env = dict(os.environ, XDG_STATE_HOME=tmp, XDG_CONFIG_HOME=os.path.join(tmp, "config"), HOME=tmp,
               NO_COLOR="1", LANG="C")
    r = subprocess.run([brade(), "tutor"], input="puzzle c6-jan-count\nexport --svg %s\nexport --svg /dev/null\n" % out,
                       capture_output=True, text=True, timeout=60, env=env)
    errors = []
    if "The diagram is in %s." % out not in r.stdout:
        errors.append("export --svg: no word that the diagram was written: %r" % r.stdout[-300:])
    if "Could not write /dev/null" not in r.stdout:
        errors.append("export --svg /dev/null: not refused")
    if os.path.exists(out):
        root = ET.parse(out).getroot()
        if len([c for c in root.iter(SVG + "circle") if c.get("r") == "19"]) < 15:
            errors.append("export --svg: fewer checkers drawn than a puzzle has")
    else:
        errors.append("export --svg: no file written")
    return errors


def against_golden(tmp, svg, name, update):
    """Renders svg to PNG and compares it with golden/NAME.png (--update:
    makes it the golden); a list of what differs."""
    png = os.path.join(tmp, name + ".png")
    subprocess.run(["rsvg-convert", svg, "-o", png], check=True, timeout=60)
    golden = os.path.join(HERE, "golden", name + ".png")
    if update:
        shutil.copy(png, golden)
        return []
    why = compare_png(png, golden)
    return ["%s: %s" % (name, why)] if why else []


CHART_ARGS = ["analyse", "--white", "1:4 2 6 7 8 14:2 23:2 24:3", "--black", "1:4 6 9 10 21:2 24:6",
              "--to-move", "white", "--roll", "5-1", "--plies", "1", "--play", "14/19 19/20"]


def check_chart(tmp, update):
    """`analyse --svg`: one bar a play (ten at most, and the learner's),
    the learner's marked, the best green; rendered against its golden."""
    svg = os.path.join(tmp, "chart.svg")
    r = subprocess.run([brade()] + CHART_ARGS + ["--svg", svg, "--json"], capture_output=True, text=True,
                       timeout=60)
    if r.returncode != 0:
        return ["analyse --svg exited %d: %s" % (r.returncode, r.stderr)]
    import json
    j = json.loads(r.stdout)
    root = ET.parse(svg).getroot()
    bars = [e for e in root.iter(SVG + "rect") if e.get("height") == "20"]
    errors = []
    want = min(len(j["plays"]), 10) + (1 if j.get("yours", 0) >= 10 else 0)
    if len(bars) != want:
        errors.append("chart: %d bars for %d plays" % (len(bars), want))
    if bars and bars[0].get("fill") != "#2e7d32":
        errors.append("chart: the best play's bar is not green")
    labels = [t.text for t in root.iter(SVG + "text") if t.text and t.text.endswith("\u2190")]
    if len(labels) != 1 or "14/19 19/20" not in labels[0]:
        errors.append("chart: the learner's play is not marked: %r" % labels)
    # a play the move filter cut says so (the learner's own play never is:
    # it is judged as deep as the best)
    names = [t.text for t in root.iter(SVG + "text") if t.text and re.match(r"\d+\. ", t.text)]
    for name, p in zip(names, j["plays"]):
        cut = p["plies"] < j["plays"][0]["plies"]
        if cut != ("(cut, %d-ply)" % p["plies"] in name):
            errors.append("chart: bar %r, the play searched %d-ply against %d" % (name, p["plies"], j["plays"][0]["plies"]))
    if j["plays"][j["yours"]]["plies"] != j["plays"][0]["plies"] or not any("(cut," in n for n in names):
        errors.append("chart: the learner's play is not judged at the full depth, or no play is cut: %r" % names)
    errors += against_golden(tmp, svg, "chart", update)
    return errors


# A course whose items say how they are drawn (`diagram:`).
AUTHORED_LESSON = """id: drawn
title: Drawn
steps:
- text: Two checkers move out.
  position: {start: true, to-move: white, roll: 6-2}
  diagram: {view: white, caption: "Out of home", arrows: 1/7 1/3}
"""
AUTHORED_PUZZLE = """rules: lyckans-talisman
puzzles:
- id: drawn-answer
  title: Both off
  difficulty: 1
  themes: [bear-off]
  position: {white: "21 24:2 off:12", black: "19:5 20:5 21:5", to-move: black, roll: 6-2}
  question: {kind: count, what: pips}
- id: drawn-play
  title: Both off
  difficulty: 1
  themes: [bear-off]
  position: {white: "21 24:2 off:12", black: "19:5 20:5 21:5", to-move: white, roll: 6-2}
  question: {kind: play, goal: bear-off}
  diagram: {caption: {en: Bear off two, sv: Bär av två}, arrows: 21/off 24/off}
"""


def check_authored(tmp):
    """An author's `diagram:` is honoured by `brade diagram --puzzle/--lesson`
    (the arrows of a question only with --answer), by the worksheet (the
    answer drawn on the answers page) and by `export --svg` (the arrows once
    the question is answered)."""
    course = os.path.join(tmp, "authored")
    os.makedirs(os.path.join(course, "lessons"))
    os.makedirs(os.path.join(course, "puzzles"))
    open(os.path.join(course, "lessons", "drawn.yaml"), "w").write(AUTHORED_LESSON)
    open(os.path.join(course, "puzzles", "drawn.yaml"), "w").write(AUTHORED_PUZZLE)
    errors = []

    def draw(*args):
        svg = os.path.join(tmp, "item.svg")
        r = subprocess.run([brade(), "diagram", "--course", course] + list(args) + ["--svg", svg],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            errors.append("diagram %s exited %d: %s" % (" ".join(args), r.returncode, r.stderr.strip()))
            return None
        return ET.parse(svg).getroot()

    def arrows(root):
        return len([p for p in root.iter(SVG + "path") if p.get("marker-end")])

    root = draw("--lesson", "drawn", "--step", "1")
    if root is not None:
        if arrows(root) != 2:
            errors.append("lesson step: %d arrows, the author drew a play of 2 steps" % arrows(root))
        if root.find(SVG + "title").text != "Out of home":
            errors.append("lesson step: the caption is %r, not the author's" % root.find(SVG + "title").text)
    # a puzzle with no diagram: drawn plainly
    plain = draw("--puzzle", "drawn-answer")
    if plain is not None and arrows(plain) != 0:
        errors.append("a puzzle without diagram: drew arrows")
    root = draw("--puzzle", "drawn-play")
    if root is not None and arrows(root) != 0:
        errors.append("puzzle without --answer: the answer is drawn (%d arrows)" % arrows(root))
    root = draw("--puzzle", "drawn-play", "--answer", "--lang", "sv")
    if root is not None:
        if arrows(root) != 2:
            errors.append("puzzle with --answer: %d arrows for the answer's 2" % arrows(root))
        if root.find(SVG + "title").text != "Bär av två":
            errors.append("puzzle in Swedish: the caption is %r" % root.find(SVG + "title").text)
    r = subprocess.run([brade(), "diagram", "--course", course, "--puzzle", "nope", "--svg", "-"],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 2 or "no puzzle 'nope'" not in r.stderr:
        errors.append("diagram --puzzle nope: %d %r" % (r.returncode, r.stderr))
    r = subprocess.run([brade(), "diagram", "--course", course, "--lesson", "drawn", "--svg", "-"],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 2 or "needs --step" not in r.stderr:
        errors.append("diagram --lesson without --step: %d %r" % (r.returncode, r.stderr))
    r = subprocess.run([brade(), "diagram", "--course", course, "--puzzle", "drawn-play", "--roll", "6-1",
                        "--svg", "-"], capture_output=True, text=True, timeout=60)
    if r.returncode != 2 or "--roll does not go with a course item" not in r.stderr:
        errors.append("diagram --puzzle with --roll: %d %r" % (r.returncode, r.stderr))
    r = subprocess.run([brade(), "diagram", "--course", os.path.join(REPO, "tests", "golden", "course"), "--puzzle",
                        "choice-huk", "--svg", "-"], capture_output=True, text=True, timeout=60)
    if r.returncode != 2 or "shows no position" not in r.stderr:
        errors.append("diagram of a puzzle without a position: %d %r" % (r.returncode, r.stderr))
    # the worksheet: the question without arrows, the answer with them
    out = os.path.join(tmp, "authored.html")
    r = subprocess.run([brade(), "worksheet", "--course", course, "--ids", "drawn-play,drawn-answer", "--out", out],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        errors.append("worksheet exited %d: %s" % (r.returncode, r.stderr))
    else:
        text = open(out, encoding="utf-8").read()
        questions, answers = text.split('class="answers"')
        if questions.count("marker-end") != 0 or answers.count("marker-end") != 2:
            errors.append("worksheet: %d arrows on the questions, %d on the answers (want 0 and 2)"
                          % (questions.count("marker-end"), answers.count("marker-end")))
        if "Bear off two" not in questions:
            errors.append("worksheet: the author's caption is not under the puzzle")
    # export --svg in the tutor: the arrows once the question is answered
    env = dict(os.environ, XDG_STATE_HOME=tmp, XDG_CONFIG_HOME=os.path.join(tmp, "config"), HOME=tmp,
               NO_COLOR="1", LANG="C")
    before, after = os.path.join(tmp, "before.svg"), os.path.join(tmp, "after.svg")
    subprocess.run([brade(), "tutor", "--course", course],
                   input="puzzle drawn-play\nexport --svg %s\n21/off 24/off\nexport --svg %s\n" % (before, after),
                   capture_output=True, text=True, timeout=60, env=env)
    for path, want in ((before, 0), (after, 2)):
        if not os.path.exists(path):
            errors.append("export --svg: %s not written" % path)
        elif arrows(ET.parse(path).getroot()) != want:
            errors.append("export --svg %s the answer: %d arrows, want %d"
                          % ("before" if want == 0 else "after", arrows(ET.parse(path).getroot()), want))
    return ["authored: " + e for e in errors]


# A learner's record over two weeks: the overall rating and three themes.
PROGRESS = """brade-progress 5
rating all r=1642.10 rd=88.00 vol=0.060000 n=14 last=2026-11-14
history all day=2026-11-01 r=1420.00 rd=240.00
history all day=2026-11-03 r=1510.50 rd=170.00
history all day=2026-11-06 r=1488.00 rd=140.00
history all day=2026-11-10 r=1590.00 rd=105.00
history all day=2026-11-14 r=1642.10 rd=88.00
rating jan r=1700.00 rd=120.00 vol=0.060000 n=6 last=2026-11-14
history jan day=2026-11-01 r=1450.00 rd=260.00
history jan day=2026-11-06 r=1610.00 rd=160.00
history jan day=2026-11-14 r=1700.00 rd=120.00
rating sprangjan r=1380.00 rd=150.00 vol=0.060000 n=4 last=2026-11-10
history sprangjan day=2026-11-03 r=1450.00 rd=250.00
history sprangjan day=2026-11-10 r=1380.00 rd=150.00
rating bearoff r=1560.00 rd=200.00 vol=0.060000 n=2 last=2026-11-06
history bearoff day=2026-11-06 r=1560.00 rd=200.00
"""


def check_progress_chart(tmp, update):
    """`progress --svg FILE`: the ratings over time, one line and legend
    entry a theme practised (most attempts first), a point a day, the
    overall band; a record made by solving on two days has two points;
    rendered against its golden."""
    errors = []
    state = os.path.join(tmp, "progress-state")
    os.makedirs(os.path.join(state, "brade"))
    env = dict(os.environ, XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(state, "config"), HOME=state,
               NO_COLOR="1", LANG="C", BRADE_TODAY="2026-11-14")
    open(os.path.join(state, "brade", "progress"), "w").write(PROGRESS)
    svg = os.path.join(tmp, "progress.svg")
    r = subprocess.run([brade(), "tutor"], input="progress --svg %s\n" % svg, capture_output=True, text=True,
                       timeout=60, env=env)
    if "The chart is in %s." % svg not in r.stdout:
        return ["progress --svg: no word that the chart was written: %r" % r.stdout[-300:]]
    root = ET.parse(svg).getroot()
    lines = [p for p in root.iter(SVG + "path") if p.get("fill") == "none" and p.get("stroke-width") in ("3.0", "1.8")]
    # a line for each series of two points or more (bearoff has one)
    if len(lines) != 3:
        errors.append("progress chart: %d lines for 3 series of two points or more" % len(lines))
    dots = [c for c in root.iter(SVG + "circle")]
    if len(dots) != 5 + 3 + 2 + 1:
        errors.append("progress chart: %d points for 11 days practised" % len(dots))
    legend = [t.text for t in root.iter(SVG + "text") if t.text and t.text.split()[-1].isdigit()
              and t.get("x") == "574.0"]
    want = ["all puzzles 1642", "jan 1700", "sprangjan 1380", "bearoff 1560"]
    if legend != want:
        errors.append("progress chart: legend %r, want %r (most attempts first)" % (legend, want))
    if not [p for p in root.iter(SVG + "path") if p.get("clip-path")]:
        errors.append("progress chart: no band for the overall rating")
    errors += against_golden(tmp, svg, "progress", update)
    # made by solving: a puzzle solved on one day and missed on another
    state2 = os.path.join(tmp, "progress-state2")
    for day, answer in (("2026-11-20", "no"), ("2026-11-23", "yes")):
        env2 = dict(env, XDG_STATE_HOME=state2, BRADE_TODAY=day)
        subprocess.run([brade(), "tutor", "--course", os.path.join(REPO, "tests", "golden", "course")],
                       input="puzzle legal-no\n%s\n" % answer, capture_output=True, text=True, timeout=60,
                       env=env2)
    r = subprocess.run([brade(), "tutor", "--course", os.path.join(REPO, "tests", "golden", "course")],
                       input="progress --svg %s\n" % svg, capture_output=True, text=True, timeout=60,
                       env=dict(env, XDG_STATE_HOME=state2, BRADE_TODAY="2026-11-23"))
    root = ET.parse(svg).getroot()
    dots = [c for c in root.iter(SVG + "circle") if c.get("r") == "4.0"]
    if len(dots) != 2:
        errors.append("progress chart after two days' puzzles: %d overall points, want 2" % len(dots))
    return errors


def main():
    update = "--update" in sys.argv[1:]
    if not shutil.which("rsvg-convert"):
        print("rsvg-convert is not installed (Debian: librsvg2-bin; .ci/setup.sh installs it)")
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            name, rules, white, black, turn, roll, play, extra = case
            svg = os.path.join(tmp, name + ".svg")
            args = [brade(), "diagram", "--rules", rules, "--white", white, "--black", black, "--to-move", turn]
            if roll:
                args += ["--roll", roll]
            if play:
                args += ["--play", play]
            r = subprocess.run(args + extra + ["--svg", svg], capture_output=True, text=True, timeout=60)
            if r.returncode != 0:
                failures.append("%s: brade diagram exited %d: %s" % (name, r.returncode, r.stderr.strip()))
                continue
            failures += ["%s: %s" % (name, e) for e in check_svg(svg, case)]
            png = os.path.join(tmp, name + ".png")
            subprocess.run(["rsvg-convert", svg, "-o", png], check=True, timeout=60)
            golden = os.path.join(HERE, "golden", name + ".png")
            if update:
                shutil.copy(png, golden)
                continue
            if not os.path.exists(golden):
                failures.append("%s: no golden image (run with --update)" % name)
                continue
            why = compare_png(png, golden)
            if why:
                keep = os.path.join(tempfile.gettempdir(), "brade-diagram-" + name + ".png")
                shutil.copy(png, keep)
                failures.append("%s: %s (the picture made is %s)" % (name, why, keep))
        readme = subprocess.run([brade()] + README_ARGS + ["--svg", "-"], capture_output=True, timeout=60)
        if update:
            open(README_SVG, "wb").write(readme.stdout)
        elif readme.stdout != open(README_SVG, "rb").read():
            failures.append("docs/images/diagram-example.svg is not what its command in README.md makes")
        failures += check_worksheet(tmp)
        failures += check_export(tmp)
        failures += check_chart(tmp, update)
        failures += check_progress_chart(tmp, update)
        failures += check_authored(tmp)
    for f in failures:
        print("FAIL", f)
    print("%d diagram cases, worksheet: %s" % (len(CASES), "failed" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
