"""The tier rule of :mod:`.human`, written a second time for ``spacebowl check``.

:mod:`.human` scans from the anchor's cards outwards; this module walks every destination
card and every turn of the box, finds the galaxy card under each space with the reference
engine's geometry (:func:`~spacebowl_print.games.spacebowl.rules.reference.covered_cell`),
and keeps the placements whose anchor space covers a card that meets the anchor's demand.
The two must agree on every placement, check, valid card and tier: a booklet's ``grade`` is
accepted only when this module derives the same.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.games.spacebowl.model import CENTRE, TURNS, Galaxy, Pos, Toss, Variants
from spacebowl_print.games.spacebowl.puzzles.tiers import (
    CHECKS_BUDGET,
    TECHNIQUE_TIER,
    TECHNIQUES,
)
from spacebowl_print.games.spacebowl.rules.reference import covered_cell


@dataclass(frozen=True)
class _Reading:
    """How a person who knows some techniques reads the puzzle."""

    turns: tuple[int, ...]
    torus: bool
    wild: Pos | None
    void: bool
    demands: list[tuple[Pos, frozenset[str], frozenset[str]]]  # reading order of spaces


def _reading(toss: Toss, variants: Variants, known: Collection[str]) -> _Reading:
    demands: dict[Pos, tuple[set[str], set[str]]] = {}
    for planet, space in toss.marbles.items():
        req, pro = demands.setdefault(space, (set(), set()))
        if "black_hole" in known and space == toss.black_hole:
            pro.add(planet)
        else:
            req.add(planet)
    return _Reading(
        TURNS if variants.rotation and "rotation" in known else (0,),
        variants.torus and "torus" in known,
        variants.wild if "wild" in known else None,
        "void" in known,
        [(s, frozenset(r), frozenset(p)) for s, (r, p) in sorted(demands.items())])


def _meets(galaxy: Galaxy, how: _Reading, cell: Pos | None, required: frozenset[str],
           prohibited: frozenset[str]) -> bool:
    """Whether the card at ``cell`` meets a demand as this reader reads it."""
    if cell is None:
        return False
    planets = galaxy[cell]
    if planets is None:
        if not how.void:
            return False  # a face-down card read as no card at all
        planets = frozenset()
    lacking = required - planets
    if cell == how.wild and len(lacking) == 1:
        lacking = frozenset()
    return not lacking and not planets & prohibited


Cover = dict[tuple[Pos, Pos, int, bool], Pos | None]
"""The card under a space, by (destination card, space, turn, torus): the reference
engine's :func:`covered_cell`, asked once per puzzle for each."""


def _under(galaxy: Galaxy, toss: Toss, cover: Cover, dest: Pos, space: Pos, turn: int,
           torus: bool) -> Pos | None:
    key = (dest, space, turn, torus)
    if key not in cover:
        cover[key] = covered_cell(galaxy, dest, toss.destination, space, turn, torus)
    return cover[key]


def _walk(galaxy: Galaxy, toss: Toss, variants: Variants, known: Collection[str],
          budget: int | None = None, cover: Cover | None = None
          ) -> tuple[int, int, list[Pos]] | None:
    """(placements, checks, valid cards in the anchor scan's order) for this reader, or None
    when they cannot read the toss. Past ``budget`` checks the walk stops (the reader has
    given up: its checks then exceed the budget, and nothing else counts)."""
    if "offset" not in known and toss.destination != CENTRE:
        return None
    how = _reading(toss, variants, known)
    cover = {} if cover is None else cover
    every = galaxy.positions()
    # the anchor: the demanding space met by the fewest cards (the first such in order)
    counts = [(sum(_meets(galaxy, how, p, req, frozenset()) for p in every), k)
              for k, (_s, req, _p) in enumerate(how.demands) if req]
    anchor = min(counts)[1] if counts else None
    placements: list[tuple[Pos, int, Pos]] = []  # (anchor card, turn, destination)
    for dest in every:
        for turn in how.turns:
            if anchor is None:
                placements.append((dest, turn, dest))
                continue
            space, req, _p = how.demands[anchor]
            under = _under(galaxy, toss, cover, dest, space, turn, how.torus)
            if under is not None and _meets(galaxy, how, under, req, frozenset()):
                placements.append((under, turn, dest))
    placements.sort(key=lambda p: (p[0].row, p[0].col, how.turns.index(p[1])))
    checks = 0
    valid: list[Pos] = []
    for _a, turn, dest in placements:
        if galaxy[dest] is None:
            continue
        good = True
        for k, (space, req, pro) in enumerate(how.demands):
            if k == anchor:
                continue
            checks += 1
            if budget is not None and checks > budget:
                return len(placements), checks, valid
            if not _meets(galaxy, how, _under(galaxy, toss, cover, dest, space, turn,
                                              how.torus), req, pro):
                good = False
                break
        if good and dest not in valid:
            valid.append(dest)
    return len(placements), checks, valid


def _in_play(galaxy: Galaxy, toss: Toss, variants: Variants) -> set[str]:
    out = set()
    if toss.destination != CENTRE:
        out.add("offset")
    if toss.black_hole is not None and any(s == toss.black_hole for s in toss.marbles.values()):
        out.add("black_hole")
    for name, on in (("wild", variants.wild is not None), ("rotation", variants.rotation),
                     ("torus", variants.torus),
                     ("void", any(galaxy[p] is None for p in galaxy.positions()))):
        if on:
            out.add(name)
    return out


def _right(galaxy: Galaxy, toss: Toss, variants: Variants, question: str,
           answer: Collection[Pos], known: set[str], budget: int | None, cover: Cover
           ) -> bool:
    walked = _walk(galaxy, toss, variants, known, budget, cover)
    if walked is None:
        return False
    _placements, checks, valid = walked
    if budget is not None and checks > budget:
        return False
    if question == "count" or len(answer) == 0:
        return ("count" in known and _in_play(galaxy, toss, variants).issubset(known)
                and sorted(valid) == sorted(answer))
    return len(valid) > 0 and valid[0] in answer


def regrade(galaxy: Galaxy, toss: Toss, variants: Variants, question: str,
            answer: Sequence[Pos]) -> tuple[int, dict[str, Any]]:
    """The tier and the manifest's ``grade`` object (``{"techniques", "placements",
    "checks"}``), derived without :mod:`.human`."""
    cover: Cover = {}
    tier = 0
    for k in sorted(CHECKS_BUDGET):
        known = {t for t in TECHNIQUES if TECHNIQUE_TIER[t] <= k}
        if _right(galaxy, toss, variants, question, answer, known, CHECKS_BUDGET[k], cover):
            tier = k
            break
    # without a rule that is not in play the puzzle reads the same: only those in play, and
    # counting, can be needed
    maybe = _in_play(galaxy, toss, variants) | {"count"}
    needed = [t for t in TECHNIQUES if t == "scan" or (t in maybe and not _right(
        galaxy, toss, variants, question, answer, set(TECHNIQUES) - {t}, None, cover))]
    walked = _walk(galaxy, toss, variants, set(TECHNIQUES), None, cover)
    placements, checks = (walked[0], walked[1]) if walked is not None else (0, 0)
    return tier, {"techniques": needed, "placements": placements, "checks": checks}


__all__ = ["regrade"]
