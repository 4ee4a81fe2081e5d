"""The daily puzzle web site: self-contained pages, played in a real headless browser
(Debian's chromium driven by Playwright) with the mouse and the keyboard."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(cli, ["web", "--days", "7", "--seed", "5", "-q",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _manifest(site: Path) -> dict[str, Any]:
    return json.loads((site / "manifest.json").read_text(encoding="utf-8"))


def test_site_is_self_contained_and_checked(site: Path) -> None:
    pages = sorted(p.name for p in site.glob("*.html"))
    ids = [p["id"] for p in _manifest(site)["puzzles"]]
    assert pages == sorted([*(f"{i}.html" for i in ids), "index.html"])
    for page in site.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html), page.name
        assert "<script src" not in html and "<link" not in html
    result = CliRunner().invoke(cli, ["check", str(site / "manifest.json")])
    assert result.exit_code == 0, result.output


def test_same_seed_same_site(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    CliRunner().invoke(cli, ["web", "--days", "7", "--seed", "5", "-q", "-o", str(again)])
    for page in site.iterdir():
        assert (again / page.name).read_bytes() == page.read_bytes(), page.name


def _open(browser: Any, site: Path, name: str) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto((site / name).as_uri())
    return page, requests


def test_picking_the_engine_answer_is_right(browser: Any, site: Path) -> None:
    for entry in _manifest(site)["puzzles"]:
        page, requests = _open(browser, site, f"{entry['id']}.html")
        answer = [s["cell"] for s in entry["solutions"]]
        if answer:
            for cell in answer:
                page.click(f".card[data-cell='{cell}']")
        else:
            page.click("#none")
        page.click("#check")
        assert "Right" in page.text_content("#verdict"), entry["id"]
        assert all(u.startswith("file://") for u in requests), requests
        page.close()


def test_a_wrong_pick_is_told_and_reveal_marks_the_answer(browser: Any, site: Path,
                                                          tmp_path: Path) -> None:
    entry = next(e for e in _manifest(site)["puzzles"] if e["solutions"])
    answer = {s["cell"] for s in entry["solutions"]}
    page, _ = _open(browser, site, f"{entry['id']}.html")
    cells = page.eval_on_selector_all(".card", "cs => cs.map(c => c.dataset.cell)")
    wrong = next(c for c in cells if c not in answer)
    page.click(f".card[data-cell='{wrong}']")
    page.click("#check")
    assert "not valid" in page.text_content("#verdict")
    page.click("#none")  # "none" clears the picks, and is wrong here
    assert page.get_attribute(f".card[data-cell='{wrong}']", "aria-pressed") == "false"
    page.click("#check")
    assert "at least one valid card" in page.text_content("#verdict")
    page.click("#reveal")
    marked = set(page.eval_on_selector_all(".card.answer", "cs => cs.map(c => c.dataset.cell)"))
    assert marked == answer
    assert page.is_visible("#answer")
    page.screenshot(path=str(tmp_path / "revealed.png"))
    page.close()


def test_keyboard_only(browser: Any, site: Path) -> None:
    entry = _manifest(site)["puzzles"][0]
    page, _ = _open(browser, site, f"{entry['id']}.html")
    page.keyboard.press("Tab")  # "How to play" first, then the first card (roving tabindex)
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.cell") == "A1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == "B2"
    page.keyboard.press("Space")
    assert page.get_attribute(".card[data-cell='B2']", "aria-pressed") == "true"
    page.keyboard.press("c")
    verdict = page.text_content("#verdict")
    assert ("Right" in verdict) == ([s["cell"] for s in entry["solutions"]] == ["B2"])
    page.keyboard.press("r")
    assert page.is_visible("#answer")
    page.close()


def test_index_links_every_day(browser: Any, site: Path) -> None:
    page, _ = _open(browser, site, "index.html")
    links = page.eval_on_selector_all("#days a", "as => as.map(a => a.getAttribute('href'))")
    assert links == [f"{e['id']}.html" for e in _manifest(site)["puzzles"]]
    page.click("#days a")
    assert page.url.endswith(links[0])
    page.close()


def test_memoised_cards_are_the_cards_drawn_afresh() -> None:
    """A run draws each distinct mini card once (the web pages share them): what it shares is
    exactly what drawing the card again would give."""
    import dataclasses
    import datetime as dt

    from spacebowl_print.games.spacebowl.model.deck_file import load_deck
    from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles
    from spacebowl_print.games.spacebowl.puzzles.webview import card_svg

    puzzles = daily_puzzles(load_deck("classic"), dt.date(2027, 1, 4), 7, 3, (1, 5))
    assert len({id(p.art_cache) for p in puzzles}) == 1  # one cache for the run
    for p in puzzles:
        fresh = dataclasses.replace(p, art_cache={})
        for r in range(p.galaxy.rows):
            for c in range(p.galaxy.cols):
                assert card_svg(p, r, c) == card_svg(fresh, r, c)
    assert len(puzzles[0].art_cache) < sum(p.galaxy.rows * p.galaxy.cols for p in puzzles)
