"""Regenerate the themed test deck in ``themed/``: tiny pictures of every kind (PNG with and
without transparency, JPEG, SVG), a custom font, and ``themed.toml`` (the classic deck's cards
with a theme, planet images, facts and a few card titles).

Run from the repository root: ``python tests/spacebowl/data/make_themed_deck.py``. The pictures
are drawn here with Pillow; the font is an ASCII-only subset of the shipped DejaVu Sans Mono,
renamed "SB Test Mono" (the Bitstream Vera licence asks for a new name on modified fonts), so
that every non-ASCII character exercises the per-glyph fallback. Making the font needs
fontTools, which the project does not otherwise depend on; the outputs are committed.
"""

from __future__ import annotations

import dataclasses
import math
import shutil
from pathlib import Path

from PIL import Image, ImageDraw

from spacebowl_print.core.resources import decks_dir, fonts_dir
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_toml
from spacebowl_print.games.spacebowl.model.theme import Theme

HERE = Path(__file__).resolve().parent / "themed"


def _disc_png(path: Path, size: int, colour: tuple[int, int, int], band: tuple[int, int, int],
              fmt: str) -> None:
    """A planet: a disc with two bands; transparent outside the disc for PNG."""
    mode = "RGBA" if fmt == "PNG" else "RGB"
    im = Image.new(mode, (size, size), (0, 0, 0, 0) if mode == "RGBA" else (20, 24, 40))
    d = ImageDraw.Draw(im)
    d.ellipse((1, 1, size - 2, size - 2), fill=colour)
    for k in (0.35, 0.62):
        y = int(size * k)
        d.chord((1, 1, size - 2, size - 2), 0, 360, outline=None)
        d.rectangle((int(size * 0.12), y, int(size * 0.88), y + size // 10), fill=band)
    if mode == "RGBA":  # cut the bands back to the disc
        mask = Image.new("L", (size, size), 0)
        ImageDraw.Draw(mask).ellipse((1, 1, size - 2, size - 2), fill=255)
        im.putalpha(mask)
    im.save(path, fmt, **({"quality": 80} if fmt == "JPEG" else {"optimize": True}))


def _background(path: Path, w: int, h: int) -> None:
    """A low-resolution (on purpose: it must trigger the 300 dpi warning) night gradient."""
    im = Image.new("RGB", (w, h))
    px = im.load()
    assert px is not None
    for y in range(h):
        for x in range(w):
            t = y / (h - 1)
            glow = max(0.0, 1 - math.hypot(x - w * 0.7, y - h * 0.3) / (w * 0.6))
            px[x, y] = (int(30 + 40 * t + 60 * glow), int(10 + 60 * t + 30 * glow),
                        int(70 + 40 * (1 - t) + 50 * glow))
    im.save(path, "PNG", optimize=True)


def _card_picture(path: Path, w: int, h: int) -> None:
    im = Image.new("RGB", (w, h), (12, 40, 52))
    d = ImageDraw.Draw(im)
    for k in range(9):
        r = 18 + 14 * k
        d.ellipse((w // 2 - r, h // 2 - r, w // 2 + r, h // 2 + r), outline=(40 + 20 * k, 120,
                                                                                140), width=3)
    im.save(path, "JPEG", quality=75)


BACK_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
  <rect width="69" height="94" fill="#241a3d"/>
  <g fill="none" stroke="#f0c05a" stroke-width="0.8">
    <circle cx="34.5" cy="47" r="8"/>
    <circle cx="34.5" cy="47" r="15" stroke-opacity="0.7"/>
    <circle cx="34.5" cy="47" r="22" stroke-opacity="0.5"/>
    <circle cx="34.5" cy="47" r="29" stroke-opacity="0.3"/>
  </g>
  <path d="M20 47 Q34.5 66 49 47 Z" fill="#f0c05a"/>
  <circle cx="34.5" cy="25" r="3" fill="#e05a47"/>
  <circle cx="52" cy="40" r="2.2" fill="#5ab0e0"/>
  <circle cx="17" cy="60" r="2.6" fill="#7ad07a"/>
</svg>
"""

BLUE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="50" fill="#0072B2"/>
  <ellipse cx="50" cy="50" rx="48" ry="12" fill="none" stroke="#cfe8ff" stroke-width="5"
           transform="rotate(-20 50 50)"/>
  <circle cx="35" cy="35" r="10" fill="#ffffff" fill-opacity="0.3"/>
</svg>
"""


def _font(path: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(fonts_dir() / "DejaVuSansMono.ttf")
    sub = subset.Subsetter(subset.Options())
    sub.populate(unicodes=range(0x20, 0x7F))
    sub.subset(font)
    for rec in font["name"].names:
        if rec.nameID in (1, 4, 16):
            rec.string = "SB Test Mono"
        elif rec.nameID == 6:
            rec.string = "SBTestMono"
        elif rec.nameID == 3:
            rec.string = "SBTestMono-subset-of-DejaVuSansMono"
    font.save(path)


def main() -> None:
    (HERE / "art").mkdir(parents=True, exist_ok=True)
    (HERE / "fonts").mkdir(exist_ok=True)
    _background(HERE / "art" / "bg.png", 207, 282)
    (HERE / "art" / "back.svg").write_text(BACK_SVG, encoding="utf-8")
    _disc_png(HERE / "art" / "red.png", 96, (213, 94, 0), (255, 190, 120), "PNG")
    _disc_png(HERE / "art" / "green.jpg", 96, (0, 158, 115), (140, 230, 190), "JPEG")
    (HERE / "art" / "blue.svg").write_text(BLUE_SVG, encoding="utf-8")
    _card_picture(HERE / "art" / "card-7.jpg", 160, 220)
    _font(HERE / "fonts" / "SBTestMono.ttf")
    shutil.copy(fonts_dir() / "LICENSE-DejaVu.txt", HERE / "fonts" / "LICENSE-DejaVu.txt")

    classic = parse_deck((decks_dir() / "classic.toml").read_text("utf-8"), "classic")
    images = {"R": "art/red.png", "G": "art/green.jpg", "B": "art/blue.svg"}
    names = {"R": "Rubí", "Y": "Aurum", "G": "Vérde", "S": "Glacier", "B": "Abyss",
             "P": "Orchidée"}
    planets = tuple(dataclasses.replace(
        p, name=names[p.id], image=images.get(p.id), image_glyph=p.id == "B",
        facts=(("en", f"{names[p.id]} is a test planet."),
               ("fr", f"{names[p.id]} est une planète d'essai."),
               ("de", f"{names[p.id]} ist ein Testplanet.")) if p.id == "R" else ())
        for p in classic.planets)
    titles = {1: "First light", 7: "Nébuleuse", 12: "A very long title that must shrink"}
    cards = tuple(dataclasses.replace(c, title=titles.get(c.id, ""),
                                      image="art/card-7.jpg" if c.id == 7 else None)
                  for c in classic.cards)
    deck = dataclasses.replace(
        classic, name="themed-test", title="Thémed Tèst — Ünïcode", planets=planets,
        cards=cards, seed=None, design={}, format=2,
        theme=Theme(True, "art/bg.png", "art/back.svg", "fonts/SBTestMono.ttf"))
    header = ("Test deck: the classic cards with a theme (pictures of every kind, a font, names,\n"
              "titles, facts). Regenerate: python tests/spacebowl/data/make_themed_deck.py")
    (HERE / "themed.toml").write_text(deck_to_toml(deck, header), encoding="utf-8")


if __name__ == "__main__":
    main()
