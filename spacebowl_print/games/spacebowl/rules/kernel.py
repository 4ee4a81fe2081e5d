"""Which counting kernel runs the exhaustive toss histograms, and the toss plans they share.

Two kernels give identical histograms (``tests/spacebowl/test_kernel_agrees.py``):

* ``numpy`` — :func:`rules.tosses.histograms`' vectorised path: the boards of all marble
  placements built level by level for many galaxies at once. Always available.
* ``numba`` — :mod:`rules.kernel_numba`: one compiled pass per galaxy that fuses the AND of
  the table words, the popcount and a tally in registers, skips the placements under an
  already empty board (their count is 0, added in one step) and, under rotation, counts one
  toss per orbit of the quarter turns (:func:`orbit_plan`). Used when numba imports.

The environment variable ``SPACEBOWL_KERNEL`` chooses: ``auto`` (the default) takes numba for
jobs of at least :data:`AUTO_MIN_EVALUATIONS` galaxy·toss evaluations when it can be imported,
numpy otherwise — importing numba and loading its cached machine code costs about half a
CPU-second, more than numpy spends on a small job; ``numpy`` and ``numba`` force one (``numba``
without numba installed is an error, not a silent fallback). docs/spacebowl.md says the same
for users.

This module never imports numba itself: commands that do not count never pay for it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from spacebowl_print.core.jsonio import show
from spacebowl_print.games.spacebowl.model import (
    CENTRE,
    SPACES,
    TURNS,
    InputError,
    Pos,
    turn_space,
)
from spacebowl_print.games.spacebowl.rules.bitboard import PRO, REQ, column

ENV = "SPACEBOWL_KERNEL"
KERNELS: tuple[str, ...] = ("auto", "numpy", "numba")

AUTO_MIN_EVALUATIONS = 160_000_000
"""``auto`` takes numba for jobs planned at this many evaluations or more (``deck_stats``
plans every marble set on every galaxy, about twice what it ends up counting on the classic
deck). Importing numba and loading its cached code cost about half a CPU-second; measured on
``stats DECK --json`` (all variants, whole process, median of 5): 20 galaxies numba 1.31,
numpy 1.21 CPU-s; 40 galaxies numba 1.27, numpy 1.81. The break-even is near 23 galaxies;
from 24 on (165 million planned), ``auto`` takes numba."""


def requested() -> str:
    """The kernel ``SPACEBOWL_KERNEL`` asks for (``auto`` when unset or empty).

    Raises :class:`InputError` naming the variable for any other value."""
    value = os.environ.get(ENV, "").strip().lower() or "auto"
    if value not in KERNELS:
        raise InputError(f"must be one of {', '.join(KERNELS)}, got {show(os.environ.get(ENV))}",
                         ENV)
    return value


_COMPILED: list[ModuleType | None] = []
_WHY_NOT: list[str] = []


def compiled() -> ModuleType | None:
    """The compiled kernel module (:mod:`rules.kernel_numba`), imported on first call, or
    None when numba cannot be imported (the reason is kept for :func:`choose`'s error)."""
    if not _COMPILED:
        try:
            # imported here: numba compiles for seconds, and only batch statistics use it
            from spacebowl_print.games.spacebowl.rules import kernel_numba
        except ImportError as err:  # numba missing, or built for another numpy
            _WHY_NOT.append(str(err))
            _COMPILED.append(None)
        else:
            _COMPILED.append(kernel_numba)
    return _COMPILED[0]


def choose(evaluations: int) -> str:
    """``"numba"`` or ``"numpy"`` for a job of about ``evaluations`` galaxy·toss evaluations,
    following ``SPACEBOWL_KERNEL`` (see the module docstring). Only ``auto`` on a job big
    enough, or ``numba``, imports numba."""
    wanted = requested()
    if wanted == "numpy" or (wanted == "auto" and evaluations < AUTO_MIN_EVALUATIONS):
        return "numpy"
    if compiled() is not None:
        return "numba"
    if wanted == "numba":
        raise InputError(f"numba was asked for but cannot be imported ({_WHY_NOT[0]}); "
                         f"install it (see the README) or set {ENV}=numpy", ENV)
    return "numpy"


Plan = npt.NDArray[np.int64]


@lru_cache(maxsize=16)
def _plan_base(black_hole: bool, rotation: bool, learning: bool) -> Plan:
    """``bitboard.column(kind, offset, 0)`` per destination, hole, turn and space
    (shape (D, B, T, 9)): a toss plan is this plus the marble's planet mask."""
    dests = [CENTRE] if learning else list(SPACES)
    holes = list(SPACES) if black_hole else [None]
    turns = TURNS if rotation else (0,)
    base = np.empty((len(dests), len(holes), len(turns), len(SPACES)), dtype=np.int64)
    for d_i, d in enumerate(dests):
        for b_i, b in enumerate(holes):
            for t_i, turn in enumerate(turns):
                td = turn_space(d, turn)
                for s_i, s in enumerate(SPACES):
                    ts = turn_space(s, turn)
                    kind = PRO if s == b else REQ
                    base[d_i, b_i, t_i, s_i] = column(kind, ts.row - td.row, ts.col - td.col, 0)
    return base


@lru_cache(maxsize=256)
def toss_plan(marble_bits: tuple[int, ...], black_hole: bool, rotation: bool, learning: bool
              ) -> Plan:
    """Table columns of every toss, computed once per marble set and variant.

    ``plan[d, b, t, level, s]`` is the table column (``bitboard.column``) that marble
    ``level`` (planet mask ``marble_bits[level]``) lying on space ``SPACES[s]`` contributes
    when the disc lies on destination ``d`` (``SPACES[d]``, or only B2 when ``learning``),
    the Black Hole on ``SPACES[b]`` (one dummy ``b`` without the black hole: no space then
    turns a demand into a prohibition) and the Ship Computer is read under ``TURNS[t]``
    (``TURNS[0]`` only without rotation). Shape (9 or 1, 9 or 1, 4 or 1, marbles, 9); the
    array is read-only and shared.
    """
    base = _plan_base(black_hole, rotation, learning)
    bits = np.array(marble_bits, dtype=np.int64).reshape(1, 1, 1, -1, 1)
    # column(kind, offset, planets) = column(kind, offset, 0) + planets (planets < N_SET)
    plan = np.ascontiguousarray(base[:, :, :, None, :] + bits)
    plan.setflags(write=False)
    return plan


_ORBIT_DESTINATIONS = ((SPACES.index(CENTRE), 1), (SPACES.index(Pos(0, 0)), 4),
                       (SPACES.index(Pos(0, 1)), 4))
"""Under rotation, one destination per orbit of the quarter turns and the orbit's size:
B2 (its own orbit), A1 (the four corners), B1 (the four edge middles)."""


@lru_cache(maxsize=256)
def orbit_plan(marble_bits: tuple[int, ...], black_hole: bool, rotation: bool, learning: bool
               ) -> tuple[Plan, Plan]:
    """The compiled kernel's toss plan and a weight per destination: (plan, weights).

    Without rotation (or in the learning mode, disc on B2): :func:`toss_plan` and weights 1.
    With rotation, a toss counts its solutions under any of the four turns, and reading a
    toss under turn ``t`` is reading the toss turned by ``t`` (disc, black hole and marbles
    alike) under no turn — ``plan[d, b, t, l, s] == plan[t(d), t(b), 0, l, t(s)]``. So a toss
    and its three turned copies have the same solutions, and a toss whose disc is off B2 has
    exactly one copy with the disc on A1 or on B1: the plan keeps destinations B2, A1 and B1,
    weighted 1, 4 and 4, a third of the work for the same histogram.
    """
    plan = toss_plan(marble_bits, black_hole, rotation, learning)
    if not rotation or learning:
        weights = np.ones(plan.shape[0], dtype=np.int64)
    else:
        picked = [d for d, _ in _ORBIT_DESTINATIONS]
        plan = np.ascontiguousarray(plan[picked])
        weights = np.array([w for _, w in _ORBIT_DESTINATIONS], dtype=np.int64)
    plan.setflags(write=False)
    weights.setflags(write=False)
    return plan, weights
