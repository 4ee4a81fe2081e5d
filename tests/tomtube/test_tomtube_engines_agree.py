"""The fast network engine and the reference trail walker agree on random positions built
from the shipped tile set (random placements from the start, then astronauts, holdings and
counters scattered)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tomtube_helpers import random_position, scenario_tiles

from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.rules import network, reference

TILES = load_tiles()
SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(0, 45))
def test_legal_moves_agree(seed: int, placements: int) -> None:
    pos = random_position(TILES, seed, placements)
    fast = network.legal_moves(pos, TILES)
    assert fast == reference.legal_moves(pos, TILES)
    # one entry per (kind, destination, payment), in the documented order
    keys = [(m.kind, m.pay or "", m.to) for m in fast]
    assert len(set(keys)) == len(keys)
    order = {("drift", ""): 0, ("drift", "control"): 1, ("jump", "energy"): 2}
    assert keys == sorted(keys, key=lambda k: (order[(k[0], k[1])], k[2]))
    # every free drift destination is reached by the paid drift too, when it is payable
    if any(m.pay == "control" for m in fast):
        free = {m.to for m in fast if m.pay is None}
        assert free <= {m.to for m in fast if m.pay == "control"}


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_agree_on_dense_boards(seed: int) -> None:
    """Full boards have the longest tube networks."""
    pos = random_position(TILES, seed, 45)
    assert network.legal_moves(pos, TILES) == reference.legal_moves(pos, TILES)


def test_scenario_tiles_agree_too() -> None:
    tiles = scenario_tiles()
    for seed in range(20):
        pos = random_position(tiles, seed, 12)
        assert network.legal_moves(pos, tiles) == reference.legal_moves(pos, tiles)
