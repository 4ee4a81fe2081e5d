"""The galaxy builder's contract: requests, results, their checks and certification.

A :class:`BuildRequest` names a toss and what the galaxy must give it; :func:`check_request`
turns it into a :class:`Job` (the CP-SAT :class:`~solve.galaxy_cpsat.Target` plus the deck
cards the galaxy may use) or raises :class:`InputError` at the request's field; every galaxy
the builder returns has passed :func:`certify` (the reference engine) first. Dealing random
galaxies (:func:`deal`, :func:`galaxy_of`) lives here too, shared by the sampler and the
builder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import (
    Deck,
    Galaxy,
    InputError,
    Pos,
    Solution,
    Toss,
    Variants,
    galaxy_to_json,
)
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.solve.galaxy_cpsat import Layout, Target, WildRule

Cards = npt.NDArray[np.intp]
"""Deck card indices: a galaxy's cards slot by slot, or the cards a request allows."""


class BuilderBug(RuntimeError):
    """A built galaxy that the reference engine does not certify: a bug, never bad input."""


@dataclass(frozen=True)
class BuildRequest:
    """One galaxy to build for ``toss``: exactly ``solutions`` valid cards and at least
    ``near_misses`` near misses (at most ``near_misses_max``, when given).

    ``wild_needed``: none valid without the Wild token, and ``solutions`` (≥ 1) valid with it on
    the cell the builder chooses; ``wild_matters``: the same token placement, but only at least
    one of the ``solutions`` needs it. ``exclude``: deck card ids the galaxy must not contain
    (e.g. the top card whose planets were tossed).
    """

    toss: Toss
    solutions: int
    near_misses: int = 0
    wild_needed: bool = False
    near_misses_max: int | None = None
    exclude: frozenset[int] = frozenset()
    wild_matters: bool = False

    @property
    def wild(self) -> WildRule:
        """The Wild token's rule for this request."""
        return "needed" if self.wild_needed else "matters" if self.wild_matters else "none"


@dataclass(frozen=True)
class BuildResult:
    """A certified galaxy.

    ``galaxy`` carries ``card_ids``; ``variants`` are the ones the answer holds under (their
    ``wild`` is the Wild token's cell when the request placed one); ``solutions`` and
    ``near_misses`` are the reference engine's answer. ``strategy`` is ``"sample"`` or
    ``"cpsat"`` (what produced this galaxy), ``tries`` the galaxies sampled plus CP-SAT solves,
    ``seconds`` the wall time including certification.
    """

    galaxy: Galaxy
    toss: Toss
    variants: Variants
    solutions: tuple[Solution, ...]
    near_misses: tuple[Pos, ...]
    strategy: str
    tries: int
    seconds: float

    @property
    def wild(self) -> Pos | None:
        """The Wild token's cell (requests with a Wild token only)."""
        return self.variants.wild

    def to_json(self, letters: str) -> dict[str, Any]:
        """The ``galaxy.json`` value (formats.md: ``cards`` and ``card_ids``)."""
        return galaxy_to_json(self.galaxy, letters)

    def report(self) -> str:
        """One or two human-readable lines."""
        cells = ", ".join(s.cell.name for s in self.solutions) or "none"
        line = (f"{self.galaxy.cols}×{self.galaxy.rows} galaxy: {len(self.solutions)} "
                f"solution(s) ({cells}), {len(self.near_misses)} near miss(es); "
                f"{self.strategy}, {self.tries} tries, {self.seconds * 1000:.1f} ms")
        if self.wild is not None:
            if any(not s.wild for s in self.solutions):
                line += f"\nWild token on {self.wild.name}: some solutions need it"
            else:
                line += f"\nWild token on {self.wild.name}: no solution without it"
        return line


@dataclass(frozen=True)
class Setup:
    """A checked deck and galaxy shape, with the deck as arrays."""

    deck: Deck
    rows: int
    cols: int
    rotation: bool
    torus: bool
    void: int
    masks: npt.NDArray[np.int64]  # (cards,) planet bit masks over deck.letters
    sets: tuple[frozenset[str], ...]
    ids: tuple[int, ...]
    layout: Layout = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", Layout(self.rows, self.cols, self.rotation,
                                                  self.torus, self.void, self.deck.letters))

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def variants(self, wild: Pos | None = None) -> Variants:
        return Variants(self.rotation, self.torus, wild)


@dataclass(frozen=True)
class Job:
    """A checked request: its CP-SAT target and the deck card indices its galaxy may use
    (ascending; every card unless the request excludes some)."""

    target: Target
    allowed: Cards


def make_setup(deck: Deck, size: tuple[int, int], rotation: bool, torus: bool, void: int
               ) -> Setup:
    """Check the galaxy shape against the deck and the bitboard engine (``size`` is
    (columns, rows)); :class:`InputError` at ``size`` or ``void`` otherwise."""
    cols, rows = size
    if rows < 3 or not 3 <= cols <= 26:
        raise InputError(f"a galaxy is at least 3×3 and at most 26 columns wide, "
                         f"got {cols}×{rows}", "size")
    if rows * cols > bitboard.MAX_CELLS:
        raise InputError(f"at most {bitboard.MAX_CELLS} cards, got {cols}×{rows}", "size")
    if rows * cols > len(deck.cards):
        raise InputError(f"a {cols}×{rows} galaxy needs {rows * cols} distinct cards, the deck "
                         f"{deck.name} has {len(deck.cards)}", "size")
    if not 0 <= void < rows * cols:
        raise InputError(f"must be between 0 and {rows * cols - 1}, got {void}", "void")
    letters = deck.letters
    masks = np.array([sum(1 << letters.index(p) for p in c.planets) for c in deck.cards],
                     dtype=np.int64)
    return Setup(deck, rows, cols, rotation, torus, void, masks,
                 tuple(c.planet_set for c in deck.cards), tuple(c.id for c in deck.cards))


def _check_numbers(req: BuildRequest) -> None:
    """The request's own numbers, before any geometry."""
    if req.solutions < 0:
        raise InputError(f"must be 0 or more, got {req.solutions}", "solutions")
    if req.near_misses < 0:
        raise InputError(f"must be 0 or more, got {req.near_misses}", "near_misses")
    if req.near_misses_max is not None and req.near_misses_max < req.near_misses:
        raise InputError(f"must be at least near_misses ({req.near_misses}), got "
                         f"{req.near_misses_max}", "near_misses_max")
    if req.wild_needed and req.wild_matters:
        raise InputError("the Wild token is either needed by every solution or by some, "
                         "not both", "wild_matters")
    if req.wild != "none" and req.solutions < 1:
        raise InputError(f"must be at least 1 when the Wild token must help a solution, "
                         f"got {req.solutions}", "solutions")


def _allowed(setup: Setup, exclude: frozenset[int]) -> Cards:
    """Indices of the deck cards not in ``exclude``, which must name deck cards."""
    unknown = sorted(exclude - set(setup.ids))
    if unknown:
        raise InputError(f"no card {unknown[0]} in the deck {setup.deck.name}", "exclude")
    allowed = np.array([i for i, c in enumerate(setup.ids) if c not in exclude], dtype=np.intp)
    if len(allowed) < setup.cells:
        raise InputError(f"a {setup.cols}×{setup.rows} galaxy needs {setup.cells} distinct "
                         f"cards, {len(allowed)} are left", "exclude")
    return allowed


def _check_room(setup: Setup, req: BuildRequest, target: Target) -> None:
    """Targets that the toss's geometry alone rules out."""
    if req.wild_needed:
        # With no solution without the token, each solution has the token's card under one of
        # its required spaces; a card, a space and a turn fix the destination.
        helped = sum(1 for _, required, _ in target.demands if required)
        most = helped * len(setup.layout.turns)
        if req.solutions > most:
            raise InputError(
                f"infeasible target: when every solution needs the Wild token, each has the "
                f"token's card under one of the toss's {helped} spaces with required marbles, "
                f"so this toss allows at most {most}, not {req.solutions}", "solutions")
    room = min(len(target.fits), setup.cells - setup.void)
    if req.solutions + req.near_misses > room:
        what = (f"{req.solutions} solution(s)" if req.near_misses == 0 else
                f"{req.solutions} solution(s) plus {req.near_misses} near miss(es)")
        raise InputError(f"infeasible target: {what} need more than the {room} cards that can "
                         f"be destinations of this toss on a {setup.cols}×{setup.rows} galaxy"
                         + (f" with {setup.void} face down" if setup.void else ""), "solutions")


def check_request(setup: Setup, req: BuildRequest) -> Job:
    """The request as a :class:`Job`; :class:`InputError` at the request's field (``toss``,
    ``solutions``, ``near_misses``, ``near_misses_max``, ``wild_matters``, ``exclude``) when it
    is malformed or its target plainly infeasible."""
    for planet in req.toss.marbles:
        if planet not in setup.deck.letters:
            raise InputError(f"unknown planet {planet!r} (deck planets: {setup.deck.letters})",
                             "toss", "marbles")
    _check_numbers(req)
    allowed = _allowed(setup, req.exclude)
    target = Target.of(setup.layout, req.toss, req.solutions, req.near_misses,
                       req.near_misses_max, req.wild)
    _check_room(setup, req, target)
    return Job(target, allowed)


def certify(setup: Setup, target: Target, galaxy: Galaxy, wild: Pos | None
            ) -> tuple[tuple[Solution, ...], tuple[Pos, ...]]:
    """The reference engine's answer for ``galaxy``, after checking it meets ``target``;
    :class:`BuilderBug` on any disagreement."""
    variants = setup.variants(wild)
    sols, near = reference.analyse(galaxy, target.toss, variants)
    problems = []
    if len(sols) != target.solutions:
        problems.append(f"{len(sols)} solutions, wanted {target.solutions}")
    if not target.near_ok(len(near)):
        top = "" if target.near_max is None else f" and ≤ {target.near_max}"
        problems.append(f"{len(near)} near misses, wanted ≥ {target.near_misses}{top}")
    if target.wild != "none":
        plain = reference.solve(galaxy, target.toss, setup.variants())
        if len(plain) > target.plain_max:
            problems.append(f"{len(plain)} solutions without the Wild token, wanted at most "
                            f"{target.plain_max}")
    if problems:
        raise BuilderBug("the reference engine disagrees with the builder: "
                         + "; ".join(problems))
    return tuple(sols), tuple(near)


def deal(setup: Setup, rng: np.random.Generator, n: int, allowed: Cards
         ) -> tuple[Cards, npt.NDArray[np.bool_]]:
    """``n`` random galaxies of ``allowed`` cards: (n, cells) deck card indices and (n, cells)
    face-down flags."""
    order = allowed[np.argsort(rng.random((n, len(allowed))), axis=1)[:, : setup.cells]]
    hidden = np.zeros((n, setup.cells), dtype=bool)
    if setup.void:
        pick = np.argsort(rng.random((n, setup.cells)), axis=1)[:, : setup.void]
        np.put_along_axis(hidden, pick, True, axis=1)
    return order, hidden


def galaxy_of(setup: Setup, order: Cards, hidden: npt.NDArray[np.bool_]) -> Galaxy:
    """The :class:`Galaxy` (with ``card_ids``) of one dealt row of :func:`deal`."""
    cols = setup.cols
    cells = tuple(
        tuple(None if hidden[r * cols + c] else setup.sets[order[r * cols + c]]
              for c in range(cols))
        for r in range(setup.rows))
    ids = tuple(tuple(setup.ids[order[r * cols + c]] for c in range(cols))
                for r in range(setup.rows))
    return Galaxy(cells, ids)
