"""The second engine (rules/independent.py): the rules' worked checks, agreement with the main
engine on random pads and random legal and illegal play logs, every single-icon tampering of
a real par judged as the main engine judges it, and the tamperings a check must catch."""

from __future__ import annotations

import ast
import copy
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hubble_helpers import (
    HUBBLE_EXAMPLE_CARD,
    HUBBLE_EXAMPLE_ROWS,
    hubble_cards,
    hubble_pads,
    tamper,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.model.challenge import (
    challenge_from_json,
    challenge_to_json,
    play_from_json,
)
from spacebowl_print.games.hubble.model.constellations import (
    Constellation,
    ConstellationSet,
    load_constellation_set,
    set_to_dict,
)
from spacebowl_print.games.hubble.model.geometry import geometry
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules import independent as second
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_cells, score_pad, score_to_json
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    generate_challenge,
)
from spacebowl_print.games.hubble.solve.manifest import make_entry, verify_entry
from spacebowl_print.games.hubble.solve.moves import drawn, fogs, placements

CSET = load_constellation_set()
CSET_DATA = set_to_dict(CSET)
CARDS = second.read_cards(CSET_DATA)
ROLLS = STANDARD_COLS * STANDARD_ROWS // 3 + 3
"""Rolls of a challenge on the standard pad (cells ÷ 3 + 3)."""


def runs(n: int) -> settings:
    """``n`` examples, no deadline (the main engine may start CP-SAT)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def as_data(cards: list[Constellation]) -> dict[str, second.Card]:
    """Cards handed to the second engine as the callers do: as plain data."""
    return second.read_cards(set_to_dict(ConstellationSet("test", tuple(cards))))


def blank(cols: int = 8, rows: int = 8) -> list[list[str]]:
    return [["."] * cols for _ in range(rows)]


def put(grid: list[list[str]], names: str, icon: str) -> list[str]:
    for name in names.split():
        grid[int(name[1:]) - 1][ord(name[0]) - 65] = icon
    return ["".join(row) for row in grid]


# --------------------------------------------------------------------------- independence

ENGINE = ("independent", "independent_pad", "independent_score")
"""The second engine's modules (in rules/): each may import the standard library and the
others of these, nothing else."""


def test_the_second_engine_imports_only_the_standard_library() -> None:
    own = {f"spacebowl_print.games.hubble.rules.{name}" for name in ENGINE}
    for name in ENGINE:
        source = (Path(second.__file__).parent / f"{name}.py").read_text(encoding="utf-8")
        imported = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, "no relative imports"
                if node.module not in own:
                    imported.add((node.module or "").split(".")[0])
        assert imported - {"__future__"} <= set(sys.stdlib_module_names), (name, imported)


# --------------------------------------------------------------------------- the rules' checks

def test_geometry_from_the_rules_words() -> None:
    sheet = second.Sheet(12, 12)
    assert len(sheet.triangles) == 242
    touching = {name: sorted(sheet.name(c) for c in sheet.touching[sheet.parse(name) or (0, 0)])
                for name in ("C3", "C4")}
    assert touching == {"C3": ["B2", "B3", "B4", "C2", "C4", "D3"],
                        "C4": ["B4", "C3", "C5", "D3", "D4", "D5"]}
    assert [sheet.colour(sheet.parse(n) or (0, 0)) for n in ("F6", "G6", "F7", "G7")] == [
        "red", "blue", "yellow", "green"]
    assert [sheet.parse(n) for n in ("A1", "L12", "M1", "A13", "A0", "A01", "a1", "C4 ")] == [
        (0, 0), (11, 11), None, None, None, None, None, None]


@pytest.mark.parametrize(("cols", "rows"), [(4, 4), (14, 4), (8, 8), (6, 10), (26, 26)])
def test_geometry_matches_the_main_engines(cols: int, rows: int) -> None:
    """The same neighbours, triangles and lines (of two cells or more) as model.geometry,
    derived differently (offset rows and walks rather than axial tables)."""
    sheet, geo = second.Sheet(cols, rows), geometry(cols, rows)

    def index(cell: tuple[int, int]) -> int:
        return cell[0] * cols + cell[1]

    assert [sorted(index(n) for n in sheet.touching[c]) for c in sheet.cells] == [
        list(n) for n in geo.neighbours]
    assert {tuple(sorted(index(c) for c in t)) for t in sheet.triangles} == set(geo.triangles)
    assert sorted(tuple(sorted(index(c) for c in line)) for line in sheet.lines
                  if len(line) >= 2) == sorted(tuple(sorted(line)) for line in geo.lines)


def test_the_example_pad_scores_50() -> None:
    cards = as_data([HUBBLE_EXAMPLE_CARD])
    assert second.score_pad(HUBBLE_EXAMPLE_ROWS, list(cards.values())) == {
        "galaxy": 22, "planet": 3, "asteroid": 8, "comet": 7, "stars": 10, "total": 50}
    recorded = {"galaxy": 22, "planet": 3, "asteroid": 8, "comet": 7, "stars": 10,
                "total": 50, "constellations": [{"name": "Example", "points": 10,
                                                 "red": ["E8", "F8", "G8"], "purple": []}]}
    assert second.score_problem(HUBBLE_EXAMPLE_ROWS, ["Example"], cards, recorded) is None
    wrong = copy.deepcopy(recorded)
    wrong["constellations"][0]["purple"] = ["E9"]  # E9 is a star, but not this card's purple
    assert "purple stars are [], not" in (
        second.score_problem(HUBBLE_EXAMPLE_ROWS, ["Example"], cards, wrong) or "")


def test_comet_groups_of_6_and_2_score_24() -> None:
    rows = put(blank(), "A1 B1 C1 D1 E1 F1", "C")
    rows = put([list(r) for r in rows], "A5 A6", "C")
    assert second.score_pad(rows, [])["comet"] == 24
    assert [second.comet_group_points(n) for n in range(1, 9)] == [0, 4, 7, 11, 15, 20, 25, 30]


@pytest.mark.parametrize(("purples", "points"), [("", 10), ("D3", 13), ("D3 G1", 16)])
def test_five_red_card_scores_10_13_16(purples: str, points: int) -> None:
    card = Constellation("Five", 10, 3, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
                         ((0, 1), (4, -1)))
    grid = blank()
    put(grid, "C2 D2 E2 F2 G2", "S")  # axial (2..6, 1): purple (2, 2) = D3, (6, 0) = G1
    rows = put(grid, purples, "S")
    assert second.score_pad(rows, list(as_data([card]).values()))["stars"] == points


def test_the_decision_a_purple_star_serves_its_card() -> None:
    """docs/hubble.md's example: stars B2–F2, Tail and Trio: the best is 8."""
    tail = Constellation("Tail", 4, 2, ((0, 0), (1, 0)), ((-1, 0), (2, 0)))
    trio = Constellation("Trio", 6, 0, ((0, 0), (1, 0), (2, 0)))
    rows = put(blank(), "B2 C2 D2 E2 F2", "S")
    assert second.score_pad(rows, list(as_data([tail, trio]).values()))["stars"] == 8


def test_a_field_too_large_to_prove_is_refused_not_accepted() -> None:
    sheet = second.Sheet(8, 8)
    with pytest.raises(second.Wrong, match="too large for the second engine"):
        second.most_disjoint_triangles(sheet.triangles, budget=100)
    assert second.most_disjoint_triangles(sheet.triangles) == 20  # the full 8 × 8 field


# --------------------------------------------------------------------------- random pads

def agree(pad: Pad, cards: list[Constellation]) -> None:
    """Both engines' numbers are equal, and the main engine's breakdown passes the second's
    check."""
    main = score_to_json(score_cells(pad.cells, pad.geometry, cards), pad.geometry)
    rows = pad.row_strings()
    data = as_data(cards)
    mine = second.score_pad(rows, [data[c.name] for c in cards])
    assert mine == {k: main[k] for k in mine}
    assert second.score_problem(rows, [c.name for c in cards], data, main) is None
    event(f"stars {'scored' if main['stars'] else 'none'}")


@runs(400)
@given(hubble_pads(), st.lists(hubble_cards(), max_size=2, unique_by=lambda c: c.name))
def test_scores_agree_on_random_pads(pad: Pad, cards: list[Constellation]) -> None:
    agree(pad, cards)


@runs(200)
@given(hubble_pads(icons="AAAAAAAGS.", sides=st.sampled_from([4, 6, 8, 10])))
def test_asteroids_agree_on_dense_fields(pad: Pad) -> None:
    agree(pad, [])


@runs(300)
@given(hubble_pads(icons="SSSSSSSP.", sides=st.sampled_from([4, 6, 8])),
       st.lists(hubble_cards(), min_size=1, max_size=3, unique_by=lambda c: c.name))
def test_stars_agree_on_starry_pads(pad: Pad, cards: list[Constellation]) -> None:
    agree(pad, cards)


@runs(100)
@given(hubble_pads(icons="SSSSS.", sides=st.sampled_from([4, 8, 14])),
       st.lists(st.sampled_from(CSET.cards), min_size=2, max_size=2,
                unique_by=lambda c: c.name))
def test_stars_agree_with_the_shipped_cards(pad: Pad, cards: list[Constellation]) -> None:
    agree(pad, cards)


# --------------------------------------------------------------------------- random play logs

def random_turn(rng: random.Random, cols: int, rows: int, roll: Any) -> dict[str, Any]:
    """A made-up turn: a triangle or any three cells, icons near the Scope, or a fog; often
    illegal, sometimes not."""
    geo = geometry(cols, rows)
    if rng.random() < 0.7:
        if rng.random() < 0.7:
            cells = list(rng.choice(geo.triangles))
        else:
            cells = rng.sample(range(geo.size), 3)
        icons = [*roll.icons, roll.third or rng.choice("GPACS.")]
        rng.shuffle(icons)
        if rng.random() < 0.3:
            icons[rng.randrange(3)] = rng.choice("GPACS.")
        return {"place": {geo.names[c]: i for c, i in zip(cells, icons, strict=True)}}
    if rng.random() < 0.2:
        return {"fog": {}}
    return {"fog": {geo.names[rng.randrange(geo.size)]: rng.choice("GPACS")}}


def made_up_log(seed: int, cols: int, rows: int, wild: float) -> tuple[Any, dict[str, Any]]:
    """A challenge and a play log: a random legal player whose turns are replaced by
    made-up ones with chance ``wild``, and which now and then plays on after its third
    fog."""
    ch = generate_challenge(seed, "t", ["Lyra", "Libra"], cols, rows)
    rng = random.Random(seed)
    board = Board(ch.geometry)
    geo = ch.geometry
    turns: list[dict[str, Any]] = []
    fogged = 0
    stop = rng.choice([len(ch.rolls), rng.randrange(len(ch.rolls) + 1)])
    for roll in ch.rolls[:stop]:
        if fogged == 3 and rng.random() < 0.7:
            break
        if rng.random() < wild:
            turns.append(random_turn(rng, cols, rows, roll))
            continue
        moves = placements(board.cells, roll, geo)
        if moves and rng.random() > 0.1:
            move = rng.choice(moves)
            board.apply(drawn(move))
            turns.append({"place": {geo.names[c]: i for c, i in move}})
            continue
        options = fogs(board.cells, roll, geo)
        if options and rng.random() > 0.3:
            c, icon = rng.choice(options)
            board.apply([(c, icon)])
            turns.append({"fog": {geo.names[c]: icon}})
        else:
            turns.append({"fog": {}})
        fogged += 1
    return ch, {"challenge": "t", "turns": turns}


@runs(300)
@given(st.integers(0, 10**9), st.sampled_from([(4, 4), (6, 4), (8, 8), (14, 4), (6, 10)]),
       st.sampled_from([0.0, 0.02, 0.1, 0.3]))
def test_legality_verdicts_agree(seed: int, size: tuple[int, int], wild: float) -> None:
    ch, log = made_up_log(seed, *size, wild)
    try:
        main: Any = replay(ch, play_from_json(log, ch.geometry)).row_strings()
    except InputError as err:
        main = err.where[0]  # "turns[i]"
    try:
        mine: Any = second.replay_play(second.Challenge(challenge_to_json(ch), CARDS), log)
    except second.Wrong as wrong:
        found = re.match(r"play\.(turns\[\d+\]): turn \d+: ", str(wrong))
        assert found, str(wrong)
        mine = found.group(1)
    assert mine == main
    event("illegal" if isinstance(main, str) else "legal")


@pytest.mark.parametrize(("change", "needle"), [
    (lambda c: c["rolls"][2].update(third="S"), "rolls[2].third: round 3 needs null"),
    (lambda c: c["rolls"][0].update(third=None), "rolls[0].third: round 1 needs a white"),
    (lambda c: c.update(rolls=c["rolls"][:ROLLS - 1]), f"needs at least {ROLLS} rolls"),
    (lambda c: c.update(constellations=["Lyra", "Lyra"]), "2 different cards"),
    (lambda c: c.update(constellations=["Lyra", "Vega"]), "2 different cards"),
    (lambda c: c["rolls"][0].update(quadrants=["red", "red"]), "two different quadrant"),
])
def test_the_solo_deal_is_checked(change: Any, needle: str) -> None:
    raw = challenge_to_json(generate_challenge(1, "t", CSET.names))
    second.Challenge(copy.deepcopy(raw), CARDS)
    change(raw)
    with pytest.raises(second.Wrong, match=re.escape(needle)):
        second.Challenge(raw, CARDS)


# --------------------------------------------------------------------------- a real par

@pytest.fixture(scope="module")
def entry() -> dict[str, Any]:
    made = make_entry(generate_challenge(3, "2027-01-04", CSET.names), CSET)
    return json.loads(json.dumps(made))  # as a manifest file holds it


def test_a_real_par_is_proved(entry: dict[str, Any]) -> None:
    assert second.entry_problem(entry, CSET_DATA) is None
    assert verify_entry(entry, CSET) is None


def main_verdict(entry: dict[str, Any]) -> bool:
    """Whether the main engine finds ``entry``'s par legal and scoring exactly the recorded
    score object."""
    ch = challenge_from_json(entry["challenge"], CSET.names)
    try:
        pad = replay(ch, play_from_json(entry["par"]["play"], ch.geometry))
    except InputError:
        return False
    score = score_pad(pad, CSET.pick(ch.constellations))
    numbers = score_to_json(score, ch.geometry)
    return bool(numbers == entry["par"]["score"])


def test_every_single_icon_change_is_judged_alike(entry: dict[str, Any]) -> None:
    """Change one icon of the par's play, every way it can be changed: the second engine
    refuses exactly the entries the main engine finds illegal or scoring otherwise (a change
    that keeps the play legal and the score exact, such as a blank made another blank's
    twin, is no wrong answer)."""
    caught = kept = 0
    for i, turn in enumerate(entry["par"]["play"]["turns"]):
        ((kind, body),) = turn.items()
        for name, icon in body.items():
            for other in "GPACS.":
                if other == icon or (kind == "fog" and other == "."):
                    continue
                e = copy.deepcopy(entry)
                e["par"]["play"]["turns"][i][kind][name] = other
                holds = second.entry_problem(e, CSET_DATA) is None
                assert holds == main_verdict(e), (i, name, other)
                caught += not holds
                kept += holds
    assert caught > 200  # a real par: most changes break it


@pytest.mark.parametrize(("path", "value", "needle"), [
    (("par", "total"), 1, "par.total: the replayed pad scores"),
    (("par", "total"), True, "par.total: the replayed pad scores"),
    (("par", "score", "comet"), 999, "par.score: the replayed pad scores comet"),
    (("par", "score", "total"), 0, "par.score: the replayed pad scores total"),
    (("par", "score", "constellations"), [], "par.score.constellations: the cards listed earn"),
    (("par", "play", "challenge"), "other", "par.play.challenge: answers challenge"),
    (("id",), "2027-01-05", "is not the challenge's id"),
    (("challenge", "rolls", 2, "third"), "S", "challenge.rolls[2].third: round 3"),
])
def test_tampered_pars_are_caught(entry: dict[str, Any], path: tuple[Any, ...], value: Any,
                                  needle: str) -> None:
    message = second.entry_problem(tamper(entry, *path, value=value), CSET_DATA)
    assert message is not None and needle in message and "\n" not in message


def test_a_moved_point_is_caught(entry: dict[str, Any]) -> None:
    """Points moved between categories keep the total but not the breakdown."""
    score = entry["par"]["score"]
    e = tamper(entry, "par", "score", "galaxy", value=score["galaxy"] + 1)
    e["par"]["score"]["planet"] -= 1
    assert "par.score: the replayed pad scores galaxy" in (
        second.entry_problem(e, CSET_DATA) or "")


def test_an_illegal_turn_is_caught(entry: dict[str, Any]) -> None:
    e = copy.deepcopy(entry)
    turns = e["par"]["play"]["turns"]
    turns[1] = turns[0]  # the same cells twice: drawn icons land on drawn cells
    assert "par.play.turns[1]: turn 2: " in (second.entry_problem(e, CSET_DATA) or "")
    e = copy.deepcopy(entry)
    e["par"]["play"]["turns"] += [{"fog": {}}] * 40  # beyond the last roll or the third fog
    assert re.search(r"turn \d+: (the game ended|the challenge has only)",
                     second.entry_problem(e, CSET_DATA) or "")


def test_a_false_breakdown_is_caught(entry: dict[str, Any]) -> None:
    listed = entry["par"]["score"]["constellations"]
    if not listed:
        pytest.skip("this par completes no card")
    card = listed[0]
    ch = second.Challenge(entry["challenge"], CARDS)
    rows = second.replay_play(ch, entry["par"]["play"])
    empty = next(ch.sheet.name(c) for c in ch.sheet.cells if rows[c[0]][c[1]] != "S")
    for change, needle in [
        ({"points": card["points"] + 1}, "the placement earns"),
        ({"red": [empty, *card["red"][1:]]}, "names a cell without a star"),
        ({"red": [card["red"][1], card["red"][0], *card["red"][2:]]}, "is not a placement"),
        ({"red": card["red"][:-1]}, "must name the"),
        ({"name": "Orion" if card["name"] != "Orion" else "Lyra"}, "is not a dealt card"),
    ]:
        e = copy.deepcopy(entry)
        e["par"]["score"]["constellations"][0].update(change)
        message = second.entry_problem(e, CSET_DATA) or ""
        assert needle in message, (change, message)
