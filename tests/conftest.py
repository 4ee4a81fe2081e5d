"""Shared test fixtures and hypothesis strategies for galaxies, tosses and variants."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from spacebowl_print.core import resultcache
from spacebowl_print.games.spacebowl.model import SPACES, Galaxy, Pos, Toss, Variants

_CACHE = pytest.StashKey[str]()

LETTERS = "RYGSBP"

settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("quick", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))



def pytest_configure(config: pytest.Config) -> None:
    """One result cache (``SPACEBOWL_PRINT_CACHE``, docs/hubble.md) for the whole run, made
    by the controlling process and inherited by every worker and every ``spacebowl`` the
    tests start: the suite made 31 exact Hubble pars of 12 challenges (55 CPU-s, 35 of them
    repeats). The first maker of each still solves it; tests of the par's own
    determinism switch the cache off. A cache given from outside is left alone."""
    if hasattr(config, "workerinput"):
        return
    # bytecode kept (in __pycache__, git-ignored) by this process, the workers and every
    # `spacebowl` the tests start: under PYTHONDONTWRITEBYTECODE each worker rewrote and
    # compiled every test module's asserts again on every run (6 CPU-s of its 8 s collection)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    if os.environ.get(resultcache.ENV):
        return
    folder = tempfile.mkdtemp(prefix="spacebowl-test-cache-")
    os.environ[resultcache.ENV] = folder
    config.stash[_CACHE] = folder
    # the climb kernel compiled once, by a process of its own, into numba's on-disk cache
    # while the workers start and collect (8 CPU-s on a fresh clone, that every worker and
    # `spacebowl` child solving a par would otherwise spend again until one had written the
    # cache); each worker waits for it before its first test (_kernel_compiled)
    ready = Path(folder) / "kernel-compiled"
    os.environ[_READY] = str(ready)
    config.stash[_WARM] = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("warm_kernel.py")), str(ready)])


_READY = "SPACEBOWL_TEST_KERNEL_READY"
_WARM = pytest.StashKey["subprocess.Popen[bytes]"]()


@pytest.fixture(scope="session", autouse=True)
def _kernel_compiled() -> None:
    """Wait (two minutes at most) for the controller's compile of the climb kernel."""
    ready = os.environ.get(_READY)
    if ready:
        deadline = time.monotonic() + 120
        while not os.path.exists(ready) and time.monotonic() < deadline:
            time.sleep(0.05)


def pytest_unconfigure(config: pytest.Config) -> None:
    warm = config.stash.get(_WARM, None)
    if warm is not None:
        warm.wait()
    folder = config.stash.get(_CACHE, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(resultcache.ENV, None)
        os.environ.pop(_READY, None)


planet_sets = st.frozensets(st.sampled_from(LETTERS), max_size=6)
cells = st.one_of(st.none(), planet_sets) | planet_sets  # face-down cards less often
spaces = st.sampled_from(SPACES)


@st.composite
def galaxies(draw: st.DrawFn, max_rows: int = 6, max_cols: int = 7, void: bool = True,
             min_rows: int = 3, min_cols: int = 3) -> Galaxy:
    """Random galaxies of ``min_rows``×``min_cols`` (3×3) up to ``max_rows``×``max_cols``
    (≤ 64 cards)."""
    rows = draw(st.integers(min_rows, max_rows))
    cols = draw(st.integers(min_cols, max_cols))
    cell = cells if void else planet_sets
    grid = draw(st.lists(st.lists(cell, min_size=cols, max_size=cols),
                         min_size=rows, max_size=rows))
    return Galaxy(tuple(tuple(r) for r in grid))


@st.composite
def same_size_galaxies(draw: st.DrawFn, max_rows: int, max_cols: int, min_size: int,
                       max_size: int) -> list[Galaxy]:
    """From ``min_size`` to ``max_size`` galaxies of one size (3×3 up to ``max_rows`` ×
    ``max_cols``), as a batch needs them: the size is drawn first (filtering galaxies of
    random sizes threw most draws away)."""
    rows, cols = draw(st.integers(3, max_rows)), draw(st.integers(3, max_cols))
    one = galaxies(max_rows=rows, max_cols=cols, min_rows=rows, min_cols=cols)
    return draw(st.lists(one, min_size=min_size, max_size=max_size))


@st.composite
def tosses(draw: st.DrawFn, max_marbles: int = 4, black_hole: bool | None = None) -> Toss:
    """Random tosses: a disc, up to ``max_marbles`` marbles, maybe the black hole."""
    planets = draw(st.lists(st.sampled_from(LETTERS), unique=True, max_size=max_marbles))
    marbles = {p: draw(spaces) for p in planets}
    bh = draw(st.booleans()) if black_hole is None else black_hole
    return Toss(draw(spaces), marbles, draw(spaces) if bh else None)


@st.composite
def variants_for(draw: st.DrawFn, galaxy: Galaxy) -> Variants:
    """Random variant mixes: rotation, torus, Wild token anywhere on the galaxy."""
    wild = None
    if draw(st.booleans()):
        wild = Pos(draw(st.integers(0, galaxy.rows - 1)), draw(st.integers(0, galaxy.cols - 1)))
    return Variants(draw(st.booleans()), draw(st.booleans()), wild)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless chromium for the web pages' tests (skipped, saying why, on a machine
    without chromium or playwright)."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the playwright package is not installed")
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield b
        b.close()
