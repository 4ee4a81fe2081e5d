"""Tom Tube's third engine — the day page's script — against the Python engine, in the real
headless browser: thousands of positions made by the Python engine (boards filled by random
placements, astronauts, counters and holdings scattered as the puzzle maker does), a random
walk of moves from each; at every step the legal moves, the position after the move and both
astronauts' points must be the same, and a move the Python engine refuses must be refused.
Then the day's answer replayed through ``window.puzzle`` reaches home in the fewest moves."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from lazy import built
from web_helpers import canonical, manifest, opened

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.model.board import PLAYERS, other
from spacebowl_print.games.tomtube.model.position import (
    Exchange,
    Move,
    Position,
    position_to_json,
)
from spacebowl_print.games.tomtube.model.tiles_file import load_tiles
from spacebowl_print.games.tomtube.rules.network import build, legal_moves
from spacebowl_print.games.tomtube.rules.play import move, score
from spacebowl_print.games.tomtube.solve.puzzles import candidate, full_board

TILES = load_tiles()
BOARDS = 23
WALKS = 12
STEPS = 10


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "tomtube", "web", "--days", "2", "--jobs", "1")


def _exchange(pos: Position, rng: random.Random) -> Exchange:
    """Now and then an alien traded of the player's own free will, before or after."""
    a = pos.astronauts[pos.to_move]
    if a.held.get("alien", 0) and rng.random() < 0.3:
        return Exchange(before=1) if rng.random() < 0.5 else Exchange(after=1)
    return Exchange()


def _cases(seed: int) -> tuple[list[dict[str, Any]], int]:
    """Walks made by the Python engine: per walk its start and, per step, the legal moves,
    the move played (or a refused one) and what follows."""
    rng = random.Random(seed)
    cases = []
    positions = 0
    for b in range(BOARDS):
        limit = None if b % 3 == 0 else rng.randint(20, 45)  # full and part-filled boards
        full = full_board(TILES, random.Random(f"web:{seed}:{b}"), limit)
        net = build(full, TILES)
        if len(net.node_of) < 12:
            continue  # too few spheres to scatter the astronauts on
        for _ in range(WALKS):
            player = PLAYERS[rng.randrange(2)]
            pos = candidate(full, TILES, rng, player, net)
            walk: dict[str, Any] = {"start": position_to_json(pos), "steps": []}
            for _ in range(STEPS):
                legal = legal_moves(pos, TILES)
                positions += 1
                step: dict[str, Any] = {"legal": [m.to_json() for m in legal],
                                        "points": [score(pos.astronauts[pl]) for pl in PLAYERS]}
                spheres = sorted(build(pos, TILES).node_of)
                wrong = Move(rng.choice(["drift", "jump"]), rng.choice(spheres),
                             rng.choice([None, "control", "energy"]))
                try:
                    move(pos, TILES, wrong)
                    step["refused"] = None
                except InputError:
                    step["refused"] = wrong.to_json()
                if not legal:
                    walk["steps"].append(step)
                    break
                m = rng.choice(legal)
                m = Move(m.kind, m.to, m.pay, _exchange(pos, rng))
                try:
                    after = move(pos, TILES, m).with_(to_move=player)
                except InputError:  # the stock cannot pay the exchange asked: play it plain
                    m = m.plain()
                    after = move(pos, TILES, m).with_(to_move=player)
                step["move"] = m.to_json()
                step["after"] = position_to_json(after)
                walk["steps"].append(step)
                pos = after
            cases.append(walk)
    return cases, positions


COMPARE = """(text) => {
  const [walks, tiles] = JSON.parse(text);  // one string crosses to the page fast
  const R = window.puzzle.rules, W = new Proxy({}, {get: (o, k) => String(k)});
  const key = v => JSON.stringify(v, (k, x) => x && typeof x === "object" && !Array.isArray(x)
      ? Object.keys(x).sort().reduce((o, k2) => (o[k2] = x[k2], o), {}) : x);
  const out = {positions: 0, moves: 0, scores: 0, refusals: 0, differences: []};
  for (const w of walks) {
    let pos = w.start;
    for (const s of w.steps) {
      out.positions += 1;
      const legal = R.legalMoves(pos, R.build(pos, tiles));
      out.moves += legal.length;
      if (key(legal) !== key(s.legal)) { out.differences.push(["legal", pos, legal, s.legal]); }
      const points = ["tom", "dave"].map(p => R.points(pos.astronauts[p]));
      out.scores += 2;
      if (key(points) !== key(s.points)) { out.differences.push(["points", points, s.points]); }
      if (s.refused) {
        out.refusals += 1;
        let threw = false;
        try { R.play(pos, tiles, s.refused, W, true); } catch (e) { threw = true; }
        if (!threw) { out.differences.push(["refused", pos, s.refused]); }
      }
      if (!s.move) { break; }
      const next = R.canonical(R.play(pos, tiles, s.move, W, true));
      if (key(next) !== key(s.after)) { out.differences.push(["after", s.move, next, s.after]); }
      pos = s.after;
    }
  }
  out.differences = out.differences.slice(0, 3);
  return out;
}"""


def test_page_engine_agrees_with_python(browser: Any, site: Path) -> None:
    t0 = time.process_time()
    cases, positions = _cases(7)
    made = time.process_time() - t0
    tiles = {str(t): {"corners": list(TILES[t].corners), "cross": TILES[t].cross}
             for t in TILES.ids()}
    first = manifest(site)["puzzles"][0]["id"]
    with opened(browser, site / f"{first}.html") as page:
        t1 = time.perf_counter()
        got = page.evaluate(COMPARE, json.dumps([cases, tiles]))
        ran = time.perf_counter() - t1
    print(f"\ntomtube differential: {got['positions']} positions, {got['moves']} legal moves, "
          f"{got['scores']} scores, {got['refusals']} refusals compared; "
          f"{len(got['differences'])} differences (Python {made:.1f} CPU-s, page {ran:.1f} s)")
    assert got["positions"] == positions >= 2000
    assert got["differences"] == []


def test_the_answer_replayed_in_the_page_reaches_home_in_the_fewest(browser: Any,
                                                                    site: Path) -> None:
    for entry in manifest(site)["puzzles"]:
        with opened(browser, site / f"{entry['id']}.html") as page:
            fewest = entry["answer"]["moves"]
            assert page.evaluate("window.puzzle.result()")["fewest"] == fewest
            for k, mv in enumerate(entry["answer"]["line"]):
                assert not page.evaluate("window.puzzle.result()")["finished"]
                legal = page.evaluate("window.puzzle.legal()")
                assert canonical(mv) in {canonical(m) for m in legal}, (k, mv)
                page.evaluate("m => window.puzzle.play(m)", mv)
            result = page.evaluate("window.puzzle.result()")
            assert result["finished"] and result["solved"] and result["moves"] == fewest
            assert page.evaluate("window.puzzle.state()") == entry["answer"]["line"]
            assert "fewest possible" in page.inner_text("#status")
            # one badge a sphere the route stops on, naming every move that ends there, so
            # a move that comes back to a sphere never hides an earlier number
            badges = page.evaluate("""[...document.querySelectorAll('.figure svg text.num')]
                .map(t => t.textContent)""")
            numbers = [n for b in badges for n in b.split(", ")]
            assert sorted(numbers, key=int) == [str(k + 1) for k in range(fewest)]
            assert len(badges) == len({canonical(m["to"]) for m in entry["answer"]["line"]})
            page.evaluate("window.puzzle.undo()")
            assert page.evaluate("window.puzzle.result()")["moves"] == fewest - 1


def test_an_illegal_move_is_refused_with_its_reason(browser: Any, site: Path) -> None:
    entry = manifest(site)["puzzles"][0]
    player = entry["position"]["to_move"]
    them = entry["position"]["astronauts"][other(player)]["at"]
    with opened(browser, site / f"{entry['id']}.html") as page:
        reason = page.evaluate("""to => { try { window.puzzle.play({kind: "drift", to: to,
            pay: null}); return null; } catch (e) { return e.message; } }""", them)
        assert reason and "other astronaut" in reason
        assert page.evaluate("window.puzzle.state()") == []


def test_the_home_bases_are_drawn_whole() -> None:
    """The page's board leaves room for the module docks: every dock (home bases A3 and I3
    included) lies inside the drawing, with its rim."""
    from spacebowl_print.games.tomtube.art.boards import View
    from spacebowl_print.games.tomtube.art.tubes import Look
    from spacebowl_print.games.tomtube.model.board import MODULES, board
    from spacebowl_print.games.tomtube.puzzles.webview import board_box

    w, h, edge = board_box()
    view, look = View(w / 2, h / 2, edge), Look(edge, False)
    reach = look.sphere_r * 1.45 + look.line_w * 2
    for name in MODULES:
        x, y = view.knot(board().knot_index[name])
        assert reach <= x <= w - reach and reach <= y <= h - reach, name
