#!/usr/bin/env python3
"""Kills during a game (reliability-2 finding 1), a few rounds of the
benchmark bench/hostile/kill_play.py: SIGKILL, SIGTERM, SIGHUP and SIGINT
at random points of scripted games against the engine; every record loads
and replays, holds every acknowledged play, and `play --resume` takes the
game up.  The 200-round figure is in docs/play.md."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "hostile"))
import kill_play  # noqa: E402

BRADE = os.environ.get("BRADE") or os.path.join(REPO, "build", "brade")
sys.argv = [sys.argv[0], "--brade", BRADE, "--rounds", os.environ.get("BRADE_KILL_ROUNDS", "16"), "--seed", "7"]
sys.exit(kill_play.main())
