"""Stars: the best choice of one placement (or none) per constellation card.

A *placement* of a card is a translation with one of the six turns by 60° (no mirroring)
that puts every red star of the pattern on a cell of the pad. It *completes* the card when
every red cell holds a star; it then scores ``value + bonus × (purple cells holding a star)``.
A completed placement *uses* its red cells and its purple cells that hold stars, and each
star serves at most one card: the placements chosen must use disjoint cells (docs/hubble.md,
Decision "a purple star serves its card").

Three paths to the same total:

- :func:`best_reference` — its own coordinate arithmetic (cube coordinates), its own turns,
  and a plain search over every combination, written to be obviously right;
- :func:`best_cpsat` — CP-SAT: one boolean per completed placement, at most one per card, at
  most one per star cell (one worker, fixed seed, must prove optimality);
- :func:`best` — the production path: an ordered branch and bound that returns, among the
  optimal choices, the first in a fixed order (cards in order; each card's completed
  placements by points, highest first, then in :func:`placements` order; "none" last), so
  reports are reproducible; a search that grows too large is handed to CP-SAT.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacebowl_print.core import cpsat
from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import STAR, PadGeometry, geometry
from spacebowl_print.games.hubble.rules.cpsat import solve_proved

SEARCH_LIMIT = 200_000
"""Branch-and-bound nodes before the production path hands the choice to CP-SAT."""

CPSAT_BUDGET = 20.0
"""CP-SAT's deterministic seconds (the same work on any machine, about 15 s here) to prove
the best choice once the branch and bound has given up. Only pads no game draws need it: the
worst pads measured are dense with stars and play for many cards (6 × 8 all stars with 8
cards: 0.6 s in the branch and bound; 14 × 4 all stars with all 20 cards: 102 deterministic
seconds of CP-SAT, refused). A pad beyond it is refused with a one-line error, not scored
after minutes (every user file is bounded in time)."""


@dataclass(frozen=True)
class Placement:
    """Where a card's stars fall: ``turn`` (0–5, times 60°), the cell of each red star in the
    card's order, and the cell of each purple star (``None`` off the pad)."""

    turn: int
    red: tuple[int, ...]
    purple: tuple[int | None, ...]


@dataclass(frozen=True)
class Chosen:
    """A completed card in the best choice: its index among the cards, its placement, the
    purple cells that hold stars, and its points."""

    card: int
    placement: Placement
    purple_stars: tuple[int, ...]
    points: int


@lru_cache(maxsize=4096)
def placements(card: Constellation, cols: int, rows: int) -> tuple[Placement, ...]:
    """Every placement of ``card`` on a ``cols`` × ``rows`` pad, in order of the cell of its
    first red star, then turn; placements covering the same red and purple cells as an
    earlier one (symmetric patterns) are left out."""
    geo = geometry(cols, rows)
    turned = [card.turned(k) for k in range(6)]
    seen: set[tuple[frozenset[int], frozenset[int]]] = set()
    out: list[Placement] = []
    for anchor in range(geo.size):
        aq, ar = geo.axial[anchor]
        for k, (red_t, purple_t) in enumerate(turned):
            dq, dr = aq - red_t[0][0], ar - red_t[0][1]
            red = [geo.at_axial(q + dq, r + dr) for q, r in red_t]
            if any(c is None for c in red):
                continue
            purple = tuple(geo.at_axial(q + dq, r + dr) for q, r in purple_t)
            red_cells = tuple(c for c in red if c is not None)
            key = (frozenset(red_cells), frozenset(c for c in purple if c is not None))
            if key in seen:
                continue
            seen.add(key)
            out.append(Placement(k, red_cells, purple))
    return tuple(out)


def _completed(cells: str, card: Constellation, geo: PadGeometry
               ) -> list[tuple[int, int, Placement, tuple[int, ...]]]:
    """(points, used-cells bitmask, placement, purple stars) of each completed placement."""
    out = []
    for p in placements(card, geo.cols, geo.rows):
        if all(cells[c] == STAR for c in p.red):
            extra = tuple(c for c in p.purple if c is not None and cells[c] == STAR)
            mask = 0
            for c in p.red + extra:
                mask |= 1 << c
            out.append((card.value + card.bonus * len(extra), mask, p, extra))
    return out


class _TooBig(Exception):
    pass


def best(cells: str, cards: Sequence[Constellation], geo: PadGeometry
         ) -> tuple[int, list[Chosen]]:
    """The stars score and the completed cards of the best choice (production path)."""
    # richest placements first (stable: ties keep the placement order), so that the first
    # descent usually meets the ceiling and the bound cuts the rest of the search
    options = [sorted(_completed(cells, card, geo), key=lambda o: -o[0]) for card in cards]
    if not any(options):
        return 0, []
    ranked = [[(o[0], o[1]) for o in opts] for opts in options]
    twin = [j > 0 and cards[j] == cards[j - 1] for j in range(len(cards))]
    ceiling = [max((o[0] for o in opts), default=0) for opts in options]
    rest = [sum(ceiling[j:]) for j in range(len(cards) + 1)]
    best_total = -1
    best_pick: list[int] = []
    pick: list[int] = []
    nodes = 0

    def search(j: int, used: int, total: int) -> None:
        nonlocal best_total, best_pick, nodes
        nodes += 1
        if nodes > SEARCH_LIMIT:
            raise _TooBig
        if j == len(cards):
            if total > best_total:
                best_total, best_pick = total, list(pick)
            return
        if total + rest[j] <= best_total:
            return  # cannot beat the best so far (ties keep the earlier choice)
        # the tighter ceiling: each card left at its richest placement still free of the
        # cells used so far (dense pads with many cards, where every ceiling overlaps)
        free = total
        gain = 0
        for k in range(j, len(cards)):
            if k == j or not twin[k]:  # a copy's richest free placement is its card's
                gain = 0
                for points, mask in ranked[k]:
                    if not mask & used:
                        gain = points
                        break
            free += gain
            if free + rest[k + 1] <= best_total:
                return
        # a card repeated from the one before takes a later placement or none, as the
        # earlier copy did: the other orders of the same placements are the same choice,
        # found later in the fixed order, so the first best choice is still the one kept
        start = 0
        if twin[j]:
            start = pick[-1] + 1 if pick[-1] >= 0 else len(options[j])
        for i in range(start, len(options[j])):
            points, mask, _, _ = options[j][i]
            if not mask & used:
                pick.append(i)
                search(j + 1, used | mask, total + points)
                pick.pop()
        pick.append(-1)
        search(j + 1, used, total)
        pick.pop()

    try:
        search(0, 0, 0)
    except _TooBig:
        hint = [(j, i) for j, i in enumerate(best_pick) if i >= 0]
        return best_cpsat(cells, cards, geo, options=options, hint=hint,
                          budget=CPSAT_BUDGET)
    chosen = [Chosen(j, options[j][i][2], options[j][i][3], options[j][i][0])
              for j, i in enumerate(best_pick) if i >= 0]
    return best_total, chosen


def best_cpsat(cells: str, cards: Sequence[Constellation], geo: PadGeometry, *,
               options: Sequence[Sequence[tuple[int, int, Placement, tuple[int, ...]]]]
               | None = None, hint: Sequence[tuple[int, int]] = (),
               budget: float | None = None) -> tuple[int, list[Chosen]]:
    """The stars score and completed cards by CP-SAT. ``options`` are the completed
    placements per card (as :func:`best` ranks them; computed when None), ``hint`` a choice
    of (card, option) pairs to start from. Raises ``RuntimeError`` unless the solver proves
    its answer optimal, or :class:`InputError` when ``budget`` (deterministic seconds) runs
    out first."""
    cp_model = cpsat.cp_model()  # imported on first use, with signals held back

    if options is None:
        options = [_completed(cells, card, geo) for card in cards]
    if not any(options):
        return 0, []
    model = cp_model.CpModel()
    var: dict[tuple[int, int], Any] = {}  # OR-Tools' IntVar: typed Any, imported lazily
    by_cell: dict[int, list[Any]] = {}
    for j, opts in enumerate(options):
        for i, (_, mask, _, _) in enumerate(opts):
            v = model.new_bool_var(f"c{j}p{i}")
            var[j, i] = v
            m = mask
            while m:
                c = (m & -m).bit_length() - 1
                m &= m - 1
                by_cell.setdefault(c, []).append(v)
        if len(opts) > 1:
            model.add_at_most_one(var[j, i] for i in range(len(opts)))
    for vs in by_cell.values():
        if len(vs) > 1:
            model.add_at_most_one(vs)
    model.maximize(sum(options[j][i][0] * v for (j, i), v in var.items()))
    for j, i in hint:
        model.add_hint(var[j, i], 1)
    try:
        solver = solve_proved(model, "the stars score", budget)
    except TimeoutError:
        stars = cells.count(STAR)
        raise InputError(f"{len(cards)} cards on a pad of {stars} stars: the best choice of "
                         f"their placements was not proved within the budget (a game's pad "
                         f"plays for 2 cards)", "constellations") from None
    chosen = [Chosen(j, options[j][i][2], options[j][i][3], options[j][i][0])
              for (j, i), v in sorted(var.items()) if solver.value(v)]
    return sum(c.points for c in chosen), chosen


def best_other_reading(cells: str, cards: Sequence[Constellation], geo: PadGeometry,
                       limit: int = 100_000) -> int:
    """The stars score under the other reading of "each star serves at most one card": the
    chosen placements' red stars are disjoint, and each purple star present counts for at
    most one card, never for a card when it is another chosen card's red star. It is never
    below :func:`best`; the par solver publishes only pads on which the two readings agree.
    Plain enumeration; with more than ``limit`` combinations it returns :func:`best`."""
    options = [_completed(cells, card, geo) for card in cards]
    combos = 1
    for opts in options:
        combos *= len(opts) + 1
    if combos > limit:
        return best(cells, cards, geo)[0]
    top = 0

    def walk(j: int, chosen: list[tuple[int, int, tuple[int, ...]]]) -> None:
        nonlocal top
        if j == len(options):
            red = 0
            for _, mask, _ in chosen:
                red |= mask
            credit: dict[int, int] = {}
            for card, _, extra in chosen:
                for c in extra:
                    if not red >> c & 1:
                        credit[c] = max(credit.get(c, 0), cards[card].bonus)
            top = max(top, sum(cards[card].value for card, _, _ in chosen)
                      + sum(credit.values()))
            return
        walk(j + 1, chosen)
        used = 0
        for _, mask, _ in chosen:
            used |= mask
        for _, _, p, extra in options[j]:
            mask = 0
            for c in p.red:
                mask |= 1 << c
            if not mask & used:
                walk(j + 1, [*chosen, (j, mask, extra)])

    walk(0, [])
    return top


# --------------------------------------------------------------------------- reference

def _cube_turn(q: int, r: int) -> tuple[int, int]:
    """One turn by 60° in cube coordinates (x, y, z) = (q, −q−r, r) → (−z, −x, −y)."""
    x, y, z = q, -q - r, r
    x, y, z = -z, -x, -y
    return x, z


def best_reference(rows: Sequence[str], cards: Sequence[Constellation]) -> int:
    """The stars score of a pad given as row strings, by brute force: every card's completed
    placements from first principles, then every combination of one (or none) per card."""
    height, width = len(rows), len(rows[0])
    stars = {(r, c) for r in range(height) for c in range(width) if rows[r][c] == STAR}

    def to_axial(r: int, c: int) -> tuple[int, int]:
        return c - (r - (r & 1)) // 2, r

    def to_offset(q: int, r: int) -> tuple[int, int] | None:
        if not 0 <= r < height:
            return None
        c = q + (r - (r & 1)) // 2
        return (r, c) if 0 <= c < width else None

    per_card: list[list[tuple[int, frozenset[tuple[int, int]]]]] = []
    for card in cards:
        options: set[tuple[int, frozenset[tuple[int, int]]]] = set()
        red, purple = list(card.red), list(card.purple)
        for _ in range(6):
            for anchor in stars:  # the first red star must sit on some star
                aq, ar = to_axial(*anchor)
                dq, dr = aq - red[0][0], ar - red[0][1]
                red_cells = [to_offset(q + dq, r + dr) for q, r in red]
                if not all(c in stars for c in red_cells):
                    continue
                extra = [to_offset(q + dq, r + dr) for q, r in purple]
                got = frozenset(c for c in extra if c in stars)
                used = frozenset(c for c in red_cells if c is not None) | got
                options.add((card.value + card.bonus * len(got), used))
            red = [_cube_turn(q, r) for q, r in red]
            purple = [_cube_turn(q, r) for q, r in purple]
        per_card.append(sorted(options, key=lambda o: (o[0], sorted(o[1]))))

    def search(j: int, used: frozenset[tuple[int, int]]) -> int:
        if j == len(per_card):
            return 0
        top = search(j + 1, used)
        for points, cells in per_card[j]:
            if not cells & used:
                top = max(top, points + search(j + 1, used | cells))
        return top

    return search(0, frozenset())
