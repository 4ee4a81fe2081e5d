"""The plain reference engine: loops over cards, spaces and turns, written to be obviously
right rather than fast. Every answer key and solver result is re-checked against it.

It shares nothing with :mod:`rules.bitboard` but the data model.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.games.spacebowl.model import (
    TURNS,
    Galaxy,
    Pos,
    Solution,
    Toss,
    Variants,
    puzzle_from_json,
    solutions_to_json,
    turn_space,
)


@dataclass(frozen=True)
class Reading:
    """How card ``D`` reads under one turn: the number of unmet marble demands left after the
    Wild token helped (0 = valid), and whether the Wild token was needed."""

    violations: int
    wild_used: bool


def covered_cell(galaxy: Galaxy, dest_card: Pos, dest_space: Pos, space: Pos, turn: int,
                 torus: bool) -> Pos | None:
    """The galaxy cell under ``space`` when the box, turned ``turn`` degrees clockwise, is laid
    so that ``dest_space`` covers ``dest_card``; ``None`` if that is off the galaxy."""
    ts, td = turn_space(space, turn), turn_space(dest_space, turn)
    r = dest_card.row + ts.row - td.row
    c = dest_card.col + ts.col - td.col
    if torus:
        return Pos(r % galaxy.rows, c % galaxy.cols)
    if 0 <= r < galaxy.rows and 0 <= c < galaxy.cols:
        return Pos(r, c)
    return None


Demand = tuple[int, int, frozenset[str], frozenset[str]]
"""A space holding marbles, read under one turn: its (row, col) offset from the destination
card, the planets it requires and the planets it prohibits."""


def demands_under(toss: Toss, turn: int) -> list[Demand]:
    """The toss's marble spaces as offsets from the disc, the box turned ``turn`` degrees."""
    td = turn_space(toss.destination, turn)
    out = []
    for space, (required, prohibited) in toss.demands().items():
        ts = turn_space(space, turn)
        out.append((ts.row - td.row, ts.col - td.col, required, prohibited))
    return out


def read_card(galaxy: Galaxy, toss: Toss, variants: Variants, card: Pos, turn: int,
              demands: list[Demand] | None = None) -> Reading | None:
    """Read ``card`` as destination under ``turn``.

    Returns ``None`` when the card can be neither valid nor a near miss: it is face down,
    or a space holding marbles lies off the galaxy. Otherwise counts unmet demands: each
    required planet the covered card lacks, each prohibited planet it shows; the Wild token
    removes exactly one missing required planet of the card it lies on. ``demands`` may
    pass :func:`demands_under` precomputed for this toss and turn.
    """
    if galaxy[card] is None:  # rule 4: a face-down card is never a destination
        return None
    violations = 0
    wild_used = False
    for dr, dc, required, prohibited in demands or demands_under(toss, turn):
        r, c = card.row + dr, card.col + dc
        if variants.torus:  # rule 7: rows and columns wrap
            r, c = r % galaxy.rows, c % galaxy.cols
        elif not (0 <= r < galaxy.rows and 0 <= c < galaxy.cols):
            return None  # rules 1 and 3: a space with marbles must cover a card
        under = Pos(r, c)
        shown = galaxy[under] or frozenset()  # a face-down card shows no planets
        missing = len(required - shown)
        if under == variants.wild and missing >= 1:
            missing -= 1  # rule 5: the Wild token supplies exactly one missing planet
            wild_used = True
        violations += missing + len(prohibited & shown)
    return Reading(violations, wild_used)


def _turns(variants: Variants) -> tuple[int, ...]:
    return TURNS if variants.rotation else (0,)


def analyse(galaxy: Galaxy, toss: Toss, variants: Variants = Variants()
            ) -> tuple[list[Solution], list[Pos]]:
    """(every valid destination card, every near-miss card), both in row-then-column order.

    A card is a solution when some turn leaves no demand unmet; it lists every such turn and
    is ``wild`` when each of them needed the Wild token. It is a near miss (formats.md) when
    it is face up, valid under no turn and exactly one demand short under some turn.
    """
    turns = _turns(variants)
    per_turn = [demands_under(toss, t) for t in turns]
    solutions: list[Solution] = []
    near: list[Pos] = []
    for card in galaxy.positions():
        readings = [(t, read_card(galaxy, toss, variants, card, t, d))
                    for t, d in zip(turns, per_turn, strict=True)]
        valid = [(t, r.wild_used) for t, r in readings if r is not None and r.violations == 0]
        if valid:
            solutions.append(Solution(card, tuple(t for t, _ in valid),
                                      all(w for _, w in valid)))
        elif any(r is not None and r.violations == 1 for _, r in readings):
            near.append(card)
    return solutions, near


def solve(galaxy: Galaxy, toss: Toss, variants: Variants = Variants()) -> list[Solution]:
    """Every valid destination card, ordered by row then column (formats.md)."""
    return analyse(galaxy, toss, variants)[0]


def near_misses(galaxy: Galaxy, toss: Toss, variants: Variants = Variants()) -> list[Pos]:
    """Face-up cards that are not valid but would be with exactly one marble demand dropped
    (formats.md); under rotation, a near miss under some turn and valid under none."""
    return analyse(galaxy, toss, variants)[1]


def solve_case(case: object, letters: str) -> dict[str, object]:
    """Answer one ``{"galaxy", "toss", "variants"}`` case (a decoded ``solve --batch`` line)
    as the solutions object ``spacebowl solve --json`` prints."""
    puzzle = puzzle_from_json(case, letters)
    return solutions_to_json(solve(puzzle.galaxy, puzzle.toss, puzzle.variants))
