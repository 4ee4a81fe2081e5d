"""The plain reference engine: loops over cards, spaces and turns, written to be obviously
right rather than fast. Every answer key and solver result is re-checked against it.

It shares nothing with :mod:`spacebowl_print.rules.bitboard` but the data model.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.model import TURNS, Galaxy, Pos, Solution, Toss, Variants, turn_space


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


def read_card(galaxy: Galaxy, toss: Toss, variants: Variants, card: Pos, turn: int
              ) -> Reading | None:
    """Read ``card`` as destination under ``turn``.

    Returns ``None`` when the card can be neither valid nor a near miss: it is face down,
    or a space holding marbles lies off the galaxy. Otherwise counts unmet demands: each
    required planet the covered card lacks, each prohibited planet it shows; the Wild token
    removes exactly one missing required planet of the card it lies on.
    """
    if galaxy[card] is None:  # rule 4: a face-down card is never a destination
        return None
    violations = 0
    wild_used = False
    for space, (required, prohibited) in toss.demands().items():
        under = covered_cell(galaxy, card, toss.destination, space, turn, variants.torus)
        if under is None:  # rules 1 and 3: a space with marbles must cover a card
            return None
        shown = galaxy[under] or frozenset()  # a face-down card shows no planets
        missing = len(required - shown)
        if under == variants.wild and missing >= 1:
            missing -= 1  # rule 5: the Wild token supplies exactly one missing planet
            wild_used = True
        violations += missing + len(prohibited & shown)
    return Reading(violations, wild_used)


def _turns(variants: Variants) -> tuple[int, ...]:
    return TURNS if variants.rotation else (0,)


def solve(galaxy: Galaxy, toss: Toss, variants: Variants = Variants()) -> list[Solution]:
    """Every valid destination card, ordered by row then column (formats.md)."""
    out: list[Solution] = []
    for card in galaxy.positions():
        valid_turns: list[int] = []
        needs_wild: list[bool] = []
        for turn in _turns(variants):
            reading = read_card(galaxy, toss, variants, card, turn)
            if reading is not None and reading.violations == 0:
                valid_turns.append(turn)
                needs_wild.append(reading.wild_used)
        if valid_turns:
            out.append(Solution(card, tuple(valid_turns), all(needs_wild)))
    return out


def near_misses(galaxy: Galaxy, toss: Toss, variants: Variants = Variants()) -> list[Pos]:
    """Face-up cards that are not valid but would be with exactly one marble demand dropped
    (formats.md); under rotation, a near miss under some turn and valid under none."""
    out: list[Pos] = []
    for card in galaxy.positions():
        readings = [read_card(galaxy, toss, variants, card, t) for t in _turns(variants)]
        counts = [r.violations for r in readings if r is not None]
        if counts and 0 not in counts and 1 in counts:
            out.append(card)
    return out
