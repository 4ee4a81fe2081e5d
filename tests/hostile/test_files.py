"""Budgets for what users hand in (issue 19, item 3): every file a command reads must be a
regular file below a size cap. A named pipe, a device (a link to ``/dev/zero``), a folder or a
sparse 10 GB file given to any reading command, of any game, is refused at once in one line with
exit status 2: never read whole, never waited on. Theme fonts and pictures too, and fonts
that are damaged or restrict embedding, SVGs that embed huge rasters or are absurdly sized."""

from __future__ import annotations

import base64
import functools
import io
import json
import os
import random
import shutil
import struct
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.cli.main import run
from spacebowl_print.core.resources import decks_dir, fonts_dir
from spacebowl_print.render.fonts import FontFileError, check_font_data
from spacebowl_print.render.images import PictureError, picture_from_bytes

HOSTILE_FILES: dict[str, Callable[[Path], None]] = {
    "fifo": lambda p: os.mkfifo(p),
    "link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "folder": lambda p: p.mkdir(),
    "sparse 10 GB": lambda p: p.open("wb").truncate(10 * 10**9),
}

GOOD_TOSS = '{"destination": "B2", "marbles": {"R": "A1"}, "black_hole": null}'

# (command line with X for the hostile file, files to lay beside it)
READERS: dict[str, list[str]] = {
    "solve GALAXY": ["solve", "X", "toss.json"],
    "solve TOSS": ["solve", "galaxy.json", "X"],
    "solve --batch": ["solve", "--batch", "X"],
    "stats --galaxy": ["stats", "--galaxy", "X", "--planets", "RG"],
    "deck check": ["deck", "check", "X"],
    "deck import": ["deck", "import", "X", "-o", "out.toml"],
    "kit --deck": ["kit", "--deck", "X", "-q", "-o", "kit"],
    "galaxy build --toss": ["galaxy", "build", "--toss", "X", "-k", "1", "-o", "g.json"],
    "check": ["check", "X"],
    "preflight": ["preflight", "X", "--press", "kdp"],
    "tomtube moves": ["tomtube", "moves", "X"],
    "tomtube moves --tiles": ["tomtube", "moves", "--tiles", "X", "position.json"],
    "tomtube moves --batch": ["tomtube", "moves", "--batch", "X"],
    "tomtube play MOVE": ["tomtube", "play", "position.json", "X"],
    "hubble score": ["hubble", "score", "X"],
    "hubble score --batch": ["hubble", "score", "--batch", "X"],
    "hubble score --constellations": ["hubble", "score", "--constellations", "X", "pad.json"],
    "hubble replay": ["hubble", "replay", "X", "play.json"],
    "hubble par": ["hubble", "par", "X"],
}


def _run_bounded(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the command in this process, failing the test if it does not end in 30 s."""
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(run(args)), daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), f"{args} hung"
    captured = capsys.readouterr()
    return result[0], captured.err


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "toss.json").write_text(GOOD_TOSS)
    (tmp_path / "galaxy.json").write_text(
        '{"cards": [["R", "G", ""], ["", "RG", "B"], ["Y", "", "S"]]}')
    (tmp_path / "pad.json").write_text('{"rows": ["G.P.", "SSAC", "..CC", "P.G."]}')
    (tmp_path / "play.json").write_text('{"challenge": "c", "turns": []}')
    entry = json.loads((Path(__file__).parent / "data" / "tomtube-entry.json").read_text())
    (tmp_path / "position.json").write_text(json.dumps(entry["position"]))
    return tmp_path


@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("reader", sorted(READERS))
def test_hostile_files_are_refused_at_once(folder: Path, capsys: pytest.CaptureFixture[str],
                                           reader: str, kind: str) -> None:
    HOSTILE_FILES[kind](folder / "X")
    code, err = _run_bounded(READERS[reader], capsys)
    assert code == 2, (reader, kind, err)
    assert err.startswith("Error: ") and err.count("\n") == 1 and len(err) <= 201, err
    assert "X" in err


# -- theme fonts and pictures -------------------------------------------------------------------

def _themed_deck(tmp_path: Path, font: str | None = None, image: str | None = None) -> Path:
    src = decks_dir() / "solar-system.toml"
    shutil.copytree(decks_dir() / "solar-system", tmp_path / "solar-system")
    text = src.read_text("utf-8")
    if image is not None:
        text = text.replace('"solar-system/mercury.svg"', f'"{image}"', 1)
    if font is not None:
        text = text.replace("show_names = true", f'show_names = true\nfont = "{font}"', 1)
    deck = tmp_path / "deck.toml"
    deck.write_text(text, "utf-8")
    return deck


@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("field", ["font", "image"])
def test_a_hostile_theme_file_is_refused_with_the_deck_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, kind: str) -> None:
    HOSTILE_FILES[kind](tmp_path / "bad.bin")
    deck = _themed_deck(tmp_path, **{field: "bad.bin"})
    code, err = _run_bounded(["deck", "check", str(deck)], capsys)
    assert code == 2 and f"{field}: bad.bin: " in err and err.count("\n") == 1, err


def _flipped(data: bytes, rng: random.Random) -> bytes:
    """``data`` with a few bits flipped, mostly inside the character map."""
    out = bytearray(data)
    count = struct.unpack(">H", out[4:6])[0]
    tables = {}
    for k in range(count):
        tag, _, off, length = struct.unpack(">4sLLL", out[12 + 16 * k: 28 + 16 * k])
        tables[tag] = (off, length)
    off, length = tables[b"cmap"] if rng.random() < 0.7 else rng.choice(list(tables.values()))
    for _ in range(rng.randint(1, 6)):
        out[rng.randrange(off, off + length)] ^= 1 << rng.randrange(8)
    return bytes(out)


_DEJAVU = (fonts_dir() / "DejaVuSans.ttf").read_bytes()


@settings(max_examples=6, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1))
def test_a_damaged_font_is_refused_or_passes_the_sanity_pass(seed: int) -> None:
    """A font with flipped bits either fails the sanity pass with a one-line reason, or is
    one the PDF engine reads without growing (the bits that once made reportlab's character
    map reader take 4–6 GB are refused before it runs)."""
    try:
        check_font_data(_flipped(_DEJAVU, random.Random(seed)))
    except FontFileError as err:
        assert "\n" not in str(err)


def test_known_bad_fonts_are_refused() -> None:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(_DEJAVU))
    font["OS/2"].fsType = 2
    buf = io.BytesIO()
    font.save(buf)
    for data, words in ((buf.getvalue(), "restricted licence"), (b"OTTO" + bytes(100), "CFF"),
                        (b"ttcf" + bytes(100), "collection"), (b"\x89PNG" + bytes(100),
                                                               "not a font file"),
                        (_DEJAVU[:4096], "damaged")):
        with pytest.raises(FontFileError, match=words):
            check_font_data(data)


@functools.cache
def _png(width: int, height: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (width, height)).save(buf, "PNG")
    return buf.getvalue()


def test_pictures_within_budgets() -> None:
    big = base64.b64encode(_png(8001, 8001)).decode()  # 64.02 MP, a few hundred kB of PNG
    svg_big = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/'
               f'xlink" width="10" height="10"><image width="10" height="10" '
               f'xlink:href="data:image/png;base64,{big}"/></svg>').encode()
    with pytest.raises(PictureError, match="megapixels"):
        picture_from_bytes(svg_big)
    for svg, words in (
            (b'<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="10"/>', "not sane"),
            (b'<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="1"/>', "times"),
            (b'<svg xmlns="http://www.w3.org/2000/svg">' + b"<g/>" * 100_001 + b"</svg>",
             "elements")):
        with pytest.raises(PictureError, match=words):
            picture_from_bytes(svg)
    with pytest.raises(PictureError, match="megapixels"):
        picture_from_bytes(_png(8001, 8001))
    assert picture_from_bytes(_png(40, 30)).width == 40
