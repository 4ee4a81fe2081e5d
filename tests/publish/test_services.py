"""Card printers' images (publish/services.py): each shop's pixel size, the card's trim landing
on the shop's trim pixels, bleed continued, names in deck order, different backs per card; and
the Tabletop Simulator saved object: its structure, and every picture it loads exists."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from PIL import Image
from sheet_items import BLEED
from sheet_items import Card as PlainCard

from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.press import card_service
from spacebowl_print.publish.raster import raster_files
from spacebowl_print.publish.services import (
    match_product,
    service_files,
    tts_saved_objects,
)
from spacebowl_print.render.api import Canvas, Style


@dataclass(frozen=True)
class Card(PlainCard):
    """Blue bleed, a black trim box: where the trim lands shows in the pixels."""

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#3366CC"))
        canvas.rect(BLEED, BLEED, self.w, self.h, Style(fill="#000000"))


@dataclass(frozen=True)
class Back(PlainCard):
    shade: str = "#CC3333"

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill=self.shade))


def _pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@pytest.mark.parametrize(("service", "size", "trim_px"), [
    ("mpc", (822, 1122), (36, 786, 36, 1086)),
    ("printerstudio", (822, 1122), (36, 786, 36, 1086)),
    ("tgc", (825, 1125), (37, 787, 37, 1087)),
])
def test_poker_cards_at_each_shop(service: str, size: tuple[int, int],
                                  trim_px: tuple[int, int, int, int]) -> None:
    fronts = [Card(k, 63.0, 88.0) for k in (3, 1, 12)]
    files = service_files(fronts, Back(0, 63.0, 88.0), BLEED, CARDS, service)
    assert sorted(files) == [f"{service}/back.png", f"{service}/fronts/card-001.png",
                             f"{service}/fronts/card-003.png", f"{service}/fronts/card-012.png",
                             f"{service}/proof.png"]
    face = _pixels(files[f"{service}/fronts/card-003.png"])
    assert face.shape[1::-1] == size
    black = np.argwhere(face.sum(axis=2) < 60)
    x0, x1 = black[:, 1].min(), black[:, 1].max() + 1
    y0, y1 = black[:, 0].min(), black[:, 0].max() + 1
    # the card's trim fills the shop's trim to a pixel (the black box is the trim)
    assert abs(x0 - trim_px[0]) <= 1 and abs(x1 - trim_px[1]) <= 1
    assert abs(y0 - trim_px[2]) <= 1 and abs(y1 - trim_px[3]) <= 1
    # the bleed ring is the card's bleed colour all round, to the image edge
    for pixel in (face[0, 0], face[-1, -1], face[0, size[0] // 2], face[size[1] // 2, -1]):
        assert tuple(pixel) == (0x33, 0x66, 0xCC)
    back = _pixels(files[f"{service}/back.png"])
    assert back.shape[1::-1] == size and tuple(back[size[1] // 2, size[0] // 2]) == (
        0xCC, 0x33, 0x33)
    assert Image.open(io.BytesIO(files[f"{service}/fronts/card-001.png"])).info["dpi"][0] == \
        pytest.approx(300, abs=0.1)


def test_different_backs_go_one_per_card() -> None:
    fronts = [Card(k, 63.0, 88.0) for k in (1, 2, 3)]
    red, green = Back(0, 63.0, 88.0), Back(0, 63.0, 88.0, "#33CC33")
    files = service_files(fronts, [red, green, red], BLEED, CARDS, "mpc")
    backs = sorted(k for k in files if "/backs/" in k)
    assert backs == ["mpc/backs/card-001.png", "mpc/backs/card-002.png",
                     "mpc/backs/card-003.png"]
    assert files["mpc/backs/card-001.png"] == files["mpc/backs/card-003.png"]
    assert files["mpc/backs/card-002.png"] != files["mpc/backs/card-001.png"]


def test_products_and_refusals() -> None:
    mpc = card_service("mpc")
    assert match_product(mpc, (63.0, 88.0)).name == "poker"
    assert match_product(mpc, (88.9, 63.5)).name == "poker"  # landscape
    assert match_product(mpc, (57.15, 88.9)).name == "bridge"
    with pytest.raises(ValueError, match=r"prints no card of 70x120 mm \(its sizes: poker"):
        match_product(mpc, (70.0, 120.0))
    with pytest.raises(KeyError):
        service_files([Card(1, 63, 88)], Back(0, 63, 88), BLEED, CARDS, "moo")


def test_tts_saved_object_loads_the_kit_sheets(tmp_path: Path) -> None:
    fronts = [Card(k, 63.0, 88.0) for k in range(1, 76)]  # 75 cards: two sheets
    files = raster_files(fronts, Back(0, 63.0, 88.0), BLEED, CARDS, tts=True)
    folder = tmp_path / "kit"
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    saved = tts_saved_objects(files, folder, "Space Bowl", CARDS)
    assert list(saved) == ["tts/cards.json"]
    doc = json.loads(saved["tts/cards.json"])
    (deck,) = doc["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Space Bowl"
    notes = json.loads(files["tts/decks.json"])["decks"][0]
    assert len(deck["ContainedObjects"]) == len(deck["DeckIDs"]) == notes["count"] == 75
    assert set(deck["CustomDeck"]) == {"1", "2"}
    for key, sheet in zip(("1", "2"), notes["sheets"], strict=True):
        entry = deck["CustomDeck"][key]
        assert (entry["NumWidth"], entry["NumHeight"]) == (sheet["columns"], sheet["rows"])
        assert entry["BackIsHidden"] is False and entry["UniqueBack"] is False
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert url.startswith("file://")
            assert Path(unquote(urlparse(url).path)).is_file()
    ids = [c["CardID"] for c in deck["ContainedObjects"]]
    assert ids == deck["DeckIDs"] == [100 + k for k in range(69)] + [200 + k for k in range(6)]
    assert all(c["Name"] == "Card" and str(c["CardID"] // 100) in c["CustomDeck"]
               for c in deck["ContainedObjects"])
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 75
    assert tts_saved_objects({}, folder, "x", CARDS) == {}
