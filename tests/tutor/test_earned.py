#!/usr/bin/env python3
"""Earned means earned (issue 75; the newcomer's F1-F6 in
../shared/reviews/newcomer-play-2.md): every road the newcomer found round
the rule "a lesson is complete when each question was answered right
without the answer shown first", and a puzzle seen is a puzzle failed.
Each check failed on the program before the rule was kept:

  F1  a shown answer typed back, after reopening the step, after
      back/next, or in a new session the same day, is practice;
  F2  a "which rolls" answer naming every roll is answered with counts,
      not with which rolls are wrong;
  F3  `setup` while a question is open sets it aside as shown, and
      `analyse`/`judge`/`moves --...` wait while it is open;
  F4  the board does not show the pip count a step before it is asked;
  F5  a choice counts its first answer; a count says "too few/many" once;
  F6  a puzzle retried after `solution` is neither solved nor rated;
  and on another day the same questions are earned again (lesson, drill).
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
failures = []
PRACTICE = "(Practice:"


def check(cond, what, out=""):
    if not cond:
        failures.append(what + ("\n    ..." + out[-500:].replace("\n", "\n    ") if out else ""))


class Learner:
    """One learner's state directory; each run() a session of the tutor."""

    def __init__(self, tmp, name):
        self.env = {"PATH": os.environ.get("PATH", ""), "XDG_STATE_HOME": os.path.join(tmp, name),
                    "XDG_CONFIG_HOME": os.path.join(tmp, name, "cfg"), "HOME": os.path.join(tmp, name),
                    "LANG": "C", "NO_COLOR": "1", "BRADE_TODAY": "2026-11-21"}
        for k in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
            if k in os.environ:
                self.env[k] = os.environ[k]

    def run(self, lines, day="2026-11-21"):
        env = dict(self.env, BRADE_TODAY=day)
        p = subprocess.run([BRADE, "--echo"], input="\n".join(lines) + "\nquit\n", capture_output=True,
                           text=True, env=env, timeout=300)
        return p.stdout + p.stderr

    def progress(self):
        path = os.path.join(self.env["XDG_STATE_HOME"], "brade", "progress")
        return open(path).read() if os.path.exists(path) else ""


# lesson 2 ('moving'), step 2: "Is 2/7 7/10 legal?", answer no
def f1(tmp):
    a = Learner(tmp, "f1a")
    out = a.run(["lesson moving 2", "solution", "lesson moving 2", "no"])
    check(PRACTICE in out, "F1: a shown answer typed back after reopening the step was counted", out)
    b = Learner(tmp, "f1b")
    out = b.run(["lesson moving 2", "solution", "next", "back", "no"])
    check(PRACTICE in out, "F1: a shown answer typed back after next/back was counted", out)
    c = Learner(tmp, "f1c")
    c.run(["lesson moving 2", "solution"])
    out = c.run(["lesson moving 2", "no"])
    check(PRACTICE in out, "F1: a shown answer typed back in a new session was counted", out)
    check("shown=2026-11-21" in c.progress(), "F1: the shown mark is not in the record", c.progress())
    # on another day the step is earned: no practice note
    out = c.run(["lesson moving 2", "no"], day="2026-11-22")
    check(PRACTICE not in out and "Right" in out, "F1: on another day the step was not earned", out)
    # ... or through the review schedule's drill
    d = Learner(tmp, "f1d")
    d.run(["lesson moving 2", "solution"])
    out = d.run(["drill", "no"], day="2026-11-22")
    check("lesson moving at=2 earned=2" in d.progress() or re.search(r"lesson moving .*earned=2\b", d.progress()),
          "F1: a drill on another day did not earn the step", out + d.progress())


def f2(tmp):
    a = Learner(tmp, "f2")
    rolls = "1-1 2-1 2-2 3-1 3-2 3-3 4-1 4-2 4-3 4-4 5-1 5-2 5-3 5-4 5-5 6-1 6-2 6-3 6-4 6-5 6-6"
    out = a.run(["lesson sprangjan 4", rolls])
    check("You name 21 rolls" in out and "no play does it" not in out,
          "F2: all 21 rolls were answered roll by roll", out)
    out = a.run(["lesson sprangjan 4", "6-6 5-5"])
    check("Not quite. Try again" in out and "missing" not in out,
          "F2: a second try the same day was told more than 'not quite'", out)


def f3(tmp):
    a = Learner(tmp, "f3")
    out = a.run(["lesson whole-roll 1", "setup roll 6-1", "moves"])
    check("set aside" in out, "F3: setup while a question was open did not set it aside", out)
    out = a.run(["lesson whole-roll 1", "5/11"])
    check(PRACTICE in out, "F3: the answer found through setup+moves was counted", out)
    out = a.run(["lesson whole-roll 2", "export position",
                 "analyse --white 1:15 --black 1:15 --to-move white --roll 3-2",
                 "judge --white 1:15 --black 1:15 --to-move white --roll 3-2 --play 1/4 1/3",
                 "moves --white 1:15 --black 1:15 --to-move white --roll 3-2"])
    check(out.count("waits until the question is answered") == 3,
          "F3: analyse, judge or moves with flags did not wait while a question was open", out)


def f4(tmp):
    a = Learner(tmp, "f4")
    out = a.run(["lesson 1 5"])
    check("Pips: count them" in out and "Pips: white" not in out,
          "F4: the step before a pip-count question shows the count", out)
    # lesson 17 step 3's feedback named the win step 4 asks for
    out = a.run(["lesson vasa 3", "19/24", "next"])
    check("Right: 19/24" in out and "kronspel with munk" not in out.split("step 4 of")[0],
          "F4: the feedback of the step before names the win the next step asks", out)


def f5(tmp):
    a = Learner(tmp, "f5")
    out = a.run(["lesson 1 3", "1", "2", "3", "4"])
    check("first answer is the one that counts" in out, "F5: a wrong first choice was not said to count", out)
    check(PRACTICE in out, "F5: a choice found by guessing was counted", out)


def f6(tmp):
    # a count puzzle (four plays) and a play puzzle (4/7 1/4)
    for pid, answer in (("second-move-5-1", "4"), ("doubles-two-threes", "4/7 1/4")):
        a = Learner(tmp, "f6-" + pid)
        a.run(["puzzle " + pid, "solution"])
        after_look = a.progress()
        out = a.run(["puzzle " + pid, answer])
        check(PRACTICE in out, "F6: %s retried after its solution was not called practice" % pid, out)
        after = a.progress()
        check(after == after_look, "F6: the retry of %s changed the record (a solve, a rating)" % pid,
              after_look + "\n---\n" + after)
        n = re.search(r"rating all r=\S+ rd=\S+ vol=\S+ n=(\d+)", after)
        check(n and n.group(1) == "1", "F6: %s was rated more than once" % pid, after)
        # another day: solved and rated again
        out = a.run(["puzzle " + pid, answer], day="2026-11-23")
        check(PRACTICE not in out and "result=solved" in a.progress(),
              "F6: on another day %s was not counted" % pid, out)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for f in (f1, f2, f3, f4, f5, f6):
            f(tmp)
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else "%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
