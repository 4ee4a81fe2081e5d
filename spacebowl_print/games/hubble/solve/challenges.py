"""Seeded random solo challenges, as the solo rules deal them.

Each round two of the four bag dice are drawn (two different colours, so two different
quadrants) and rolled; every face of ``GPACS.`` is equally likely. The white die gives the
third icon in rounds 1 and 2 of every three; in every third round the player chooses it
(``third: null``). Two different constellation cards are dealt from the set. A challenge has
exactly cells ÷ 3 + 3 rolls (rounded down), the fewest the format allows.

A challenge depends only on (seed, id, size, the set's names): a day's challenge is the same
whichever days are printed with it.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from spacebowl_print.games.hubble.model.challenge import (
    CARDS_PER_CHALLENGE,
    Challenge,
    Roll,
    chooses_third,
    min_rolls,
)
from spacebowl_print.games.hubble.model.geometry import ICONS, check_size

STANDARD_COLS = 6
STANDARD_ROWS = 8
"""The standard pad (calibrated: see :mod:`spacebowl_print.games.hubble.solve.calibration`)."""


def generate_challenge(seed: int | str, cid: str, names: Sequence[str],
                       cols: int = STANDARD_COLS, rows: int = STANDARD_ROWS) -> Challenge:
    """The solo challenge ``cid`` of ``seed`` on a ``cols`` × ``rows`` pad, dealing two of the
    constellation cards ``names`` (the set's names, in set order)."""
    problem = check_size(cols, rows)
    if problem:
        raise ValueError(problem)
    if len(set(names)) < CARDS_PER_CHALLENGE:
        raise ValueError(f"a challenge deals {CARDS_PER_CHALLENGE} different cards")
    # a string seed is hashed with SHA-512 by random.Random: stable across runs and platforms
    rng = random.Random(f"hubble|{seed}|{cid}|{cols}x{rows}")
    cards = tuple(rng.sample(list(dict.fromkeys(names)), CARDS_PER_CHALLENGE))
    rolls = []
    for number in range(1, min_rolls(cols, rows) + 1):
        a, b = rng.sample(range(4), 2)
        icons = (rng.choice(ICONS), rng.choice(ICONS))
        white = rng.choice(ICONS)  # rolled every round, so the stream does not shift
        rolls.append(Roll((a, b), icons, None if chooses_third(number) else white))
    return Challenge(cid, cols, rows, cards, tuple(rolls))


def daily_challenges(seed: int | str, start: dt.date, days: int, names: Sequence[str],
                     cols: int = STANDARD_COLS, rows: int = STANDARD_ROWS) -> list[Challenge]:
    """One challenge a day from ``start``, each with its ISO date as id."""
    return [generate_challenge(seed, (start + dt.timedelta(days=d)).isoformat(), names, cols,
                               rows) for d in range(days)]


def sample_challenges(seed: int | str, count: int, names: Sequence[str], cols: int, rows: int
                      ) -> list[Challenge]:
    """``count`` challenges with ids ``c0001``, … (calibration and benchmarks)."""
    return [generate_challenge(seed, f"c{i + 1:04d}", names, cols, rows) for i in range(count)]
