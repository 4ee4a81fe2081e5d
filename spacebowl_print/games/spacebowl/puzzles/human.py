"""The human-model solver that grades Space Bowl puzzles: a person's scan, limited to the
techniques they know and to the checks they will make before giving up.

**The scan** (what a person does with the booklet's page): pick the marble space whose
planets the fewest galaxy cards show (the *anchor*: the rarest demand); lay the box on the
galaxy so that the anchor space covers each such card in turn (and, under rotation, each
turn of the box) — a *placement* whenever the disc's space then lies on the galaxy; on each
placement whose destination is a face-up card, check the other marble spaces one at a time,
in the box's reading order (spaces 1 to 9), stopping at the first that fails — each a
*check*. A placement where every check passes is a valid card.

**Techniques** (:data:`~.tiers.TECHNIQUES`, each with its tier): without one, the person
reads the toss the naive way — without ``offset`` only a toss with the disc in the centre
space can be read; without ``black_hole`` marbles beside the Black Hole disc are read as
ordinary demands; without ``wild`` the Wild token is not used; without ``rotation`` only the
box as it lies; without ``torus`` nothing wraps; without ``void`` a face-down card is read as
no card at all; without ``count`` the person stops at the first valid card they see, so can
neither count the valid cards nor say there is none. Counting, or saying "none", is sure
only for a person who knows every rule in play (:func:`present`): a lucky count does not
solve.

**Solving**: the solver limited to tier *k* knows the techniques of tiers 1..*k* and makes at
most :data:`~.tiers.CHECKS_BUDGET` [*k*] checks; it solves a puzzle when its scan stays within
that budget and gives the right answer to the puzzle's question (a valid card for *find* and
*any*; every valid card for *count*; "none" when no card is valid). A puzzle is of tier *k*
when the tier-*k* solver solves it and the tier-(*k*−1) one does not (:func:`grade`).

The independent re-grading that ``spacebowl check`` runs is :mod:`.regrade` (the same rule,
written again from every destination card rather than from the anchor's cards).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from spacebowl_print.games.spacebowl.model import (
    CENTRE,
    TURNS,
    Galaxy,
    Pos,
    Toss,
    Variants,
    turn_space,
)
from spacebowl_print.games.spacebowl.puzzles.tiers import (
    CHECKS_BUDGET,
    TECHNIQUES,
    known_at,
)


@dataclass(frozen=True)
class Scan:
    """One person's scan: placements laid, checks made, the valid cards seen (scan order)."""

    placements: int
    checks: int
    found: tuple[Pos, ...]


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: its ``tier``, the ``techniques`` it needs (those without which even
    an unlimited scan gives a wrong answer, ``scan`` always) and the features of the full
    scan (every technique known): ``placements``, ``checks``."""

    tier: int
    techniques: tuple[str, ...]
    placements: int
    checks: int

    def to_json(self) -> dict[str, object]:
        """The manifest's ``grade`` object."""
        return {"techniques": list(self.techniques), "placements": self.placements,
                "checks": self.checks}


def _spaces(toss: Toss, black_hole: bool) -> list[tuple[Pos, frozenset[str], frozenset[str]]]:
    """(space, required, prohibited) per marble space in reading order; read without the
    black hole, every marble is a requirement."""
    read = toss if black_hole else Toss(toss.destination, toss.marbles, None)
    demands = read.demands()
    return [(s, *demands[s]) for s in sorted(demands)]


def scan(galaxy: Galaxy, toss: Toss, variants: Variants, known: Collection[str],
         give_up: int | None = None) -> Scan | None:
    """The scan of a person who knows the techniques ``known`` (see the module docstring);
    None when they cannot read the toss at all (the disc off centre without ``offset``).
    With ``give_up``, the scan stops at the check after that many (the person gives up:
    the scan's checks then exceed ``give_up`` and its other figures are partial).

    Planets are bit masks here (the scan runs for every galaxy the generator builds)."""
    if toss.destination != CENTRE and "offset" not in known:
        return None
    turns = TURNS if variants.rotation and "rotation" in known else (0,)
    torus = variants.torus and "torus" in known
    wild = variants.wild if "wild" in known else None
    rows, cols = galaxy.rows, galaxy.cols
    bit = {p: 1 << i for i, p in enumerate(sorted(set(toss.marbles)))}
    # per cell: the demanded planets it shows as a mask, -1 for no card
    shown = [[-1 if cell is None and "void" not in known
              else sum(b for p, b in bit.items() if cell is not None and p in cell)
              for cell in row] for row in galaxy.cells]
    wild_at = (wild.row, wild.col) if wild is not None else (-1, -1)
    spaces = [(space, sum(bit[p] for p in req), sum(bit[p] for p in pro))
              for space, req, pro in _spaces(toss, "black_hole" in known)]

    def meets(r: int, c: int, req: int, pro: int) -> bool:
        if torus:
            r, c = r % rows, c % cols
        elif not (0 <= r < rows and 0 <= c < cols):
            return False
        have = shown[r][c]
        if have < 0:
            return False
        missing = req & ~have
        if missing and (r, c) == wild_at and not missing & (missing - 1):
            missing = 0  # the Wild token supplies one missing planet
        return not missing and not pro & have

    positions = galaxy.positions()
    anchors = [k for k, (_s, req, _p) in enumerate(spaces) if req]
    anchor, anchor_cards = -1, positions
    if anchors:
        cards = {k: [p for p in positions if meets(p.row, p.col, spaces[k][1], 0)]
                 for k in anchors}
        anchor = min(anchors, key=lambda k: (len(cards[k]), k))
        anchor_cards = cards[anchor]
    # per turn: the disc's offset and each space's offset from the disc
    laid = []
    for turn in turns:
        disc = turn_space(toss.destination, turn)
        offsets = [(turn_space(sp, turn).row - disc.row, turn_space(sp, turn).col - disc.col)
                   for sp, _r, _p in spaces]
        laid.append((offsets[anchor] if anchor >= 0 else (0, 0), offsets))
    others = [k for k in range(len(spaces)) if k != anchor]
    placements = checks = 0
    found: list[Pos] = []
    for a in anchor_cards:
        for (dr, dc), offsets in laid:
            r, c = a.row - dr, a.col - dc
            if torus:
                r, c = r % rows, c % cols
            elif not (0 <= r < rows and 0 <= c < cols):
                continue  # the disc's space falls off the galaxy: not a placement
            placements += 1
            if galaxy.cells[r][c] is None:
                continue  # a face-down card is never a destination
            ok = True
            for k in others:
                checks += 1
                if give_up is not None and checks > give_up:
                    return Scan(placements, checks, tuple(found))
                _sp, req, pro = spaces[k]
                if not meets(r + offsets[k][0], c + offsets[k][1], req, pro):
                    ok = False
                    break
            if ok and Pos(r, c) not in found:
                found.append(Pos(r, c))
    return Scan(placements, checks, tuple(found))


def solves(galaxy: Galaxy, toss: Toss, variants: Variants, question: str,
           answer: Collection[Pos], tier: int) -> bool:
    """Whether the solver limited to ``tier`` solves the puzzle whose valid cards are
    ``answer`` (see the module docstring)."""
    return _solves(galaxy, toss, variants, question, answer, known_at(tier),
                   CHECKS_BUDGET[tier])


def present(galaxy: Galaxy, toss: Toss, variants: Variants) -> frozenset[str]:
    """The techniques a person must know to be sure they have seen every valid card: those
    of the rules in play (the disc off centre, a marble beside the Black Hole disc, the Wild
    token, rotation, torus, a face-down card)."""
    on = {"offset": toss.destination != CENTRE,
          "black_hole": toss.black_hole is not None and toss.black_hole in
          toss.marbles.values(),
          "wild": variants.wild is not None, "rotation": variants.rotation,
          "torus": variants.torus,
          "void": any(c is None for row in galaxy.cells for c in row)}
    return frozenset(t for t, yes in on.items() if yes)


def _solves(galaxy: Galaxy, toss: Toss, variants: Variants, question: str,
            answer: Collection[Pos], known: Collection[str], budget: int | None) -> bool:
    seen = scan(galaxy, toss, variants, known, budget)
    if seen is None or (budget is not None and seen.checks > budget):
        return False
    if question == "count" or not answer:
        # counting, or saying there is none, is only sure with every rule in play known
        return ("count" in known and present(galaxy, toss, variants) <= set(known)
                and set(seen.found) == set(answer))
    return bool(seen.found) and seen.found[0] in answer


def grade(galaxy: Galaxy, toss: Toss, variants: Variants, question: str,
          answer: Sequence[Pos]) -> Grade:
    """The puzzle's :class:`Grade`: the least tier whose solver solves it."""
    tier = next((k for k in CHECKS_BUDGET
                 if solves(galaxy, toss, variants, question, answer, k)), 0)
    every = set(TECHNIQUES)
    # a rule not in play reads the same known or not: only those in play (and counting)
    # can be needed
    maybe = present(galaxy, toss, variants) | {"count"}
    needed = tuple(t for t in TECHNIQUES if t == "scan" or (t in maybe and not _solves(
        galaxy, toss, variants, question, answer, every - {t}, None)))
    full = scan(galaxy, toss, variants, every)
    assert full is not None  # every technique known: the toss is always read
    return Grade(tier, needed, full.placements, full.checks)


__all__ = ["Grade", "Scan", "grade", "present", "scan", "solves"]
