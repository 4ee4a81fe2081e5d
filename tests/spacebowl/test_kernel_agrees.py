"""The compiled counting kernel (numba) and the numpy path give identical exhaustive toss
histograms: on every deck-statistics variant, on random galaxies and marble sets (hypothesis),
on galaxies of several bitboard words, and against the reference engine; the kernel is chosen
by ``SPACEBOWL_KERNEL`` and numba is imported only by commands that count."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import LETTERS, galaxies, same_size_galaxies
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import (
    SPACES,
    TURNS,
    Galaxy,
    InputError,
    Variants,
    parse_deck,
    turn_space,
)
from spacebowl_print.games.spacebowl.rules import bitboard, kernel, reference
from spacebowl_print.games.spacebowl.rules.stats import (
    VARIANTS,
    _dealt_masks,
    _marble_keys,
    deal,
    deck_stats,
)
from spacebowl_print.games.spacebowl.rules.tosses import all_tosses, histograms, toss_count

pytest.importorskip("numba", reason="numba is not installed: only the numpy kernel can run")
if kernel.compiled() is None:  # installed but unusable (e.g. built for another numpy)
    pytest.skip("numba cannot be imported: only the numpy kernel can run",
                allow_module_level=True)

CLASSIC = parse_deck((decks_dir() / "classic.toml").read_text(), "classic.toml")

# Each deck-statistics variant: its deal (rows, cols, face-down cards) and rules.
SETUPS = {"base": (5, 5, 0, False, False, False), "black-hole": (5, 5, 0, False, False, True),
          "rotation": (5, 5, 0, False, True, False), "torus": (5, 5, 0, True, False, False),
          "void": (5, 5, 3, False, False, False), "6x6": (6, 6, 0, False, False, False)}


def both(tables: bitboard.Tables, bits: list[int], black_hole: bool = False,
         rotation: bool = False, learning: bool = False, **kw: object
         ) -> tuple[np.ndarray, np.ndarray]:
    """The numpy and the numba histograms of the same call."""
    slow = histograms(tables, bits, black_hole, rotation, learning, kernel="numpy", **kw)
    fast = histograms(tables, bits, black_hole, rotation, learning, kernel="numba", **kw)
    return slow, fast


def _masks(*args: object, **kw: object) -> tuple[np.ndarray, np.ndarray]:
    """All chunks of :func:`_dealt_masks` joined: (galaxies, cells) masks and cards left."""
    chunks = list(_dealt_masks(*args, **kw))  # type: ignore[arg-type]
    return (np.concatenate([m for m, _ in chunks]), np.concatenate([left for _, left in chunks]))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_every_marble_set(variant: str) -> None:
    """Dealt galaxies of each variant, every marble set of the classic deck: per galaxy
    histograms identical (the figures of ``stats`` come from these)."""
    assert set(SETUPS) == set(VARIANTS)
    rows, cols, void, torus, rotation, black_hole = SETUPS[variant]
    masks, _ = _masks(CLASSIC, 12, 2026, rows, cols, void)
    tables = bitboard.tables_from_masks(masks, rows, cols, torus, near=False)
    keys = _marble_keys(CLASSIC, black_hole)
    assert any(bh for _, bh in keys) == black_hole
    for planets, bh in keys:
        bits = [1 << LETTERS.index(p) for p in planets]
        slow, fast = both(tables, bits, bh, rotation)
        assert slow.shape == fast.shape == (12, bitboard.MAX_CELLS + 1)
        assert np.array_equal(slow, fast), (variant, planets, bh)
        assert (fast.sum(axis=1) == toss_count(len(planets), bh)).all()


def test_tables_from_a_deal_are_the_galaxies_tables() -> None:
    """The masks behind the statistics are those of ``deal``'s galaxies; near-miss-free
    tables keep the same ``ok`` rows."""
    gals, left = deal(CLASSIC, 9, 5, void=3)
    masks, left2 = _masks(CLASSIC, 9, 5, void=3, chunk=4)  # chunks joined = one deal
    assert np.array_equal(left, left2)
    full = bitboard.build_tables(gals, LETTERS)
    lean = bitboard.tables_from_masks(masks, 5, 5, near=False)
    assert np.array_equal(full.ok, lean.ok) and lean.one.shape == (0, 9)


planet_lists = st.lists(st.sampled_from(LETTERS), unique=True, max_size=4)


@settings(max_examples=60)
@given(same_size_galaxies(6, 7, 1, 3), planet_lists, st.booleans(), st.booleans(), st.booleans(),
       st.booleans(), st.data())
def test_random_galaxies_and_tosses(gals: list[Galaxy], planets: list[str], black_hole: bool,
                                    rotation: bool, torus: bool, learning: bool,
                                    data: st.DataObject) -> None:
    """Any galaxy shape up to 64 cards, 0 to 4 marbles, every variant flag: per galaxy, summed,
    and on a subset of the galaxies."""
    # at most 9**5 tosses a galaxy: the numpy path stays quick
    planets = planets[: 5 - int(black_hole) - int(not learning)]
    tables = bitboard.build_tables(gals, LETTERS, torus)
    bits = [1 << LETTERS.index(p) for p in planets]
    slow, fast = both(tables, bits, black_hole, rotation, learning)
    assert np.array_equal(slow, fast)
    picked = np.array(sorted(data.draw(st.sets(st.integers(0, len(gals) - 1), min_size=1))),
                      dtype=np.intp)
    slow, fast = both(tables, bits, black_hole, rotation, learning, galaxies=picked,
                      per_galaxy=False)
    assert np.array_equal(slow, fast)
    assert fast.sum() == len(picked) * toss_count(len(planets), black_hole, learning)


@st.composite
def wide_batches(draw: st.DrawFn) -> list[Galaxy]:
    """One or two random galaxies of one shape with more than 64 cards (2 or 3 words)."""
    rows = draw(st.integers(6, 12))
    cols = draw(st.integers(max(3, 65 // rows + 1), 12))
    cell = st.one_of(st.none(), st.frozensets(st.sampled_from(LETTERS), max_size=6))
    grid = st.lists(st.lists(cell, min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    return [Galaxy(tuple(tuple(r) for r in draw(grid)))
            for _ in range(draw(st.integers(1, 2)))]


@settings(max_examples=25)
@given(wide_batches(), st.lists(st.sampled_from(LETTERS), unique=True, max_size=3),
       st.booleans(), st.booleans(), st.booleans())
def test_multi_word_galaxies(gals: list[Galaxy], planets: list[str], black_hole: bool,
                             rotation: bool, torus: bool) -> None:
    """Galaxies of more than 64 cards: the counts add up over the words (bins 64·words+1)."""
    tables = bitboard.build_tables(gals, LETTERS, torus)
    assert tables.words > 1
    bits = [1 << LETTERS.index(p) for p in planets]
    slow, fast = both(tables, bits, black_hole, rotation)
    assert fast.shape == (len(gals), 64 * tables.words + 1)
    assert np.array_equal(slow, fast)
    slow, fast = both(tables, bits, black_hole, rotation, per_galaxy=False)
    assert np.array_equal(slow, fast)


@settings(max_examples=25)
@given(galaxies(max_rows=5, max_cols=5), st.lists(st.sampled_from(LETTERS), unique=True,
                                                  max_size=2),
       st.booleans(), st.booleans(), st.booleans())
def test_compiled_kernel_agrees_with_reference(galaxy: Galaxy, planets: list[str],
                                               black_hole: bool, rotation: bool,
                                               torus: bool) -> None:
    """Independent of the toss plans both kernels share: every toss solved one by one."""
    planets = planets[: 2 - int(black_hole)]  # at most 729 tosses for the slow reference
    tables = bitboard.build_tables([galaxy], LETTERS, torus)
    bits = [1 << LETTERS.index(p) for p in planets]
    fast = histograms(tables, bits, black_hole, rotation, kernel="numba")[0]
    slow = collections.Counter(len(reference.solve(galaxy, t, Variants(rotation, torus)))
                               for t in all_tosses("".join(planets), black_hole))
    assert {k: int(v) for k, v in enumerate(fast) if v} == dict(slow)


@pytest.mark.parametrize("black_hole", [False, True])
def test_turning_a_toss_is_reading_it_turned(black_hole: bool) -> None:
    """What the orbit plan relies on: reading a toss under turn t is reading the turned toss
    (disc, black hole, marbles) under no turn."""
    plan = kernel.toss_plan((1, 6, 40), black_hole, True, False)
    index = {s: i for i, s in enumerate(SPACES)}
    for t_i, turn in enumerate(TURNS):
        for d_i, d in enumerate(SPACES):
            for b_i in range(plan.shape[1]):
                tb = index[turn_space(SPACES[b_i], turn)] if black_hole else 0
                for s_i, s in enumerate(SPACES):
                    turned = plan[index[turn_space(d, turn)], tb, 0, :, index[turn_space(s, turn)]]
                    assert (plan[d_i, b_i, t_i, :, s_i] == turned).all()
    orbit, weights = kernel.orbit_plan((1, 6, 40), black_hole, True, False)
    assert orbit.shape[0] == 3 and int(weights.sum()) == len(SPACES)


def test_deck_figures_identical_with_either_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """``stats`` on a deck: the same JSON figures whichever kernel counts."""
    out = {}
    for name in ("numpy", "numba"):
        monkeypatch.setenv(kernel.ENV, name)
        out[name] = json.dumps(deck_stats(CLASSIC, 24, 7).to_json())
    assert out["numpy"] == out["numba"]


def test_kernel_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kernel.ENV, raising=False)
    assert kernel.choose(kernel.AUTO_MIN_EVALUATIONS - 1) == "numpy"
    assert kernel.choose(kernel.AUTO_MIN_EVALUATIONS) == "numba"
    monkeypatch.setenv(kernel.ENV, "numpy")
    assert kernel.choose(10**12) == "numpy"
    monkeypatch.setenv(kernel.ENV, "NUMBA")
    assert kernel.choose(1) == "numba"
    monkeypatch.setenv(kernel.ENV, "fast")
    with pytest.raises(InputError, match="must be one of auto, numpy, numba, got \"fast\""):
        kernel.choose(1)
    # numba asked for but not importable: an error, never a silent fallback
    monkeypatch.setattr(kernel, "_COMPILED", [None])
    monkeypatch.setattr(kernel, "_WHY_NOT", ["No module named 'numba'"])
    monkeypatch.setenv(kernel.ENV, "numba")
    with pytest.raises(InputError, match="numba was asked for but cannot be imported"):
        kernel.choose(1)
    monkeypatch.setenv(kernel.ENV, "auto")
    assert kernel.choose(10**12) == "numpy"


def test_bad_kernel_setting_is_one_error_line() -> None:
    """The CLI reports a bad SPACEBOWL_KERNEL as one ``Error:`` line, exit status 2."""
    done = subprocess.run([sys.executable, "-c", _RUN_CLI, "stats", "--galaxies", "1",
                           "--variants", "base"], capture_output=True, text=True,
                          env=_env(SPACEBOWL_KERNEL="fast"), check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        'Error: SPACEBOWL_KERNEL: must be one of auto, numpy, numba, got "fast"',
        "numba imported: False"]


_RUN_CLI = """
import sys
from spacebowl_print.cli.main import main
sys.argv = ["spacebowl"] + sys.argv[1:]
try:
    main()
except SystemExit as exit:
    print("numba imported:", "numba" in sys.modules, file=sys.stderr)
    raise
"""


def _env(**extra: str) -> dict[str, str]:
    import os

    env = dict(os.environ)
    env.update(extra)
    return env


GALAXY = {"cards": [["RG", "B", "", None, "Y"], ["RYG", "GS", "B", "P", "RS"],
                    ["Y", "G", "RGB", "S", "P"], ["R", "BP", "G", "YS", "RP"],
                    ["G", "R", "B", "Y", "S"]]}
TOSS = {"destination": "B2", "marbles": {"R": "A1", "G": "B2"}, "black_hole": None}


@pytest.mark.parametrize("args", [
    ["--help"],
    ["solve", "{galaxy}", "{toss}", "--json"],
    ["stats", "--galaxy", "{galaxy}", "--planets", "RGB", "--json"],
    ["stats", "--galaxies", "2", "--variants", "base", "--json"]])
def test_numba_imported_only_for_big_counts(args: list[str], tmp_path: Path) -> None:
    """Commands that do not count, or count little, never import numba."""
    (tmp_path / "galaxy.json").write_text(json.dumps(GALAXY))
    (tmp_path / "toss.json").write_text(json.dumps(TOSS))
    args = [a.format(galaxy=tmp_path / "galaxy.json", toss=tmp_path / "toss.json")
            for a in args]
    done = subprocess.run([sys.executable, "-c", _RUN_CLI, *args], capture_output=True,
                          text=True, env=_env(SPACEBOWL_KERNEL="auto"), check=False)
    assert done.returncode == 0, done.stderr
    assert "numba imported: False" in done.stderr


def test_big_counts_import_numba(tmp_path: Path) -> None:
    """... and a job past the threshold does (the guard above can fail)."""
    done = subprocess.run([sys.executable, "-c", _RUN_CLI, "stats", "--galaxies", "1",
                           "--variants", "base", "--json"], capture_output=True, text=True,
                          env=_env(SPACEBOWL_KERNEL="numba"), check=False)
    assert done.returncode == 0, done.stderr
    assert "numba imported: True" in done.stderr
