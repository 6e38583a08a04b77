#!/usr/bin/env python3
"""One term for each thing: every lesson and puzzle text (both languages)
and every string the tutor and the REPL print are walked for the words the
course review found wrong or loose (shared/reviews/course-review.md), and
for lazy plurals ("bricka/brickor", "checker(s)").  Each hit is printed as
file:line with the word and the term to use instead.

The list is of words that must not come back; add to it when a review
finds another."""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# (pattern, what to say instead); matched case-insensitively
BANNED = [
    (r"\bsargen?\b", "the bar is 'ribban' (the glossary: 'sarg' is the frame)"),
    (r"\bpipsantal", "'ögon' (the sources' word for pips): 'ögon kvar'"),
    (r"\bläraren\b", "'programmet'"),
    (r"\bdela band", "'bryta band'"),
    (r"\bband är säkert", "'fredat'"),
    (r"\bprovet är\b", "'villkoret'"),
    (r"\bavgörs av tecknen", "'markeringarna i kanten'"),
    (r"\bsamla flera brickor", "'lägga band'"),
    (r"\bbjud honom", "'lägg ut blottor som han kan slå'"),
    (r"\bvunnit tekan", "'får börja' (in teka the lower die starts)"),
    (r"\bhåller (?:din |sin )?janblott\w* inne|\bsläpper ut (?:den|janblott)", "'tar (inte) ut janblottan' (the sources' words)"),
    (r"\bger bort\b", "'kostar' (a play costs points)"),
    (r"\benkel vinst\b", "'enkelt parti' (one term for a single game)"),
    (r"\bvägrad dubbling\b", "'nekad dubblering' (002: dubblera, neka)"),
    (r"\bdraget är tillåtet\b", "a single move is a 'förflyttning'"),
    (r"\bstack checkers\b", "'make a band'"),
    (r"\bopen points?\b|\böppn?a? tung", "'free point' / 'ledig tunga' (the glossary's one term)"),
    (r"\bgamla böcker", "name the rules: 'Lyckans Talismans och Helmfrids regler'"),
    (r"\bthe old books\b", "name the rules: 'Lyckans Talisman's and Helmfrid's rules'"),
    (r"\btalisman club\b|\bföreningen lyckans", "Lyckans Talisman publishes house rules; it is not a club"),
    (r"\bsmallest amount\b", "giving up is not the cheapest result under every table (Ny 2)"),
    (r"\bdoes not allow giving up\b|\btillåter inte att\s+man ger upp\b",
     "004 is silent on giving up: say it is brade's reading"),
    (r"\benslags(?:regel|serie)", "'entärningsregeln' (the glossary's name for the one-die rule)"),
    # pips are 'ögon', the points of the board 'tungor': a count of pips
    # moved or needed ("flyttar fem tungor", "(5 tungor)", "= 7 tungor")
    (r"\bflytta[rs]?\s+(?:bara\s+|exakt\s+|precis\s+)?(?:\d+|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|elva|tolv)\s+tung(?:a|or)\b"
     r"|\b\d+\s+tung(?:a|or)\)|=\s*\d+\s+tungor\b|\btungor\s+sammanlagt",
     "pips moved are 'ögon' (the glossary): 'flyttar fem ögon'"),
    # lazy plurals
    (r"\b[a-zåäö]+a/[a-zåäö]+or\b", "a Swedish plural chosen by the count (words_checkers)"),
    (r"\b[a-zåäö]+\((?:a|er|or|s)\)", "a plural chosen by the count, not '(s)' or '(a)'"),
]

# the words of a puzzle that leans on the one before it in its file
LEANS = r"\bthe same (?:position|crown|jan|\d-\d)\b|\bsamma (?:ställning|krona|jan|\d-\d)\b" \
        r"|\b(?:in|under) the same\b|\bi samma ställning\b|\bagain, under\b|\bigen, med\b"


def c_strings(text):
    """The string literals of C source, each with its line number."""
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"', text):
        yield text.count("\n", 0, m.start()) + 1, m.group(0)


def main():
    files = sorted(glob.glob(os.path.join(REPO, "lessons", "*.yaml")) +
                   glob.glob(os.path.join(REPO, "puzzles", "*.yaml")))
    sources = sorted(glob.glob(os.path.join(REPO, "src", "tutor", "*.c")) +
                     glob.glob(os.path.join(REPO, "src", "cli", "*.c")))
    assert len(files) >= 26 and len(sources) >= 20, (len(files), len(sources))
    hits = []
    for path in files:
        lines = open(path, encoding="utf-8").read().split("\n")
        # a YAML text may wrap a phrase: check each line joined with the next
        for i, line in enumerate(lines):
            pair = line + " " + (lines[i + 1].strip() if i + 1 < len(lines) else "")
            for pat, instead in BANNED:
                m = re.search(pat, pair, re.I)
                if m and m.start() < len(line):
                    hits.append((path, i + 1, m.group(0), instead))
    for path in sources:
        for line, lit in c_strings(open(path, encoding="utf-8").read()):
            for pat, instead in BANNED:
                m = re.search(pat, lit, re.I)
                if m:
                    hits.append((path, line, m.group(0), instead))
    # a puzzle stands alone: it may be served in any order (by rating), so
    # its title and prompt never lean on the puzzle before it in its file
    for path in files:
        if os.sep + "puzzles" + os.sep not in path:
            continue
        lines = open(path, encoding="utf-8").read().split("\n")
        for i, line in enumerate(lines):
            # a title, or a prompt (inline, or the two lines under 'prompt:')
            asks = re.search(r"\b(?:title|prompt):", line) or any(
                lines[j].strip() == "prompt:" for j in range(max(0, i - 2), i))
            m = asks and re.search(LEANS, line, re.I)
            if m:
                hits.append((path, i + 1, m.group(0),
                             "a puzzle is served alone: say what the board shows, not 'the same'"))
    for path, line, word, instead in hits:
        print(f"{os.path.relpath(path, REPO)}:{line}: '{word}': {instead}")
    # the walk itself must see the words it bans: a made-up text is caught
    probe = ("Sju brickor på sargen, 3 bricka/brickor, the old books, 2 checker(s), "
             "draget flyttar fem tungor")
    caught = sum(bool(re.search(p, probe, re.I)) for p, _ in BANNED)
    assert caught == 5, caught
    assert re.search(LEANS, "The same position under the Vasa rules.", re.I)
    assert re.search(LEANS, "Samma ställning; vit slår 4-2.", re.I)
    print(f"{len(files)} course files and {len(sources)} sources walked, {len(hits)} old terms")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
