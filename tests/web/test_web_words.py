"""The web page and the print page say the same thing: every sentence of a day page's "How
to play" is printed on the booklet's teaching page of the same game and language."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfread import page_texts

from spacebowl_print.cli.main import cli

CASES = [("spacebowl", "fr"), ("hubble", "de"), ("tomtube", "en")]


def _flat(text: str) -> str:
    """Text as a reader sees it, whatever the line breaks: one space between words, no
    hyphenation break, typographic spaces as plain ones."""
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("\u00ad", "")
    text = re.sub(r"-\s*\n\s*", "-", text)
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_how_to_play_is_the_teaching_page(game: str, lang: str, tmp_path: Path) -> None:
    prefix = [] if game == "spacebowl" else [game]
    for command in ("booklet", "web"):
        result = CliRunner().invoke(cli, [*prefix, command, "--days", "1", "--lang", lang,
                                          "--jobs", "1", "-q", "-o", str(tmp_path / command)])
        assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "booklet").glob("*.pdf"))
    printed = [_flat(t) for t in page_texts(pdf)]
    page = next((tmp_path / "web").glob("2*.html")).read_text(encoding="utf-8")
    howto = re.search(r'<div class="howto">(.*?)</div>', page, re.S)
    assert howto
    paragraphs = [_flat(re.sub(r"<[^>]+>", "", p)) for p in
                  re.findall(r"<p>(.*?)</p>", howto.group(1), re.S)]
    assert len(paragraphs) >= 3
    for para in paragraphs:
        # each sentence (the teaching page may set a heading before a colon on its own line)
        for chunk in re.split(r"(?<=[.:!?])\s+", html.unescape(para)):
            chunk = chunk.strip().rstrip(":")
            if len(chunk) < 12:
                continue
            assert any(chunk in text for text in printed), (game, lang, chunk)
