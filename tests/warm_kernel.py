"""Compile the Hubble par's climb kernel and its exchanges (a climb runs both) into numba's
on-disk cache, then create the file named on the command line (also when compiling failed:
whoever waits for it goes on, and compiles for itself if it must). ``tests/conftest.py``
runs this beside the test workers' start and collection, and each worker waits for the
file before its first test."""

from __future__ import annotations

import sys
from pathlib import Path


def warm() -> None:
    """Compile every kernel function with the types the par and the tests use."""
    import numpy as np

    from spacebowl_print.games.hubble.model.constellations import load_constellation_set
    from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
    from spacebowl_print.games.hubble.solve.challenges import generate_challenge
    from spacebowl_print.games.hubble.solve.greedy import greedy_play
    from spacebowl_print.games.hubble.solve.par_climb import climb, play_answers, tables
    from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings

    cset = load_constellation_set()
    ch = generate_challenge(1, "warm", cset.names, 4, 4)
    cards = cset.pick(ch.constellations)
    start = greedy_play(ch)
    climb(ch, cards, start, ClimbSettings(steps=10, history=5))
    t = tables(ch, cards)
    t.points(play_answers(ch, start, t))
    kernel.asteroid_packing(np.uint64(7), t.low_tris, t.low_count)
    kernel.star_points(np.uint64(7), t.red, t.purple, t.first, t.value, t.bonus, t.star_low)


if __name__ == "__main__":
    try:
        warm()
    finally:
        Path(sys.argv[1]).touch()
