"""What the analysis CLI tests share: `run` one brade command and insist
on its exit status; `Checks`, many checks counted (`Checks.script` runs
one bench script and checks its exit status); `tables`, the rows of the
markdown tables a bench script prints; and `run_cases`, which runs named
cases, prints ok or FAIL with the reason for each, and exits 1 when any
failed."""
import os
import subprocess
import sys

BRADE = os.environ.get("BRADE", "build/brade")
# the lab's program (training, self-play, agreement), beside brade
LAB = os.environ.get("BRADE_LAB") or os.path.join(os.path.dirname(BRADE), "brade-lab")
LAB_COMMANDS = ("selfplay", "train")


def run(args, code=0):
    """brade ARGS (brade-lab ARGS for the lab's commands), which must exit
    with `code`; the finished process."""
    p = subprocess.run([LAB if args and args[0] in LAB_COMMANDS else BRADE] + args, capture_output=True, text=True,
                       timeout=240)
    if p.returncode != code:
        raise AssertionError(f"brade {' '.join(args)}: exit {p.returncode}, wanted {code}\n{p.stderr}")
    return p


class Checks:
    """check(ok, what) prints "ok" or "FAIL" and what was checked, and
    counts; check.done() prints the count and is the exit status (1 when
    any failed).  For a test of many small checks that go on after a
    failure."""

    def __init__(self):
        self.checks = 0
        self.failed = 0

    def __call__(self, ok, what):
        self.checks += 1
        self.failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {what}")

    def done(self):
        print(f"{self.checks - self.failed} passed, {self.failed} failed")
        return 1 if self.failed else 0

    def script(self, path, args, shown=(), code=0):
        """Runs the Python script at path with args, checks that it exits
        with `code` (naming it and the `shown` args, by their base names,
        with the end of its stderr when not), and returns the finished
        process."""
        p = subprocess.run([sys.executable, path, *args], capture_output=True, text=True, timeout=300)
        ok = p.returncode == code
        self(ok, f"{os.path.basename(path)} {' '.join(os.path.basename(x) for x in shown)}: exit {p.returncode}"
             f" (wanted {code})" + ("" if ok else f"\n{p.stderr[-600:]}"))
        return p


def tables(text):
    """The body rows of each markdown table in text (its heading and rule
    left off), as lists of stripped cells: what the bench scripts print."""
    out, cur = [], None
    for line in text.splitlines():
        if line.startswith("|"):
            if cur is None:
                cur = []
                out.append(cur)
            cur.append([c.strip() for c in line.strip().strip("|").split("|")])
        else:
            cur = None
    return [t[2:] for t in out]


def run_cases(cases):
    """Runs each (name, fn) of cases, prints a line for each and the
    count, and exits with 1 when any failed (an AssertionError)."""
    failed = []
    for name, fn in cases:
        try:
            fn()
            print(f"ok   {name}")
        except AssertionError as e:
            failed.append(name)
            print(f"FAIL {name}: {e}")
    print(f"{len(cases) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)
