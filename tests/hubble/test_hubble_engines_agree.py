"""Independent paths agree on random pads: asteroid packing (memoised search, CP-SAT, plain
include/exclude), stars (branch and bound, CP-SAT, brute force with its own coordinates), and
the players' incremental board against the engine."""

from __future__ import annotations

from hubble_helpers import hubble_cards, hubble_pads
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.geometry import BLANK, geometry
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules import asteroids, stars
from spacebowl_print.games.hubble.rules.scoring import score_cells
from spacebowl_print.games.hubble.solve.board import Board


def runs(n: int) -> settings:
    """``n`` examples, no deadline (CP-SAT start-up varies on a shared machine)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@runs(300)
@given(hubble_pads(icons="AAAAAAAGS.", sides=st.sampled_from([4, 6])))
def test_asteroid_packing_three_ways(pad: Pad) -> None:
    geo = pad.geometry
    fast = asteroids.packing(pad.cells, geo)
    assert fast == asteroids.packing_reference(pad.cells, geo)
    assert fast == asteroids.packing_cpsat(pad.cells, geo)


@runs(60)
@given(hubble_pads(icons="AAAAAAAAA.", sides=st.sampled_from([8, 10, 12])))
def test_asteroid_packing_on_dense_large_pads(pad: Pad) -> None:
    """Large dense groups go through the memoised search or its CP-SAT hand-over."""
    assert asteroids.packing(pad.cells, pad.geometry) == asteroids.packing_cpsat(
        pad.cells, pad.geometry)


@runs(300)
@given(hubble_pads(icons="SSSSSSSP.", sides=st.sampled_from([4, 6, 8])),
       st.lists(hubble_cards(), min_size=1, max_size=3,
                unique_by=lambda c: c.name))
def test_stars_three_ways(pad: Pad, cards: list) -> None:  # type: ignore[type-arg]
    geo = pad.geometry
    fast, chosen = stars.best(pad.cells, cards, geo)
    assert fast == stars.best_reference(pad.row_strings(), cards)
    assert fast == stars.best_cpsat(pad.cells, cards, geo)[0]
    assert stars.best_other_reading(pad.cells, cards, geo) >= fast
    # the reported choice is a valid one that earns the total
    used: set[int] = set()
    for c in chosen:
        card = cards[c.card]
        assert all(pad.cells[x] == "S" for x in c.placement.red)
        cells = set(c.placement.red) | set(c.purple_stars)
        assert not cells & used
        used |= cells
        assert c.points == card.value + card.bonus * len(c.purple_stars)
    assert sum(c.points for c in chosen) == fast


@st.composite
def drawing_orders(draw: st.DrawFn) -> tuple[int, int, list[list[tuple[int, str]]]]:
    """A pad size and a sequence of draws: each a triangle (up to three icons) or one cell."""
    cols, rows = draw(st.sampled_from([4, 6, 8])), draw(st.sampled_from([4, 6, 8]))
    geo = geometry(cols, rows)
    taken: set[int] = set()
    steps = []
    for _ in range(draw(st.integers(1, 40))):
        if draw(st.booleans()):
            tri = geo.triangles[draw(st.integers(0, len(geo.triangles) - 1))]
            cells = [c for c in tri if c not in taken]
        else:
            cells = [draw(st.integers(0, geo.size - 1))]
            cells = [c for c in cells if c not in taken]
        step = [(c, draw(st.sampled_from("GPACCAS"))) for c in cells]
        taken.update(cells)
        if step:
            steps.append(step)
    return cols, rows, steps


@runs(300)
@given(drawing_orders())
def test_board_keeps_the_engine_score(case: tuple[int, int, list[list[tuple[int, str]]]]
                                      ) -> None:
    cols, rows, steps = case
    geo = geometry(cols, rows)
    board = Board(geo)
    cells = [BLANK] * geo.size
    before = 0
    for step in steps:
        gain = board.gain(step)
        board.apply(step)
        for c, icon in step:
            cells[c] = icon
        now = score_cells("".join(cells), geo, []).total
        assert board.score() == now
        assert gain == now - before
        before = now


def restated_scores(rows: list[str]) -> tuple[int, int, int]:
    """Galaxy, planet and comet points restated from the rules, from offset rows alone."""
    h, w = len(rows), len(rows[0])

    def quadrant(r: int, c: int) -> int:
        return (2 if r >= h // 2 else 0) + (1 if c >= w // 2 else 0)

    gal = [0, 0, 0, 0]
    for r in range(h):
        for c in range(w):
            if rows[r][c] == "G":
                gal[quadrant(r, c)] += 1
    lines: dict[tuple[int, int], int] = {}
    for r in range(h):
        for c in range(w):
            if rows[r][c] == "P":
                q = c - (r - (r & 1)) // 2
                for key in ((0, r), (1, q), (2, -q - r)):
                    lines[key] = lines.get(key, 0) + 1
    planet = sum(n for n in lines.values() if n >= 2)

    def around(r: int, c: int) -> list[tuple[int, int]]:
        d = (-1, 0) if r % 2 == 0 else (0, 1)  # 0-based even rows are the printed odd rows
        return [(r, c - 1), (r, c + 1)] + [(r + dr, c + dc) for dr in (-1, 1) for dc in d]

    seen: set[tuple[int, int]] = set()
    comet = 0
    for r in range(h):
        for c in range(w):
            if rows[r][c] != "C" or (r, c) in seen:
                continue
            size, stack = 0, [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                size += 1
                for ny, nx in around(y, x):
                    if 0 <= ny < h and 0 <= nx < w and rows[ny][nx] == "C" and (ny, nx) not in seen:
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            comet += [0, 0, 4, 7, 11, 15][size] if size <= 5 else 15 + 5 * (size - 5)
    return 11 * min(gal), planet, comet


@runs(15)
@given(hubble_pads(icons="SSSSSSSSSP.", sides=st.sampled_from([4, 6])),
       st.lists(hubble_cards(), min_size=4, max_size=8, unique_by=lambda c: c.name))
def test_stars_on_pads_dense_with_stars_and_cards(pad: Pad, cards: list) -> None:  # type: ignore[type-arg]
    """Many cards on a pad nearly all stars: the branch and bound's tighter ceiling (each card
    at its richest placement still free) keeps the same total as CP-SAT."""
    assert stars.best(pad.cells, cards, pad.geometry)[0] == stars.best_cpsat(
        pad.cells, cards, pad.geometry)[0]


@runs(40)
@given(hubble_pads(icons="SSSSSP.", sides=st.sampled_from([4, 6])),
       st.lists(hubble_cards(), min_size=1, max_size=2, unique_by=lambda c: c.name),
       st.lists(st.integers(0, 1), min_size=2, max_size=5))
def test_a_card_named_twice_scores_as_the_plain_search_says(
        pad: Pad, distinct: list, which: list[int]) -> None:  # type: ignore[type-arg]
    """A pad may name a card more than once; the branch and bound skips the other orders of
    the same placements over the copies, and still finds the best total and a valid choice."""
    cards = sorted((distinct[i % len(distinct)] for i in which), key=lambda c: c.name)
    fast, chosen = stars.best(pad.cells, cards, pad.geometry)
    assert fast == stars.best_reference(pad.row_strings(), cards)
    used: set[int] = set()
    for c in chosen:
        cells = set(c.placement.red) | set(c.purple_stars)
        assert not cells & used and all(pad.cells[x] == "S" for x in c.placement.red)
        used |= cells
    assert sum(c.points for c in chosen) == fast


@runs(25)  # up to 26 × 26 with CP-SAT twice: 2.6–11 s at 40 examples
@given(hubble_pads(sides=st.sampled_from(range(4, 27, 2))), st.data())
def test_every_even_size_against_the_rules_restated(pad: Pad, data: st.DataObject) -> None:
    from spacebowl_print.games.hubble.model.constellations import load_constellation_set
    from spacebowl_print.games.hubble.rules.scoring import score_pad

    cset = load_constellation_set()
    names = data.draw(st.lists(st.sampled_from(cset.names), max_size=4, unique=True))
    cards = cset.pick(names)
    score = score_pad(pad, cards)
    assert (score.galaxy, score.planet, score.comet) == restated_scores(pad.row_strings())
    assert score.asteroid == 8 * asteroids.packing_cpsat(pad.cells, pad.geometry)
    assert score.stars == stars.best_cpsat(pad.cells, cards, pad.geometry)[0]
    assert score.total == score.galaxy + score.planet + score.asteroid + score.comet + score.stars
