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
from lazy import built

from spacebowl_print.cli.main import cli

GAMES = {"spacebowl": [], "hubble": ["hubble"], "tomtube": ["tomtube"]}


@pytest.fixture(scope="module", params=sorted(GAMES))
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, Path]:
    game = str(request.param)
    return game, built(tmp_path_factory, *GAMES[game], "web", "--days", "2", "--jobs", "1")


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
    first = _manifest(folder)["puzzles"][0]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto((folder / f"{first['id']}.html").as_uri())
    assert page.locator(".howto details[open] p").count() >= 1  # the first day teaches
    answer = page.locator("#answer")
    assert not answer.is_visible()
    page.click("#reveal")
    assert answer.is_visible() and page.locator("#answer .reason").inner_text().strip()
    assert page.get_attribute("#reveal", "aria-pressed") == "true"
    if game != "spacebowl":  # the answer move by move on the board the visitor plays on
        steps = (first["answer"]["moves"] if game == "tomtube"
                 else len(first["par"]["play"]["turns"]))
        assert page.inner_text("#answer-count").startswith("Step 1 of")
        assert page.is_disabled("#answer-prev")
        page.click("#answer-next")
        assert page.inner_text("#answer-count").startswith("Step 2 of")
        page.keyboard.press("ArrowLeft")
        assert page.inner_text("#answer-count") == f"Step 1 of {steps}"
        assert page.inner_text("#answer-step").strip()
    page.keyboard.press("r")  # R hides it again
    assert not answer.is_visible()
    assert all(u.startswith("file://") for u in requests), requests
    page.close()


def test_the_index_links_every_day_and_today(browser: Any, site: tuple[str, Path]) -> None:
    _, folder = site
    ids = [p["id"] for p in _manifest(folder)["puzzles"]]
    page = browser.new_page()
    page.goto((folder / "index.html").as_uri())
    links = page.locator("#days a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links == [f"{i}.html" for i in ids]
    # the visitor's date is not a day of this 2027 site: "Today" says so, and links nowhere
    assert page.get_attribute("#today", "href") is None
    assert ids[0] in page.inner_text("#no-today")
    page.close()
    context = browser.new_context()
    page = context.new_page()  # a visitor whose clock says the second day
    page.add_init_script(f"Date = class extends Date {{ constructor(...a) {{ "
                         f"super(...(a.length ? a : ['{ids[1]}T09:00:00'])); }} }};")
    page.goto((folder / "index.html").as_uri())
    assert page.get_attribute("#today", "href") == f"{ids[1]}.html"
    page.evaluate(f"localStorage.setItem('{_store(folder)}:{ids[0]}', "
                  "JSON.stringify({done: true}))")
    page.reload()
    assert "solved" in page.locator("#days li").nth(0).inner_text()
    assert "solved" not in page.locator("#days li").nth(1).inner_text()
    context.close()


def _store(folder: Path) -> str:
    game = _manifest(folder)["game"]
    return f"spacebowl:{game}"


def test_element_ids_are_unique_in_every_page(site: tuple[str, Path]) -> None:
    """Two drawings inline in one page must not share an id: the second would be clipped by
    the first one's clip paths (Hubble's pages once defined clip1–clip8 twice)."""
    _, folder = site
    for page in folder.glob("*.html"):
        ids = re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8"))
        dup = sorted({i for i in ids if ids.count(i) > 1})
        assert not dup, (page.name, dup[:5])
        refs = set(re.findall(r'(?:url\(#|href="#)([^")]+)', page.read_text(encoding="utf-8")))
        assert refs <= set(ids), (page.name, sorted(refs - set(ids))[:5])


LIMITS = {"spacebowl": 150_000, "hubble": 200_000, "tomtube": 250_000}
"""Most bytes a day page may take: pages are carried on phones."""


def test_pages_are_small_enough_to_carry(site: tuple[str, Path]) -> None:
    game, folder = site
    for page in folder.glob("2*.html"):
        assert page.stat().st_size <= LIMITS[game], (page.name, page.stat().st_size)


def test_a_site_failing_midway_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    """Pages go to the temporary folder one by one as they are drawn; a failure on the
    second page still leaves no output folder and no temporary behind, and an earlier site
    in the folder untouched."""
    from spacebowl_print.games.tomtube.puzzles.item import TomTubePuzzle

    out = tmp_path / "site"
    first = CliRunner().invoke(cli, ["tomtube", "web", "--days", "1", "--jobs", "1", "-q",
                                     "-o", str(out)])
    assert first.exit_code == 0, first.output
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    real = TomTubePuzzle.web_view
    drawn: list[str] = []

    def failing(p: Any) -> Any:
        drawn.append(p.id)
        if len(drawn) == 2:
            raise OSError(28, "No space left on device")
        return real(p)

    monkeypatch.setattr(TomTubePuzzle, "web_view", failing)
    result = CliRunner().invoke(cli, ["tomtube", "web", "--days", "3", "--jobs", "1", "-q",
                                      "-o", str(out)])
    assert result.exit_code != 0 and len(drawn) == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary left
