#!/usr/bin/env python3
"""docs/brade-course.schema.json: every course file the project ships passes
it, files with mistakes a schema can see fail it, and its option list is
the engine's (`brade rules --options`), so editors complete what the
checker accepts."""

import glob
import json
import os
import subprocess
import sys

import yaml
from jsonschema import Draft7Validator

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")

GOOD = sorted(glob.glob(os.path.join(REPO, "lessons", "*.yaml")) +
              glob.glob(os.path.join(REPO, "puzzles", "*.yaml")) +
              glob.glob(os.path.join(REPO, "tests", "golden", "course", "*", "*.yaml")) +
              glob.glob(os.path.join(REPO, "tests", "golden", "best", "*", "*.yaml")))

BAD = {
    "diagram view": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  position: start\n"
                    "  question: {kind: count, what: pips}\n  diagram: {view: left}\n",
    "diagram key": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  position: start\n"
                   "  question: {kind: count, what: pips}\n  diagram: {colour: red}\n",
    "rollout key": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  position: start\n"
                   "  question: {kind: play, goal: best, accept: '1/7', rollout: {seeds: 3}}\n",
    "unknown key": "puzzles:\n- id: p\n  titel: t\n  difficulty: 1\n  question: {kind: count, what: pips}\n",
    "bad id": "puzzles:\n- id: P_1\n  title: t\n  difficulty: 1\n  question: {kind: count, what: pips}\n",
    "difficulty": "puzzles:\n- id: p\n  title: t\n  difficulty: 9\n  question: {kind: count, what: pips}\n",
    "kind": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  question: {kind: essay}\n",
    "key of another kind": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n"
                           "  question: {kind: count, what: pips, choices: [a, b]}\n",
    "count without what": "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  question: {kind: count}\n",
    "text language": "id: l\ntitle: {fr: Le jeu}\nsteps:\n- text: x\n",
    "ruleset": "id: l\ntitle: t\nrules: chess\nsteps:\n- text: x\n",
    "option value": "id: l\ntitle: t\noptions: {munk: lots}\nsteps:\n- text: x\n",
    "roll": "id: l\ntitle: t\nsteps:\n- text: x\n  position: {start: true, roll: 7-1}\n",
    "position forms": "id: l\ntitle: t\nsteps:\n- text: x\n  position: {start: true, white: '1:15', black: '1:15', to-move: white}\n",
    "empty step": "id: l\ntitle: t\nsteps:\n- title: x\n",
    "neither kind": "title: x\n",
}


def main():
    with open(os.path.join(REPO, "docs", "brade-course.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    Draft7Validator.check_schema(schema)
    v = Draft7Validator(schema)
    failures = 0
    for path in GOOD:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        errors = list(v.iter_errors(doc))
        if errors:
            failures += 1
            print(f"FAIL {os.path.relpath(path, REPO)} does not pass the schema:")
            for e in errors[:5]:
                print(f"  {list(e.absolute_path)}: {e.message[:200]}")
    for name, text in BAD.items():
        if v.is_valid(yaml.safe_load(text)):
            failures += 1
            print(f"FAIL the schema accepts a file with a mistake: {name}")
    with open(os.path.join(REPO, "tests", "tutor", "bad", "mistakes.yaml"), encoding="utf-8") as f:
        if v.is_valid(yaml.safe_load(f)):
            failures += 1
            print("FAIL the schema accepts tests/tutor/bad/mistakes.yaml")
    # the option names and values are the engine's
    out = subprocess.run([BRADE, "rules", "--options"], capture_output=True, text=True).stdout.split("\n")
    engine = {}
    for i in range(0, len(out) - 1, 2):
        name, values = out[i].split()[:2]
        engine[name] = values.split("|")
    props = schema["definitions"]["options"]["properties"]
    if set(props) != set(engine):
        failures += 1
        print(f"FAIL schema options {sorted(set(props) ^ set(engine))} differ from the engine's")
    for name, values in engine.items():
        allowed = props.get(name, {}).get("enum")
        if allowed is not None and not set(values) <= set(allowed):
            failures += 1
            print(f"FAIL option {name}: engine values {values}, schema {allowed}")
    print(f"{len(GOOD)} course files and {len(BAD) + 1} bad ones checked, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
