"""The human-model solver that grades "way home" puzzles (the rule: :mod:`.tiers`).

A move of a line uses techniques (:func:`uses`): a free drift is ``walk``, a space jump
``jump``, a paid drift ``ride``; entering one's solar module to take its counter is
``fetch``; exchanging an alien right before a payment is ``exchange``; and a payment made
with a counter taken earlier in the line (the player holds fewer energy, control or alien
counters than they have taken from the board) is ``detour``. The solver limited to a set of
techniques searches the same move graph as the answer (:class:`~.wayhome.WayHome`) but
takes only moves whose techniques it knows (:func:`restricted_line`); the *level* of a
puzzle is the least tier whose techniques still give a line as short as the answer.

The independent re-grading ``spacebowl check`` runs is in :mod:`.verify` (the reference
engine's states, every alien exchange tried, its own technique test).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from spacebowl_print.games.tomtube.solve.tiers import (
    TECHNIQUES,
    TIERS,
    known_at,
    tier_of,
)
from spacebowl_print.games.tomtube.solve.wayhome import FREE, JUMP, PAID, State, Step, WayHome

_MOVE_TECHNIQUE = {FREE: "walk", PAID: "ride", JUMP: "jump"}


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: its ``tier`` and technique ``level``, the ``techniques`` the
    printed line uses, and the features a person feels: legal ``first_moves``, ``decoys``,
    the answer's ``moves`` and its ``forced`` moves (steps with one legal move only)."""

    tier: int
    level: int
    techniques: tuple[str, ...]
    first_moves: int
    decoys: int
    moves: int
    forced: int

    def to_json(self) -> dict[str, object]:
        """The manifest's ``grade`` object."""
        return {"techniques": list(self.techniques), "first_moves": self.first_moves,
                "forced": self.forced}


class Techniques:
    """The techniques of each move of one player's move graph."""

    def __init__(self, wh: WayHome) -> None:
        self.wh = wh
        # per board counter (bit order of the taken mask): its kind's index in a state
        self._kinds = list(wh.counter_kinds)
        self._taken: dict[int, tuple[int, int, int]] = {}

    def taken(self, mask: int) -> tuple[int, int, int]:
        """Energy, control and alien counters taken from the board in ``mask``."""
        got = self._taken.get(mask)
        if got is None:
            e = c = a = 0
            for i, k in enumerate(self._kinds):
                if mask >> i & 1:
                    e += k == 1
                    c += k == 2
                    a += k == 3
            got = (e, c, a)
            self._taken[mask] = got
        return got

    def uses(self, s: State, code: int, t: State) -> frozenset[str]:
        """The techniques of the move ``code`` from ``s`` to ``t``."""
        kind = code % 3
        out = {_MOVE_TECHNIQUE[kind]}
        if (kind == PAID and s[2] < 1) or (kind == JUMP and s[1] < 1):
            out.add("exchange")
        if t[4] > s[4]:
            out.add("fetch")
        e, c, a = self.taken(t[5])
        if t[1] < e or t[2] < c or t[3] < a:
            out.add("detour")  # something taken on the way has been spent
        return frozenset(out)


def restricted_line(wh: WayHome, known: Collection[str], limit: int,
                    techniques: Techniques | None = None) -> list[Step] | None:
    """A shortest line home of at most ``limit`` moves using only moves whose techniques
    are all ``known`` (breadth-first, ties broken by move order like
    :meth:`~.wayhome.WayHome.shortest`), or None."""
    tech = techniques or Techniques(wh)
    allowed = frozenset(known)
    s0 = wh.start
    parent: dict[State, tuple[State, int] | None] = {s0: None}
    layer = [s0] if wh.lower_bound(s0) <= limit else []
    for depth in range(1, limit + 1):
        nxt: list[State] = []
        for s in layer:
            for code, t in wh.successors(s):
                if not tech.uses(s, code, t) <= allowed:
                    continue
                if t[0] == wh.base:
                    if t[4] >= 2:
                        return wh.line_from(parent, s, code, t)
                    continue
                if t not in parent:
                    parent[t] = (s, code)
                    if depth + wh.lower_bound(t) <= limit:
                        nxt.append(t)
        if not nxt:
            return None
        layer = nxt
    return None


def level_line(wh: WayHome, moves: int) -> tuple[int, list[Step]]:
    """The puzzle's technique level (the least tier whose techniques give a line of
    ``moves`` moves, the shortest) and that line."""
    tech = Techniques(wh)
    for k in TIERS:
        line = restricted_line(wh, known_at(k), moves, tech)
        if line is not None and len(line) == moves:
            return k, line
    raise ValueError(f"no line of {moves} moves home")  # every technique: the answer's graph


def line_techniques(wh: WayHome, line: list[Step]) -> tuple[str, ...]:
    """The techniques ``line`` uses, in :data:`~.tiers.TECHNIQUES` order."""
    tech = Techniques(wh)
    used: set[str] = set()
    s = wh.start
    for st in line:
        code = next(c for c, t in wh.successors(s) if t == st.state
                    and wh.move_of(c) == st.move)
        used |= tech.uses(s, code, st.state)
        s = st.state
    return tuple(t for t in TECHNIQUES if t in used)


def forced_moves(wh: WayHome, line: list[Step]) -> int:
    """Steps of ``line`` taken from a state with one legal move only."""
    s, forced = wh.start, 0
    for st in line:
        forced += len(wh.successors(s)) == 1
        s = st.state
    return forced


def grade(wh: WayHome, moves: int, decoys: int) -> tuple[Grade, list[Step]]:
    """The puzzle's :class:`Grade` and the line to print: the shortest line the solver of
    the puzzle's technique level finds."""
    level, line = level_line(wh, moves)
    return Grade(tier_of(level, moves, decoys), level, line_techniques(wh, line),
                 len(wh.successors(wh.start)), decoys, moves, forced_moves(wh, line)), line


__all__ = ["Grade", "Techniques", "forced_moves", "grade", "level_line", "line_techniques",
           "restricted_line"]
