"""The par's hill climb: late-acceptance hill climbing over whole plays, scored from bitmasks by
a compiled kernel (:mod:`~.par_climb_kernel`), from the beam search's par.

A play is one answer per roll (:func:`~.par_model.answers`: the placements, one per distinct
drawing, and the fogs), legal when the answers of the rolls still in the game (up to the
third fog) draw on distinct cells. The climb changes one roll's answer at a time and gives a
random fitting answer to any roll that drew on the cells it took, so far-apart rolls trade
cells in one move; it scores a million such plays in about a second, which is what lets the
par gather comets into long groups and galaxies into every quadrant where the beam search,
deciding roll by roll, cannot.

Pads of more than 64 cells (a mask per icon would not fit one word) and challenges that
deal other than two cards are left to the rest of the par solver (:func:`climb` returns
None). Everything is deterministic: integer scores, a seeded xorshift generator, a fixed
number of moves.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, PlayLog, Turn
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import DRAWN_ICONS
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.solve.moves import turn_draws
from spacebowl_print.games.hubble.solve.par_model import answers
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings

MAX_CLIMB_CELLS = 64
"""Largest pad the climb takes: one 64-bit mask per icon."""

EXCHANGE_SCANS = 60
"""Scans of the exchanges' descent, at most: a scan takes every set of one size once."""

CLIMB_CARDS = 2
"""The kernel scores the stars of exactly two cards, as a solo challenge deals."""


@dataclass(frozen=True)
class ClimbTables:
    """A challenge as the kernel reads it: every roll's answers (``first[i]:first[i + 1]``),
    what each draws (a mask per icon, and all), whether it is a fog; the pad's quadrants,
    lines of 2 cells or more, triangles by their lowest cell and neighbours as masks; the
    two cards' placements as red and purple masks (each card's in the order of their lowest
    red cell, ``star_low[j, c]`` the first of card ``j`` at cell ``c`` or after) with each
    card's value and bonus."""

    turns: tuple[Turn, ...]
    first_answer: Any
    fog_first: Any
    icons: Any
    drawn: Any
    fog: Any
    quadrants: Any
    lines: Any
    low_tris: Any
    low_count: Any
    neighbours: Any
    red: Any
    purple: Any
    first: Any
    value: Any
    bonus: Any
    star_low: Any

    def arrays(self) -> tuple[Any, ...]:
        """The kernel's arguments after the play, the steps, history and seed."""
        return (self.first_answer, self.fog_first, self.icons, self.drawn, self.fog,
                self.quadrants, self.lines, self.low_tris, self.low_count, self.neighbours,
                self.red, self.purple, self.first, self.value, self.bonus, self.star_low)

    def points(self, chosen: Sequence[int]) -> tuple[int, bool]:
        """The kernel's total of the play answering with ``chosen`` (legal), and whether
        its pad reads alike under both readings of the stars."""
        # numba loads only when a climb or a score by the kernel is asked for
        from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel

        total, clear = kernel.play_points(_i64(chosen), self.icons, self.fog, self.quadrants,
                                          self.lines, self.low_tris, self.low_count,
                                          self.neighbours, self.red, self.purple, self.first,
                                          self.value, self.bonus, self.star_low)
        return int(total), bool(clear)


def _mask(cells: Sequence[int | None]) -> int:
    out = 0
    for c in cells:
        if c is not None:
            out |= 1 << c
    return out


def _u64(values: Sequence[int]) -> Any:
    return np.array(values, dtype=np.uint64)


def _i64(values: Sequence[int]) -> Any:
    return np.array(values, dtype=np.int64)


def tables(challenge: Challenge, cards: Sequence[Constellation]) -> ClimbTables:
    """The kernel's tables of ``challenge`` with its two dealt ``cards``."""
    geo = challenge.geometry
    icon_index = {x: k for k, x in enumerate(DRAWN_ICONS)}
    turns: list[Turn] = []
    icons: list[list[int]] = []
    fog: list[int] = []
    first_answer = [0]
    fog_first: list[int] = []
    for roll in challenge.rolls:
        for turn, draw in zip(*answers(roll, geo), strict=True):
            masks = [0] * len(DRAWN_ICONS)
            for c, x in draw:
                masks[icon_index[x]] |= 1 << c
            turns.append(turn)
            icons.append(masks)
            fog.append(int(isinstance(turn, Fog)))
        first_answer.append(len(turns))
        # answers() lists the placements, then the fogs
        fog_first.append(next(k for k in range(first_answer[-2], len(turns)) if fog[k]))
    icon_masks = _u64([m for row in icons for m in row]).reshape(-1, len(DRAWN_ICONS))
    by_low: list[list[int]] = [[] for _ in range(geo.size)]
    for tri in geo.triangles:
        by_low[min(tri)].append(_mask(tri))
    width = max(len(t) for t in by_low)
    low_tris = _u64([m for t in by_low for m in t + [0] * (width - len(t))]
                    ).reshape(geo.size, width)
    red: list[int] = []
    purple: list[int] = []
    first = [0]
    star_low: list[list[int]] = []
    for card in cards:
        # by their lowest red cell: the kernel looks only at the placements whose lowest red
        # cell holds a star (star_low[j, c]: card j's first at cell c or after)
        ps = sorted(stars.placements(card, geo.cols, geo.rows), key=lambda p: min(p.red))
        lows = [min(p.red) for p in ps]
        star_low.append([first[-1] + bisect.bisect_left(lows, c) for c in range(geo.size + 1)])
        for p in ps:
            red.append(_mask(p.red))
            purple.append(_mask(p.purple))
        first.append(len(red))
    return ClimbTables(
        turns=tuple(turns), first_answer=_i64(first_answer), fog_first=_i64(fog_first),
        icons=icon_masks,
        drawn=np.bitwise_or.reduce(icon_masks, axis=1), fog=_i64(fog),
        quadrants=_u64([_mask(q) for q in geo.quadrant_cells]),
        lines=_u64([_mask(line) for line in geo.lines if len(line) >= 2]),
        low_tris=low_tris, low_count=_i64([len(t) for t in by_low]),
        neighbours=_u64([_mask(geo.neighbours[c]) for c in range(geo.size)]),
        red=_u64(red), purple=_u64(purple), first=_i64(first),
        value=_i64([card.value for card in cards]), bonus=_i64([card.bonus for card in cards]),
        star_low=_i64([c for row in star_low for c in row]).reshape(len(cards), geo.size + 1))


def play_answers(challenge: Challenge, play: PlayLog, t: ClimbTables) -> Any:
    """The answer index of each roll in ``play`` (a legal log; rolls after its end answer
    with a fog drawing nothing, which changes no pad)."""
    out: list[int] = []
    for i in range(len(challenge.rolls)):
        turn = play.turns[i] if i < len(play.turns) else Fog()
        draw = sorted(turn_draws(turn))
        lo, hi = int(t.first_answer[i]), int(t.first_answer[i + 1])
        out.append(next(k for k in range(lo, hi)
                        if isinstance(t.turns[k], type(turn))
                        and sorted(turn_draws(t.turns[k])) == draw))
    return _i64(out)


def answers_play(challenge: Challenge, chosen: Sequence[int], t: ClimbTables) -> PlayLog:
    """The log of the answers ``chosen`` (one per roll), up to the third fog."""
    turns: list[Turn] = []
    fogs = 0
    for k in chosen:
        turn = t.turns[int(k)]
        turns.append(turn)
        fogs += isinstance(turn, Fog)
        if fogs == MAX_FOG:
            break
    return PlayLog(challenge.id, tuple(turns))


def climbs(challenge: Challenge, cards: Sequence[Constellation]) -> bool:
    """Whether the kernel takes this challenge (at most 64 cells, two cards)."""
    return challenge.geometry.size <= MAX_CLIMB_CELLS and len(cards) == CLIMB_CARDS


def climb(challenge: Challenge, cards: Sequence[Constellation], start: PlayLog,
          settings: ClimbSettings | None = None) -> tuple[PlayLog, int] | None:
    """One run of the climb from the legal play ``start`` (:func:`best_climb`)."""
    return best_climb(challenge, cards, start, (settings or ClimbSettings(),))


def best_climb(challenge: Challenge, cards: Sequence[Constellation], start: PlayLog,
               runs: Sequence[ClimbSettings]) -> tuple[PlayLog, int] | None:
    """The best play the ``runs`` find, each from the legal play ``start`` (whose pad must
    read alike under both readings of the stars), then settled by every exchange of up to
    :data:`~.par_exchange.LARGEST` rolls that scores more (:func:`~.par_exchange.exchange`), and
    its total: the earliest
    run's on ties, never worse than ``start``. None when the kernel does not take the challenge
    (:func:`climbs`). The tables are built once for all the runs."""
    if not climbs(challenge, cards):
        return None
    # numba: lazily
    from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
    from spacebowl_print.games.hubble.solve.par_exchange import LARGEST, exchange

    t = tables(challenge, cards)
    first = play_answers(challenge, start, t)
    best, chosen = -1, first
    for run in runs:
        total, found = kernel.climb(first, run.steps, run.history, run.seed, *t.arrays())
        if total > best:
            best, chosen = int(total), found
    if best < 0:  # no runs: the start, scored by the kernel
        best = t.points(first)[0]
    total, settled = exchange(chosen, LARGEST, EXCHANGE_SCANS, *t.arrays())
    if total > best:
        best, chosen = int(total), settled
    return answers_play(challenge, chosen, t), best
