#!/usr/bin/env python3
"""`meson install` into a DESTDIR, checked as a packager would: the installed
program finds its course and glossary beside itself, without the source tree
(one lesson is removed from the installed copy, and the count must show it);
the manual page is installed, names every command and renders; the bash
completion completes commands, rulesets and flags; the zsh one is there.

    python3 tests/install/check_install.py BUILD_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile

build = sys.argv[1] if len(sys.argv) > 1 else "build"
tmp = tempfile.mkdtemp(prefix="brade-install-")
failed = []


def check(name, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {name}")
    if not ok:
        failed.append(name)
        if detail:
            print(detail[-1500:])


subprocess.run(["meson", "install", "-C", build, "--destdir", tmp, "--no-rebuild", "--quiet"],
               check=True, stdout=subprocess.DEVNULL)
exe = next(os.path.join(d, "brade") for d, _, files in os.walk(tmp)
           if "brade" in files and d.endswith("/bin"))
prefix = os.path.dirname(os.path.dirname(exe))
share = os.path.join(prefix, "share")
env = {k: v for k, v in os.environ.items() if k != "BRADE_COURSE"}
env.update(XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "config"),
           NO_COLOR="1", LANG="C")

# the course beside the program: one lesson fewer than the source tree has
lessons = sorted(f for f in os.listdir(os.path.join(share, "brade", "lessons")) if f.endswith(".yaml"))
os.remove(os.path.join(share, "brade", "lessons", lessons[-1]))
p = subprocess.run([exe, "check", "--no-rollouts"], cwd="/", env=env, capture_output=True, text=True)
check("course found beside the program", f"{len(lessons) - 1} lessons" in p.stdout and p.returncode == 0,
      p.stdout + p.stderr)
p = subprocess.run([exe], input="glossary jan\nquit\n", cwd="/", env=env, capture_output=True, text=True)
check("glossary found", "yahn" in p.stdout, p.stdout + p.stderr)

# the manual page
man = os.path.join(share, "man", "man1", "brade.1")
text = open(man).read() if os.path.exists(man) else ""
names = subprocess.run([exe, "help"], capture_output=True, text=True).stdout.split("\n")
commands = [l.split()[0] for l in names if l.startswith("  ") and not l.startswith("    ") and l.split() and not l.split()[0].startswith("-")]
check("man page names every command", text.startswith(".TH BRADE 1") and
      all(f".B brade {c}" in text for c in commands), str(commands))
if shutil.which("man"):
    p = subprocess.run(["man", "-l", man], capture_output=True, text=True, env=dict(env, MANWIDTH="80"))
    check("man page renders", "brade moves" in p.stdout and "TUTOR COMMANDS" in p.stdout, p.stderr)

# the shell completions
comp = os.path.join(share, "bash-completion", "completions", "brade")


def complete(*words):
    script = (f'source "{comp}"; COMP_WORDS=({" ".join(repr(w) for w in words)}); '
              f'COMP_CWORD={len(words) - 1}; _brade; printf "%s\\n" "${{COMPREPLY[@]}}"')
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True).stdout.split()


check("bash: commands", "play" in complete("brade", "pl") and "review" in complete("brade", "re"))
check("bash: rulesets", complete("brade", "moves", "--rules", "he") == ["helmfrid"])
check("bash: flags", "--match" in complete("brade", "play", "--ma") and
      "--position-id" in complete("brade", "judge", "--pos"))
zsh = os.path.join(share, "zsh", "site-functions", "_brade")
check("zsh completion installed", os.path.exists(zsh) and open(zsh).read().startswith("#compdef brade"))

shutil.rmtree(tmp)
print(f"install: {len(failed)} failed")
sys.exit(1 if failed else 0)
