"""Deck themes (format 2): the reader's strict errors, round trips, and what a themed deck prints
— pictures drawn once and embedded once, the user font embedded with per-glyph fallback, names
and titles laid out clear of the art, byte-identical output, classic output untouched."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pdfplumber
import pytest
from kits import make_kit

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import CardFront
from spacebowl_print.games.spacebowl.art.themed import MIN_PT, art_warnings, named_footprint
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.model.csvdeck import leading_comments
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_data, deck_to_toml
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import DrawnPage, UserFont
from spacebowl_print.render.fonts import font_runs, text_width
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.svg import svg_bytes

DATA = Path(__file__).parent / "data" / "themed"
THEMED = DATA / "themed.toml"


@pytest.fixture(scope="module")
def themed() -> Deck:
    return parse_deck(THEMED.read_text("utf-8"), str(THEMED))


@pytest.fixture(scope="module")
def themed_kit(tmp_path_factory: pytest.TempPathFactory, themed: Deck) -> Path:
    out = tmp_path_factory.mktemp("themed") / "kit"
    make_kit("spacebowl", out, "--deck", str(THEMED), "--seed", "3", "--cards-only")
    return out


def _copy_deck(tmp_path: Path, edit: tuple[str, str] | None = None) -> Path:
    """The themed deck and its files in ``tmp_path``, with one text edit applied."""
    for sub in ("art", "fonts"):
        (tmp_path / sub).mkdir(exist_ok=True)
        for f in (DATA / sub).iterdir():
            (tmp_path / sub / f.name).write_bytes(f.read_bytes())
    text = THEMED.read_text("utf-8")
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    p = tmp_path / "deck.toml"
    p.write_text(text, "utf-8")
    return p


# -- the reader ----------------------------------------------------------------------------------

def test_themed_deck_loads_every_kind_of_picture_and_the_font(themed: Deck) -> None:
    assert themed.format == 2 and themed.uses_format_2
    kinds = {p.id: p.art.kind for p in themed.planets if p.art is not None}
    assert kinds == {"R": "png", "G": "jpeg", "B": "svg"}
    assert themed.theme.show_names
    assert themed.theme.background_art is not None and themed.theme.background_art.kind == "png"
    assert themed.theme.back_art is not None and themed.theme.back_art.kind == "svg"
    face = themed.theme.font_face
    assert isinstance(face, UserFont) and face.family == "SB Test Mono"
    assert themed.card(7).art is not None and themed.card(7).title == "Nébuleuse"
    assert themed.planet("R").fact("fr") == "Rubí est une planète d'essai."
    assert themed.planet("Y").fact("en") is None


def test_themed_deck_writes_back_byte_for_byte(themed: Deck) -> None:
    text = THEMED.read_text("utf-8")
    header = "".join(line[2:] + "\n" for line in leading_comments(text).splitlines())
    assert deck_to_toml(themed, header) == text
    assert parse_deck(deck_to_toml(themed), str(THEMED)) == themed


def test_format_1_decks_map_exactly_as_before() -> None:
    classic = parse_deck((decks_dir() / "classic.toml").read_text("utf-8"), "classic")
    data = deck_to_data(classic)
    assert list(data) == ["name", "title", "seed", "design", "planets", "cards"]
    assert all(set(p) == {"id", "name", "colour", "glyph"} for p in data["planets"])
    assert all(set(c) == {"id", "planets", "comets", "stars", "black_hole"}
               for c in data["cards"])
    assert not classic.uses_format_2 and classic.format is None


@pytest.mark.parametrize(("edit", "line_text", "expected"), [
    (('image = "art/red.png"', 'image = "art/nope.png"'), 'image = "art/nope.png"',
     "planet R.image: art/nope.png: no such file"),
    (('image = "art/green.jpg"', 'image = "fonts/LICENSE-DejaVu.txt"'),
     'image = "fonts/LICENSE-DejaVu.txt"', "not a PNG, JPEG or SVG image"),
    (('font = "fonts/SBTestMono.ttf"', 'font = "art/bg.png"'), 'font = "art/bg.png"',
     "theme.font: art/bg.png: not a usable TrueType/OpenType font"),
    (('back = "art/back.svg"', 'back = "/tmp/back.svg"'), 'back = "/tmp/back.svg"',
     "theme.back: must be relative to the deck file"),
    (('back = "art/back.svg"', 'back = "art\\\\back.svg"'), 'back = "art\\\\back.svg"',
     "write paths with '/'"),
    (("show_names = true", "show_names = 1"), "show_names = 1",
     "theme.show_names: must be true or false"),
    (("show_names = true", "shownames = true"), "[theme]", "theme.shownames: unknown field"),
    (("format = 2", "format = 3"), "format = 3", "deck format 3 is not known"),
    (("format = 2", "format = 1"), "format = 1", "declares format = 1"),
    (('en = "Rubí is a test planet."', 'es = "Rubí es un planeta."'), "[[planets]]",
     "planet R.facts.es: unknown language"),
    (('en = "Rubí is a test planet."', 'en = "' + "x" * 161 + '"'), "[[planets]]",
     "planet R.facts.en: must be one line of 1 to 160 characters"),
    (('title = "First light"', 'title = "' + "t" * 61 + '"'), "[[cards]]",
     "card 1.title: must be one line of at most 60 characters"),
    (('image = "art/card-7.jpg"', 'image = "art/missing.jpg"'), 'image = "art/missing.jpg"',
     "card 7.image: art/missing.jpg: no such file"),
])
def test_bad_theme_fields_name_file_line_and_field(tmp_path: Path, edit: tuple[str, str],
                                                   line_text: str, expected: str) -> None:
    p = _copy_deck(tmp_path, edit)
    with pytest.raises(InputError) as info:
        parse_deck(p.read_text("utf-8"), str(p))
    message = str(info.value)
    assert message.startswith(f"{p}:") and expected in message and "\n" not in message
    line = info.value.line
    assert line is not None
    lines = p.read_text("utf-8").splitlines()
    if line_text.startswith("["):  # errors inside a table point at the table or the key
        assert any(line_text in ln for ln in lines[max(0, line - 8): line])
    else:
        assert lines[line - 1].strip() == line_text


def test_broken_pictures_and_fonts_are_refused(tmp_path: Path) -> None:
    p = _copy_deck(tmp_path)
    png = (tmp_path / "art" / "red.png").read_bytes()
    (tmp_path / "art" / "red.png").write_bytes(png[: len(png) // 2])  # truncated
    with pytest.raises(InputError, match=r"planet R\.image: art/red\.png: not a readable PNG"):
        parse_deck(p.read_text("utf-8"), str(p))
    p = _copy_deck(tmp_path)
    (tmp_path / "art" / "back.svg").write_text("<html><svg/></html>", "utf-8")
    with pytest.raises(InputError, match="root element is not <svg>"):
        parse_deck(p.read_text("utf-8"), str(p))
    p = _copy_deck(tmp_path)
    (tmp_path / "fonts" / "SBTestMono.ttf").write_bytes(b"OTTO" + bytes(200))
    with pytest.raises(InputError, match="PostScript \\(CFF\\) outlines cannot be embedded"):
        parse_deck(p.read_text("utf-8"), str(p))


def test_relative_paths_start_at_the_deck_file(tmp_path: Path) -> None:
    p = _copy_deck(tmp_path)
    deck = parse_deck(p.read_text("utf-8"), str(p))
    assert deck.base_dir == str(tmp_path)
    assert deck.theme.background_art is not None


# -- printing ------------------------------------------------------------------------------------

def test_kit_embeds_the_user_font_and_no_unembedded_font(themed_kit: Path) -> None:
    data = (themed_kit / "cards.pdf").read_bytes()
    fonts = {f.decode() for f in re.findall(rb"/BaseFont\s*/([A-Za-z0-9+_-]+)", data)}
    assert any(f.endswith("+SBTestMono") for f in fonts)
    assert all("+" in f for f in fonts), fonts  # every font is an embedded subset
    assert data.count(b"/FontFile2") == len(fonts)


def test_each_picture_is_embedded_once(themed_kit: Path, themed: Deck) -> None:
    data = (themed_kit / "cards.pdf").read_bytes()
    images = data.count(b"/Subtype /Image")
    rasters = {p.key for p in (themed.theme.background_art, themed.card(7).art,
                               themed.planet("R").art, themed.planet("G").art)
               if p is not None}
    # one XObject per distinct raster, plus one soft mask for the transparent PNG
    assert images == len(rasters) + 1
    assert data.count(b"/DCTDecode") == 2  # the JPEGs are copied as they are


def test_fallback_glyphs_come_from_dejavu(themed: Deck) -> None:
    face = themed.theme.font_face
    assert face is not None
    runs = font_runs("Orchidée", face)
    assert [r[1] for r in runs] == ["Orchid", "é", "e"]
    assert runs[0][0] == face.name and runs[1][0] == "DejaVuSans"
    assert text_width("Orchidée", 7, face) == pytest.approx(sum(
        text_width(t, 7, "regular") if f == "DejaVuSans" else text_width(t, 7, face)
        for f, t in runs))
    front = CardFront(themed, themed.card(7))
    pdf = pdf_bytes([DrawnPage(front.width, front.height, front.draw)])
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = doc.pages[0].chars
    by_char = {c["text"]: c["fontname"] for c in chars}
    assert by_char["N"].endswith("SBTestMono") and by_char["é"].endswith("DejaVuSans")
    assert min(c["size"] for c in chars) >= MIN_PT - 0.01


def test_no_text_under_6_pt_on_themed_cards(themed_kit: Path) -> None:
    with pdfplumber.open(themed_kit / "cards.pdf") as doc:
        sizes = [c["size"] for page in doc.pages[1:4] for c in page.chars]
    assert sizes and min(sizes) >= MIN_PT - 0.01


def test_themed_output_is_byte_identical(themed_kit: Path, themed: Deck, tmp_path: Path
                                         ) -> None:
    again = tmp_path / "kit"
    make_kit("spacebowl", again, "--deck", str(THEMED), "--seed", "3", "--cards-only")
    assert (again / "cards.pdf").read_bytes() == (themed_kit / "cards.pdf").read_bytes()
    assert (again / "svg" / "card-007.svg").read_bytes() == (
        themed_kit / "svg" / "card-007.svg").read_bytes()


def test_svg_cards_embed_pictures_and_name_the_font(themed_kit: Path) -> None:
    svg = (themed_kit / "svg" / "card-001.svg").read_text("utf-8")
    assert "data:image/png;base64," in svg  # the background and the red planet
    assert "'SB Test Mono', 'DejaVu Sans'" in svg
    assert "First light" in svg and "Rubí" in svg
    svg = (themed_kit / "svg" / "card-004.svg").read_text("utf-8")  # R and B
    assert "data:image/svg+xml;base64," in svg


def test_ink_saver_ignores_pictures(themed: Deck) -> None:
    ink_saver = RenderContext(ink_saver=True)
    front = CardFront(themed, themed.card(7), ctx=ink_saver)
    assert front.background is None
    assert CardBack(themed, ctx=ink_saver).picture is None
    assert "-img" not in CardBack(themed, ctx=ink_saver).art_name
    assert "-img" in CardBack(themed).art_name


def test_names_and_titles_stay_in_the_safe_zone_and_clear_of_other_art(themed: Deck) -> None:
    solar = parse_deck((decks_dir() / "solar-system.toml").read_text("utf-8"), "solar-system")
    for deck in (themed, solar):
        for card in deck.cards:
            f = CardFront(deck, card)
            x0, y0, x1, y1 = f.safe
            top = y1 - (f.title_label.h + 0.8 if f.title_label else 0.0)
            discs = [p for p in f.layout if p.kind in ("planet", "black_hole")]
            for p in f.layout:
                if p.kind != "planet":
                    continue
                label = f.name_label(deck.planet(p.planet), p.r)
                lx0, lx1 = p.x - label.w / 2, p.x + label.w / 2
                ly1 = p.y - p.r * 1.12
                ly0 = ly1 - label.h
                assert x0 - 1e-6 <= lx0 and lx1 <= x1 + 1e-6 and y0 - 1e-6 <= ly0, card.id
                assert p.y + p.r <= top + 1e-6, card.id
                for q in discs:
                    if q is p:
                        continue
                    # the nearest point of the label to q's centre is outside q's disc
                    nx, ny = min(max(q.x, lx0), lx1), min(max(q.y, ly0), ly1)
                    assert (nx - q.x) ** 2 + (ny - q.y) ** 2 >= q.r ** 2 - 1e-6, card.id


def test_named_footprint_encloses_disc_tag_and_label(themed: Deck) -> None:
    f = CardFront(themed, themed.card(1))
    label = f.name_label(themed.planet("R"), 10.0)
    radius, down = named_footprint(10.0, label)
    cy = -down  # the footprint centre, relative to the disc centre
    corners = [(-label.w / 2, -11.2 - label.h), (label.w / 2, -11.2 - label.h)]
    assert all((x ** 2 + (y - cy) ** 2) ** 0.5 <= radius + 1e-9 for x, y in corners)
    assert 10.6 - cy <= radius + 1e-9


def test_art_warnings_name_low_resolution_pictures(themed: Deck) -> None:
    lines = art_warnings(themed)
    assert any(ln.startswith("theme.background:") and "76 dpi" in ln and "815×1111" in ln
               for ln in lines)
    assert not any(ln.startswith("theme.back:") for ln in lines)  # SVG: no resolution limit
    assert art_warnings(parse_deck((decks_dir() / "classic.toml").read_text("utf-8"),
                                   "classic")) == []


def test_svg_art_with_text_is_warned(tmp_path: Path, themed: Deck) -> None:
    p = _copy_deck(tmp_path)
    (tmp_path / "art" / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 69 94"><text x="5" y="20">'
        "Hi</text></svg>", "utf-8")
    deck = parse_deck(p.read_text("utf-8"), str(p))
    assert any("sets text" in ln for ln in art_warnings(deck))


def test_front_svg_and_pdf_draw_the_same_planet_picture(themed: Deck) -> None:
    front = CardFront(themed, themed.card(3))
    svg = svg_bytes(DrawnPage(front.width, front.height, front.draw)).decode()
    assert svg.count("<image") >= 2  # background and the red planet
    plain = dataclasses.replace(themed.planet("Y"))
    assert plain.art is None
