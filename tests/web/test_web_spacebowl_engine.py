"""Space Bowl's third engine — the day page's script — against the Python reference engine,
in the real headless browser: thousands of random galaxies (face-down cards included) and
tosses under every variant mix; the valid destination cards (with their turns and the Wild
token) and the near misses must be the same. Then each day's answer, picked through
``window.puzzle``, is right, and the timer stops on it."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from web_helpers import make_site, manifest, opened

from spacebowl_print.games.spacebowl.model import (
    SPACES,
    Galaxy,
    Pos,
    Toss,
    Variants,
    galaxy_to_json,
    solutions_to_json,
    toss_to_json,
    variants_to_json,
)
from spacebowl_print.games.spacebowl.rules.reference import analyse

LETTERS = "RYGSBP"
CASES = 3000


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_site(tmp_path_factory.mktemp("sb"), "spacebowl", "--days", "7", "--seed", "5")


def _case(rng: random.Random) -> dict[str, Any]:
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    cells = tuple(tuple(None if rng.random() < 0.1 else
                        frozenset(rng.sample(LETTERS, rng.randint(1, 4)))
                        for _ in range(cols)) for _ in range(rows))
    galaxy = Galaxy(cells)
    planets = rng.sample(LETTERS, rng.randint(0, 4))
    toss = Toss(rng.choice(SPACES), {p: rng.choice(SPACES) for p in planets},
                rng.choice(SPACES) if rng.random() < 0.4 else None)
    wild = Pos(rng.randrange(rows), rng.randrange(cols)) if rng.random() < 0.3 else None
    variants = Variants(rng.random() < 0.4, rng.random() < 0.3, wild)
    solutions, near = analyse(galaxy, toss, variants)
    return {"galaxy": galaxy_to_json(galaxy, LETTERS), "toss": toss_to_json(toss),
            "variants": variants_to_json(variants),
            "solutions": solutions_to_json(solutions)["solutions"],
            "near": [p.name for p in near]}


COMPARE = """(text) => {
  const cases = JSON.parse(text), R = window.puzzle.rules;
  const out = {cases: 0, cards: 0, solutions: 0, differences: []};
  for (const c of cases) {
    const got = R.analyse(c.galaxy, c.toss, c.variants);
    out.cases += 1;
    out.cards += c.galaxy.cards.length * c.galaxy.cards[0].length;
    out.solutions += got.solutions.length;
    if (JSON.stringify(got.solutions) !== JSON.stringify(c.solutions) ||
        JSON.stringify(got.near_misses) !== JSON.stringify(c.near)) {
      out.differences.push([c, got]);
    }
  }
  out.differences = out.differences.slice(0, 3);
  return out;
}"""


def test_page_engine_agrees_with_python(browser: Any, site: Path) -> None:
    t0 = time.process_time()
    rng = random.Random(11)
    cases = [_case(rng) for _ in range(CASES)]
    made = time.process_time() - t0
    first = manifest(site)["puzzles"][0]["id"]
    with opened(browser, site / f"{first}.html") as page:
        t1 = time.perf_counter()
        got = page.evaluate(COMPARE, json.dumps(cases))
        ran = time.perf_counter() - t1
    print(f"\nspacebowl differential: {got['cases']} galaxy·toss cases ({got['cards']} cards "
          f"read, {got['solutions']} valid cards) compared; {len(got['differences'])} "
          f"differences (Python {made:.1f} CPU-s, page {ran:.1f} s)")
    assert got["cases"] == CASES and got["solutions"] > 500
    assert got["differences"] == []


def test_each_day_the_engine_answer_is_right_and_stops_the_clock(browser: Any,
                                                                 site: Path) -> None:
    entries = manifest(site)["puzzles"]
    manifest_first = entries[0]
    for entry in entries:
        with opened(browser, site / f"{entry['id']}.html") as page:
            answer = [s["cell"] for s in entry["solutions"]]
            for cell in answer or ["none"]:
                page.evaluate("m => window.puzzle.play(m)", cell)
            assert page.evaluate("window.puzzle.state()") == (answer or ["—"])
            page.evaluate("window.puzzle.play('check')")
            result = page.evaluate("window.puzzle.result()")
            assert result["finished"] and result["right"] and result["answer"] == answer
            assert "Solved in" in page.inner_text("#verdict")
            if entry is manifest_first:
                stopped = result["seconds"]
                page.wait_for_timeout(1100)
                assert page.evaluate("window.puzzle.result()")["seconds"] == stopped


def test_a_face_down_card_is_refused_with_its_reason(browser: Any, tmp_path: Path) -> None:
    site = make_site(tmp_path / "void", "spacebowl", "--days", "3", "--tiers", "5-5",
                     "--seed", "5")  # the void variant lives in tier 5
    for entry in manifest(site)["puzzles"]:
        down = [f"{chr(65 + c)}{r + 1}" for r, row in enumerate(entry["galaxy"]["cards"])
                for c, cell in enumerate(row) if cell is None]
        if not down:
            continue
        with opened(browser, site / f"{entry['id']}.html") as page:
            assert down[0] not in page.evaluate("window.puzzle.legal()")
            reason = page.evaluate("""m => { try { window.puzzle.play(m); return null; }
                                            catch (e) { return e.message; } }""", down[0])
            assert reason and "never a destination" in reason
        return
    raise AssertionError("no face-down card in three tier-5 galaxies")
