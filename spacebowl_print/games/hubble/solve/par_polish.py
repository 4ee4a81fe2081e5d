"""The par solver's last touch: polish a legal log turn by turn, and the check that a
published pad scores alike under both readings of star service."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, PlayLog, Turn
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import BLANK, STAR, PadGeometry
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_cells
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.exact_gains import ExactBoard, scope_orders
from spacebowl_print.games.hubble.solve.moves import fog_icons, fogs, placements, turn_draws
from spacebowl_print.games.hubble.solve.par_arrays import CODE, NEG
from spacebowl_print.games.hubble.solve.par_settings import SCALE
from spacebowl_print.games.hubble.solve.par_tables import Tables


def unambiguous(cells: str, cards: Sequence[Constellation], geo: PadGeometry) -> bool:
    """Whether both readings of "each star serves at most one card" give the pad the same
    stars score (docs/hubble.md): a published par should not depend on the reading."""
    return stars.best(cells, cards, geo)[0] == stars.best_other_reading(cells, cards, geo)


def polish(challenge: Challenge, turns: Sequence[Turn], cards: Sequence[Constellation],
           passes: int = 2, reference: bool = False) -> tuple[list[Turn], int]:
    """Hill-climb a legal log one turn at a time: replace a turn by another answer to its roll
    (a placement by a placement, a fog by a fog) that draws only into cells no other turn
    draws into, so that every other turn stays legal, and keep it when the finished pad
    scores more. Returns the log and its total.

    Each turn's answers are tried in :mod:`~.moves` order and a better one is kept at once,
    so the turn ends with the first answer of the highest total (among those whose pad reads
    alike under both readings of star service). The fast path scores all the answers of a
    turn at once (:func:`_scored_turns`); ``reference`` scores each with the engine; both
    give the same log."""
    geo = challenge.geometry
    out = list(turns)
    final = list(replay(challenge, PlayLog(challenge.id, tuple(out))).cells)
    total = score_cells("".join(final), geo, cards).total
    memo: dict[bytes, int] = {}
    for _ in range(passes):
        improved = False
        for i, turn in enumerate(out):
            base = _without(final, turn)
            answers = (_reference_answers(turn, base, challenge, i, cards, total) if reference
                       else _scored_answers(turn, base, challenge, i, cards, total, memo))
            found = next((a for a in answers if unambiguous("".join(a[2]), cards, geo)), None)
            if found is not None:
                total, out[i], final = found
                improved = True
        if not improved:
            break
    return out, total


Scored = tuple[int, Turn, list[str]]
"""An answer that beats the pad's total: its total, the turn, the finished pad's icons."""


def _reference_answers(turn: Turn, base: list[str], challenge: Challenge, i: int,
                       cards: Sequence[Constellation], total: int) -> Iterator[Scored]:
    """The answers to roll ``i`` (of ``turn``'s kind) on the pad ``base`` that beat
    ``total``, scored by the engine, best first (earliest on ties)."""
    better = []
    for k, option in enumerate(_other_answers(turn, base, challenge, i)):
        cells = _with(base, turn_draws(option))
        t = score_cells("".join(cells), challenge.geometry, cards).total
        if t > total:
            better.append((-t, k, option, cells))
    better.sort(key=lambda x: (x[0], x[1]))
    for neg_t, _, option, cells in better:
        yield -neg_t, option, cells


def _scored_answers(turn: Turn, base: list[str], challenge: Challenge, i: int,
                    cards: Sequence[Constellation], total: int, memo: dict[bytes, int]
                    ) -> Iterator[Scored]:
    """:func:`_reference_answers` scored at once: the exact gains (stars left out) of every
    answer (:class:`~.par_tables.Tables` of the pad ``base``), then the stars scored again
    only for the answers whose stars can change them (:class:`_StarCheck`)."""
    roll = challenge.rolls[i]
    tables = ExactBoard(_board(challenge.geometry, base)).tables(roll.quadrants)
    orders = scope_orders(roll.icons, roll.third) if isinstance(turn, Place) else []
    values, legal = (tables.orders([[CODE[x] for x in o] for o in orders]) if orders
                     else (None, None))
    return _answers(challenge, i, turn, base, tables, values, legal, orders, cards, total,
                    memo)


def _answers(challenge: Challenge, i: int, turn: Turn, base: list[str], tables: Tables,
             values: Any, legal: Any, orders: Sequence[tuple[str, str, str]],
             cards: Sequence[Constellation], total: int, memo: dict[bytes, int]
             ) -> Iterator[Scored]:
    """Turn ``i``'s better answers, best first, from its tables: the values and legality
    of its orders on every triangle of its roll (placements), or its tables of one icon
    (fogs)."""
    geo = challenge.geometry
    roll = challenge.rolls[i]
    check = _StarCheck(base, cards, geo, memo)
    if isinstance(turn, Place):
        cells = tables.cells
        gains = values[0]
        ok = legal[0]
        # (ns, K): whether the stars an answer draws may change the stars score
        recheck = np.zeros(ok.shape, dtype=np.bool_)
        for j, order in enumerate(orders):
            where = [p for p, x in enumerate(order) if x == STAR]
            if where:
                recheck[:, j] = check.changes(cells[:, where])
        gains, ok, recheck = gains.ravel(), ok.ravel(), recheck.ravel()

        def answer(k: int) -> Turn:
            t, j = divmod(k, len(orders))
            return Place(tuple(zip(cells[t].tolist(), orders[j], strict=True)))
    else:
        icons = fog_icons(roll)
        if not icons:
            return
        here = tables.here[:-1]  # the rolled quadrants' cells, in fog order
        gains = np.stack([tables.single(CODE[x])[0, :-1] for x in icons], axis=1).ravel()
        ok = np.stack([tables.legal(CODE[x])[0, :-1] for x in icons], axis=1).ravel()
        star = check.changes(here[:, None])
        recheck = np.stack([star & (x == STAR) for x in icons], axis=1).ravel()

        def answer(k: int) -> Turn:
            c, j = divmod(k, len(icons))
            return Fog(int(here[c]), icons[j])
    # the tables' gains are whole units (SCALE a point, exact): back to points
    totals = np.where(ok, tables.boards[0].score() + gains // SCALE + check.base, NEG)
    for k in np.nonzero(ok & recheck)[0].tolist():
        totals[k] += check.score(_with(base, turn_draws(answer(k)))) - check.base
    better = np.nonzero(totals > total)[0]
    for k in better[np.lexsort((better, -totals[better]))].tolist():
        option = answer(k)
        yield int(totals[k]), option, _with(base, turn_draws(option))


def _board(geo: PadGeometry, cells: Sequence[str]) -> Board:
    board = Board(geo)
    board.apply([(c, x) for c, x in enumerate(cells) if x != BLANK])
    return board


def _with(base: Sequence[str], draws: Sequence[tuple[int, str]]) -> list[str]:
    cells = list(base)
    for c, icon in draws:
        cells[c] = icon
    return cells


class _StarCheck:
    """The stars score of a pad, and which new stars can change it: a star changes nothing
    unless it completes a placement of a card (with the other new stars) or is a purple
    star of a placement already complete. Scores are memoised by the pad's stars in
    ``memo``."""

    def __init__(self, cells: Sequence[str], cards: Sequence[Constellation],
                 geo: PadGeometry, memo: dict[bytes, int]) -> None:
        self.cards, self.geo, self.memo = cards, geo, memo
        red, mask, purple = _card_cells(tuple(cards), geo.cols, geo.rows)
        codes = np.array([*(CODE[x] for x in cells), CODE[STAR]])  # the padding: a star
        here = codes[red]
        missing = (here != CODE[STAR]).sum(axis=1)
        live = ~((here != CODE[STAR]) & (here != CODE[BLANK])).any(axis=1)
        complete = live & (missing == 0)
        self.base = self.score(cells) if complete.any() else 0
        self.purple = purple[complete].any(axis=0)
        near = live & (missing >= 1) & (missing <= 3)
        self.near = mask[near]
        self.missing = missing[near]

    def score(self, cells: Sequence[str]) -> int:
        """The stars score of the pad ``cells`` (the engine's, memoised)."""
        key = bytes(x == STAR for x in cells)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = stars.best("".join(cells), self.cards, self.geo)[0]
        return out

    def changes(self, new: Any) -> Any:
        """(rows,): whether drawing stars in the empty cells of each row of ``new`` (rows ×
        stars) can change the stars score."""
        hits = self.purple[new].any(axis=1)
        if len(self.missing):
            covered = self.near[:, new].sum(axis=2)  # (near, rows)
            hits |= (covered == self.missing[:, None]).any(axis=0)
        return hits


@lru_cache(maxsize=256)
def _card_cells(cards: tuple[Constellation, ...], cols: int, rows: int
                ) -> tuple[Any, Any, Any]:
    """Every placement of the cards: its red cells (placements × red stars, padded to the
    longest card's with cell ``n``, one past the last), its red cells as a mask (placements
    × cells) and its purple cells on the pad (a mask too)."""
    n = cols * rows
    every = [p for card in cards for p in stars.placements(card, cols, rows)]
    width = max((len(p.red) for p in every), default=1)
    red = np.array([[*p.red, *([n] * (width - len(p.red)))] for p in every],
                   dtype=np.int64).reshape(len(every), width)
    mask = np.zeros((len(every), n), dtype=np.bool_)
    purple = np.zeros((len(every), n), dtype=np.bool_)
    for i, p in enumerate(every):
        mask[i, list(p.red)] = True
        purple[i, [c for c in p.purple if c is not None]] = True
    return red, mask, purple


def _without(final: list[str], turn: Turn) -> list[str]:
    """The finished pad's icons without what ``turn`` draws."""
    base = final.copy()
    for c, _icon in turn_draws(turn):
        base[c] = BLANK
    return base


def _other_answers(turn: Turn, base: list[str], challenge: Challenge, i: int) -> list[Turn]:
    """Every answer of the same kind as ``turn`` to roll ``i`` on the pad ``base``."""
    roll = challenge.rolls[i]
    if isinstance(turn, Place):
        return [Place(m) for m in placements(base, roll, challenge.geometry)]
    return [Fog(c, icon) for c, icon in fogs(base, roll, challenge.geometry)]
