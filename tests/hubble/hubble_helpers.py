"""Shared constants and hypothesis strategies for the Hubble tests (a uniquely named module,
not a conftest, so that it never shadows another folder's)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pypdf
from click.testing import CliRunner
from hypothesis import strategies as st

from spacebowl_print.cli.main import cli
from spacebowl_print.games.hubble.model.challenge import Fog, Place, PlayLog, Turn
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import BLANK
from spacebowl_print.games.hubble.model.pad import MAX_FOG, Pad
from spacebowl_print.games.hubble.solve.moves import fogs, placements, turn_draws

HUBBLE_EXAMPLE_ROWS = [
    "G...........",
    ".G.....G....",
    "P..P......P.",
    "..........G.",
    "....G.......",
    "............",
    ".AA.........",
    ".AA.SSS..G..",
    "..G.S..CCC..",
    "......S...C.",
    ".....G......",
    "...........G",
]
HUBBLE_EXAMPLE_CARD = Constellation("Example", 10, 3, ((0, 0), (1, 0), (2, 0)),
                                    ((0, 1), (2, 1)))

hubble_sides = st.sampled_from([4, 6, 8])


@st.composite
def hubble_pads(draw: st.DrawFn, icons: str = "GPACS.", sides: st.SearchStrategy[int] = hubble_sides
                ) -> Pad:
    """Random pads: a random size, then every cell drawn from ``icons`` (repeat a letter to
    make it likelier)."""
    cols, rows = draw(sides), draw(sides)
    cells = draw(st.text(alphabet=icons, min_size=cols * rows, max_size=cols * rows))
    return Pad(cols, rows, cells)


@st.composite
def hubble_cards(draw: st.DrawFn, max_red: int = 5, max_purple: int = 2) -> Constellation:
    """Random constellation cards with small patterns (offsets within ±3)."""
    offs = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
    red = draw(st.lists(offs, min_size=2, max_size=max_red, unique=True))
    purple = draw(st.lists(offs.filter(lambda o: o not in red), max_size=max_purple, unique=True))
    value = draw(st.integers(1, 20))
    bonus = draw(st.integers(1, 5)) if purple else 0
    return Constellation(f"card{draw(st.integers(0, 10**6))}", value, bonus, tuple(red),
                         tuple(purple))


def hubble_run(command: str, folder: Path, *args: str) -> Path:
    """Run ``spacebowl hubble COMMAND -q -o FOLDER ARGS`` in process; FOLDER, once it
    succeeded."""
    result = CliRunner().invoke(cli, ["hubble", command, "-q", "-o", str(folder), *args])
    assert result.exit_code == 0, result.output
    return folder


def pdf_text(pdf: Path) -> str:
    """The text of every page of ``pdf``, a page a line or more."""
    return "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(pdf).pages)


def tamper(entry: dict[str, Any], *path: Any, value: Any) -> dict[str, Any]:
    """A deep copy of ``entry`` with the value at ``path`` (keys and indexes) replaced."""
    e = copy.deepcopy(entry)
    target = e
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return e


def random_play(ch, rng: random.Random) -> PlayLog:  # type: ignore[no-untyped-def]
    """A legal log: each roll a random placement, or now and then a random fog."""
    cells = [BLANK] * ch.geometry.size
    turns: list[Turn] = []
    fogged = 0
    for roll in ch.rolls:
        if fogged == MAX_FOG:
            break
        moves = placements(cells, roll, ch.geometry)
        if moves and rng.random() < 0.85:
            turn: Turn = Place(rng.choice(moves))
        else:
            options = fogs(cells, roll, ch.geometry)
            turn = Fog(*rng.choice(options)) if options and rng.random() < 0.7 else Fog()
            fogged += 1
        for c, x in turn_draws(turn):
            cells[c] = x
        turns.append(turn)
    return PlayLog(ch.id, tuple(turns))
