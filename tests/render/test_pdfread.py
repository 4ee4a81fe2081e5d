"""The fast PDF reader the print tests use (tests/pdfread.py) measures text as printed: a
canvas scaled by half prints 10 pt type at 5 pt, a turned line keeps its size; and it reads
the same words as pdfplumber."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pdfread import char_sizes, page_texts, page_words, printed_chars
from reportlab.pdfgen import canvas


def test_sizes_follow_every_transform_and_text_matches_pdfplumber(tmp_path: Path) -> None:
    pdf = tmp_path / "t.pdf"
    c = canvas.Canvas(str(pdf))
    c.setFont("Helvetica", 10)
    c.drawString(100, 100, "Ten")
    c.saveState()
    c.translate(200, 200)
    c.scale(0.5, 0.5)
    c.drawString(0, 0, "Five")
    c.restoreState()
    c.saveState()
    c.translate(300, 500)
    c.rotate(90)
    c.setFont("Helvetica", 8)
    c.drawString(0, 0, "Turned")
    c.restoreState()
    c.showPage()
    c.setFont("Helvetica", 7)
    c.drawString(50, 50, "Second page")
    c.save()
    got = list(printed_chars(pdf))
    assert "".join(ch for _, ch, _ in got) == "TenFiveTurnedSecondpage"
    sizes = [round(s, 6) for _, _, s in got]
    assert sizes == [10.0] * 3 + [5.0] * 4 + [8.0] * 6 + [7.0] * 10
    assert [k for k, _, _ in got] == [0] * 13 + [1] * 10
    assert min(char_sizes(pdf, [1])) == pytest.approx(7)
    words = page_words(pdf, [0, 1])
    assert [(w, round(s, 6)) for w, s in words[0]] == [("Ten", 10.0), ("Five", 5.0),
                                                       ("Turned", 8.0)]
    assert [w for w, _ in words[1]] == ["Second", "page"]
    texts = page_texts(pdf)
    with pdfplumber.open(pdf) as doc:
        plumber = [p.extract_text() for p in doc.pages]
        assert [w["text"] for w in doc.pages[1].extract_words()] == ["Second", "page"]
    assert len(texts) == 2
    for mine, theirs in zip(texts, plumber, strict=True):
        assert sorted("".join(mine.split())) == sorted("".join(theirs.split()))
