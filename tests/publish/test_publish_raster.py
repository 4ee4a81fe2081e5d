"""Pictures of a kit's items (publish/raster.py, ``kit --png --tts``): PNG files decoded back
to the pixels written, their size from the millimetres and the resolution, the bleed cropping
to the trim picture exactly, die-cut tiles transparent around their outline, Tabletop
Simulator sheets (grid, hidden slot, every slot holding its card), byte-reproducible files,
and the rest of the kit unchanged by either option."""

from __future__ import annotations

import io
import json
import math
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from sheet_items import BLEED
from sheet_items import Card as PlainCard

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.items import CARDS, TILES
from spacebowl_print.publish.kinds import KitParts
from spacebowl_print.publish.kit import KitPrint, write_kit
from spacebowl_print.publish.raster import (
    TTS_MAX_PX,
    png_bytes,
    px,
    raster_files,
    tts_cell,
    tts_grids,
)
from spacebowl_print.publish.requests import png_resolution
from spacebowl_print.render.api import PAPER, Canvas, Style

B = BLEED


def colour(n: int) -> tuple[int, int, int]:
    """A colour naming card ``n`` (distinct for n < 256)."""
    return (n * 37 % 256, 255 - n, 60 + n % 7 * 20)


@dataclass(frozen=True)
class Card(PlainCard):
    """A 40 × 60 mm card (3 mm bleed): its colour over the art box, a white square 10 mm from
    the trim's lower-left corner, so that cropping and orientation show in the pixels."""

    w: float = 40.0
    h: float = 60.0

    def draw(self, canvas: Canvas) -> None:
        red, green, blue = colour(self.id)
        canvas.rect(0, 0, self.width, self.height, Style(fill=f"#{red:02X}{green:02X}{blue:02X}"))
        canvas.rect(B + 10, B + 10, 5, 5, Style(fill="#FFFFFF"))


@dataclass(frozen=True)
class Triangle(Card):
    """A die-cut triangle, point up."""

    @property
    def outline(self) -> list[tuple[float, float]]:
        return [(0.0, 0.0), (self.w, 0.0), (self.w / 2, self.h)]


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file, in order, each CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        (crc,) = struct.unpack(">I", data[at + 8 + n:at + 12 + n])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        out.append(kind)
        at += 12 + n
    return out


# -- the PNG writer ----------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.sampled_from(["RGB", "RGBA"]),
       st.integers(0, 2**32 - 1))
def test_png_files_decode_to_the_pixels_written(w: int, h: int, mode: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 256, size=(h, w, len(mode)), dtype=np.uint8)
    image = Image.fromarray(pixels, mode)
    data = png_bytes(image, 300)
    back = decode(data)
    assert back.mode == mode and back.size == (w, h)
    assert np.array_equal(np.asarray(back), pixels)
    assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert chunks(data) == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]  # no date, no text
    assert chunks(png_bytes(image)) == [b"IHDR", b"IDAT", b"IEND"]


def test_png_resolution_needs_png_and_a_sane_dpi() -> None:
    assert png_resolution(False, None) is None
    assert png_resolution(True, None) == 300
    assert png_resolution(True, 600) == 600
    with pytest.raises(InputError, match="add --png"):
        png_resolution(False, 300)
    with pytest.raises(InputError, match="72 to 1200"):
        png_resolution(True, 50)


# -- card pictures -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def card_files() -> dict[str, bytes]:
    fronts = [Card(k) for k in range(1, 4)]
    return raster_files(fronts, Card(99), B, CARDS, png_dpi=150, tts=True)


def test_one_png_per_face_and_back_with_and_without_bleed(card_files: dict[str, bytes]
                                                          ) -> None:
    names = {n for n in card_files if n.startswith("png/")}
    stems = ["card-001", "card-002", "card-003", "back"]
    assert names == {f"png/{s}.png" for s in stems} | {f"png/bleed/{s}.png" for s in stems}
    trim = (px(40, 150), px(60, 150))
    bleed = px(B, 150)
    assert trim == (236, 354) and bleed == 18  # 40 mm = 236.2 px, 3 mm = 17.7 px at 150 dpi
    for stem in stems:
        cut = decode(card_files[f"png/{stem}.png"])
        full = decode(card_files[f"png/bleed/{stem}.png"])
        assert cut.size == trim
        assert full.size == (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
        # the trim picture is the bleed picture with the bleed pixels cut off
        inner = full.crop((bleed, bleed, bleed + trim[0], bleed + trim[1]))
        assert np.array_equal(np.asarray(inner), np.asarray(cut))


def test_the_pixels_are_the_drawing(card_files: dict[str, bytes]) -> None:
    cut = np.asarray(decode(card_files["png/card-002.png"])).astype(int)
    assert np.abs(cut[5, 5] - colour(2)).max() <= 1  # the card's colour
    # the white square: 10..15 mm from the trim's lower-left corner (y up in mm, down in px)
    row = cut.shape[0] - 1 - round(12.5 * 150 / 25.4)
    assert tuple(cut[row, round(12.5 * 150 / 25.4)]) == (255, 255, 255)
    assert tuple(cut[5, round(12.5 * 150 / 25.4)]) != (255, 255, 255)
    back = np.asarray(decode(card_files["png/back.png"])).astype(int)
    assert np.abs(back[5, 5] - colour(99)).max() <= 1


def test_tts_sheet_holds_every_card_in_its_slot_and_the_back_in_the_last(
        card_files: dict[str, bytes]) -> None:
    note = json.loads(card_files["tts/decks.json"])
    (deck,) = note["decks"]
    (sheet,) = deck["sheets"]
    assert (sheet["columns"], sheet["rows"], sheet["count"], sheet["hidden_slot"]) == (4, 1, 3, 4)
    assert sheet["ids"] == [1, 2, 3] and deck["back"] == "back.png"
    cell = tuple(deck["card_px"])
    assert cell == tts_cell((40.0, 60.0))
    image = np.asarray(decode(card_files["tts/" + sheet["face"]])).astype(int)
    assert image.shape[:2] == (cell[1], 4 * cell[0])
    for slot, n in enumerate([1, 2, 3, 99]):
        assert np.abs(image[3, slot * cell[0] + 3] - colour(n)).max() <= 1, slot
    back = np.asarray(decode(card_files["tts/back.png"]))
    assert np.array_equal(image[:, 3 * cell[0]:], back)


@pytest.mark.parametrize(("count", "sheets"), [
    (1, [(2, 1, 1)]), (9, [(10, 1, 9)]), (20, [(10, 3, 20)]), (56, [(10, 6, 56)]),
    (69, [(10, 7, 69)]), (70, [(10, 7, 69), (2, 1, 1)]), (150, [(10, 7, 69)] * 2 + [(10, 2, 12)]),
])
def test_tts_grids_never_pass_10_by_7_and_keep_the_last_slot(count: int,
                                                             sheets: list[tuple[int, int, int]]
                                                             ) -> None:
    grids = tts_grids(count, (409, 571))
    assert [(g.columns, g.rows, g.count) for g in grids] == sheets
    for g in grids:
        assert g.count <= g.hidden_slot < g.columns * g.rows
        assert g.columns <= 10 and g.rows <= 7
        assert max(g.size) <= TTS_MAX_PX


@pytest.mark.parametrize("trim", [(63.0, 88.0), (57.15, 88.9), (88.0, 63.0), (52.5, 30.3),
                                  (35.0, 30.3), (30.0, 180.0)])
def test_tts_cells_keep_the_card_shape_within_4096(trim: tuple[float, float]) -> None:
    w, h = tts_cell(trim)
    assert w * 10 <= TTS_MAX_PX and h * 7 <= TTS_MAX_PX
    assert math.isclose(w / h, trim[0] / trim[1], rel_tol=0.01)
    assert w * 10 > TTS_MAX_PX - 10 or h * 7 > TTS_MAX_PX - 7  # as large as allowed


# -- die-cut tiles -----------------------------------------------------------------------------

def test_die_cut_tiles_are_transparent_around_their_outline_and_one_deck_per_back() -> None:
    fronts = [Triangle(1), Triangle(2), Card(3)]
    backs = [Triangle(90), Triangle(91), Card(92)]
    files = raster_files(fronts, backs, B, TILES, png_dpi=100, tts=True)
    tile = decode(files["png/tile-001.png"])
    assert tile.mode == "RGBA"
    alpha = np.asarray(tile)[:, :, 3]
    h, w = alpha.shape
    assert alpha[h - 2, w // 2] == 255 and alpha[2, w // 2] == 255  # base and apex inside
    assert alpha[2, 2] == 0 and alpha[2, w - 3] == 0  # top corners outside
    assert decode(files["png/tile-003.png"]).mode == "RGB"  # a rectangle keeps every pixel
    assert {"png/back-01.png", "png/back-02.png", "png/back-03.png"} <= set(files)
    note = json.loads(files["tts/decks.json"])
    assert [d["back"] for d in note["decks"]] == ["back-1.png", "back-2.png", "back-3.png"]
    assert [s["ids"] for d in note["decks"] for s in d["sheets"]] == [[1], [2], [3]]
    assert {"tts/tiles-1-01.png", "tts/tiles-2-01.png", "tts/tiles-3-01.png"} <= set(files)


# -- in the kit --------------------------------------------------------------------------------

def test_the_kit_adds_pictures_and_leaves_every_other_file_alone(tmp_path: Path) -> None:
    parts = KitParts("T", [Card(k) for k in range(1, 12)], Card(99), B, CARDS)
    plain = write_kit(parts, KitPrint(PAPER["a4"], kind="test kit"), tmp_path / "plain")
    pictures = KitPrint(PAPER["a4"], png_dpi=120, tts=True, kind="test kit")
    pictured = write_kit(parts, pictures, tmp_path / "pictured")
    again = write_kit(parts, pictures, tmp_path / "again")
    extra = set(pictured.files) - set(plain.files)
    assert all(n.startswith(("png/", "tts/")) for n in extra)
    assert len([n for n in extra if n.startswith("png/")]) == 2 * 12
    for name in plain.files:
        if name != "spacebowl-output.json":  # it lists the files
            assert (tmp_path / "plain" / name).read_bytes() == \
                (tmp_path / "pictured" / name).read_bytes(), name
    for name in pictured.files:
        assert (tmp_path / "pictured" / name).read_bytes() == \
            (tmp_path / "again" / name).read_bytes(), name
    assert again.files == pictured.files
