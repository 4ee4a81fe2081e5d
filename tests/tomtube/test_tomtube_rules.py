"""The rules on hand-made positions: drifting (stop, straight through, forks, counters,
the other astronaut, colours), space jumps, placing (isolated triangles, counters), the
alien exchange, passing and scoring."""

from __future__ import annotations

import pytest
from tomtube_helpers import make_position, scenario_tiles

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.model import (
    Astronaut,
    Exchange,
    Fill,
    Move,
    Pass,
    Placement,
    move_from_json,
)
from spacebowl_print.games.tomtube.rules import network, reference
from spacebowl_print.games.tomtube.rules.play import isolated_after, place, play, score

T = scenario_tiles()
# B3 and C3 complete; a straight neutral tube B3 - (B3-C3 centre) - C3 along the edge.
AROUND = [(7, "C2-C3", "B2"), (8, "C3-D4", "C4")]
B3_TRIS: list[tuple[str, str, list[str] | None]] = [("tom", "A2-B2-B3", None),
                                                    ("dave", "B3-B4-C4", None)]


def moves(pos: object) -> set[tuple[str, str, str | None]]:
    fast = network.legal_moves(pos, T)  # type: ignore[arg-type]
    assert fast == reference.legal_moves(pos, T)  # type: ignore[arg-type]
    return {(m.kind, m.to, m.pay) for m in fast}


def straight(tile: int = 2, **kw: object) -> object:
    return make_position(T, [(tile, "B3-C3", "B2"), *AROUND], B3_TRIS, **kw)  # type: ignore[arg-type]


def test_drift_stops_or_passes_straight_through_complete_knot() -> None:
    # A3 -> B3 by the printed tube; straight on through the fork to C3; no tube on from C3.
    assert moves(straight()) == {("drift", "B3", None), ("drift", "C3", None)}


def test_counter_ends_the_drift_and_is_taken() -> None:
    pos = straight(counters={"B3": "control"})
    assert moves(pos) == {("drift", "B3", None)}
    after = play(pos, T, Move("drift", "B3", None))
    assert after.astronauts["tom"].held["control"] == 1 and "B3" not in after.counters
    assert after.astronauts["tom"].at == "B3" and after.to_move == "dave"


def test_other_astronaut_is_neither_entered_nor_passed() -> None:
    assert moves(straight(dave="B3")) == set()
    assert moves(straight(dave="C3")) == {("drift", "B3", None)}


def test_incomplete_knot_blocks() -> None:
    pos = make_position(T, [(2, "B3-C3", "B2"), (7, "C2-C3", "B2")], B3_TRIS)
    assert moves(pos) == {("drift", "B3", None)}


def test_energy_sphere_stop_pass_and_counter() -> None:
    assert moves(straight(3)) == {("drift", "B3", None), ("drift", "B3-C3", None),
                                  ("drift", "C3", None)}
    assert moves(straight(3, counters={"B3-C3": "energy"})) == {
        ("drift", "B3", None), ("drift", "B3-C3", None)}


def test_other_colour_needs_a_control_counter() -> None:
    assert moves(straight(4)) == {("drift", "B3", None)}
    paid = straight(4, held={"tom": {"control": 1}})
    assert moves(paid) == {("drift", "B3", None), ("drift", "B3", "control"),
                           ("drift", "C3", "control")}
    # Dave drifts his own colour for free, but may never enter Tom's base.
    dave = straight(4, tom="G1", dave="C3", to_move="dave", counters={"G1": ""})
    assert moves(dave) == {("drift", "B3", None)}


def test_alien_exchange_makes_a_payment_possible() -> None:
    pos = straight(4, held={"tom": {"alien": 1}},
                   stock={"energy": 2, "control": 1, "alien": 0})
    assert ("drift", "C3", "control") in moves(pos)
    after = play(pos, T, Move("drift", "C3", "control"))
    held = after.astronauts["tom"].held
    assert (held["alien"], held["control"], held["energy"]) == (0, 0, 2)
    assert after.stock == {"energy": 0, "control": 1, "alien": 1}
    poor = straight(4, held={"tom": {"alien": 1}}, stock={"energy": 1, "control": 1,
                                                          "alien": 0})
    assert ("drift", "C3", "control") not in moves(poor)


def test_alien_exchange_at_any_moment_of_the_turn() -> None:
    """The rulebook: an alien counter can always be exchanged — before the action, after it,
    with a placement or a pass; the other player never exchanges in your turn."""
    pos = straight(4, held={"tom": {"alien": 1, "control": 1}},
                   stock={"energy": 4, "control": 2, "alien": 0})
    # Before a free drift: nothing is paid, the alien is exchanged all the same.
    after = play(pos, T, Move("drift", "B3", None, Exchange(before=1)))
    held = after.astronauts["tom"].held
    assert (held["alien"], held["control"], held["energy"]) == (0, 2, 2)
    assert after.stock == {"energy": 2, "control": 1, "alien": 1}
    # Before a paid drift although a control counter is held: the held one pays.
    paid = play(pos, T, Move("drift", "C3", "control", Exchange(before=1)))
    held = paid.astronauts["tom"].held
    assert (held["alien"], held["control"], held["energy"]) == (0, 1, 2)
    # After the move, at the end of the turn (the turn has passed to Dave).
    late = play(pos, T, Move("drift", "B3", None, Exchange(after=1)))
    assert late.to_move == "dave" and late.astronauts["tom"].held["alien"] == 0
    assert late.astronauts["dave"].held == pos.astronauts["dave"].held
    # As a file says it; and written back the same way.
    mv = move_from_json({"kind": "drift", "to": "B3", "pay": None,
                         "exchange": {"before": 1}})
    assert mv == Move("drift", "B3", None, Exchange(before=1))
    assert mv.to_json() == {"kind": "drift", "to": "B3", "pay": None,
                            "exchange": {"before": 1}}
    assert Move("drift", "B3", None).to_json() == {"kind": "drift", "to": "B3", "pay": None}
    # Not without an alien, not when the stock lacks the counters.
    with pytest.raises(InputError, match="no alien"):
        play(pos, T, Move("drift", "B3", None, Exchange(before=2)))
    poor = straight(4, held={"tom": {"alien": 1}}, stock={"energy": 1, "control": 1,
                                                          "alien": 0})
    with pytest.raises(InputError, match="stock lacks"):
        play(poor, T, Move("drift", "B3", None, Exchange(before=1)))
    with pytest.raises(InputError, match="exchange"):
        move_from_json({"kind": "drift", "to": "B3", "pay": None, "exchange": {"now": 1}})


def test_exchange_before_a_placement_changes_what_it_brings() -> None:
    """Exchanged before the rhomb is laid, the stock's last control counter goes to the
    player, so the knot the placement completes with one tube end gets none."""
    base = [(9, "B2-B3", "A2"), (10, "B3-C4", "B4"), (7, "C2-C3", "B2")]
    pos = make_position(T, base, stack=[2], held={"tom": {"alien": 1}},
                        stock={"energy": 10, "control": 1, "alien": 0})
    plain = place(pos, T, Placement("C3-D4", "C4"))
    assert plain.counters.get("C3") == "control" and plain.stock["control"] == 0
    swapped = place(pos, T, Placement("C3-D4", "C4", exchange=Exchange(before=1)))
    assert "C3" not in swapped.counters and swapped.stock["alien"] == 1
    assert swapped.astronauts["tom"].held["control"] == 1
    # After the placement instead: the counter is put first, the stock is then short.
    with pytest.raises(InputError, match="stock lacks"):
        place(pos, T, Placement("C3-D4", "C4", exchange=Exchange(after=1)))


def test_jump_along_an_edge_that_is_no_inner_edge() -> None:
    # B3 and C3 complete, edge B3-C3 between two different rhombs: jump allowed.
    pos = make_position(T, [(9, "B2-B3", "A2"), (10, "B3-C4", "B4"), *AROUND], [],
                        tom="B3", held={"tom": {"energy": 1}})
    assert moves(pos) == {("drift", "A3", None), ("jump", "C3", "energy")}
    assert moves(make_position(T, [(9, "B2-B3", "A2"), (10, "B3-C4", "B4"), *AROUND], [],
                               tom="B3")) == {("drift", "A3", None)}
    # Across the inner edge of the rhomb on B3-C3: no jump.
    across = make_position(T, [(9, "B3-C3", "B2"), *AROUND], B3_TRIS, tom="B3",
                           held={"tom": {"energy": 1}})
    assert ("jump", "C3", "energy") not in moves(across)


def test_placing_puts_counters_by_tube_ends() -> None:
    base = [(9, "B2-B3", "A2"), (10, "B3-C4", "B4"), (7, "C2-C3", "B2")]
    for tile, expected in ((1, "alien"), (2, "control"), (5, "alien")):
        pos = make_position(T, base, stack=[tile])
        after = place(pos, T, Placement("C3-D4", "C4"))
        assert after.counters.get("C3") == expected
        assert ("C3-D4" in after.counters) == (tile == 5)
        assert "B3" not in after.counters  # next to a module: never a counter
        assert after.stack == () and after.to_move == "dave"


def test_isolated_triangle_is_filled_by_the_mover_then_the_other() -> None:
    pos = make_position(T, [(9, "A2-B2", "A1")], stack=[11, 12])
    assert isolated_after(pos, "B2-C2") == ["A1-B1-B2"]
    with pytest.raises(InputError, match="must be covered"):
        place(pos, T, Placement("B2-C2", "B1"))
    after = place(pos, T, Placement("B2-C2", "B1", (Fill("A1-B1-B2", ("A1", "B2")),)))
    assert after.triangles[-1].owner == "tom" and after.astronauts["tom"].tubes_left == 5
    js_pos = pos.with_(astronauts={**pos.astronauts, "tom": Astronaut("A3", pos.astronauts[
        "tom"].held, 0, 0)})
    other = place(js_pos, T, Placement("B2-C2", "B1", (Fill("A1-B1-B2", None),)))
    assert other.triangles[-1].owner == "dave" and other.astronauts["dave"].blanks_left == 2
    assert network.placement_count(pos) == 2 * len(network.free_positions(pos))


def test_pass_only_when_stuck() -> None:
    pos = straight(dave="B3", stack=[])
    assert network.placement_count(pos) == 0
    assert play(pos, T, Pass()).to_move == "dave"
    with pytest.raises(InputError):
        play(straight(), T, Pass())


def test_worked_score_is_33() -> None:
    a = Astronaut("A3", {"solar": 2, "energy": 5, "control": 3, "alien": 1})
    assert score(a, bonus=7) == 33
    assert score(a, bonus=7, lost=True) == 0


def test_variants_at_the_start() -> None:
    from spacebowl_print.games.tomtube.model import start_position

    easy = start_position([1], extra_energy=2)
    assert easy.astronauts["tom"].held["energy"] == 3 and easy.stock["energy"] == 18
    for variant, expected in ((True, "alien"), (False, None)):
        pos = start_position([9, 10, 7, 8], aliens_and_controls=variant)
        for at, s1 in (("B2-B3", "A2"), ("B3-C4", "B4"), ("C2-C3", "B2"), ("C3-D4", "C4")):
            pos = place(pos, T, Placement(at, s1))
        assert pos.counters.get("C3") == expected
