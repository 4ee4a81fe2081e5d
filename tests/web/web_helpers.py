"""What the browser tests of the played web pages share: a site of one game made once per
module, a page opened in the headless chromium (failing on any script error or network
request), and canonical JSON to compare the Python engine's objects with the page's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from spacebowl_print.cli.main import cli


def make_site(out: Path, game: str, *args: str) -> Path:
    """``spacebowl [GAME] web ARGS -o OUT`` (the game's prefix left out for Space Bowl)."""
    prefix = [] if game == "spacebowl" else [game]
    result = CliRunner().invoke(cli, [*prefix, "web", *args, "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def manifest(site: Path) -> dict[str, Any]:
    return json.loads((site / "manifest.json").read_text(encoding="utf-8"))


@contextmanager
def opened(browser: Any, page_file: Path, width: int = 1280, height: int = 800
           ) -> Iterator[Any]:
    """The page at ``page_file`` in a fresh browser context (empty local storage); on leaving,
    no script error happened and nothing was asked of the network."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(page_file.as_uri())
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors
    assert all(u.startswith("file://") for u in requests), requests


def canonical(value: Any) -> str:
    """One spelling of a JSON value (keys sorted), to compare Python's objects with the
    page's."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
