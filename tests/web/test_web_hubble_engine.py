"""Hubble's third engine — the day page's script — against the Python engine, in the real
headless browser: random solo challenges on several pad sizes, each played to its end by
random legal turns (leaning towards stars, so that constellations get completed); at every
position the legal turns (in their documented order), the pad after the turn and the whole
score (every category, the completed cards with their hexes) must be the same, and a random
turn the Python checker refuses must be refused. Then the par's play, replayed through
``window.puzzle``, scores the par."""

from __future__ import annotations

import json
import random
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from lazy import built
from web_helpers import manifest, opened

from spacebowl_print.games.hubble.model.challenge import (
    Place,
    challenge_to_json,
    play_from_json,
    turn_to_json,
)
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.geometry import ICONS
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.rules.legality import apply_turn, turn_problem
from spacebowl_print.games.hubble.rules.scoring import score_cells, score_to_json
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.moves import fogs, placements

CSET = load_constellation_set()
SIZES = ((6, 8), (6, 8), (6, 8), (4, 4), (8, 6), (10, 8))
GAMES = 120
FULL = 300
"""Positions whose legal turns cross to the page in full; later ones as a hash of their JSON
(the lists run to hundreds of turns: sending them all took most of the test's time)."""
PADS = 1500
"""Random pads scored besides the games: dense in stars and asteroids, where the exact
searches (the best choice of cards, the asteroid packing) have most to do."""


def _crc(text: str) -> int:
    """CRC-32 of the JSON text (ASCII: cell names and icons), as the page computes it."""
    return zlib.crc32(text.encode("ascii"))


def _pads(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for k in range(PADS):
        cols, rows = SIZES[k % len(SIZES)]
        ch = generate_challenge(seed, f"p{k}", CSET.names, cols, rows)
        cards = CSET.pick(ch.constellations)
        weights = [1, 1, 1 + 3 * (k % 3 == 1), 1, 1 + 6 * (k % 3 != 1), 1 + rng.random() * 2]
        cells = "".join(rng.choices(ICONS, weights=weights, k=cols * rows))
        out.append({"cols": cols, "rows": rows, "cells": cells, "cards": _cards(cards),
                    "score": score_to_json(score_cells(cells, ch.geometry, cards), ch.geometry)})
    return out


def _cards(cards: Any) -> list[dict[str, Any]]:
    return [{"name": k.name, "value": k.value, "bonus": k.bonus,
             "red": [list(o) for o in k.red], "purple": [list(o) for o in k.purple]}
            for k in cards]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "hubble", "web", "--days", "2", "--jobs", "1")


def _legal(cells: list[str], roll: Any, geo: Any) -> list[dict[str, Any]]:
    """solve/moves.py's answers to a roll as play.json turns, then the fog drawing nothing."""
    out = [{"place": {geo.names[c]: i for c, i in m}} for m in placements(cells, roll, geo)]
    out += [{"fog": {geo.names[c]: i}} for c, i in fogs(cells, roll, geo)]
    return [*out, {"fog": {}}]


def _games(seed: int) -> tuple[list[dict[str, Any]], int]:
    rng = random.Random(seed)
    games = []
    positions = 0
    for g in range(GAMES):
        cols, rows = SIZES[g % len(SIZES)]
        ch = generate_challenge(seed, f"g{g}", CSET.names, cols, rows)
        geo = ch.geometry
        cards = CSET.pick(ch.constellations)
        cells = ["."] * geo.size
        steps = []
        fog = 0
        for roll in ch.rolls:
            if fog == MAX_FOG:
                break
            positions += 1
            legal = _legal(cells, roll, geo)
            tri = rng.choice(geo.triangles)
            wrong = Place(tuple((c, rng.choice(ICONS)) for c in tri))
            refused = turn_problem(cells, roll, wrong, geo) is not None
            places = [t for t in legal if "place" in t]
            starry = [t for t in places if "S" in t["place"].values()]
            pool = starry if starry and rng.random() < 0.6 else places or legal
            turn = rng.choice(pool if rng.random() < 0.95 else legal)
            parsed = play_from_json({"challenge": ch.id, "turns": [turn]}, geo).turns[0]
            apply_turn(cells, parsed)
            fog += "fog" in turn
            text = json.dumps(legal, separators=(",", ":"))
            steps.append({"legal": legal if positions <= FULL else None, "hash": _crc(text),
                          "turn": turn, "cells": "".join(cells),
                          "score": score_to_json(score_cells("".join(cells), geo, cards), geo),
                          "wrong": turn_to_json(wrong, geo), "refused": refused})
        games.append({"challenge": challenge_to_json(ch), "cards": _cards(cards),
                      "steps": steps})
    return games, positions


COMPARE = """(text) => {
  const [games, pads] = JSON.parse(text), H = window.puzzle.rules;
  const table = Array.from({length: 256}, (_, n) => {
    for (let k = 0; k < 8; k++) { n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1; }
    return n >>> 0; });
  const crc = t => { let c = 0xffffffff;
    for (let i = 0; i < t.length; i++) { c = table[(c ^ t.charCodeAt(i)) & 255] ^ (c >>> 8); }
    return (c ^ 0xffffffff) >>> 0; };
  const W = new Proxy({}, {get: (o, k) => String(k)});
  const key = v => JSON.stringify(v);
  const out = {positions: 0, moves: 0, scores: 0, refusals: 0, constellations: 0,
               differences: []};
  for (const g of games) {
    const ch = g.challenge, geo = H.geometry(ch.pad.cols, ch.pad.rows);
    let cells = Array(geo.size).fill(".");
    g.steps.forEach((s, i) => {
      const roll = ch.rolls[i];
      out.positions += 1;
      const legal = H.legal(geo, cells, roll);
      out.moves += legal.length;
      const text = key(legal);
      if (s.legal ? text !== key(s.legal) : crc(text) !== s.hash) {
        out.differences.push(["legal", i, legal.length, s.legal && s.legal.length]);
      }
      const refused = H.problem(geo, cells, roll, s.wrong, W) !== null;
      out.refusals += 1;
      if (refused !== s.refused) { out.differences.push(["refused", s.wrong, refused]); }
      if (H.problem(geo, cells, roll, s.turn, W) !== null) {
        out.differences.push(["turn", s.turn]);
      }
      cells = H.apply(geo, cells, s.turn);
      if (cells.join("") !== s.cells) { out.differences.push(["cells", cells.join(""), s.cells]); }
      const score = H.score(geo, cells, g.cards);
      out.scores += 1;
      out.constellations += score.constellations.length;
      if (key(score) !== key(s.score)) { out.differences.push(["score", score, s.score]); }
    });
  }
  for (const p of pads) {
    const score = H.score(H.geometry(p.cols, p.rows), p.cells.split(""), p.cards);
    out.scores += 1;
    out.constellations += score.constellations.length;
    if (key(score) !== key(p.score)) { out.differences.push(["pad", p.cells, score, p.score]); }
  }
  out.differences = out.differences.slice(0, 3);
  return out;
}"""


def test_page_engine_agrees_with_python(browser: Any, site: Path) -> None:
    t0 = time.process_time()
    games, positions = _games(3)
    pads = _pads(4)
    made = time.process_time() - t0
    first = manifest(site)["puzzles"][0]["id"]
    with opened(browser, site / f"{first}.html") as page:
        t1 = time.perf_counter()
        got = page.evaluate(COMPARE, json.dumps([games, pads]))
        ran = time.perf_counter() - t1
    print(f"\nhubble differential: {got['positions']} positions, {got['moves']} legal turns, "
          f"{got['scores']} scores ({PADS} of random pads; {got['constellations']} completed "
          f"cards), "
          f"{got['refusals']} refusals compared; {len(got['differences'])} differences "
          f"(Python {made:.1f} CPU-s, page {ran:.1f} s)")
    assert got["positions"] == positions >= 2000
    assert got["scores"] == positions + PADS
    assert got["constellations"] > 500  # the stars rule was exercised
    assert got["differences"] == []


def test_the_par_replayed_in_the_page_scores_the_par(browser: Any, site: Path) -> None:
    for entry in manifest(site)["puzzles"]:
        with opened(browser, site / f"{entry['id']}.html") as page:
            for turn in entry["par"]["play"]["turns"]:
                legal = page.evaluate("window.puzzle.legal()")
                assert turn in legal
                page.evaluate("t => window.puzzle.play(t)", turn)
            result = page.evaluate("window.puzzle.result()")
            assert result["finished"]
            assert result["total"] == result["par"] == entry["par"]["total"]
            assert result["score"] == entry["par"]["score"]
            assert page.evaluate("window.puzzle.state()") == entry["par"]["play"]
            assert "reached the par" in page.inner_text("#status")


def test_an_illegal_turn_is_refused_with_its_reason(browser: Any, site: Path) -> None:
    entry = manifest(site)["puzzles"][0]
    with opened(browser, site / f"{entry['id']}.html") as page:
        first = entry["par"]["play"]["turns"][0]
        page.evaluate("t => window.puzzle.play(t)", first)
        # the same hexes again: the drawn ones are no longer empty
        reason = page.evaluate("""t => { try { window.puzzle.play(t); return null; }
                                        catch (e) { return e.message; } }""", first)
        assert reason is not None and ("already holds" in reason or "not the Scope" in reason)
        assert len(page.evaluate("window.puzzle.state()")["turns"]) == 1
        page.evaluate("window.puzzle.undo()")
        assert page.evaluate("window.puzzle.state()")["turns"] == []
