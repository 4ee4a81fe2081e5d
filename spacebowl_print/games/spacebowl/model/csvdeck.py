"""Card lists as CSV (formats.md, "Deck themes and CSV card lists"): one row a card, for decks
kept in a spreadsheet.

* Columns: ``id,planets,comets,stars,black_hole`` and, when any card uses them, ``count``,
  ``title``, ``text`` and ``image``. Reading accepts them in any order and any letter case;
  ``id`` and ``planets`` are required, an absent ``comets``/``stars``/``black_hole``/``count``
  column or an empty cell means 0 / false / 1, as in the TOML; other columns (notes…) are
  ignored with a warning. A row with ``count`` N is N identical cards with the ids ``id`` …
  ``id + N − 1`` (as a ``[[cards]]`` table with ``count``), and exports back as one row. A
  semicolon- or tab-separated file (what spreadsheets write in many locales) is recognised by
  its header.
  Planet letters may be lower case; ``black_hole`` is ``true``/``false`` in any case.
* Every error names the CSV file, its line and the column (number and name).
* ``image`` paths in the CSV are relative to the CSV file; the deck stores them relative to the
  deck file, so they are rewritten when the two lie in different folders (and kept as written
  when they share one, so an export/import round trip is exact).
* Everything but the cards comes from a theme deck (:func:`import_cards`): its title,
  planets, theme and — only when the CSV's cards are exactly the theme's cards, since they
  describe how *those* cards were made — its leading comments, seed and ``[design]`` table.
  Exporting a deck and importing the CSV with that deck as theme gives the deck file back byte
  for byte.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.spacebowl.model.deck import (
    MAX_CARDS,
    MAX_COUNT,
    MAX_ID,
    NAME_PATTERN,
    Card,
    Deck,
    Planet,
    expand,
)
from spacebowl_print.games.spacebowl.model.deck_read import (
    CardIds,
    card_text,
    card_title,
    count_problem,
    parse_deck,
)
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_toml
from spacebowl_print.games.spacebowl.model.theme import (
    Theme,
    check_relative_path,
    load_picture_at,
)

COLUMNS: tuple[str, ...] = ("id", "planets", "comets", "stars", "black_hole")
"""The columns every exported card list has, in this order."""
EXTRA_COLUMNS: tuple[str, ...] = ("count", "title", "text", "image")
"""Optional per-card columns, written only when some card uses them."""
_UNUSED: dict[str, object] = {"count": 1, "title": "", "text": "", "image": None}
"""Each optional column's value on a card that does not use it."""
REQUIRED: tuple[str, ...] = ("id", "planets")


def rebase(rel: str, src_dir: Path, dst_dir: Path) -> str:
    """The relative path ``rel`` (from ``src_dir``) as seen from ``dst_dir``, with ``/``;
    unchanged when both folders are the same."""
    if src_dir.resolve() == dst_dir.resolve():
        return rel
    return Path(os.path.relpath(src_dir.resolve() / rel, dst_dir.resolve())).as_posix()


# -- export --------------------------------------------------------------------------------------

def cards_to_csv(deck: Deck, csv_dir: Path | None = None) -> str:
    """The deck's cards as CSV text (``\\n`` line ends, UTF-8 safe), one row a card in deck
    order. ``image`` paths are rewritten relative to ``csv_dir`` (default: the deck's folder)."""
    designs = deck.designs  # one row per card table: copies are its count
    extras = [c for c in EXTRA_COLUMNS
              if any(getattr(card, c) != _UNUSED[c] for card in designs)]
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow([*COLUMNS, *extras])
    base = Path(deck.base_dir or ".")
    for c in designs:
        row: list[object] = [c.id, c.planets, c.comets, c.stars,
                             "true" if c.black_hole else "false"]
        for column in extras:
            if column == "image":
                row.append("" if c.image is None else
                           rebase(c.image, base, csv_dir if csv_dir is not None else base))
            else:
                row.append(getattr(c, column))
        out.writerow(row)
    return buf.getvalue()


# -- import --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CsvCards:
    """Cards read from a CSV file, with the lines they came from and any warnings."""

    cards: tuple[Card, ...]
    """The physical cards: a row with ``count`` N gives N cards."""
    lines: dict[int, int]
    """card id → CSV line (every copy's id → its row's line)."""
    warnings: tuple[str, ...] = ()


def _dialect(first_line: str) -> str:
    """The delimiter a header row uses: ``,`` unless only ``;`` or tabs appear in it."""
    for delim in (",", ";", "\t"):
        if delim in first_line:
            return delim
    return ","


class _Cell:
    """Errors for one cell: the file, line and column (number and name)."""

    def __init__(self, source: str, line: int, col: int, name: str) -> None:
        self.source, self.line, self.where = source, line, f"column {col} ({name})"

    def error(self, message: str) -> InputError:
        return InputError(message, self.where, file=self.source, line=self.line)


def _int(text: str, cell: _Cell, lo: int, hi: int, default: int | None) -> int:
    if not text:
        if default is None:
            raise cell.error("must not be empty")
        return default
    if not re.fullmatch(r"[+]?\d{1,12}", text):
        raise cell.error(f"must be a whole number from {lo} to {hi}, got {text!r}")
    value = int(text)
    if not lo <= value <= hi:
        raise cell.error(f"must be a whole number from {lo} to {hi}, got {value}")
    return value


def parse_cards_csv(text: str, source: str, letters: str,
                    csv_dir: Path | None = None) -> CsvCards:
    """Read a card list. ``letters`` are the deck's planet ids; pictures named in an ``image``
    column are loaded from ``csv_dir`` (not read when None) so that a missing or broken file is
    reported at its line and column. Raises :class:`InputError` naming ``source``, the line and
    the column."""
    if not text.strip():
        raise InputError("the file is empty (expected a header row "
                         f"{','.join(COLUMNS)})", file=source, line=1)
    first = text.lstrip("\ufeff").splitlines()[0]
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""),
                        delimiter=_dialect(first), strict=True)
    try:
        header = next(reader)
    except csv.Error as err:
        raise InputError(f"not readable CSV ({err})", file=source, line=1) from None
    index, warnings = _header_index(header, source)
    cards, lines = _read_cards(reader, len(header), index, source, letters, csv_dir)
    return CsvCards(tuple(cards), lines, tuple(warnings))


def _header_index(header: Sequence[str], source: str) -> tuple[dict[str, int], list[str]]:
    """The card columns of the header row by name (case and spaces ignored), and a warning
    per column that is not a card field. Every required column must be there, none twice."""
    names = [h.strip().lower() for h in header]
    index: dict[str, int] = {}
    warnings: list[str] = []
    for i, name in enumerate(names):
        cell = _Cell(source, 1, i + 1, name or "unnamed")
        if name in index:
            raise cell.error(f"column {name!r} appears twice (also column {index[name] + 1})")
        if name in COLUMNS or name in EXTRA_COLUMNS:
            index[name] = i
        elif name:
            warnings.append(f"{source}:1: column {i + 1} ({name}) is not a card field: "
                            "ignored")
    for name in REQUIRED:
        if name not in index:
            raise InputError(f"missing column {name!r} (the header needs at least "
                             f"{', '.join(REQUIRED)}; found {', '.join(names) or 'nothing'})",
                             file=source, line=1)
    return index, warnings


class _Reader(Protocol):
    """What :func:`_read_cards` needs of a ``csv.reader``."""

    line_num: int

    def __next__(self) -> list[str]: ...


def _read_cards(reader: _Reader, width: int, index: dict[str, int], source: str,
                letters: str, csv_dir: Path | None) -> tuple[list[Card], dict[int, int]]:
    """The cards of the rows after the header (blank rows skipped), and each card's line."""
    cards: list[Card] = []
    lines: dict[int, int] = {}
    ids = CardIds()
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as err:
            raise InputError(f"not readable CSV ({err})", file=source,
                             line=reader.line_num) from None
        line = reader.line_num - row_span(row) + 1
        if not any(cell.strip() for cell in row):
            continue  # blank rows are spacing, not cards
        if len(row) > width and any(c.strip() for c in row[width:]):
            raise InputError(f"more cells than the header's {width} columns",
                             f"column {width + 1}", file=source, line=line)
        r = _Row(row, line, index, source)
        card = _row_card(r, letters, csv_dir)
        if clash := ids.clash(card):
            why, other = clash
            message = (f"id {card.id} is already used on line {lines[other.id]}"
                       if why == "id used by an earlier card"
                       else f"{why}, on line {lines[other.id]}")
            raise r.get("count" if card.count > 1 else "id")[1].error(message)
        if len(cards) + card.count > MAX_CARDS:
            raise InputError(f"a deck has at most {MAX_CARDS} cards", file=source, line=line)
        for copy in expand(card):
            cards.append(copy)
            lines[copy.id] = line
    return cards, lines


class _Row:
    """One CSV row with the header's column index: cells by name, with their error context."""

    def __init__(self, row: Sequence[str], line: int, index: dict[str, int], source: str):
        self.row, self.line, self.index, self.source = row, line, index, source

    def get(self, name: str) -> tuple[str, _Cell]:
        """The trimmed cell of column ``name`` ("" when the column or cell is absent): spaces,
        tabs and line breaks around it dropped, nothing else (``str.strip`` would also drop
        control characters such as U+0085 and U+001F unseen, which the cell's check refuses
        by name)."""
        i = self.index.get(name, -1)
        value = self.row[i].strip(" \t\r\n") if 0 <= i < len(self.row) else ""
        return value, _Cell(self.source, self.line, i + 1, name)


def _row_card(r: _Row, letters: str, csv_dir: Path | None) -> Card:
    """The card a row describes (its first copy, ``count`` set)."""
    value, cell = r.get("id")
    cid = _int(value, cell, 1, MAX_ID, None)
    value, cell = r.get("planets")
    planets = value.replace(" ", "").upper()
    for ch in planets:
        if ch not in letters:
            raise cell.error(f"unknown planet {ch!r} (the deck's planets: {letters})")
    if len(set(planets)) != len(planets):
        raise cell.error(f"a planet is listed twice in {value!r}")
    value, cell = r.get("comets")
    comets = _int(value, cell, 0, 12, 0)
    value, cell = r.get("stars")
    stars = _int(value, cell, 0, 12, 0)
    value, cell = r.get("black_hole")
    if value.lower() not in ("", "true", "false"):
        raise cell.error(f"must be true or false, got {value!r}")
    black_hole = value.lower() == "true"
    title, cell = r.get("title")
    try:
        title = card_title(title)
    except InputError as err:
        raise cell.error(err.message) from None
    text, cell = r.get("text")
    try:
        text = card_text(text)
    except InputError as err:
        raise cell.error(err.message) from None
    value, cell = r.get("count")
    count = _int(value, cell, 1, MAX_COUNT, 1)
    if problem := count_problem(count, cid):
        raise cell.error(problem)
    image, cell = r.get("image")
    if image:
        try:
            check_relative_path(image, "", "image")
            if csv_dir is not None:
                load_picture_at(csv_dir, image, "", "image")
        except InputError as err:
            raise cell.error(err.message) from None
    ordered = "".join(ch for ch in letters if ch in planets)
    return Card(cid, ordered, comets, stars, black_hole, title, image or None, None, text, count)


def row_span(row: Sequence[str]) -> int:
    """How many physical lines a parsed row took (quoted cells may hold line breaks)."""
    return 1 + sum(cell.count("\n") for cell in row)


# -- the deck file -------------------------------------------------------------------------------

@contextmanager
def folders_for(path: Path) -> Iterator[None]:
    """Make the missing folders above the file ``path`` for the block, and remove the ones it
    made again if the block fails: a deck written there is read back from its folder before it
    is written, and the system cannot follow a ``..`` of its relative paths out of a folder
    that does not exist yet."""
    made: list[Path] = []
    here = path.parent
    while not here.exists() and here != here.parent:
        made.append(here)
        here = here.parent
    try:
        for folder in reversed(made):
            folder.mkdir()
        yield
    except BaseException:
        for folder in made:  # innermost first; only if still empty
            with suppress(OSError):
                folder.rmdir()
        raise


def theme_seen_from(deck: Deck, out_dir: Path) -> tuple[tuple[Planet, ...], Theme]:
    """``deck``'s planets and ``[theme]`` for a deck file written in ``out_dir``: every path
    (planet images, background, back, font) rewritten relative to that folder, so that a deck
    made from ``deck`` (imported, designed) keeps its art wherever it is written."""
    src = Path(deck.base_dir or ".")
    t = deck.theme

    def moved(rel: str | None) -> str | None:
        return None if rel is None else rebase(rel, src, out_dir)

    theme = dataclasses.replace(t, background=moved(t.background), back=moved(t.back),
                                font=moved(t.font))
    planets = tuple(dataclasses.replace(p, image=moved(p.image)) for p in deck.planets)
    return planets, theme


def with_theme_of(deck: Deck, base: Deck, out_dir: Path) -> Deck:
    """``deck`` with ``base``'s planets and ``[theme]`` (paths as seen from ``out_dir``, where
    the deck file will be written) and format 2 when it then needs it."""
    planets, theme = theme_seen_from(base, out_dir)
    out = dataclasses.replace(deck, planets=planets, theme=theme,
                              format=deck.format if deck.format is not None else base.format)
    if out.uses_format_2 and out.format == 1:
        out = dataclasses.replace(out, format=2)
    return out


def leading_comments(text: str) -> str:
    """The comment block at the top of a TOML file, exactly as written (blank lines inside it
    kept, trailing ones dropped)."""
    block: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("#") or not line.strip():
            block.append(line)
        else:
            break
    while block and not block[-1].strip():
        block.pop()
    return "".join(block)


def deck_name_for(out_path: Path, name: str | None = None) -> str:
    """The name of a deck written to ``out_path``: ``name``, else the file's stem; an
    :class:`InputError` at ``name`` unless it is a file-safe id."""
    deck_name = name or out_path.stem
    if not NAME_PATTERN.match(deck_name):
        raise InputError(f"must be a file-safe id (a-z, 0-9, _ and -), got {deck_name!r}",
                         "name")
    return deck_name


@dataclass(frozen=True)
class Imported:
    """The result of :func:`import_cards`: the deck, its TOML text, notes for the user."""

    deck: Deck
    toml: str
    notes: tuple[str, ...]


def import_cards(cards: CsvCards, csv_dir: Path, theme: Deck, theme_text: str,
                 out_path: Path, name: str | None = None, title: str | None = None
                 ) -> Imported:
    """The deck file for ``cards`` with everything else from ``theme`` (read from
    ``theme_text``), to be written at ``out_path``.

    The deck is named ``name`` (default: the output file's stem) and titled ``title``
    (default: the theme's title, which a kit prints on its cover and the card backs, like the
    rest of the theme). Paths
    are rewritten relative to the output's folder. The text is read back through the strict
    deck reader (pictures loaded from the output's folder) before it is returned.
    """
    out_dir = out_path.parent
    deck_name = deck_name_for(out_path, name)
    if title is None:
        title = theme.title
    theme_dir = Path(theme.base_dir or ".")
    new_cards = tuple(dataclasses.replace(c, image=None if c.image is None
                                          else rebase(c.image, csv_dir, out_dir), art=None)
                      for c in cards.cards)
    planets, new_theme = theme_seen_from(theme, out_dir)
    notes: list[str] = list(cards.warnings)
    same = new_cards == tuple(dataclasses.replace(
        c, image=None if c.image is None else rebase(c.image, theme_dir, out_dir))
        for c in theme.cards)
    header = leading_comments(theme_text) if same else ""
    seed, design = (theme.seed, theme.design) if same else (None, {})
    if not same and (theme.seed is not None or theme.design):
        notes.append(f"the cards differ from those of {theme.name!r}: its seed, [design] figures "
                     "and leading comments describe those cards, so they are not copied")
    deck = dataclasses.replace(theme, name=deck_name, title=title, planets=planets,
                               cards=new_cards, seed=seed, design=dict(design),
                               theme=new_theme)
    if deck.uses_format_2 and deck.format == 1:  # card titles or images need format 2
        deck = dataclasses.replace(deck, format=2)
    text = header + deck_to_toml(deck)
    checked = parse_deck(text, str(out_path), base_dir=out_dir)
    return Imported(checked, text, tuple(notes))
