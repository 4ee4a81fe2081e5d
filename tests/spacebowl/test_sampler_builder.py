"""The one puzzle sampler, builder side: near-miss bands with an upper bound, cards kept out
of the galaxy (the tossed top card), a Wild token that must matter, and batches that keep a
failure in its place. Every galaxy is re-counted here by BOTH engines."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import galaxies as random_galaxies
from conftest import tosses as random_tosses
from spacebowl_print.games.spacebowl.model import (
    SPACES,
    InputError,
    Pos,
    Toss,
    Variants,
    parse_deck,
)
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.solve import (
    BuildRequest,
    BuildResult,
    build_galaxy,
    try_build_galaxies,
)
from spacebowl_print.games.spacebowl.solve.toss_tables import toss_tables

CLASSIC = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")
LETTERS = CLASSIC.letters
SPREAD = Toss(Pos(1, 1), {"R": Pos(0, 0), "G": Pos(1, 2)})
THREE = Toss(Pos(0, 0), {"R": Pos(0, 0), "Y": Pos(2, 2), "B": Pos(2, 1)})
HOLE = Toss(Pos(2, 1), {"S": Pos(0, 1), "P": Pos(1, 2), "G": Pos(1, 2), "B": Pos(2, 0)},
            Pos(1, 2))


def assert_meets(result: BuildResult, req: BuildRequest, rotation: bool = False,
                 torus: bool = False, void: int = 0) -> None:
    """Both engines agree on the answer, and it meets every part of the request."""
    g, v = result.galaxy, result.variants
    assert (v.rotation, v.torus) == (rotation, torus)
    sols, near = reference.analyse(g, req.toss, v)
    assert bitboard.solve(g, req.toss, LETTERS, v) == sols
    assert bitboard.near_misses(g, req.toss, LETTERS, v) == near
    assert (tuple(sols), tuple(near)) == (result.solutions, result.near_misses)
    assert len(sols) == req.solutions
    top = len(near) if req.near_misses_max is None else req.near_misses_max
    assert req.near_misses <= len(near) <= top, len(near)
    assert g.card_ids is not None
    ids = [c for row in g.card_ids for c in row]
    assert len(set(ids)) == len(ids) and not set(ids) & req.exclude
    assert sum(cell is None for row in g.cells for cell in row) == void
    if req.wild_matters or req.wild_needed:
        assert v.wild is not None and sols and any(s.wild for s in sols)
        assert all(s.wild for s in sols) or not req.wild_needed
    else:
        assert v.wild is None


@pytest.mark.parametrize(("strategy", "toss", "k", "band"), [
    *[(s, t, k, b) for s in ("auto", "sample", "cpsat")  # common among random deals
      for t, k, b in ((SPREAD, 2, (5, 7)), (THREE, 1, (2, 3)), (THREE, 0, (3, 5)))],
    *[(s, t, k, b) for s in ("auto", "cpsat")  # rare: few near misses for this toss
      for t, k, b in ((SPREAD, 1, (0, 1)), (SPREAD, 3, (1, 2)), (THREE, 2, (0, 0)))],
])
def test_near_misses_stay_inside_the_band(strategy: str, toss: Toss, k: int,
                                          band: tuple[int, int]) -> None:
    req = BuildRequest(toss, k, band[0], near_misses_max=band[1])
    for seed in range(2):
        result = build_galaxy(CLASSIC, toss, k, band[0], seed=seed, strategy=strategy,
                              near_misses_max=band[1])
        assert_meets(result, req)


@pytest.mark.parametrize("strategy", ["auto", "sample", "cpsat"])
@pytest.mark.parametrize(("toss", "void"), [(SPREAD, 0), (THREE, 3), (HOLE, 3)])
def test_excluded_cards_never_lie_in_the_galaxy(strategy: str, toss: Toss, void: int) -> None:
    """Not even face down: 28 of the 56 cards are kept out, 25 must be laid."""
    exclude = frozenset(c.id for c in CLASSIC.cards[::2])
    req = BuildRequest(toss, 1, 1, exclude=exclude)
    result = build_galaxy(CLASSIC, toss, 1, 1, void=void, seed=3, strategy=strategy,
                          exclude=exclude)
    assert_meets(result, req, void=void)


@pytest.mark.parametrize("strategy", ["auto", "cpsat"])
@pytest.mark.parametrize(("toss", "k", "rotation"), [
    (SPREAD, 1, False), (SPREAD, 2, False), (THREE, 2, True), (HOLE, 3, False),
])
def test_a_wild_token_that_matters_helps_some_solution(strategy: str, toss: Toss, k: int,
                                                       rotation: bool) -> None:
    req = BuildRequest(toss, k, 2, wild_matters=True)
    result = build_galaxy(CLASSIC, toss, k, 2, rotation=rotation, seed=4, strategy=strategy,
                          wild_matters=True)
    assert_meets(result, req, rotation=rotation)
    plain = reference.solve(result.galaxy, toss, Variants(rotation))
    assert len(plain) < k  # fewer without the token: it matters


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"exclude": frozenset({999})}, "exclude"),
    ({"exclude": frozenset(c.id for c in CLASSIC.cards[:32])}, "exclude"),
    ({"near_misses_max": 0}, "near_misses_max"),
    ({"wild_needed": True, "wild_matters": True}, "wild_matters"),
])
def test_bad_requests_name_their_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as info:
        build_galaxy(CLASSIC, SPREAD, 1, 1, **kwargs)  # type: ignore[arg-type]
    assert info.value.where == [field]


def test_a_counting_proof_of_impossibility_is_quick() -> None:
    """Y and G stacked left of the disc, exactly one solution and 2–5 near misses: the 20
    cards left of some destination would need 14 showing neither Y nor G, and the deck has
    12. The full LP relaxation proves it within a tiny work limit."""
    toss = Toss(Pos(1, 2), {"Y": Pos(1, 1), "G": Pos(1, 1)})
    neither = sum(not {"Y", "G"} & c.planet_set for c in CLASSIC.cards)
    assert neither < 20 - 1 - 5
    results = try_build_galaxies(CLASSIC, [BuildRequest(toss, 1, 2, near_misses_max=5)],
                                 pool=8, rounds=1, work_limit=0.5)
    assert isinstance(results[0], InputError)
    assert "infeasible target" in str(results[0])


def _requests(n: int, seed: int) -> list[BuildRequest]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        card = CLASSIC.cards[int(rng.integers(len(CLASSIC.cards)))]
        toss = Toss(SPACES[int(rng.integers(9))],
                    {p: SPACES[int(rng.integers(9))] for p in card.planets})
        lo = int(rng.integers(0, 3))
        wild = i % 4 == 3
        out.append(BuildRequest(toss, int(rng.integers(1 if wild else 0, 3)), lo,
                                near_misses_max=lo + 3, exclude=frozenset({card.id}),
                                wild_matters=wild))
    return out


def test_a_batch_keeps_failures_in_place_and_extends_a_shorter_one() -> None:
    impossible = BuildRequest(Toss(Pos(1, 1), {p: Pos(0, 0) for p in "RYGP"}), 3, 0)
    requests = _requests(24, 5)
    requests.insert(7, impossible)
    results = try_build_galaxies(CLASSIC, requests, seed=9, pool=64, rounds=2)
    assert isinstance(results[7], InputError) and "infeasible target" in str(results[7])
    built = 0
    for req, res in zip(requests, results, strict=True):
        if isinstance(res, BuildResult):
            assert_meets(res, req)
            built += 1
        else:  # the random ones may be impossible too: then CP-SAT says so
            assert "infeasible target" in str(res)
    assert built >= 20
    assert {r.strategy for r in results if isinstance(r, BuildResult)} == {"sample", "cpsat"}
    shorter = try_build_galaxies(CLASSIC, requests[:12], seed=9, pool=64, rounds=2)
    assert [getattr(r, "galaxy", None) for r in shorter] == \
        [getattr(r, "galaxy", None) for r in results[:12]]
    assert [getattr(r, "variants", None) for r in shorter] == \
        [getattr(r, "variants", None) for r in results[:12]]


@settings(max_examples=20, deadline=None, derandomize=True)
@given(data=st.data(), k=st.integers(0, 3), lo=st.integers(0, 4), width=st.integers(0, 3),
       rotation=st.booleans(), torus=st.booleans(), void=st.sampled_from([0, 3]),
       wild=st.booleans(), seed=st.integers(0, 2**16))
def test_cpsat_meets_random_bands_or_proves_them_impossible(
        data: st.DataObject, k: int, lo: int, width: int, rotation: bool, torus: bool,
        void: int, wild: bool, seed: int) -> None:
    card = data.draw(st.sampled_from(CLASSIC.cards))
    marbles = {p: data.draw(st.sampled_from(SPACES)) for p in card.planets}
    toss = Toss(data.draw(st.sampled_from(SPACES)), marbles,
                data.draw(st.one_of(st.none(), st.sampled_from(SPACES))))
    k = max(k, 1) if wild else k
    req = BuildRequest(toss, k, lo, near_misses_max=lo + width, exclude=frozenset({card.id}),
                       wild_matters=wild)
    # no pool: straight to CP-SAT; a small work limit, as a booklet sets it
    (result,) = try_build_galaxies(CLASSIC, [req], (5, 5), rotation, torus, void, seed,
                                   rounds=0, work_limit=1.0)
    if isinstance(result, InputError):
        assert "infeasible target" in str(result) or "work limit" in str(result)
        return
    assert result.strategy == "cpsat"
    assert_meets(result, req, rotation, torus, void)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data(), torus=st.booleans(), rotation=st.booleans())
def test_toss_tables_with_a_wild_token_fill_the_rows_build_tables_fills(
        data: st.DataObject, torus: bool, rotation: bool) -> None:
    batch = data.draw(st.lists(random_galaxies(max_rows=5, max_cols=6), min_size=1,
                               max_size=4))
    shape = (batch[0].rows, batch[0].cols)
    batch = [g for g in batch if (g.rows, g.cols) == shape]
    cells = shape[0] * shape[1]
    slots = [data.draw(st.integers(-1, cells - 1)) for _ in batch]
    wild = [None if s < 0 else Pos(s // shape[1], s % shape[1]) for s in slots]
    toss = data.draw(random_tosses())
    cols = bitboard.encode_tosses([toss], LETTERS, rotation)
    full = bitboard.build_tables(batch, LETTERS, torus, wild)
    masks = bitboard.planet_masks(batch, LETTERS)[0]
    mine = toss_tables(masks, shape[0], shape[1], torus, cols, np.array(slots, dtype=np.intp))
    for c in {int(c) for c in cols.ravel()} | {bitboard.FACE_UP}:
        assert np.array_equal(mine.ok[c], full.ok[c]), c
        assert np.array_equal(mine.one[c], full.one[c]), c
        assert np.array_equal(mine.ok_plain[c], full.ok_plain[c]), c
