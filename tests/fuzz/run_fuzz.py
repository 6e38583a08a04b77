#!/usr/bin/env python3
"""Runs one libFuzzer harness for a bounded time on seeds from the course.

    python3 tests/fuzz/run_fuzz.py HARNESS_EXE [SECONDS] [--keep DIR]

The seed corpus is made fresh from the bundled course each run (lessons and
puzzles for the loader; their side specs, plays and `rules:` strings for
the others; a sample record for progress; the game records of
tests/fuzz/seeds/ for playrec), in a temporary directory that
libFuzzer also grows; --keep DIR keeps that corpus (and any crash file) in
DIR for a longer run later.  Exits 1 when the harness finds a crash, a
leak, a sanitizer report or a timeout (any input taking over 10 s), and
prints the number of executions.

Build the harnesses with clang (docs/testing.md):

    CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined \\
        -Db_lundef=false -Dbuildtype=debug
    ninja -C build-fuzz
    meson test -C build-fuzz --suite fuzz          # 20 s each, as in CI
    python3 tests/fuzz/run_fuzz.py build-fuzz/tests/fuzz/fuzz_loader 3600
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def course_texts():
    for path in sorted(glob.glob(os.path.join(REPO, "lessons", "*.yaml")) +
                       glob.glob(os.path.join(REPO, "puzzles", "*.yaml")) +
                       glob.glob(os.path.join(REPO, "tests", "tutor", "bad", "*.yaml"))):
        with open(path, "rb") as f:
            yield os.path.basename(path), f.read()


def values(key):
    """The scalar values of `key:` across the course (unquoted)."""
    out = []
    pat = re.compile(rb"\b" + key + rb":\s*(\"[^\"]*\"|'[^']*'|[^,}\n]+)")
    for _, text in course_texts():
        for m in pat.finditer(text):
            v = m.group(1).strip()
            if v[:1] in (b'"', b"'"):
                v = v[1:-1]
            out.append(v)
    return sorted(set(out))


def seeds(name):
    """name -> list of seed inputs (bytes)."""
    if name == "loader":
        return [text for _, text in course_texts()]
    if name == "side":
        whites, blacks = values(b"white"), values(b"black")
        return [bytes([i % 5, i % 36]) + w + b"|" + blacks[i % len(blacks)]
                for i, w in enumerate(whites)]
    if name == "play":
        plays = values(b"accept") + values(b"play")
        whites, blacks = values(b"white"), values(b"black")
        out = []
        for i, p in enumerate(plays):
            p = p.strip(b"[]")
            out.append(bytes([i % 5, i % 36]) + p)
            out.append(bytes([i % 5, (i * 7) % 36]) + whites[i % len(whites)] + b"|" +
                       blacks[i % len(blacks)] + b"|" + p)
        return out
    if name == "posid":
        return [b"4HPwATDgc/ABMA", b"W/38AAAD/fwAAAA", b"AAAAAAAAAAAAAA", b""]
    if name == "rules":
        return values(b"rules") + [b"lyckans-talisman+extra-patterns=kejsar",
                                   b"helmfrid+bearoff=exact-only", b"backgammon"]
    if name == "progress":
        return [b"brade-progress 1\nlesson moving done=2026-11-21\n"
                b"puzzle c7 result=solved solved=2 failed=1 last=2026-11-21 due=2026-11-25 box=3\n",
                b"brade-progress 1\r\npuzzle b result=solved solved=1 failed=0 "
                b"last=9999-12-01 due=9999-12-31 box=3\r\n",
                b"brade-progress 5\nquestion moving/2 result=failed solved=0 failed=1 last=2026-11-21 "
                b"due=2026-11-21 box=0\nrating all r=1563.21 rd=112.40 vol=0.060001 n=7 last=2026-11-21\n"
                b"history all day=2026-11-20 r=1520.00 rd=140.10\nhistory all day=2026-11-21 r=1563.21 rd=112.40\n"]
    if name == "playrec":
        # games of each kind (tests/fuzz/seeds/record-*.txt: a single game,
        # a backgammon match with the cube, a game given up, a vasa match)
        return [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(HERE, "seeds", "record-*.txt")))]
    if name == "playline":
        # the words of a game after two option bytes: each ruleset, with
        # and without manual dice and warnings, a person on either side
        words = open(os.path.join(HERE, "seeds", "words-game.txt"), "rb").read()
        return [bytes([r, f]) + words for r in range(5) for f in (0, 3, 4, 9, 0x16)]
    if name == "webapi":
        # the page's calls: a lesson answered, a puzzle by clicks, a game
        return [b"lessons\nlesson {\"id\": \"basics\", \"step\": 5}\nanswer {\"text\": \"1\"}\n"
                b"answer {\"text\": \"2\"}\nnext\nback\nhint\nsolution\n",
                b"puzzles\npuzzle {\"id\": \"play-author\"}\nstep {\"from\": 22, \"to\": 24}\n"
                b"step {\"from\": 21, \"to\": \"off\"}\nundo\nstep {\"from\": \"bar\", \"to\": 3}\n"
                b"lang {\"lang\": \"sv\"}\n",
                b"play {}\ngame {\"word\": \"hint\"}\nstep {\"from\": 1, \"to\": 7}\n"
                b"game {\"word\": \"resign\"}\nreview {\"plies\": 0}\nleave\n",
                b"drill\nprogress\nglossary {\"word\": \"jan\"}\ngames\nreview {\"record\": \"2026-11-29-1.txt\"}\n"
                b"play {}\ntargets\ntargets {\"from\": 1}\ntargets {\"from\": \"bar\"}\nstep {\"from\": 1, \"to\": 7}\n"
                b"targets {\"from\": 7}\nleave\ntargets {}\n"]
    raise SystemExit(f"no seeds for harness '{name}'")


def main(argv):
    keep = None
    if "--keep" in argv:
        i = argv.index("--keep")
        keep = argv[i + 1]
        del argv[i:i + 2]
    if len(argv) < 2:
        print(__doc__)
        return 2
    exe = argv[1]
    seconds = int(argv[2]) if len(argv) > 2 else 20
    name = os.path.basename(exe).replace("fuzz_", "")
    work = keep or tempfile.mkdtemp(prefix=f"brade-fuzz-{name}-")
    corpus = os.path.join(work, "corpus")
    os.makedirs(corpus, exist_ok=True)
    for i, s in enumerate(seeds(name)):
        with open(os.path.join(corpus, f"seed-{i:04d}"), "wb") as f:
            f.write(s)
    env = dict(os.environ)
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1:abort_on_error=1")
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1")
    cmd = [os.path.abspath(exe), f"-max_total_time={seconds}", "-timeout=10",
           "-rss_limit_mb=2048", "-max_len=65536", "-print_final_stats=1",
           f"-artifact_prefix={work}/", corpus]
    p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, errors="replace",
                       timeout=seconds * 3 + 120)
    m = re.search(r"stat::number_of_executed_units:\s*(\d+)", p.stderr)
    execs = int(m.group(1)) if m else 0
    bad = p.returncode != 0 or re.search(r"runtime error:|Sanitizer|broken promise", p.stderr)
    print(f"{name}: {execs} executions in {seconds} s, {len(os.listdir(corpus))} corpus "
          f"files, exit {p.returncode}")
    if bad:
        print(p.stderr[-6000:])
        print(f"kept in {work}")
        return 1
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
