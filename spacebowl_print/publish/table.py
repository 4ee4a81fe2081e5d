"""The game table: what the shared layers know of a game, and all they know.

Every game fills one :class:`Game`, in the spirit of the ``const struct game`` of Simon
Tatham's puzzle collection. From the table the command line builds, for every game alike,
``kit``, ``booklet``, ``classroom`` and ``web`` (at the top for the flagship, under the game's
name for the others), and ``spacebowl check`` proves any game's manifest. The registry of
games is :mod:`spacebowl_print.games`.

A table is data and cheap to import: the options a command shows (:class:`Option`), the
bounds of its puzzle commands (:class:`PuzzleSpec`) and the kit's papers and files
(:class:`KitSpec`) are plain values, so ``--help`` builds every command without loading a
game's engine, reportlab or OR-Tools; the kit and puzzle kinds, the words, the light
verifier and the game's own commands are named as ``"module:attribute"`` and imported when a
command runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from spacebowl_print.core.errors import InputError

if TYPE_CHECKING:  # the types only: reading a table must not load the drawing code
    from spacebowl_print.publish.kinds import KitKind, PuzzleKind


def load_ref(ref: str) -> Any:
    """The object named by ``"package.module:attribute"``, imported now."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class Option:
    """One of a game's own options, as data (the command line turns it into a click option):
    the parameter ``name`` (``card_size``, also the field of the game's options object that
    receives it), its ``flag`` (``--card-size``), ``help``, the ``default``, and its ``kind``:
    ``text`` (at most ``limit`` characters), ``flag`` (on/off), ``int`` (within ``bounds``) or
    ``choice`` (one of ``choices``)."""

    name: str
    flag: str
    help: str
    default: Any = None
    kind: Literal["text", "flag", "int", "choice"] = "text"
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] = (0, 0)
    metavar: str | None = None
    limit: int = 64
    show_default: bool = True


@dataclass(frozen=True)
class KitSpec:
    """A game's print-and-play kit as the command line sees it: ``kind`` names its
    :class:`~spacebowl_print.publish.kinds.KitKind`; ``papers`` it lays out on (the first is
    the default); its own ``options``; ``contents``, its own files in the kit folder, one
    ``NAME  what it holds`` a line, as ``kit --help`` lists them."""

    kind: str
    papers: tuple[str, ...]
    contents: str
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class PuzzleSpec:
    """A game's puzzles as the command line sees them: ``kind`` names its
    :class:`~spacebowl_print.publish.kinds.PuzzleKind`; its own ``options`` on every puzzle
    command (e.g. ``--deck``); ``max_puzzles``, the most one run may make (a book's days, a
    classroom's students × puzzles: what this machine makes in about a minute and a half);
    ``default_days``, a booklet's ``--days`` when not given."""

    kind: str
    options: tuple[Option, ...] = ()
    max_puzzles: int = 1000
    default_days: int = 7


@dataclass(frozen=True)
class Game:
    """One game as the shared layers see it.

    ``id`` names it in manifests and on the command line (``spacebowl hubble …``), ``title``
    in print; ``languages`` are the codes its pieces and texts exist in (the first is the
    default of one-language commands; kits print all of them unless asked otherwise);
    ``words`` names its ``words(lang) -> Mapping[str, str]``, the one source of every word
    publishing prints for it (``puzzle``, ``puzzles``…). ``kit`` and ``puzzles`` say what it
    publishes; ``commands`` its own commands (name → the ``"module:attribute"`` of a click
    command and its one-line summary); ``aliases`` older names of a publication (``daily`` →
    ``booklet``). ``flagship``: its commands stand at the top level (its outputs default to
    ``out/kit``…, the others' to ``out/<id>-kit``…). ``help`` is the group's ``--help``
    text, ``summary`` its line in the root's command list. ``verify`` (optional) names the
    ``"module:function"`` that ``spacebowl check`` calls as ``verify(header, entry)``: the
    same answer as the kind's ``verify`` from a module that draws nothing; without it, the
    kind's is used. ``check_options`` are options of ``spacebowl check`` for the game's own
    material (Space Bowl's ``--deck``): a value given is added to the header the verifier
    sees under the option's name (with ``manifest_folder``, the folder the manifest lies
    in), never to the manifest whose seal is checked. ``checked_against`` (optional) names a
    ``"module:function"`` that tells, from that header, what the answers were checked against
    (``deck 'mine': ./mine.toml (as recorded)``), for ``check`` to print.
    """

    id: str
    title: str
    languages: tuple[str, ...]
    summary: str
    words: str
    kit: KitSpec | None = None
    puzzles: PuzzleSpec | None = None
    commands: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    help: str = ""
    flagship: bool = False
    verify: str | None = None
    check_options: tuple[Option, ...] = ()
    checked_against: str | None = None

    @property
    def output(self) -> str:
        """The stem of default output folders: ``""`` for the flagship, else the id."""
        return "" if self.flagship else self.id

    def kit_spec(self) -> KitSpec:
        """The game's kit as data; an :class:`InputError` if it has none."""
        if self.kit is None:
            raise InputError(f"{self.title} has no print-and-play kit", "game")
        return self.kit

    def puzzle_spec(self) -> PuzzleSpec:
        """The game's puzzles as data; an :class:`InputError` if it publishes none."""
        if self.puzzles is None:
            raise InputError(f"{self.title} publishes no puzzles", "game")
        return self.puzzles

    def kit_kind(self) -> KitKind[Any]:
        """The game's kit (imported now); an :class:`InputError` if it has none."""
        kind: KitKind[Any] = load_ref(self.kit_spec().kind)
        return kind

    def puzzle_kind(self) -> PuzzleKind[Any, Any, Any]:
        """The game's puzzles (imported now); an :class:`InputError` if it has none."""
        kind: PuzzleKind[Any, Any, Any] = load_ref(self.puzzle_spec().kind)
        return kind

    def words_in(self, lang: str) -> Mapping[str, str]:
        """The game's words in ``lang`` (one of :attr:`languages`)."""
        words: Callable[[str], Mapping[str, str]] = load_ref(self.words)
        return words(lang)

    def material_note(self, header: Mapping[str, Any]) -> str | None:
        """What ``check`` says the answers were checked against, or None."""
        if self.checked_against is None:
            return None
        note: Callable[[Mapping[str, Any]], str | None] = load_ref(self.checked_against)
        return note(header)

    def verifier(self) -> Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]:
        """``verify(header, entry)`` for ``spacebowl check``: the light one the table names,
        else the puzzle kind's."""
        if self.verify is not None:
            fn: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] = load_ref(
                self.verify)
            return fn
        return self.puzzle_kind().verify


__all__ = ["Game", "KitSpec", "Option", "PuzzleSpec", "load_ref"]
