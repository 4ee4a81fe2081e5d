"""One day of each game played with the keyboard alone (Tab, arrows, Enter, Space and the
letter keys), as a visitor without a mouse would, in the real headless browser: every
control is reached by Tab, and the focused one is outlined."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lazy import built
from web_helpers import manifest, opened

# the Hubble and Tom Tube sites are the ones the engine tests open (built once per worker)
GAMES = {"spacebowl": ["--days", "2", "--seed", "5"], "hubble": ["--days", "2", "--jobs", "1"],
         "tomtube": ["--days", "2", "--jobs", "1"]}


@pytest.fixture(scope="module", params=sorted(GAMES))
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, Path]:
    game = str(request.param)
    prefix = [] if game == "spacebowl" else [game]
    return game, built(tmp_path_factory, *prefix, "web", *GAMES[game])


def _tab_to(page: Any, test: str, limit: int = 80, back: bool = False) -> None:
    """Tab (Shift+Tab with ``back``) until the focused element passes the JavaScript test
    ``test`` (given ``e``, the focused element); fails after ``limit`` presses."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!({test}); }})()"):
            outline = page.evaluate("""(() => { const s = getComputedStyle(
                document.activeElement);
                return s.outlineStyle !== 'none' || s.stroke !== 'none'; })()""")
            assert outline, "the focused control shows no focus ring"
            return
    raise AssertionError(f"Tab never reached an element with {test}")


def _play_spacebowl(page: Any, entry: dict[str, Any]) -> None:
    answer = [s["cell"] for s in entry["solutions"]]
    cols = len(entry["galaxy"]["cards"][0])
    _tab_to(page, "e.dataset && e.dataset.cell === 'A1'")
    at = (0, 0)
    for cell in answer:
        row, col = int(cell[1:]) - 1, ord(cell[0]) - 65
        for _ in range(abs(col - at[1])):
            page.keyboard.press("ArrowRight" if col > at[1] else "ArrowLeft")
        for _ in range(abs(row - at[0])):
            page.keyboard.press("ArrowDown" if row > at[0] else "ArrowUp")
        at = (row, col)
        assert page.evaluate("document.activeElement.dataset.cell") == cell
        page.keyboard.press("Space")
    assert cols
    if not answer:
        page.keyboard.press("n")
    page.keyboard.press("c")
    assert "Right" in page.inner_text("#verdict")


def _play_hubble(page: Any, entry: dict[str, Any]) -> None:
    cols = entry["challenge"]["pad"]["cols"]
    for turn in entry["par"]["play"]["turns"]:
        if "fog" in turn:
            page.keyboard.press("f")
            if not turn["fog"]:
                _tab_to(page, "e.id === 'fog-nothing'")
                page.keyboard.press("Enter")
                continue
        body = turn.get("place") or turn["fog"]
        for name, icon in body.items():
            # the Scope's icon: a chip whose name is the icon's word (the third chooser too)
            word = page.evaluate(f"window.puzzle.rules && {{G:'galaxy',P:'planet',A:'asteroid',"
                                 f"C:'comet',S:'star','.':'blank'}}['{icon}']")
            chosen = page.evaluate("""w => [...document.querySelectorAll('#scope button')]
                .some(b => b.getAttribute('aria-pressed') === 'true' && b.textContent === w)""",
                                   word)
            if not chosen:
                _tab_to(page, f"e.tagName === 'BUTTON' && e.closest('#scope, #third') && "
                              f"!e.disabled && e.textContent === '{word}'")
                page.keyboard.press("Enter")
            # the pad comes before the Scope's icons: back to it
            _tab_to(page, "e.classList && e.classList.contains('hex')", back=True)
            target = (int(name[1:]) - 1) * cols + ord(name[0]) - 65
            here = page.evaluate("[...document.activeElement.parentNode.children]"
                                 ".indexOf(document.activeElement)")
            dr, dc = target // cols - here // cols, target % cols - here % cols
            for _ in range(abs(dr)):
                page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
            for _ in range(abs(dc)):
                page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
            page.keyboard.press("Enter")
    result = page.evaluate("window.puzzle.result()")
    assert result["finished"] and result["total"] == entry["par"]["total"]
    assert page.evaluate("window.puzzle.state()") == entry["par"]["play"]


def _play_tomtube(page: Any, entry: dict[str, Any]) -> None:
    words = {"drift": "drift to {to} (free)", "control": "drift to {to} (1 control)",
             "jump": "space jump to {to} (1 energy)"}
    for mv in entry["answer"]["line"]:
        key = "jump" if mv["kind"] == "jump" else "control" if mv["pay"] else "drift"
        text = words[key].format(to=mv["to"])
        _tab_to(page, f"e.closest && e.closest('#moves') && e.textContent === '{text}'")
        page.keyboard.press("Enter")
    result = page.evaluate("window.puzzle.result()")
    assert result["solved"] and result["moves"] == entry["answer"]["moves"]
    page.keyboard.press("u")  # U undoes the last move
    assert page.evaluate("window.puzzle.result()")["moves"] == entry["answer"]["moves"] - 1


def test_a_day_played_with_the_keyboard_alone(browser: Any, site: tuple[str, Path]) -> None:
    game, folder = site
    entry = manifest(folder)["puzzles"][0]
    with opened(browser, folder / f"{entry['id']}.html") as page:
        {"spacebowl": _play_spacebowl, "hubble": _play_hubble,
         "tomtube": _play_tomtube}[game](page, entry)
        page.keyboard.press("r")  # R reveals the answer, ← → step through it
        assert page.is_visible("#answer")
