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
hold the two engines against each other. The engine is three modules: the pad and the cards
(:mod:`~.independent_pad`), the score (:mod:`~.independent_score`), and here the challenge,
the legality of a play and the proof of an entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spacebowl_print.games.hubble.rules.independent_pad import (
    ADJACENT_COLOURS,
    BLANK,
    CARDS_DEALT,
    COLOURS,
    DRAWN,
    FACES,
    FOGS_TO_END,
    LARGEST,
    SMALLEST,
    Card,
    Cell,
    Sheet,
    Wrong,
    read_cards,
    shown,
    whole,
)
from spacebowl_print.games.hubble.rules.independent_score import (
    comet_group_points,
    most_disjoint_triangles,
    score_pad,
    score_problem,
)

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

__all__ = ["Card", "Challenge", "Sheet", "Wrong", "comet_group_points", "entry_problem",
           "most_disjoint_triangles", "read_cards", "replay_play", "score_pad", "score_problem"]
"""The second engine's public names, for the proof's callers and the tests."""


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
            if not whole(side) or side % 2 or not SMALLEST <= side <= LARGEST:
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
            return f"{shown(name)} is not a cell of the {sheet.cols}×{sheet.rows} pad"
        if not _face(icon):
            return f"{shown(icon)} is not a die face"
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
                    f"answers challenge {shown(play['challenge'])}, not {shown(ch.id)}")
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
    the recorded score object (a valid best choice of cards) and total; a recorded ``bound``
    is a whole number no less than that total (that it bounds every play is CP-SAT's proof,
    which this engine cannot redo). Keys other than these are not this engine's business
    (the manifest reader is strict about them)."""
    try:
        cards = read_cards(cset)
        if not isinstance(entry, Mapping):
            raise Wrong("", "an entry must be a JSON object")
        for key in ("id", "challenge", "par"):
            if key not in entry:
                raise Wrong(key, "missing key")
        ch = Challenge(entry["challenge"], cards)
        if entry["id"] != ch.id:
            raise Wrong("id", f"{shown(entry['id'])} is not the challenge's id {shown(ch.id)}")
        par = entry["par"]
        if not isinstance(par, Mapping) or not {"total", "score", "play"} <= set(par):
            raise Wrong("par", "must be {\"total\", \"score\", \"play\"}")
        rows = replay_play(ch, par["play"], "par.play")
        problem = score_problem(rows, ch.dealt, cards, par["score"], "par.score")
        if problem:
            return problem
        total = par["total"]
        if not whole(total) or total != par["score"]["total"]:
            raise Wrong("par.total", f"the replayed pad scores {par['score']['total']}, not "
                                     f"{shown(total)}")
        # an upper bound on every play can be no less than a play it has just replayed
        if "bound" in par and (not whole(par["bound"]) or par["bound"] < total):
            raise Wrong("par.bound", f"must be a whole number of at least the par {total}, "
                                     f"got {shown(par['bound'])}")
    except Wrong as wrong:
        return str(wrong)
    return None
