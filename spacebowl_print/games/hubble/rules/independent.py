"""Hubble's second engine: re-derives a daily entry's par from its JSON alone, sharing no code
with the engine that made it.

The main engine reads a challenge into ``model`` dataclasses, replays the play with
``rules.legality`` and scores the pad with ``rules.scoring``; the par solver drives the same
functions, so on fresh output they cannot disagree with themselves. This module imports
nothing from the rest of Hubble, only the standard library, and works on the plain JSON
values:

- its own reading of the challenge, the play log, the score object and the constellation set
  (given as plain data: ``{"name", "constellations": [{"name", "value", "bonus", "red",
  "purple"}]}``);
- its own pad geometry, written from the rules' words (docs/hubble.md): offset rows with the
  printed even rows shifted right, neighbours as the rules list them, quadrants from halving
  the pad both ways, triangles as three mutually neighbouring cells, lines as walks along a
  printed row or down-left or down-right;
- its own legality rules: the solo deal (two cards, enough rolls, the white die in rounds 1 and
  2 of every three and the player's choice every third round), Scope placements on a triangle
  in the rolled quadrants (across both only when they are adjacent), drawn icons on empty
  cells and blanks anywhere, fogs, and the end at the third fog;
- its own scoring by plain exhaustive search: galaxies, planets per line, comet groups,
  asteroid triangles (a forward enumeration of every set of disjoint triangles) and
  constellations (every placement under every translation and turn, then every choice of one
  placement or none per card).

It is written to be obviously right rather than fast; it takes about 5 ms of CPU per
standard day (``benchmarks/bench_hubble_verify.py``). :func:`entry_problem` is the proof;
:func:`score_pad`, :func:`score_problem` and :func:`replay_play` are public so the tests can
hold the two engines against each other.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

Cell = tuple[int, int]
"""(row, column), both from 0, row 0 at the top."""

FACES = "GPACS."
"""The die faces: galaxy, planet, asteroid, comet, star, blank."""
DRAWN = "GPACS"
BLANK = "."
COLOURS = ("red", "blue", "yellow", "green")
ADJACENT_COLOURS = frozenset({frozenset({"red", "blue"}), frozenset({"yellow", "green"}),
                              frozenset({"red", "yellow"}), frozenset({"blue", "green"})})
"""Quadrants that share a border; red–green and blue–yellow only meet at a point."""
SMALLEST, LARGEST = 4, 26
FOGS_TO_END = 3
CARDS_DEALT = 2
SCORE_KEYS = ("galaxy", "planet", "asteroid", "comet", "stars", "total", "constellations")
CARD_KEYS = ("name", "points", "red", "purple")
WORK_LIMIT = 2_000_000
"""Choices the asteroid enumeration may carry in all before it declares a pad too large to
prove (about ten seconds of work; see :func:`most_disjoint_triangles`)."""


class Wrong(Exception):
    """What is wrong, and where in the entry (a dotted path such as ``par.play.turns[3]``)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)


def _text(value: object) -> str:
    """A value as a message shows it: JSON-like, cut to 40 characters."""
    if value is None:
        shown = "null"
    elif isinstance(value, bool):
        shown = "true" if value else "false"
    elif isinstance(value, str):
        shown = '"' + value + '"'
    else:
        shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --------------------------------------------------------------------------- the pad

class Sheet:
    """The geometry of a ``cols`` × ``rows`` pad, built from the rules' words."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.cells: list[Cell] = [(r, c) for r in range(rows) for c in range(cols)]
        self.touching = {cell: self._neighbours(cell) for cell in self.cells}
        self.triangles = self._triangles()
        self.lines = self._lines()

    def on(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def _neighbours(self, cell: Cell) -> frozenset[Cell]:
        r, c = cell
        if (r + 1) % 2 == 1:
            # a printed odd row: the printed even rows above and below sit half a hex right
            around = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1),
                      (r + 1, c)]
        else:
            around = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c),
                      (r + 1, c + 1)]
        return frozenset(x for x in around if self.on(x))

    def colour(self, cell: Cell) -> str:
        """The quadrant's colour: the pad halved both ways, red top left, blue top right,
        yellow bottom left, green bottom right."""
        top = cell[0] < self.rows // 2
        left = cell[1] < self.cols // 2
        return ("red" if left else "blue") if top else ("yellow" if left else "green")

    def name(self, cell: Cell) -> str:
        return chr(ord("A") + cell[1]) + str(cell[0] + 1)

    def parse(self, name: object) -> Cell | None:
        """The cell named ``name`` (a capital letter, then the row from 1 without a leading
        zero), or ``None`` if it names no cell of this pad."""
        if not isinstance(name, str) or not 2 <= len(name) <= 3:
            return None
        letter, digits = name[0], name[1:]
        if not "A" <= letter <= "Z" or digits[0] == "0" or any(d not in "0123456789"
                                                               for d in digits):
            return None
        cell = (int(digits) - 1, ord(letter) - ord("A"))
        return cell if self.on(cell) else None

    def at_axial(self, q: int, r: int) -> Cell | None:
        """The cell at axial (q, r): q = c − (r − r mod 2) / 2 with 0-based row r."""
        cell = (r, q + (r - r % 2) // 2)
        return cell if self.on(cell) else None

    def axial(self, cell: Cell) -> tuple[int, int]:
        r, c = cell
        return c - (r - r % 2) // 2, r

    def _triangles(self) -> list[frozenset[Cell]]:
        found: set[frozenset[Cell]] = set()
        for a in self.cells:
            for b in self.touching[a]:
                for c in self.touching[a] & self.touching[b]:
                    found.add(frozenset((a, b, c)))
        return sorted(found, key=sorted)

    def _lines(self) -> list[list[Cell]]:
        """Every maximal straight run: along a printed row, down to the right, down to the
        left (the three axial directions), single cells included."""

        def along(cell: Cell) -> Cell:
            return cell[0], cell[1] + 1

        def down_right(cell: Cell) -> Cell:
            r, c = cell
            # from a printed odd row the cell below right has the same column; from a
            # printed even row (shifted right) the next one
            return (r + 1, c) if (r + 1) % 2 == 1 else (r + 1, c + 1)

        def down_left(cell: Cell) -> Cell:
            r, c = cell
            return (r + 1, c - 1) if (r + 1) % 2 == 1 else (r + 1, c)

        lines = []
        for step in (along, down_right, down_left):
            reached = {step(cell) for cell in self.cells}
            for start in self.cells:
                if start in reached:
                    continue  # not the first cell of its run
                run, cell = [], start
                while self.on(cell):
                    run.append(cell)
                    cell = step(cell)
                lines.append(run)
        return lines


# --------------------------------------------------------------------------- cards

class Card:
    """A constellation card as plain data: red and purple axial offsets."""

    def __init__(self, raw: object, where: str) -> None:
        if not isinstance(raw, Mapping):
            raise Wrong(where, "must be a card object")
        name, value, bonus = raw.get("name"), raw.get("value"), raw.get("bonus", 0)
        if not isinstance(name, str) or not name:
            raise Wrong(f"{where}.name", "must be a name")
        if not isinstance(value, int) or not isinstance(bonus, int) or not _whole(value) \
                or not _whole(bonus):
            raise Wrong(where, "value and bonus must be whole numbers")
        self.name, self.value, self.bonus = name, value, bonus
        self.red = self._offsets(raw.get("red"), f"{where}.red", 2)
        self.purple = self._offsets(raw.get("purple", []), f"{where}.purple", 0)
        if set(self.red) & set(self.purple) or len(set(self.red)) != len(self.red) \
                or len(set(self.purple)) != len(self.purple):
            raise Wrong(where, "offsets must be distinct")

    @staticmethod
    def _offsets(raw: object, where: str, least: int) -> list[tuple[int, int]]:
        if not isinstance(raw, list) or len(raw) < least or not all(
                isinstance(o, list) and len(o) == 2 and all(_whole(v) for v in o) for o in raw):
            raise Wrong(where, f"must be a list of at least {least} [q, r] offsets")
        return [(o[0], o[1]) for o in raw]

    def turned(self, k: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The red and purple offsets turned k times by 60°: (q, r) → (−r, q + r) each time."""
        red, purple = list(self.red), list(self.purple)
        for _ in range(k):
            red = [(-r, q + r) for q, r in red]
            purple = [(-r, q + r) for q, r in purple]
        return red, purple


def read_cards(cset: object) -> dict[str, Card]:
    """The cards of a constellation set given as plain data, by name."""
    if not isinstance(cset, Mapping) or not isinstance(cset.get("constellations"), list):
        raise Wrong("constellation set", "must be {\"constellations\": [cards]}")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(cset["constellations"]):
        card = Card(raw, f"constellation set.constellations[{i}]")
        cards[card.name] = card
    return cards


# --------------------------------------------------------------------------- scoring

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
        if not _whole(got) or got != derived[key]:
            raise Wrong(where, f"the replayed pad scores {key} {derived[key]}, not the "
                               f"recorded {_text(got)}")
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
            raise Wrong(at, f"{_text(name)} is not a dealt card in the dealt order "
                            f"({', '.join(dealt)})")
        card = cards[dealt[next_card]]
        next_card += 1
        placement = _listed_placement(sheet, grid, card, item, at)
        if placement.uses & used:
            raise Wrong(at, "uses a star another card uses (each star serves one card)")
        used |= placement.uses
        if item["points"] != placement.points or not _whole(item["points"]):
            raise Wrong(at, f"the placement earns {placement.points}, not "
                            f"{_text(item['points'])}")
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
                                        f"{_text(purple_raw)}")
        return Placement(cells, lit, card.value + card.bonus * len(lit))
    raise Wrong(f"{at}.red", f"is not a placement of {card.name} (any translation and turn)")


# --------------------------------------------------------------------------- legality

class Roll:
    """One roll: the two rolled colours, the two bag faces, the white die's face or None."""

    def __init__(self, raw: object, where: str) -> None:
        if not isinstance(raw, Mapping) or set(raw) != {"quadrants", "icons", "third"}:
            raise Wrong(where, "must be {\"quadrants\", \"icons\", \"third\"}")
        qs, icons, third = raw["quadrants"], raw["icons"], raw["third"]
        if not isinstance(qs, list) or len(qs) != 2 or not all(q in COLOURS for q in qs) \
                or qs[0] == qs[1]:
            raise Wrong(f"{where}.quadrants", "must be two different quadrant colours")
        if not isinstance(icons, list) or len(icons) != 2 or not all(_face(i) for i in icons):
            raise Wrong(f"{where}.icons", "must be two die faces")
        if third is not None and not _face(third):
            raise Wrong(f"{where}.third", "must be a die face or null")
        self.quadrants: tuple[str, str] = (qs[0], qs[1])
        self.icons: tuple[str, str] = (icons[0], icons[1])
        self.third: str | None = third

    def scope_problem(self, icons: Sequence[str]) -> str | None:
        """Why ``icons`` (three, any order) are not this roll's Scope: the two bag faces
        plus the white die's face, or plus any face when the player chooses."""
        rest = list(icons)
        for face in self.icons:
            if face not in rest:
                break
            rest.remove(face)
        else:
            if self.third is None or rest == [self.third]:
                return None
        third = "any icon" if self.third is None else self.third
        return (f"icons {' '.join(sorted(icons))} are not the Scope {self.icons[0]} "
                f"{self.icons[1]} + {third}")


def _face(value: object) -> bool:
    return isinstance(value, str) and len(value) == 1 and value in FACES


class Challenge:
    """A solo challenge read from its JSON, checked against the solo deal."""

    def __init__(self, raw: object, cards: Mapping[str, Card], where: str = "challenge"
                 ) -> None:
        if not isinstance(raw, Mapping) or set(raw) != {"id", "pad", "constellations",
                                                        "rolls"}:
            raise Wrong(where, "must be {\"id\", \"pad\", \"constellations\", \"rolls\"}")
        self.id = raw["id"]
        if not isinstance(self.id, str) or not self.id:
            raise Wrong(f"{where}.id", "must be a non-empty string")
        pad = raw["pad"]
        if not isinstance(pad, Mapping) or set(pad) != {"cols", "rows"}:
            raise Wrong(f"{where}.pad", "must be {\"cols\", \"rows\"}")
        cols, rows = pad["cols"], pad["rows"]
        for side in (cols, rows):
            if not _whole(side) or side % 2 or not SMALLEST <= side <= LARGEST:
                raise Wrong(f"{where}.pad", f"sides must be even, {SMALLEST} to {LARGEST}")
        self.sheet = Sheet(cols, rows)
        dealt = raw["constellations"]
        if not isinstance(dealt, list) or len(dealt) != CARDS_DEALT \
                or not all(isinstance(n, str) and n in cards for n in dealt) \
                or len(set(dealt)) != CARDS_DEALT:
            raise Wrong(f"{where}.constellations",
                        f"a solo challenge deals {CARDS_DEALT} different cards of the set")
        self.dealt: list[str] = list(dealt)
        rolls = raw["rolls"]
        if not isinstance(rolls, list):
            raise Wrong(f"{where}.rolls", "must be a list")
        self.rolls = [Roll(r, f"{where}.rolls[{i}]") for i, r in enumerate(rolls)]
        enough = cols * rows // 3 + 3
        if len(self.rolls) < enough:
            raise Wrong(f"{where}.rolls", f"a {cols}×{rows} pad needs at least {enough} rolls")
        for i, roll in enumerate(self.rolls):
            # round i + 1: the player chooses in rounds 3, 6, 9, …, the white die otherwise
            chooses = (i + 1) % 3 == 0
            if chooses != (roll.third is None):
                want = "null (the player chooses)" if chooses else "a white die face"
                raise Wrong(f"{where}.rolls[{i}].third", f"round {i + 1} needs {want}")


def _turn_problem(ch: Challenge, grid: dict[Cell, str], roll: Roll, turn: object
                  ) -> str | None:
    """Why ``turn`` may not answer ``roll`` on ``grid`` (``None`` if it may); when it may, its
    icons are drawn into ``grid``."""
    sheet = ch.sheet
    rolled = set(roll.quadrants)
    if not isinstance(turn, Mapping) or len(turn) != 1 or next(iter(turn)) not in (
            "place", "fog"):
        return "must be {\"place\": {…}} or {\"fog\": {…}}"
    kind, body = next(iter(turn.items()))
    if not isinstance(body, Mapping):
        return f"{kind} must map cells to icons"
    draws: list[tuple[Cell, str]] = []
    for name, icon in body.items():
        cell = sheet.parse(name)
        if cell is None:
            return f"{_text(name)} is not a cell of the {sheet.cols}×{sheet.rows} pad"
        if not _face(icon):
            return f"{_text(icon)} is not a die face"
        draws.append((cell, icon))
    if kind == "place":
        if len(draws) != 3:
            return "a Scope goes on three cells"
        a, b, c = (cell for cell, _ in draws)
        if not (b in sheet.touching[a] and c in sheet.touching[a] and c in sheet.touching[b]):
            return f"{', '.join(sheet.name(x) for x in (a, b, c))} is not a triangle"
        colours = {sheet.colour(x) for x in (a, b, c)}
        inside = (len(colours) == 1 and colours <= rolled) or (
            colours == rolled and frozenset(rolled) in ADJACENT_COLOURS)
        if not inside:
            return (f"the triangle lies in {', '.join(sorted(colours))}: not inside the "
                    f"rolled quadrants {', '.join(roll.quadrants)}")
        problem = roll.scope_problem([icon for _, icon in draws])
        if problem:
            return problem
        for cell, icon in draws:
            if icon != BLANK and grid[cell] != BLANK:
                return f"{sheet.name(cell)} already holds {grid[cell]}"
        for cell, icon in draws:
            if icon != BLANK:
                grid[cell] = icon
        return None
    if not draws:
        return None  # a fog that draws nothing
    if len(draws) != 1:
        return "a fog draws at most one icon"
    cell, icon = draws[0]
    if icon == BLANK:
        return "a fog draws a non-blank icon or nothing"
    scope = set(DRAWN) if roll.third is None else {*roll.icons, roll.third}
    if icon not in scope:
        return f"{icon} is not an icon of the Scope"
    if sheet.colour(cell) not in rolled:
        return f"{sheet.name(cell)} is not in a rolled quadrant"
    if grid[cell] != BLANK:
        return f"{sheet.name(cell)} already holds {grid[cell]}"
    grid[cell] = icon
    return None


def replay_play(ch: Challenge, play: object, where: str = "play") -> list[str]:
    """The pad (row strings) a legal play log draws for ``ch``; the first illegal turn, or a
    log that does not answer ``ch``, raises :class:`Wrong`."""
    if not isinstance(play, Mapping) or set(play) != {"challenge", "turns"}:
        raise Wrong(where, "must be {\"challenge\", \"turns\"}")
    if play["challenge"] != ch.id:
        raise Wrong(f"{where}.challenge",
                    f"answers challenge {_text(play['challenge'])}, not {_text(ch.id)}")
    turns = play["turns"]
    if not isinstance(turns, list):
        raise Wrong(f"{where}.turns", "must be a list")
    grid = dict.fromkeys(ch.sheet.cells, BLANK)
    fogs = 0
    for i, turn in enumerate(turns):
        at = f"{where}.turns[{i}]"
        if fogs == FOGS_TO_END:
            raise Wrong(at, f"turn {i + 1}: the game ended at the third fog")
        if i >= len(ch.rolls):
            raise Wrong(at, f"turn {i + 1}: the challenge has only {len(ch.rolls)} rolls")
        problem = _turn_problem(ch, grid, ch.rolls[i], turn)
        if problem:
            raise Wrong(at, f"turn {i + 1}: {problem}")
        if isinstance(turn, Mapping) and "fog" in turn:
            fogs += 1
    return ["".join(grid[(r, c)] for c in range(ch.sheet.cols)) for r in range(ch.sheet.rows)]


# --------------------------------------------------------------------------- the proof

def entry_problem(entry: object, cset: object) -> str | None:
    """Why a daily manifest entry ``{"id", "challenge", "par": {"total", "score", "play"}}``
    is not proved (``None`` when it is), against the constellation set ``cset`` as plain
    data. Proved means: the challenge is a solo deal of two cards of the set with enough
    rolls and the white die exactly in rounds 1 and 2 of every three; ``id`` is the
    challenge's; the play answers it and every turn is legal; the pad it draws scores exactly
    the recorded score object (a valid best choice of cards) and total. Keys other than
    these are not this engine's business (the manifest reader is strict about them)."""
    try:
        cards = read_cards(cset)
        if not isinstance(entry, Mapping):
            raise Wrong("", "an entry must be a JSON object")
        for key in ("id", "challenge", "par"):
            if key not in entry:
                raise Wrong(key, "missing key")
        ch = Challenge(entry["challenge"], cards)
        if entry["id"] != ch.id:
            raise Wrong("id", f"{_text(entry['id'])} is not the challenge's id {_text(ch.id)}")
        par = entry["par"]
        if not isinstance(par, Mapping) or not {"total", "score", "play"} <= set(par):
            raise Wrong("par", "must be {\"total\", \"score\", \"play\"}")
        rows = replay_play(ch, par["play"], "par.play")
        problem = score_problem(rows, ch.dealt, cards, par["score"], "par.score")
        if problem:
            return problem
        total = par["total"]
        if not _whole(total) or total != par["score"]["total"]:
            raise Wrong("par.total", f"the replayed pad scores {par['score']['total']}, not "
                                     f"{_text(total)}")
    except Wrong as wrong:
        return str(wrong)
    return None
