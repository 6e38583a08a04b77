#!/usr/bin/env python3
"""Kills (reliability-2 findings 1 and 2), a few rounds of each benchmark
in bench/hostile/:

  - kill_play.py: SIGKILL, SIGTERM, SIGHUP and SIGINT at random points of
    scripted games against the engine; every record loads and replays,
    holds every acknowledged play, and `play --resume` takes it up;
  - kill_progress.py: SIGKILL during progress saves of a learner whose
    rating is at the floor; no acknowledged save lost, no record ever set
    aside as damaged.

The 200-round figures are in docs/play.md and docs/design.md."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "hostile"))
import kill_play  # noqa: E402
import kill_progress  # noqa: E402

BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
rc = 0
sys.argv = [sys.argv[0], "--brade", BRADE, "--rounds", "16", "--seed", "7"]
rc |= kill_play.main()
sys.argv = [sys.argv[0], "--brade", BRADE, "--rounds", "8", "--seed", "3"]
rc |= kill_progress.main()
sys.exit(rc)
