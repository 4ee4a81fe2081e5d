"""The legality checker: every rule of a turn, the end at the third fog, and random legal
games replayed turn by turn."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Fog,
    Place,
    PlayLog,
    Roll,
    Turn,
)
from spacebowl_print.games.hubble.model.geometry import (
    BLUE,
    GREEN,
    ICONS,
    RED,
    YELLOW,
    PadGeometry,
    geometry,
)
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.moves import drawn, fogs, placements

GEO = geometry(8, 8)


def cell(name: str) -> int:
    return GEO.parse_cell(name)


def place(**icons: str) -> Place:
    return Place(tuple((cell(k), v) for k, v in icons.items()))


def challenge(*rolls: Roll) -> Challenge:
    return Challenge("t", 8, 8, ("Lyra", "Libra"), rolls)


def problem(ch: Challenge, *turns: Turn) -> str:
    with pytest.raises(InputError) as info:
        replay(ch, PlayLog("t", turns))
    return str(info.value)


ROLL = Roll((RED, BLUE), ("C", "G"), "S")


def test_a_legal_place_draws_its_icons() -> None:
    # B1 C1 B2 is a triangle (B2 sits on an even row, shifted right)
    pad = replay(challenge(ROLL), PlayLog("t", (place(B1="G", C1="S", B2="C"),)))
    assert pad.cells[cell("B1")] == "G" and pad.cells[cell("B2")] == "C"
    assert pad.fog == 0 and pad.constellations == ("Lyra", "Libra")


def test_not_a_triangle() -> None:
    assert "turn 1: B1, C1, D1 is not a triangle" in problem(
        challenge(ROLL), place(B1="G", C1="S", D1="C"))


def test_quadrants() -> None:
    # E1 F1 E2 lie in blue; the roll names red and yellow
    ch = challenge(Roll((RED, YELLOW), ("C", "G"), "S"))
    assert "lies in blue, but the rolled quadrants are red, yellow" in problem(
        ch, place(E1="G", F1="S", E2="C"))
    # spread over red and blue (adjacent): fine
    ch = challenge(Roll((RED, BLUE), ("C", "G"), "S"))
    replay(ch, PlayLog("t", (place(D1="G", E1="S", D2="C"),)))
    # red and green meet only at a point: no triangle spans just those two, and one that
    # reaches into yellow is refused
    ch = challenge(Roll((RED, GREEN), ("C", "G"), "S"))
    assert not [t for t in GEO.triangles if {GEO.quadrant[c] for c in t} == {RED, GREEN}]
    across = next(t for t in GEO.triangles if {GEO.quadrant[c] for c in t} == {RED, YELLOW})
    turn = Place(tuple(zip(across, "CGS", strict=True)))
    assert "rolled quadrants are red, green" in problem(ch, turn)


def test_icons_must_be_the_scope() -> None:
    assert "icons C G G are not the Scope C G + S" in problem(
        challenge(ROLL), place(B1="G", C1="G", B2="C"))
    chosen = challenge(Roll((RED, BLUE), ("C", "."), None))
    for third in "GPACS.":
        replay(chosen, PlayLog("t", (place(B1=third, C1=".", B2="C"),)))
    assert "not the Scope C . + any icon" in problem(chosen, place(B1="G", C1="G", B2="G"))


def test_drawn_icons_need_empty_cells_but_blanks_do_not() -> None:
    ch = challenge(ROLL, Roll((RED, BLUE), ("C", "."), "."), ROLL)
    first = place(B1="G", C1="S", B2="C")
    assert "B2 already holds C; C needs an empty cell" in problem(
        ch, first, place(B1=".", C1=".", B2="C"))
    # both blanks on drawn cells (C1, B2), the comet on empty C2
    pad = replay(ch, PlayLog("t", (first, place(C1=".", B2=".", C2="C"))))
    assert pad.cells[cell("C1")] == "S" and pad.cells[cell("C2")] == "C"
    # a blank on an empty cell leaves it empty
    pad = replay(ch, PlayLog("t", (first, place(A1="C", B1=".", A2="."))))
    assert pad.cells[cell("A2")] == "."


def test_fogs() -> None:
    ch = challenge(ROLL, ROLL, ROLL, ROLL)
    assert replay(ch, PlayLog("t", (Fog(), Fog(cell("H1"), "G")))).fog == 2
    assert "turn 1: P is not an icon of the Scope C G + S" in problem(ch, Fog(cell("A1"), "P"))
    assert "turn 1: A8 is in yellow, not in the rolled quadrants red, blue" in problem(
        ch, Fog(cell("A8"), "C"))
    assert "turn 2: A1 already holds C" in problem(ch, Fog(cell("A1"), "C"), Fog(cell("A1"), "G"))
    chosen = challenge(Roll((RED, BLUE), (".", "."), None))
    replay(chosen, PlayLog("t", (Fog(cell("A1"), "A"),)))  # the chosen third may be fogged


def test_out_after_the_third_fog() -> None:
    ch = challenge(ROLL, ROLL, ROLL, ROLL)
    assert "turn 4: the game ended at the third fog" in problem(
        ch, Fog(), Fog(), Fog(), place(B1="G", C1="S", B2="C"))


def test_log_shape_problems() -> None:
    ch = challenge(ROLL)
    assert "turn 2: the challenge has only 1 rolls" in problem(ch, Fog(), Fog())
    with pytest.raises(InputError, match="answers challenge 'u', not 't'"):
        replay(ch, PlayLog("u", ()))
    assert "turns[0]" in problem(ch, place(B1="G", C1="G", B2="C"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (8, 6), (6, 10), (14, 4)]))
def test_random_legal_games_replay(seed: int, size: tuple[int, int]) -> None:
    """A random player that picks any legal move (fogging now and then) is always legal, and
    the replayed pad is the one it drew."""
    cols, rows = size
    ch = generate_challenge(seed, "t", ["Lyra", "Libra"], cols, rows)
    rng = random.Random(seed)
    board = Board(ch.geometry)
    turns: list[Turn] = []
    fogged = 0
    for roll in ch.rolls:
        if fogged == 3:
            break
        moves = placements(board.cells, roll, ch.geometry)
        if moves and rng.random() > 0.1:
            move = rng.choice(moves)
            board.apply(drawn(move))
            turns.append(Place(move))
            continue
        options = fogs(board.cells, roll, ch.geometry)
        if options and rng.random() > 0.3:
            c, icon = rng.choice(options)
            board.apply([(c, icon)])
            turns.append(Fog(c, icon))
        else:
            turns.append(Fog())
        fogged += 1
    pad = replay(ch, PlayLog("t", tuple(turns)))
    assert pad.cells == "".join(board.cells)
    assert pad.fog == fogged


def plain_placements(cells: str, roll: Roll, geo: PadGeometry) -> list[tuple[tuple[int, str], ...]]:
    """The module's order written out: per triangle, per third icon, per permutation, each
    move once where every drawn icon lands on an empty cell."""
    thirds = ICONS if roll.third is None else roll.third
    out = []
    for t in geo.scope_triangles(*roll.quadrants):
        tri = geo.triangles[t]
        seen = set()
        for third in thirds:
            for perm in itertools.permutations((roll.icons[0], roll.icons[1], third)):
                move = tuple(zip(tri, perm, strict=True))
                if move not in seen and all(x == "." or cells[c] == "." for c, x in move):
                    seen.add(move)
                    out.append(move)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 8), (14, 4)]),
       st.floats(0.0, 0.9))
def test_placements_are_listed_in_the_modules_order(seed: int, size: tuple[int, int],
                                                    fill: float) -> None:
    """Every player and the par's tables index answers by this order (the climb's answer
    numbers, the beam's ranks on ties): made once per roll's icons, it must list exactly
    what the plain loops list, in the same order, on any pad."""
    ch = generate_challenge(seed, "order", ["Lyra", "Libra"], *size)
    rng = random.Random(seed)
    cells = "".join(rng.choice("GPACS") if rng.random() < fill else "."
                    for _ in range(ch.geometry.size))
    for roll in ch.rolls:
        assert placements(cells, roll, ch.geometry) == plain_placements(cells, roll,
                                                                          ch.geometry)


def independent_verdict(cells: str, roll: Roll, turn: Turn, cols: int, rows: int) -> bool:
    """The rules of a turn restated from scratch (offset rows, not the geometry tables)."""

    def touch(a: int, b: int) -> bool:
        ra, ca, rb, cb = a // cols, a % cols, b // cols, b % cols
        if ra == rb:
            return abs(ca - cb) == 1
        if abs(ra - rb) != 1:
            return False
        # 0-based even rows are the printed odd rows: they reach down-left, odd rows down-right
        return cb - ca in ((-1, 0) if ra % 2 == 0 else (0, 1))

    def quadrant(c: int) -> int:
        return (2 if c // cols >= rows // 2 else 0) + (1 if c % cols >= cols // 2 else 0)

    touching = {frozenset(p) for p in ((RED, BLUE), (YELLOW, GREEN), (RED, YELLOW),
                                       (BLUE, GREEN))}
    if isinstance(turn, Fog):
        if turn.cell is None:
            return True
        icons = "GPACS" if roll.third is None else {*roll.icons, roll.third} - {"."}
        return (turn.icon in icons and cells[turn.cell] == "."
                and quadrant(turn.cell) in roll.quadrants)
    where = [c for c, _ in turn.cells]
    icons = sorted(i for _, i in turn.cells)
    if len(set(where)) != 3 or not all(touch(a, b) for a in where for b in where if a != b):
        return False
    qs = {quadrant(c) for c in where}
    if not (qs <= set(roll.quadrants) and (len(qs) == 1 or frozenset(qs) in touching)):
        return False
    if roll.third is not None:
        if icons != sorted([*roll.icons, roll.third]):
            return False
    else:
        rest = list(icons)
        for i in roll.icons:
            if i not in rest:
                return False
            rest.remove(i)
    return all(i == "." or cells[c] == "." for c, i in turn.cells)


@st.composite
def turn_cases(draw: st.DrawFn) -> tuple[int, int, str, Roll, Turn]:
    cols, rows = draw(st.sampled_from([(4, 4), (6, 4), (8, 6)]))
    geo = geometry(cols, rows)
    cells = draw(st.text(alphabet="....GPACS", min_size=geo.size, max_size=geo.size))
    a, b = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    faces = st.sampled_from("GPACS.")
    roll = Roll((a, b), (draw(faces), draw(faces)), draw(st.none() | faces))
    if draw(st.integers(0, 4)) == 0:
        cell = draw(st.none() | st.integers(0, geo.size - 1))
        turn: Turn = Fog() if cell is None else Fog(cell, draw(st.sampled_from("GPACS")))
    else:
        if draw(st.booleans()):  # a real triangle, most of the time
            where = list(geo.triangles[draw(st.integers(0, len(geo.triangles) - 1))])
        else:
            where = draw(st.lists(st.integers(0, geo.size - 1), min_size=3, max_size=3))
        icons = [*roll.icons, roll.third or draw(faces)]
        if draw(st.integers(0, 3)) == 0:
            icons[draw(st.integers(0, 2))] = draw(faces)  # maybe the wrong Scope
        icons = draw(st.permutations(icons))
        turn = Place(tuple(zip(where, icons, strict=True)))
    return cols, rows, cells, roll, turn


@settings(max_examples=500, deadline=None)
@given(turn_cases())
def test_checker_agrees_with_the_rules_restated(case: tuple[int, int, str, Roll, Turn]) -> None:
    from spacebowl_print.games.hubble.rules.legality import turn_problem

    cols, rows, cells, roll, turn = case
    verdict = turn_problem(cells, roll, turn, geometry(cols, rows)) is None
    event("legal" if verdict else "illegal")
    assert verdict == independent_verdict(cells, roll, turn, cols, rows)
