#!/usr/bin/env python3
"""Every cross-reference in the repository's documentation leads somewhere.

Two kinds are checked, in every tracked Markdown file and in the comments of
the sources, scripts and build files that point into the docs:

- Markdown links `[text](path)` and `[text](path#anchor)` that are not web
  addresses: the file exists (relative to the file that links), and the
  anchor is one GitHub makes for a heading of that file (lower case,
  punctuation but `-` and `_` dropped, spaces as hyphens, `-1`, `-2`... for
  a heading met again).
- Written references `docs/NAME.md, "Heading"`: a heading of that file, or
  a paragraph's bold lead-in (`**The tutor's depth** ...`), begins with the
  quoted words (case aside), so a section that moves or is renamed is found
  here and not by a reader following an old pointer.

Prints `path:line: message` for each broken one and exits 1 if any; run by
meson as `docs-links`.  Run by hand: `python3 tests/docs/check_links.py`.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LINK = re.compile(r"\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)\)")
WRITTEN = re.compile(r"`?((?:docs/)?[A-Za-z0-9_./-]+\.md)`?,\s+\"([^\"]+)\"")
SOURCE_EXTS = (".c", ".h", ".py", ".sh", ".build", ".yaml", ".test", ".md")


def tracked_files():
    """The files git tracks (a fresh clone's view), or a walk without git."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True,
                             text=True, check=True).stdout
        return [f for f in out.splitlines() if f]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in (".git", "build") and not x.startswith("build")]
            found += [os.path.relpath(os.path.join(d, f), ROOT) for f in files]
        return found


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"`([^`]*)`", r"\1", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


_headings = {}


def headings(path):
    """The headings of a Markdown file (outside code fences): (texts, anchors);
    the texts include the bold lead-ins of paragraphs and list items."""
    if path not in _headings:
        texts, anchors, seen, fence = [], set(), {}, False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("```"):
                    fence = not fence
                    continue
                bold = None if fence else re.match(r"\s*(?:- )?\*\*([^*]+)\*\*", line)
                if bold:
                    texts.append(bold.group(1))
                m = None if fence else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
                if not m:
                    continue
                texts.append(m.group(1))
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                anchors.add(base if n == 0 else f"{base}-{n}")
        _headings[path] = (texts, anchors)
    return _headings[path]


def plain(heading):
    return re.sub(r"`([^`]*)`", r"\1", heading).lower()


def resolve(source, target):
    """A docs reference's file: relative to the source, else to the root."""
    for base in (os.path.dirname(os.path.join(ROOT, source)), ROOT):
        path = os.path.normpath(os.path.join(base, target))
        if os.path.exists(path):
            return path
    return None


def check_file(rel, problems):
    path = os.path.join(ROOT, rel)
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except (UnicodeDecodeError, OSError):
        return 0
    count, fence = 0, False
    # Join each line to the next so a reference broken across a comment's
    # lines is still read; a match is reported at the line it begins on.
    for i, line in enumerate(lines):
        if rel.endswith(".md") and line.lstrip().startswith("```"):
            fence = not fence
        # Links are Markdown's only outside code blocks; written references
        # are read everywhere (the training commands' comments hold many).
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        joined = line + " " + re.sub(r"^\s*(#|\*|//|-)*\s*", "", nxt)
        if rel.endswith(".md") and not fence:
            for m in LINK.finditer(joined):
                if m.start() >= len(line):
                    continue
                target = m.group(1)
                if re.match(r"[a-z]+:", target):
                    continue
                count += 1
                file_part, _, anchor = target.partition("#")
                dest = os.path.join(ROOT, rel) if not file_part else resolve(rel, file_part)
                if dest is None:
                    problems.append(f"{rel}:{i + 1}: no file {file_part}")
                elif anchor and dest.endswith(".md") and anchor not in headings(dest)[1]:
                    problems.append(f"{rel}:{i + 1}: {os.path.relpath(dest, ROOT)} has no heading "
                                    f"whose anchor is #{anchor}")
        for m in WRITTEN.finditer(joined):
            if m.start() >= len(line):
                continue
            count += 1
            dest = resolve(rel, m.group(1))
            if dest is None:
                problems.append(f"{rel}:{i + 1}: no file {m.group(1)}")
                continue
            want = " ".join(m.group(2).lower().split())
            if not any(plain(h).startswith(want) for h in headings(dest)[0]):
                problems.append(f"{rel}:{i + 1}: {os.path.relpath(dest, ROOT)} has no heading "
                                f"\"{m.group(2)}\"")
    return count


def main():
    problems, count = [], 0
    for rel in tracked_files():
        data = rel.startswith(("tests/data/", "tests/golden/")) and not rel.endswith(".md")
        if rel.endswith(SOURCE_EXTS) and not data and rel != "tests/docs/check_links.py":
            count += check_file(rel, problems)
    for p in problems:
        print(p)
    print(f"{count} references checked, {len(problems)} broken")
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
