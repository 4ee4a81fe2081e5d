"""Hubble's second engine, part one: the pad and the cards as the rules' words describe them
(:mod:`~.independent` is the proof; this module and :mod:`~.independent_score` are its
own geometry and scoring). Standard library only, sharing no code with the main engine."""

from __future__ import annotations

from collections.abc import Mapping

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


def shown(value: object) -> str:
    """A value as a message shows it: JSON-like, cut to 40 characters."""
    if value is None:
        out = "null"
    elif isinstance(value, bool):
        out = "true" if value else "false"
    elif isinstance(value, str):
        out = '"' + value + '"'
    else:
        out = repr(value)
    return out if len(out) <= 40 else out[:39] + "…"


def whole(value: object) -> bool:
    """Whether ``value`` is a JSON whole number (not a boolean)."""
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
        if not isinstance(value, int) or not isinstance(bonus, int) or not whole(value) \
                or not whole(bonus):
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
                isinstance(o, list) and len(o) == 2 and all(whole(v) for v in o) for o in raw):
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
