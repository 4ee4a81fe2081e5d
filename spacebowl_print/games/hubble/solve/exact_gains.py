"""Exact score gains of one pad (stars left out), every answer to a roll at once: what the
greedy player and the polish ask. The numpy valuation of :mod:`~.par_tables` under the
empty plan and :data:`~.par_arrays.EXACT` weights, where a value is
:data:`~.par_settings.SCALE` × the exact gain."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations

import numpy as np

from spacebowl_print.games.hubble.model.geometry import ICONS
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.par_arrays import (
    CODE,
    EXACT_UNITS,
    OFF,
    Bool,
    PlanSet,
    Value,
    geo_arrays,
    plan_arrays,
)
from spacebowl_print.games.hubble.solve.par_plans import Plan
from spacebowl_print.games.hubble.solve.par_tables import Tables


@cache
def exact_plan(cols: int, rows: int) -> PlanSet:
    """The empty plan's arrays: with :data:`EXACT` weights, values are exact score gains."""
    return PlanSet([plan_arrays(Plan({}, {}), geo_arrays(cols, rows), EXACT_UNITS)])


class ExactBoard:
    """One pad, its icons kept as codes beside its :class:`Board`, valued by exact score
    gains (stars left out): what the greedy player and the polish ask."""

    def __init__(self, board: Board) -> None:
        geo = board.geo
        self.ga = geo_arrays(geo.cols, geo.rows)
        self.plan = exact_plan(geo.cols, geo.rows)
        self.board = board
        self.codes = np.array([[*(CODE[x] for x in board.cells), OFF]], dtype=np.int64)

    def apply(self, changes: Sequence[tuple[int, str]]) -> None:
        """Draw ``changes`` on the board and its codes."""
        self.board.apply(changes)
        for c, icon in changes:
            self.codes[0, c] = CODE[icon]

    def tables(self, quadrants: Sequence[int]) -> Tables:
        """The tables of the triangles a Scope may use in the rolled ``quadrants``."""
        return Tables(self.ga, self.plan, _ZERO, EXACT_UNITS, [self.board], self.codes, _NONE,
                      self.ga.scope[frozenset(quadrants)])


_ZERO = np.zeros(1, dtype=np.int64)
_NONE = np.zeros((1, 0), dtype=np.int64)


def scope_orders(icons: Sequence[str], third: str | None) -> list[tuple[str, str, str]]:
    """The distinct orders of a Scope's icons on a triangle, in the order of
    :func:`~.moves.placements` (third icon in ``GPACS.`` order when the player chooses it,
    then the permutations of the three icons)."""
    seen: dict[tuple[str, str, str], None] = {}
    for x in (ICONS if third is None else third):
        for perm in permutations((icons[0], icons[1], x)):
            seen.setdefault(perm, None)  # type: ignore[arg-type]
    return list(seen)


def move_values(tables: Tables, orders: Sequence[Sequence[str]]) -> tuple[Value, Bool]:
    """(B, ns, len(orders)) each: the value of every order of the Scope on every triangle,
    and whether it is legal: flattened, the placements in :func:`~.moves.placements` order."""
    return tables.orders([[CODE[x] for x in order] for order in orders])
