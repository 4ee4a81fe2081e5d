"""What the sheets impose: the :class:`Item` contract, its optional die-cut outline, the words
used for the items (in every language), and the one error imposition raises.

An *item* is anything with ``id``, ``width``, ``height`` (its art box: the trim box grown by the
bleed on every side) and ``draw(canvas)`` painting the art box from its lower-left corner. It may
also carry a die-cut ``outline``: a closed polygon, a sequence of (x, y) in mm in the item's
**trim-box** coordinates (origin at the trim box's lower-left corner, y up). Items without one are
rectangles, cut along their trim box. The outline is read through :func:`item_outline`, which
supplies that default, so existing items (Space Bowl's ``CardFront``/``CardBack``) need no change;
:class:`OutlinedItem` documents the extended contract for type checkers.

A back is the size of its front. The sheets clip it to the front's outline as seen from behind
(mirrored left-right); a back that declares an outline must declare exactly that one
(``(w − x, y)`` for every front corner ``(x, y)``, ``w`` the trim width) — for a rhomb leaning
right, a rhomb leaning left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from spacebowl_print.publish.geometry import EPS, Polygon, is_convex, simplify
from spacebowl_print.publish.kittexts import Nouns, nouns, stock_tip
from spacebowl_print.render.api import Box, Canvas


class LayoutError(ValueError):
    """The items cannot be imposed (too big, mixed sizes, a bad outline, nothing to impose).

    ``field`` names the :func:`~spacebowl_print.publish.sheets.impose` argument at fault —
    ``"items"`` (their size or outline), ``"back"``, ``"paper"``, ``"bleed"`` or ``"margin"`` —
    so a caller can report it as its own setting (a game maps ``"items"`` to its card size, the
    command line maps that to an option). ``str(err)`` is the message alone.
    """

    def __init__(self, message: str, field: str = "items") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Item(Protocol):
    """Something the sheets can impose: an id, an art box with bleed, a way to paint it."""

    @property
    def id(self) -> int: ...

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Canvas) -> None:
        """Paint the art box, lower-left corner at the canvas origin."""


class OutlinedItem(Item, Protocol):
    """An :class:`Item` with a die-cut outline: a closed polygon of (x, y) mm in its trim box
    (the art box less the bleed). Any orientation; convex outlines tessellate."""

    @property
    def outline(self) -> Sequence[tuple[float, float]]: ...


class ArtBox:
    """A card's art box: its trim size plus ``bleed`` on every side — the ``width`` and
    ``height`` an :class:`Item` hands the sheets. Card classes of every game mix it in and
    set ``trim_w``, ``trim_h`` and ``bleed``."""

    trim_w: float
    trim_h: float
    bleed: float

    @property
    def width(self) -> float:
        return self.trim_w + 2 * self.bleed

    @property
    def height(self) -> float:
        return self.trim_h + 2 * self.bleed

    @property
    def trim(self) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) within the art box."""
        return (self.bleed, self.bleed, self.trim_w, self.trim_h)


@dataclass(frozen=True)
class Naming:
    """How the imposed items are named. ``noun``/``plural`` are the English words: they make
    the file names (``cards.pdf``, ``svg/card-001.svg``) in every language, and pick the
    printed nouns of each language (:meth:`nouns`, from
    :data:`~spacebowl_print.publish.kittexts.NOUNS`). ``key`` names the item lists of
    ``cut-guide.json`` (``plural`` when empty). ``stock_tip`` is a printing tip about paper and
    cutting in English ("" for the built-in one of the noun), ``stock_tips`` the same tip in
    other languages, by code (see :meth:`tip`)."""

    noun: str = "card"
    plural: str = "cards"
    key: str = ""
    stock_tip: str = ""
    stock_tips: Mapping[str, str] = field(default_factory=dict, hash=False)

    @property
    def guide_key(self) -> str:
        """The key of each page's item list in ``cut-guide.json``."""
        return self.key or self.plural

    def nouns(self, lang: str = "en") -> Nouns:
        """The items' printed nouns in ``lang`` ("cards", "cartes", "Karten"); a noun the
        words table lacks prints in English."""
        return nouns(self.noun, self.plural, lang)

    def tip(self, lang: str = "en") -> str:
        """The paper-and-cutting tip in ``lang``: ``stock_tips[lang]`` when given; in English
        ``stock_tip`` when given; else the built-in tip of the noun in ``lang``; else
        ``stock_tip`` (English rather than nothing)."""
        if lang in self.stock_tips:
            return self.stock_tips[lang]
        if lang == "en" and self.stock_tip:
            return self.stock_tip
        return stock_tip(self.noun, lang) or self.stock_tip


CARDS = Naming()
"""Playing cards (Space Bowl's wording)."""

TILES = Naming("tile", "tiles")
"""Die-cut tiles."""


def trim_size(item: Item, bleed: float) -> tuple[float, float]:
    """The item's trim box size (w, h): its art box less ``bleed`` on every side."""
    return (item.width - 2 * bleed, item.height - 2 * bleed)


def item_outline(item: Item, bleed: float) -> Polygon | None:
    """The item's die-cut outline in its trim box, counter-clockwise without repeated or
    collinear corners — or None when it has none or it is the trim rectangle itself.

    Raises :class:`LayoutError` (field ``items``) for an outline with fewer than three corners,
    no area, or a corner outside the trim box.
    """
    raw = getattr(item, "outline", None)
    if raw is None:
        return None
    w, h = trim_size(item, bleed)
    pts = simplify(tuple((float(x), float(y)) for x, y in raw))
    if len(pts) < 3:
        raise LayoutError(f"item {item.id}: an outline needs three corners or more with an area")
    for x, y in pts:
        if not (-EPS <= x <= w + EPS and -EPS <= y <= h + EPS):
            raise LayoutError(f"item {item.id}: outline corner ({x:g}, {y:g}) lies outside its "
                              f"{w:g}x{h:g} mm trim box")
    corners = {(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)}
    if len(pts) == 4 and all(any(abs(x - cx) <= EPS and abs(y - cy) <= EPS
                                 for cx, cy in corners) for x, y in pts):
        return None
    return pts


def all_convex(outlines: Sequence[Polygon | None]) -> bool:
    """Whether every outline (None: a rectangle) is convex, so that they can tessellate."""
    return all(o is None or is_convex(o) for o in outlines)


def distinct_backs(back: Item | Sequence[Item]) -> list[Item]:
    """The different back objects (by identity), in order of first use: a game passing one
    object per kind of back gets one file per kind."""
    if not isinstance(back, Sequence):
        return [back]
    out: list[Item] = []
    for b in back:
        if not any(b is seen for seen in out):
            out.append(b)
    return out


__all__ = [
    "CARDS", "TILES", "Box", "Item", "LayoutError", "Naming", "OutlinedItem", "all_convex",
    "distinct_backs", "item_outline", "trim_size",
]
