"""The house rules a new game or module must keep, checked on the source: every shipped game
sits where the import contracts' wildcards reach it, the table's options are exactly the
fields of the game's options objects, every import inside a function says why it is there,
and mypy checks a game's kind against the contract (a kind given the wrong source type is an
error)."""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from mypy import api as mypy_api

from spacebowl_print.games import GAMES, find_game

ROOT = Path(__file__).resolve().parent.parent


@cache
def _scan() -> dict[str, Any]:
    report: dict[str, Any] = _report().scan()
    return report


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("structure_report",
                                                  ROOT / ".ci" / "structure_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_game_is_a_package_the_contracts_cover() -> None:
    """pyproject.toml's contracts name ``spacebowl_print.games.*``: a game outside that
    folder would escape them."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    assert 'modules = ["spacebowl_print.games.*"]' in text
    assert 'containers = ["spacebowl_print.games.*"]' in text
    for name, ref in GAMES.items():
        assert ref == f"spacebowl_print.games.{name}:GAME", ref
        assert find_game(name).id == name


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tables_options_are_the_options_objects_fields(game: str) -> None:
    """What the command line shows (the table's options) and what the game reads (its kind's
    ``Options``) cannot drift apart: same names, same defaults."""
    table = find_game(game)
    pairs = []
    if table.kit is not None:
        pairs.append((table.kit.options, table.kit_kind().Options))
    if table.puzzles is not None:
        pairs.append((table.puzzles.options, table.puzzle_kind().Options))
    for specs, options in pairs:
        fields = {f.name: f for f in dataclasses.fields(options) if f.init}
        assert {s.name for s in specs} == set(fields), options
        for spec in specs:
            assert fields[spec.name].default == spec.default, (options, spec.name)
        options(**{s.name: s.default for s in specs})  # the defaults make a valid object


def test_every_import_inside_a_function_says_why() -> None:
    """An import inside a function hides a dependency from the layer contracts' readers:
    allowed only where a command must stay light, with the reason in a comment above it."""
    report = _scan()
    missing = []
    for site in report["function_local_import_sites"]:
        path, line = site.rsplit(":", 1)
        lines = (ROOT / path).read_text("utf-8").split("\n")
        before = lines[max(0, int(line) - 4):int(line)]
        if not any("#" in text for text in before):
            missing.append(site)
    assert missing == []


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for both runs: the second checks only the case itself."""
    return tmp_path_factory.mktemp("mypy-cache")


KIND = """
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.publish.kinds import PuzzleKind, RenderContext, WebView
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.render.api import BoxPainter, Canvas, Painter


@dataclass(frozen=True)
class Deck:
    name: str


@dataclass(frozen=True)
class Tiles:
    count: int


@dataclass(frozen=True)
class Choice:
    deck: str = "classic"


@dataclass(frozen=True)
class Item:
    id: str
    tier: int
    badges: Sequence[str] = ()

    def manifest_entry(self) -> dict[str, Any]: return {}
    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None: ...
    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None: ...
    def short_answer(self) -> str: return ""
    def web_view(self) -> WebView: return WebView("", "", "")


class Kind:
    Options = Choice
    worksheet_per_page = 1
    web_template = None

    def load(self, options: Choice, tiers: Sequence[int]) -> Deck: return Deck(options.deck)
    def header(self, source: Deck) -> dict[str, Any]: return {}
    def generate(self, source: Deck, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[Item]: return []
    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        return None
    def teach(self, source: SOURCE, ctx: RenderContext) -> BoxPainter:
        raise NotImplementedError
    def intro(self, source: Deck, items: Sequence[Item], ctx: RenderContext,
              width: float, height: float) -> list[Painter]: return []
    def describe(self, source: Deck, ctx: RenderContext) -> str: return ""
    def answers_per_page(self, source: Deck, width: float, height: float
                         ) -> tuple[int, int]: return (1, 1)
    def cover_art(self, source: Deck, items: Sequence[Item], ctx: RenderContext
                  ) -> BoxPainter:
        raise NotImplementedError
    def key_legend(self, ctx: RenderContext) -> str: return ""
    def web_howto(self, ctx: RenderContext) -> Sequence[str]: return []


PUZZLES: PuzzleKind[Choice, Deck, Item] = Kind()
"""


@pytest.mark.parametrize(("source", "refused"), [("Deck", False), ("Tiles", True)])
def test_mypy_refuses_a_kind_with_the_wrong_source_type(tmp_path: Path, mypy_cache: Path,
                                                         source: str, refused: bool) -> None:
    """A kind whose ``load`` makes a deck but whose ``teach`` expects a tile set is not a
    PuzzleKind: mypy says so where the kind is named, as each shipped game names its own
    (``PUZZLES: PuzzleKind[...] = …``); the same kind with one source type passes."""
    case = tmp_path / "kind.py"
    case.write_text(KIND.replace("SOURCE", source))
    out, _, status = mypy_api.run([str(case), "--follow-imports=silent",
                                   "--cache-dir", str(mypy_cache)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    if not refused:
        assert status == 0 and errors == [], out
        return
    assert status == 1 and len(errors) == 1, out
    line = 1 + KIND.split("\n").index('PUZZLES: PuzzleKind[Choice, Deck, Item] = Kind()')
    assert f"kind.py:{line}: error: Incompatible types in assignment" in errors[0], out
    assert "def teach(self, source: Tiles" in out


def test_no_module_imports_itself_in_a_circle() -> None:
    assert _scan()["cycles_with_function_imports"] == []


def test_no_module_is_over_600_lines() -> None:
    assert _scan()["over_600"] == []


def test_the_table_module_of_a_game_loads_no_engine() -> None:
    """A game's table is data: reading it must not load its rules, reportlab or OR-Tools
    (``--help`` of every command is built from it)."""
    for name in GAMES:
        tree = ast.parse((ROOT / "spacebowl_print" / "games" / name / "__init__.py")
                         .read_text("utf-8"))
        imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert all(m is None or m.startswith(("spacebowl_print.publish.table",
                                              f"spacebowl_print.games.{name}.art.texts",
                                              "__future__")) for m in imported), imported
