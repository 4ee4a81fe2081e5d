"""The render layer's pictures and user fonts: strict loading, fitting maths, and both backends
drawing them (images stretched to their box, upright, embedded once; clip paths; font runs)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from spacebowl_print.core.resources import fonts_dir
from spacebowl_print.render.api import Canvas, DrawnPage, Picture, Style
from spacebowl_print.render.fonts import FontFileError, load_font_file
from spacebowl_print.render.images import (
    PictureError,
    contain,
    cover,
    crop_share,
    load_picture,
    picture_from_bytes,
    print_dpi,
    sniff,
    svg_drawing,
)
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.svg import svg_bytes


def _png(w: int, h: int, mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, (w, h), (200, 40, 40, 128) if mode == "RGBA" else (200, 40, 40)).save(
        buf, "PNG")
    return buf.getvalue()


def _jpeg(w: int, h: int, orientation: int = 1) -> bytes:
    buf = io.BytesIO()
    im = Image.new("RGB", (w, h), (20, 90, 200))
    exif = im.getexif()
    exif[0x0112] = orientation
    im.save(buf, "JPEG", exif=exif.tobytes())
    return buf.getvalue()


SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
       b'<rect width="40" height="20" fill="#0a0"/></svg>')


def test_pictures_are_recognised_by_content() -> None:
    assert sniff(_png(4, 4)) == "png" and sniff(_jpeg(4, 4)) == "jpeg" and sniff(SVG) == "svg"
    assert sniff(b"GIF89a....") is None
    p = picture_from_bytes(_png(30, 20), "x.jpg")  # the name does not matter
    assert (p.kind, p.width, p.height, p.raster) == ("png", 30, 20, True)
    s = picture_from_bytes(SVG)
    assert s.kind == "svg" and not s.raster and s.aspect == pytest.approx(2.0)


def test_exif_orientation_is_applied() -> None:
    p = picture_from_bytes(_jpeg(30, 20, orientation=6))  # "rotate 90°": stored sideways
    assert (p.width, p.height) == (20, 30)


@pytest.mark.parametrize(("data", "message"), [
    (b"", "empty"),
    (b"hello", "not a PNG, JPEG or SVG"),
    (_png(40, 40)[:60], "not a readable PNG"),
    (b"<svg><unclosed></svg>", "not readable SVG"),
    (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "SVG has no size"),
])
def test_bad_pictures_are_refused_in_one_line(data: bytes, message: str) -> None:
    with pytest.raises(PictureError) as info:
        picture_from_bytes(data)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_svg_entities_are_never_resolved(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    data = (f"<!DOCTYPE svg [<!ENTITY e SYSTEM '{secret.as_uri()}'>]>"
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
            '<text x="1" y="5">&e;</text></svg>').encode()
    pic = picture_from_bytes(data)
    texts: list[str] = []

    def walk(node: object) -> None:
        texts.append(str(getattr(node, "text", "")))
        for child in getattr(node, "contents", []):
            walk(child)

    walk(svg_drawing(pic.key, pic.data))
    assert not any("TOPSECRET" in t for t in texts)


def test_load_picture_reports_missing_files_and_caches(tmp_path: Path) -> None:
    with pytest.raises(PictureError, match="no such file"):
        load_picture(tmp_path / "nope.png")
    f = tmp_path / "a.png"
    f.write_bytes(_png(8, 8))
    assert load_picture(f) is load_picture(f)


def test_cover_contain_dpi_and_crop() -> None:
    p = Picture("k", "png", b"", 200.0, 100.0)
    assert cover(p, (0, 0, 50, 50)) == pytest.approx((-25, 0, 100, 50))
    assert contain(p, (0, 0, 50, 50)) == pytest.approx((0, 12.5, 50, 25))
    assert print_dpi(p, 25.4, 12.7) == pytest.approx(200 / 1.0)
    assert crop_share(p, 50, 50) == pytest.approx(0.5)
    assert print_dpi(Picture("k", "svg", b"", 1, 1), 10, 10) is None


def _page(draw: object, w: float = 60, h: float = 40) -> DrawnPage:
    return DrawnPage(w, h, draw)  # type: ignore[arg-type]


def test_pdf_embeds_a_picture_once_however_often_it_is_drawn() -> None:
    pic = picture_from_bytes(_png(16, 16, "RGBA"))
    jpg = picture_from_bytes(_jpeg(16, 16))

    def draw(c: Canvas) -> None:
        for k in range(3):
            c.define(f"art{k}", 20, 20, lambda cc: cc.image(pic, 0, 0, 20, 20))
            c.place(f"art{k}", 20 * k, 0)
        c.image(jpg, 0, 20, 10, 10)
        c.image(jpg, 20, 20, 10, 10)

    data = pdf_bytes([_page(draw)])
    assert data.count(b"/Subtype /Image") == 3  # the PNG, its soft mask, the JPEG
    assert data.count(b"/SMask") == 1 and data.count(b"/DCTDecode") == 1
    assert pdf_bytes([_page(draw)]) == data


def test_svg_picture_in_pdf_is_vector_and_sets_no_helvetica() -> None:
    pic = picture_from_bytes(SVG)
    data = pdf_bytes([_page(lambda c: c.image(pic, 5, 5, 40, 20))])
    assert b"/Subtype /Image" not in data and b"Helvetica" not in data


def test_svg_backend_draws_pictures_upright_and_clips_paths() -> None:
    pic = picture_from_bytes(_png(4, 2))

    def draw(c: Canvas) -> None:
        c.save()
        c.clip_path([("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("Z",)])
        c.image(pic, 5, 6, 20, 10)
        c.restore()
        c.rect(0, 0, 1, 1, Style(fill="#000000"))

    svg = svg_bytes(_page(draw)).decode()
    assert re.search(r'<g transform="translate\(5 16\) scale\(1 -1\)"><image ', svg)
    assert 'preserveAspectRatio="none"' in svg and 'width="20"' in svg
    assert "<clipPath" in svg and 'd="M 0 0 L 10 0 L 10 10 Z"' in svg


def test_user_fonts_load_once_and_refuse_non_fonts(tmp_path: Path) -> None:
    a = load_font_file(fonts_dir() / "DejaVuSansMono.ttf")
    b = load_font_file(fonts_dir() / "DejaVuSansMono.ttf", fallback="bold")
    assert a.name == b.name and a.name.startswith("User-") and b.fallback == "bold"
    bad = tmp_path / "x.ttf"
    bad.write_text("not a font")
    with pytest.raises(FontFileError, match="not a usable TrueType/OpenType font"):
        load_font_file(bad)
    with pytest.raises(FontFileError, match="no such file"):
        load_font_file(tmp_path / "missing.ttf")
    with pytest.raises(FontFileError, match="folder"):
        load_font_file(tmp_path)


def test_user_font_text_in_both_backends() -> None:
    face = load_font_file(fonts_dir() / "DejaVuSansMono.ttf")

    def draw(c: Canvas) -> None:
        c.text(30, 20, "Mono ☃", 9, face, anchor="middle")

    pdf = pdf_bytes([_page(draw)])
    assert pdf.count(b"/FontFile2") >= 1
    svg = svg_bytes(_page(draw)).decode()
    assert "font-family=\"'DejaVu Sans Mono', 'DejaVu Sans'\"" in svg
