"""Every game's web site, in a real headless browser (Debian's chromium driven by Playwright):
each page teaches the game in a few lines, loads nothing from the network, and reveals the
engine's answer with its reason, stepped through with next/previous by mouse and by key."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli

GAMES = {"spacebowl": [], "hubble": ["hubble"], "tomtube": ["tomtube"]}


@pytest.fixture(scope="module", params=sorted(GAMES))
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, Path]:
    game = str(request.param)
    out = tmp_path_factory.mktemp(f"site-{game}")
    result = CliRunner().invoke(cli, [*GAMES[game], "web", "--days", "2", "--jobs", "1",
                                      "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return game, out


def _manifest(site: Path) -> dict[str, Any]:
    return json.loads((site / "manifest.json").read_text(encoding="utf-8"))


def test_pages_are_self_contained_and_proved(site: tuple[str, Path]) -> None:
    _, folder = site
    for page in folder.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html), page.name
        assert "<script src" not in html and "<link" not in html
    result = CliRunner().invoke(cli, ["check", str(folder / "manifest.json")])
    assert result.exit_code == 0, result.output


def test_reveal_shows_the_reason_and_steps_through(browser: Any, site: tuple[str, Path]
                                                   ) -> None:
    game, folder = site
    first = _manifest(folder)["puzzles"][0]["id"]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto((folder / f"{first}.html").as_uri())
    assert page.locator(".howto details[open] p").count() >= 1  # the first day teaches
    answer = page.locator("#answer")
    assert not answer.is_visible()
    page.click("#reveal")
    assert answer.is_visible() and page.locator("#answer .reason").inner_text().strip()
    assert page.get_attribute("#reveal", "aria-pressed") == "true"
    steps = page.locator(".step")
    if steps.count() > 1:  # Tom Tube: one picture a move
        assert page.locator(".step.current").count() == 1
        assert steps.nth(0).is_visible() and not steps.nth(1).is_visible()
        assert page.is_disabled("#step-prev")
        page.click("#step-next")
        assert steps.nth(1).is_visible() and not steps.nth(0).is_visible()
        page.keyboard.press("ArrowLeft")
        assert steps.nth(0).is_visible()
        assert "1" in page.inner_text("#step-count")
    elif steps.count() == 1:  # Hubble: the par's finished pad
        assert steps.nth(0).is_visible() and page.locator(".step svg").count() == 1
    page.keyboard.press("r")  # R hides it again
    assert not answer.is_visible()
    if game == "tomtube":
        assert steps.count() == _manifest(folder)["puzzles"][0]["answer"]["moves"]
    assert all(u.startswith("file://") for u in requests), requests
    page.close()


def test_the_index_links_every_day(browser: Any, site: tuple[str, Path]) -> None:
    _, folder = site
    page = browser.new_page()
    page.goto((folder / "index.html").as_uri())
    links = page.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links == [f"{p['id']}.html" for p in _manifest(folder)["puzzles"]]
    page.close()
