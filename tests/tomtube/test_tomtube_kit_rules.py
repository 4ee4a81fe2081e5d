"""The rule summary's computed examples: the worked drift is the engine's (destinations from
both move generators, a route whose every step the tube network allows), the route tracer
finds exactly the engine's drift destinations on random positions, and the scoring check is
the scoring function's 33."""

from __future__ import annotations

import itertools
import random

import pytest
from tomtube_helpers import random_position

from spacebowl_print.games.tomtube.art.routes import colours_of, drift_route
from spacebowl_print.games.tomtube.art.rules import (
    DRIFT_TARGET,
    drift_example,
    drift_position,
    drift_tiles,
    rules_text,
    scoring_example,
)
from spacebowl_print.games.tomtube.model import MODULES
from spacebowl_print.games.tomtube.model.position import complete_knots, coverage
from spacebowl_print.games.tomtube.rules import network, reference
from spacebowl_print.games.tomtube.solve.puzzles import shipped_tiles

TILES = shipped_tiles()


def test_drift_example_tiles_are_the_shipped_designs_or_their_own() -> None:
    """The example's rhombs are valid tiles; while the shipped set is the one the example
    was found with, they match it design for design."""
    own = drift_tiles()
    assert sorted(own.ids()) == sorted({r.id for r in drift_position().rhombs})
    if all(TILES[i] == own[i] for i in own.ids()):
        assert drift_example()["target"] == DRIFT_TARGET


def test_drift_example_lists_the_engines_moves() -> None:
    pos, tiles = drift_position(), drift_tiles()
    data = drift_example()
    for engine in (network.legal_moves(pos, tiles), reference.legal_moves(pos, tiles)):
        assert data["free"] == [m.to for m in engine if m.kind == "drift" and m.pay is None]
        assert data["paid"] == [m.to for m in engine if m.kind == "drift" and m.pay]
        assert data["jumps"] == [m.to for m in engine if m.kind == "jump"]
    assert data["paid_only"]  # the example shows what paying a control counter adds
    assert DRIFT_TARGET in data["free"]


def test_drift_example_route_is_a_legal_drift() -> None:
    """Walk the drawn route through the engine's network: every step is a tube segment of
    Tom's or a neutral colour, none used twice, never straight back; forks and triangle
    bends are passed, knot spheres passed straight through are complete and hold no
    counter, and the route ends on the target."""
    pos = drift_position()
    net = network.build(pos, drift_tiles())
    route = drift_example()["route"]
    assert route[0] == pos.astronauts["tom"].at and route[-1] == DRIFT_TARGET
    nodes = [net.names.index(n) for n in route]
    allowed = colours_of("tom", False)
    used: set[int] = set()
    arrive: int | None = None
    complete = complete_knots(coverage(pos))
    for i, (a, b) in enumerate(itertools.pairwise(nodes)):
        segs = [s for s in net.ports[a].values()
                if b in (net.seg_ends[s][0], net.seg_ends[s][2])]
        assert len(segs) == 1, (route[i], route[i + 1])
        s = segs[0]
        assert net.seg_colour[s] & allowed and s not in used
        leave = net.seg_ends[s][1] if net.seg_ends[s][0] == a else net.seg_ends[s][3]
        if i > 0:
            kind = net.kinds[a]
            if kind in (network.KNOT, network.ENERGY):  # straight through a sphere
                assert arrive is not None and leave == (arrive + 6) % 12
                assert route[i] not in pos.counters
                if kind == network.KNOT:
                    assert a in complete
            else:
                assert kind in (network.FORK, network.TRI)
        used.add(s)
        arrive = net.seg_ends[s][3] if net.seg_ends[s][0] == a else net.seg_ends[s][1]
    steps = drift_example()["steps"]
    assert [s["name"] for s in steps] == route[1:-1]
    assert {s["kind"] for s in steps} == {"fork", "pass", "triangle"}


def test_the_rules_print_the_engines_example() -> None:
    data = drift_example()
    for lang in ("en", "de"):
        text = rules_text(lang, TILES)
        assert ", ".join(data["free"]) in text
        for step in data["steps"]:
            assert step["name"] in text
        assert "33" in text


@pytest.mark.parametrize("seed", range(12))
def test_route_tracer_reaches_exactly_the_engines_destinations(seed: int) -> None:
    """On random positions, for free and paid drifts of the player to move, the tracer
    finds a route to a sphere exactly when the engine lists that destination."""
    rng = random.Random(seed)
    pos = random_position(TILES, seed, rng.randint(10, 38))
    net = network.build(pos, TILES)
    player = pos.to_move
    me, them = pos.astronauts[player].at, pos.astronauts["dave" if player == "tom" else "tom"]
    start = net.node_of[me]
    blocked = [net.node_of[them.at]] if them.at in net.node_of else []
    counters = [net.node_of[n] for n in pos.counters if n in net.node_of]
    for paid in (False, True):
        colours = colours_of(player, paid)
        engine = network.drift_targets(net, start, player, colours, blocked, counters)
        traced = set()
        for name, node in net.node_of.items():
            if name in MODULES and MODULES[name][0] != player:
                continue
            route = drift_route(net, start, player, colours, blocked, counters, node)
            if route is not None:
                assert route[0] == start and route[-1] == node
                traced.add(node)
        assert traced == engine


def test_scoring_check_is_33() -> None:
    data = scoring_example()
    assert data["total"] == 33
    assert sum(p["points"] for p in data["parts"]) + data["bonus"] == 33


def test_the_rules_say_who_starts_and_when_an_alien_is_exchanged() -> None:
    """The rulebook: the younger player starts (the files' "tom" first is a convention the
    summaries do not claim), and an alien counter can be exchanged at any moment of one's
    own turn."""
    en, de = rules_text("en", TILES), rules_text("de", TILES)
    assert "The younger player starts." in en and "Tom starts" not in en
    assert "Der jüngere Spieler beginnt." in de and "Tom beginnt" not in de
    assert "At any moment of your own turn" in en and "start of your turn" not in en
    assert "Jederzeit in deinem eigenen Zug" in de and "Zu Beginn deines Zuges" not in de
