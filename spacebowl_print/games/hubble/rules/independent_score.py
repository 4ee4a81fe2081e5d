"""Hubble's second engine, part two: the score of a pad by plain exhaustive search
(galaxies, planets per line, comet groups, every set of disjoint asteroid triangles, every
placement of every card and every choice of one placement or none per card), and the check
of a recorded score object. Standard library only, sharing no code with the main engine."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from spacebowl_print.games.hubble.rules.independent_pad import (
    CARD_KEYS,
    COLOURS,
    SCORE_KEYS,
    WORK_LIMIT,
    Card,
    Cell,
    Sheet,
    Wrong,
    shown,
    whole,
)


def comet_group_points(size: int) -> int:
    """1 → 0, 2 → 4, 3 → 7, 4 → 11, 5 → 15, each further comet +5."""
    table = {1: 0, 2: 4, 3: 7, 4: 11, 5: 15}
    return table[size] if size in table else 15 + 5 * (size - 5)


def _galaxy(sheet: Sheet, grid: Mapping[Cell, str]) -> int:
    count = dict.fromkeys(COLOURS, 0)
    for cell in sheet.cells:
        if grid[cell] == "G":
            count[sheet.colour(cell)] += 1
    return 11 * min(count.values())


def _planet(sheet: Sheet, grid: Mapping[Cell, str]) -> int:
    points = 0
    for line in sheet.lines:
        planets = sum(1 for cell in line if grid[cell] == "P")
        if planets >= 2:
            points += planets
    return points


def _comet(sheet: Sheet, grid: Mapping[Cell, str]) -> int:
    points, seen = 0, set()
    for start in sheet.cells:
        if grid[start] != "C" or start in seen:
            continue
        seen.add(start)
        group, todo = 0, [start]
        while todo:
            cell = todo.pop()
            group += 1
            for n in sheet.touching[cell]:
                if grid[n] == "C" and n not in seen:
                    seen.add(n)
                    todo.append(n)
        points += comet_group_points(group)
    return points


def most_disjoint_triangles(triangles: Sequence[frozenset[Cell]],
                            budget: int = WORK_LIMIT) -> int:
    """The largest number of ``triangles`` that share no cell.

    Triangles fall into groups linked by shared cells; groups never compete for a cell, so
    each group's best is found alone and the bests add up. Within a group, a forward
    enumeration of every choice: cells are visited in reading order, and at a triangle's
    first cell each choice so far either takes it (when its cells are free) or not. Choices
    that leave the same cells taken from here on have the same futures, so only the best
    count of each is kept (a field wider than tall is visited column by column instead).
    Iterative, so deep pads cannot overflow the call stack.

    Two exact shortcuts keep dense fields quick: a first pass that keeps only the 64 most
    promising choices at each cell finds a count some choice reaches (a floor); the full pass
    then drops a choice as soon as it cannot beat the floor even if every free cell still
    ahead went into a triangle (a third of them). A field that would carry more than
    ``budget`` choices in all raises :class:`Wrong` rather than run for hours: the entry is
    then not proved. It takes a field more than about 13 cells both ways, nearly all
    asteroids; a pad at most 12 cells one way is proved however dense its asteroids."""
    left = [budget]
    total = 0
    for group in _groups(triangles):
        rows = {c[0] for t in group for c in t}
        cols = {c[1] for t in group for c in t}
        if len(cols) > len(rows):
            # a wide field is visited column by column: the choices then differ only in the
            # next column or so, not the next row. Swapping (row, column) only renames cells
            group = [frozenset((c, r) for r, c in t) for t in group]
        floor = _enumerate(group, -1, 64, left)
        total += max(floor, _enumerate(group, floor, None, left))
    return total


def _groups(triangles: Sequence[frozenset[Cell]]) -> list[list[frozenset[Cell]]]:
    """``triangles`` split into groups: two triangles sharing a cell are in one group."""
    by_cell: dict[Cell, list[int]] = {}
    for i, t in enumerate(triangles):
        for c in t:
            by_cell.setdefault(c, []).append(i)
    seen: set[int] = set()
    groups = []
    for first in range(len(triangles)):
        if first in seen:
            continue
        seen.add(first)
        group, todo = [], [first]
        while todo:
            i = todo.pop()
            group.append(triangles[i])
            for c in triangles[i]:
                for j in by_cell[c]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
        groups.append(group)
    return groups


def _enumerate(triangles: Sequence[frozenset[Cell]], floor: int, keep: int | None,
               budget: list[int]) -> int:
    """The best count that choices of disjoint ``triangles`` reach when it is above
    ``floor`` (anything at most ``floor`` otherwise), keeping every choice that could still
    beat ``floor``, or only the ``keep`` most promising at each cell. ``budget[0]`` counts
    down the choices carried."""
    starting: dict[Cell, list[frozenset[Cell]]] = {}
    for t in triangles:
        starting.setdefault(min(t), []).append(t)
    useful = sorted({c for t in triangles for c in t})
    states: dict[frozenset[Cell], int] = {frozenset(): 0}
    for cell in sorted(starting):
        budget[0] -= len(states)
        if budget[0] < 0:
            raise Wrong("", f"the asteroid field is too large for the second engine to "
                            f"prove (over {WORK_LIMIT:,} choices to weigh)")
        # cells after ``cell`` that a triangle could use, taken or free
        left = len(useful) - bisect_right(useful, cell)
        nxt: dict[frozenset[Cell], int] = {}
        for taken, count in states.items():
            ahead = frozenset(x for x in taken if x > cell)
            options = [(ahead, count)]
            if cell not in taken:
                options += [(ahead | (t - {cell}), count + 1) for t in starting[cell]
                            if not t & taken]
            for key, value in options:
                if value + (left - len(key)) // 3 > floor and nxt.get(key, -1) < value:
                    nxt[key] = value
        if keep is not None and len(nxt) > keep:
            # most promising: the most cells used or still free, then the most triangles
            nxt = dict(sorted(nxt.items(),
                              key=lambda kv: (len(kv[0]) - 3 * kv[1], -kv[1]))[:keep])
        states = nxt
    return max(states.values(), default=floor)


def _asteroid(sheet: Sheet, grid: Mapping[Cell, str]) -> int:
    full = [t for t in sheet.triangles if all(grid[c] == "A" for c in t)]
    return 8 * most_disjoint_triangles(full)


class Placement:
    """A completed placement of a card: its red cells in the card's order, the purple cells
    that hold stars in the card's order, and its points."""

    def __init__(self, red: list[Cell], purple: list[Cell], points: int) -> None:
        self.red, self.purple, self.points = red, purple, points
        self.uses = frozenset(red) | frozenset(purple)


def completed_placements(sheet: Sheet, grid: Mapping[Cell, str], card: Card
                         ) -> list[Placement]:
    """Every placement (translation and one of the six turns) that puts a star under each
    red star of ``card``; purple stars off the pad or on a non-star never count."""
    stars = [cell for cell in sheet.cells if grid[cell] == "S"]
    out = []
    for k in range(6):
        red, purple = card.turned(k)
        for anchor in stars:  # where the first red star lands
            q0, r0 = sheet.axial(anchor)
            dq, dr = q0 - red[0][0], r0 - red[0][1]
            red_cells = [sheet.at_axial(q + dq, r + dr) for q, r in red]
            if not all(c is not None and grid[c] == "S" for c in red_cells):
                continue
            lit = [c for c in (sheet.at_axial(q + dq, r + dr) for q, r in purple)
                   if c is not None and grid[c] == "S"]
            points = card.value + card.bonus * len(lit)
            out.append(Placement([c for c in red_cells if c is not None], lit, points))
    return out


def best_stars(sheet: Sheet, grid: Mapping[Cell, str], cards: Sequence[Card]) -> int:
    """The largest total over every choice of one completed placement (or none) per card,
    the chosen placements using disjoint cells (red stars and purple stars present)."""
    options = [completed_placements(sheet, grid, card) for card in cards]
    # what the cards from j on could add at most: a bound that only skips choices that
    # cannot beat the best found, so the search stays exhaustive
    ceiling = [0] * (len(options) + 1)
    for j in range(len(options) - 1, -1, -1):
        ceiling[j] = ceiling[j + 1] + max((p.points for p in options[j]), default=0)
    best = 0

    def search(j: int, used: frozenset[Cell], total: int) -> None:
        nonlocal best
        best = max(best, total)
        if j == len(options) or total + ceiling[j] <= best:
            return
        for p in options[j]:
            if not p.uses & used:
                search(j + 1, used | p.uses, total + p.points)
        search(j + 1, used, total)

    search(0, frozenset(), 0)
    return best


def _grid(sheet: Sheet, rows: Sequence[str]) -> dict[Cell, str]:
    return {(r, c): rows[r][c] for r, c in sheet.cells}


def score_pad(rows: Sequence[str], cards: Sequence[Card]) -> dict[str, int]:
    """The score of a pad given as row strings of ``GPACS.``: each category and the total."""
    sheet = Sheet(len(rows[0]), len(rows))
    grid = _grid(sheet, rows)
    score = {"galaxy": _galaxy(sheet, grid), "planet": _planet(sheet, grid),
             "asteroid": _asteroid(sheet, grid), "comet": _comet(sheet, grid),
             "stars": best_stars(sheet, grid, cards)}
    score["total"] = sum(score.values())
    return score


def score_problem(rows: Sequence[str], dealt: Sequence[str], cards: Mapping[str, Card],
                  recorded: object, where: str = "score") -> str | None:
    """Why ``recorded`` is not the score object of the pad ``rows`` playing for the cards
    named ``dealt`` (``None`` when it is). Every number must be what this engine finds; the
    ``constellations`` list must be a valid choice that earns the stars score: completed
    cards in the dealt order, each red list a placement of its card in the card's order
    (some translation and turn), each purple list exactly the purple cells of that placement
    that hold stars, points = value + bonus × purple stars, no cell used twice. When several
    choices tie, any of them is accepted."""
    try:
        _check_score(rows, dealt, cards, recorded, where)
    except Wrong as wrong:
        return str(wrong)
    return None


def _check_score(rows: Sequence[str], dealt: Sequence[str], cards: Mapping[str, Card],
                 recorded: object, where: str) -> None:
    if not isinstance(recorded, Mapping) or set(recorded) != set(SCORE_KEYS):
        raise Wrong(where, f"must be an object with exactly the keys {', '.join(SCORE_KEYS)}")
    try:
        derived = score_pad(rows, [cards[n] for n in dealt])
    except Wrong as wrong:
        raise Wrong(where, str(wrong)) from None
    for key in SCORE_KEYS[:-1]:
        got = recorded[key]
        if not whole(got) or got != derived[key]:
            raise Wrong(where, f"the replayed pad scores {key} {derived[key]}, not the "
                               f"recorded {shown(got)}")
    listed = recorded["constellations"]
    if not isinstance(listed, list):
        raise Wrong(f"{where}.constellations", "must be a list")
    sheet = Sheet(len(rows[0]), len(rows))
    grid = _grid(sheet, rows)
    used: set[Cell] = set()
    total, next_card = 0, 0
    for i, item in enumerate(listed):
        at = f"{where}.constellations[{i}]"
        if not isinstance(item, Mapping) or set(item) != set(CARD_KEYS):
            raise Wrong(at, f"must be an object with exactly the keys {', '.join(CARD_KEYS)}")
        name = item["name"]
        # completed cards in the dealt order, each dealt card at most once
        while next_card < len(dealt) and dealt[next_card] != name:
            next_card += 1
        if next_card == len(dealt):
            raise Wrong(at, f"{shown(name)} is not a dealt card in the dealt order "
                            f"({', '.join(dealt)})")
        card = cards[dealt[next_card]]
        next_card += 1
        placement = _listed_placement(sheet, grid, card, item, at)
        if placement.uses & used:
            raise Wrong(at, "uses a star another card uses (each star serves one card)")
        used |= placement.uses
        if item["points"] != placement.points or not whole(item["points"]):
            raise Wrong(at, f"the placement earns {placement.points}, not "
                            f"{shown(item['points'])}")
        total += placement.points
    if total != derived["stars"]:
        raise Wrong(f"{where}.constellations", f"the cards listed earn {total}, but the best "
                                               f"choice earns {derived['stars']}")


def _listed_placement(sheet: Sheet, grid: Mapping[Cell, str], card: Card,
                      item: Mapping[str, Any], at: str) -> Placement:
    """The completed placement a score object's card names, checked against the pad."""
    red_raw, purple_raw = item["red"], item["purple"]
    if not isinstance(red_raw, list) or not isinstance(purple_raw, list):
        raise Wrong(at, "red and purple must be lists of cell names")
    red = [sheet.parse(n) for n in red_raw]
    if len(red) != len(card.red) or any(c is None for c in red):
        raise Wrong(f"{at}.red", f"must name the {len(card.red)} cells of the red stars")
    cells = [c for c in red if c is not None]
    if any(grid[c] != "S" for c in cells):
        raise Wrong(f"{at}.red", "names a cell without a star")
    for k in range(6):
        turned_red, turned_purple = card.turned(k)
        q0, r0 = sheet.axial(cells[0])
        dq, dr = q0 - turned_red[0][0], r0 - turned_red[0][1]
        if [sheet.at_axial(q + dq, r + dr) for q, r in turned_red] != cells:
            continue
        lit = [c for c in (sheet.at_axial(q + dq, r + dr) for q, r in turned_purple)
               if c is not None and grid[c] == "S"]
        if [sheet.name(c) for c in lit] != purple_raw:
            raise Wrong(f"{at}.purple", f"the placement's purple stars are "
                                        f"{[sheet.name(c) for c in lit]}, not "
                                        f"{shown(purple_raw)}")
        return Placement(cells, lit, card.value + card.bonus * len(lit))
    raise Wrong(f"{at}.red", f"is not a placement of {card.name} (any translation and turn)")
