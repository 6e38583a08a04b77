"""A brade analyse process kept open for many queries (brade analyse --batch)."""
import json
import subprocess


class Brade:
    def __init__(self, brade, rules="backgammon", plies=None, weights=None, evaluator=None,
                 race_rollouts=False):
        # the search's own ranking unless race_rollouts: the tools that use
        # this measure the search (a race under vasa or theboard is
        # otherwise ranked by rollouts, src/analysis/rollrank.h)
        cmd = [brade, "analyse", "--rules", rules, "--json", "--batch"]
        if not race_rollouts:
            cmd += ["--race-rollouts", "off"]
        if plies is not None:
            cmd += ["--plies", str(plies)]
        if weights:
            cmd += ["--weights", weights]
        if evaluator:
            cmd += ["--evaluator", evaluator]
        self.cmd = cmd
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)

    def ask(self, flags):
        """The answer to one batch line of FLAGS, as a dict."""
        self.p.stdin.write(flags + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{' '.join(self.cmd)} stopped at {flags}")
            lines.append(line)
            if line == "}\n":
                return json.loads("".join(lines))

    def analyse(self, pid, d1, d2):
        """The analysis of POSITION-ID with roll d1-d2, as a dict."""
        return self.ask(f"--position-id {pid} --roll {d1}-{d2}")

    def position(self, pid):
        """The facts and evaluation of POSITION-ID before a roll, as a dict."""
        return self.ask(f"--position-id {pid}")

    def close(self):
        self.p.stdin.close()
        self.p.wait()
