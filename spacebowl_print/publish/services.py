"""Pictures for card printers and a Tabletop Simulator saved object — what ``kit --png
--service mpc | tgc | printerstudio`` and ``kit --tts`` add to a kit.

**Card printers** (:func:`service_files`). Each shop takes one image per card face and back at
its own pixel size for a card size (a *product*: figures and sources in
``pressdata/presses.toml``, :mod:`~spacebowl_print.publish.press`). The kit's cards are matched
to the shop's product of the same shape (:func:`match_product`: aspect within 2 %, size within
3 %, so a 63 × 88 mm poker card goes on the shop's 2.5 × 3.5 in poker card), drawn by pdfium
exactly as ``cards.pdf`` prints them (:class:`~spacebowl_print.publish.raster.ItemRenderer`)
with the card's trim filling the shop's trim in pixels, and the card's own bleed continued to
the shop's bleed by repeating its edge pixels (the shop cuts that ring off). Files, under
``<service>/`` (zero-padded numbers, so alphabetical order is the deck order in any uploader
that lists files by name):

* ``<service>/fronts/<noun>-NNN.png`` — one per face, by id;
* ``<service>/back.png`` when every card shares one back, else ``<service>/backs/<noun>-NNN.png``
  (each card's back, numbered as its face, for "different backs" orders);
* ``<service>/proof.png`` — the first face with the shop's trim (blue) and safe zone (green)
  drawn over it, to look at before ordering.

Die-cut tiles have no card-printer product (they need a punch-out die): :func:`match_product`
refuses them naming the shop's sizes.

**Tabletop Simulator** (:func:`tts_saved_objects`). From the sheets ``raster_files(…,
tts=True)`` writes, a saved object per deck (``tts/<plural>.json``, several decks
``tts/<plural>-D.json``): a ``DeckCustom`` whose ``CustomDeck`` entries load each face sheet
and the back picture from the kit folder (``file:///`` addresses of the folder the kit was
written to: moving the folder means writing the kit again), ``NumWidth``/``NumHeight`` the
sheet's columns and rows, ``BackIsHidden`` off (the last slot of each sheet is the hidden-card
picture), one ``Card`` per card (``CardID`` = sheet key × 100 + slot). Copy the file into
Tabletop Simulator's ``Saves/Saved Objects`` folder; the deck appears under *Objects → Saved
Objects* and drops onto a table as one object.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from spacebowl_print.publish.items import Item, Naming, distinct_backs, item_outline, trim_size
from spacebowl_print.publish.press import CardProduct, CardService, card_service
from spacebowl_print.publish.raster import ItemRenderer, Shot, png_bytes

ASPECT_SLACK = 0.02
SIZE_SLACK = 0.03
TTS_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
"""The neutral tint Tabletop Simulator gives custom objects (its own default)."""


def match_product(service: CardService, trim_mm: tuple[float, float]) -> CardProduct:
    """The shop's product for a card of ``trim_mm`` (portrait or landscape): the nearest in
    size among those of the same shape (aspect within :data:`ASPECT_SLACK`, each side within
    :data:`SIZE_SLACK`). ``ValueError`` naming the shop's sizes when none fits."""
    w, h = sorted(trim_mm)
    best: tuple[float, CardProduct] | None = None
    for product in service.products.values():
        pw, ph = sorted(product.trim_mm)
        if abs((w / h) / (pw / ph) - 1) > ASPECT_SLACK:
            continue
        off = max(abs(w / pw - 1), abs(h / ph - 1))
        if off <= SIZE_SLACK and (best is None or off < best[0]):
            best = (off, product)
    if best is None:
        sizes = ", ".join(f"{n} {p.trim_mm[0]:g}x{p.trim_mm[1]:g} mm"
                          for n, p in service.products.items())
        raise ValueError(f"{service.name} prints no card of {trim_mm[0]:g}x{trim_mm[1]:g} mm "
                         f"(its sizes: {sizes})")
    return best[1]


def _fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``image`` (trim centred) grown to ``size`` by repeating its edge pixels, or cropped to
    it: the bleed ring the shop cuts off."""
    w, h = image.size
    dx, dy = size[0] - w, size[1] - h
    if dx < 0 or dy < 0:
        left, top = max(0, -dx) // 2, max(0, -dy) // 2
        image = image.crop((left, top, left + min(w, size[0]), top + min(h, size[1])))
        w, h = image.size
        dx, dy = size[0] - w, size[1] - h
    if dx == 0 and dy == 0:
        return image
    pixels = np.asarray(image)
    pad = ((dy // 2, dy - dy // 2), (dx // 2, dx - dx // 2), (0, 0))
    return Image.fromarray(np.pad(pixels, pad, mode="edge"))


def render_for_product(renderer: ItemRenderer, item: Item, bleed: float,
                       product: CardProduct) -> Image.Image:
    """``item`` as the shop's image for ``product``: its trim stretched to the product's trim
    in pixels (the two differ by under :data:`SIZE_SLACK`), its bleed continued to the
    product's bleed."""
    tw_mm, th_mm = trim_size(item, bleed)
    tw_px, th_px = (round(v) for v in product.trim_px)
    if (tw_mm > th_mm) != (tw_px > th_px):  # a landscape card on a portrait product
        tw_px, th_px = th_px, tw_px
    scale = (tw_px / tw_mm + th_px / th_mm) / 2
    shot = Shot((tw_px, th_px), math.floor(bleed * scale + 0.5))
    size = product.image_px if tw_px <= th_px else product.image_px[::-1]
    return _fit(renderer.render(item, shot), (size[0], size[1]))


def proof_overlay(image: Image.Image, product: CardProduct) -> Image.Image:
    """``image`` with the shop's trim line (blue) and safe zone (green) drawn over it."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    w, h = out.size
    b, s = product.bleed_px, product.bleed_px + product.safe_px
    draw.rectangle((b, b, w - 1 - b, h - 1 - b), outline=(0, 90, 255), width=3)
    draw.rectangle((s, s, w - 1 - s, h - 1 - s), outline=(0, 170, 60), width=3)
    return out


def service_files(fronts: Sequence[Item], back: Item | Sequence[Item], bleed: float,
                  naming: Naming, service_id: str) -> dict[str, bytes]:
    """The images a kit hands card printer ``service_id`` (see the module docstring for the
    files); ``KeyError`` for an unknown service, ``ValueError`` when the cards match none of
    its products or are die-cut tiles."""
    service = card_service(service_id)
    if not fronts:
        return {}
    backs = list(back) if isinstance(back, Sequence) else [back] * len(fronts)
    if any(item_outline(it, bleed) is not None for it in fronts):
        raise ValueError(f"{service.name} prints rectangular cards: die-cut {naming.plural} "
                         f"need a punch-out product")
    product = match_product(service, trim_size(fronts[0], bleed))
    unique = distinct_backs(backs)
    renderer = ItemRenderer([*fronts, *unique])
    out: dict[str, bytes] = {}
    try:
        for k, item in enumerate(fronts):
            if match_product(service, trim_size(item, bleed)) is not product:
                raise ValueError(f"{naming.noun} {item.id} is not the size of the others")
            image = render_for_product(renderer, item, bleed, product)
            out[f"{service_id}/fronts/{naming.noun}-{item.id:03d}.png"] = png_bytes(
                image, service.dpi)
            if k == 0:
                out[f"{service_id}/proof.png"] = png_bytes(proof_overlay(image, product),
                                                           service.dpi)
        pictures = {id(b): png_bytes(render_for_product(renderer, b, bleed, product),
                                     service.dpi) for b in unique}
    finally:
        renderer.close()
    if len(unique) == 1:
        out[f"{service_id}/back.png"] = pictures[id(unique[0])]
    else:
        for item, b in zip(fronts, backs, strict=True):
            out[f"{service_id}/backs/{naming.noun}-{item.id:03d}.png"] = pictures[id(b)]
    return out


# -- Tabletop Simulator ------------------------------------------------------------------------

def _guid(text: str) -> str:
    """A six-hex-digit object id, the same for the same text (TTS only needs it unique)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def _transform(y: float = 1.0) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _object(name: str, nickname: str, guid: str) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Transform": _transform(), "Nickname": nickname,
            "Description": "", "GMNotes": "", "ColorDiffuse": TTS_TINT, "Locked": False,
            "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True,
            "Hands": True, "SidewaysCard": False, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": ""}


def tts_deck_object(deck: Mapping[str, Any], folder: Path, title: str, noun: str
                    ) -> dict[str, Any]:
    """One deck of ``tts/decks.json`` (``deck``) as a Tabletop Simulator object: a
    ``DeckCustom`` (a ``Card`` when it holds a single card) loading its sheets from
    ``folder``/tts."""
    tts = folder.resolve() / "tts"
    back_url = (tts / deck["back"]).as_uri()
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    for key, sheet in enumerate(deck["sheets"], start=1):
        entry = {"FaceURL": (tts / sheet["face"]).as_uri(), "BackURL": back_url,
                 "NumWidth": sheet["columns"], "NumHeight": sheet["rows"],
                 "BackIsHidden": False, "UniqueBack": False, "Type": 0}
        custom[str(key)] = entry
        for slot, card_id in enumerate(sheet["ids"]):
            card = _object("Card", f"{title} {noun} {card_id}",
                           _guid(f"{title}/{sheet['face']}/{slot}"))
            card["CardID"] = key * 100 + slot
            card["CustomDeck"] = {str(key): entry}
            cards.append(card)
    if len(cards) == 1:
        return cards[0]
    deck_object = _object("DeckCustom", title, _guid(f"{title}/{deck['back']}"))
    deck_object["DeckIDs"] = [c["CardID"] for c in cards]
    deck_object["CustomDeck"] = custom
    deck_object["ContainedObjects"] = cards
    return deck_object


def tts_saved_objects(files: Mapping[str, bytes], folder: str | Path, title: str,
                      naming: Naming) -> dict[str, bytes]:
    """The saved objects of the TTS decks among ``files`` (what ``raster_files(…, tts=True)``
    returned: its ``tts/decks.json``), for a kit written to ``folder``: ``tts/<plural>.json``,
    or ``tts/<plural>-D.json`` for several decks. Empty when ``files`` holds no TTS decks."""
    if "tts/decks.json" not in files:
        return {}
    decks = json.loads(files["tts/decks.json"])["decks"]
    out: dict[str, bytes] = {}
    for d, deck in enumerate(decks, start=1):
        name = naming.plural if len(decks) == 1 else f"{naming.plural}-{d}"
        nickname = title if len(decks) == 1 else f"{title} ({d})"
        saved = {"SaveName": nickname, "GameMode": "", "Date": "", "Gravity": 0.5,
                 "PlayArea": 0.5, "GameType": "", "GameComplexity": "", "Tags": [],
                 "Table": "", "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "",
                 "LuaScriptState": "", "XmlUI": "", "VersionNumber": "",
                 "ObjectStates": [tts_deck_object(deck, Path(folder), nickname, naming.noun)]}
        out[f"tts/{name}.json"] = (json.dumps(saved, indent=1, ensure_ascii=False) + "\n"
                                   ).encode("utf-8")
    return out


__all__ = ["match_product", "proof_overlay", "render_for_product", "service_files",
           "tts_deck_object", "tts_saved_objects"]
