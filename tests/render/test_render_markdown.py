"""User text enters documents as typed: escaping makes it inert in the Markdown subset."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spacebowl_print.core.templates import escape_markup
from spacebowl_print.render.markdown import parse_inline, parse_markdown


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=60))
def test_escaped_text_prints_exactly_as_typed(text: str) -> None:
    flat = " ".join(text.split())
    runs = parse_inline(escape_markup(text))
    assert "".join(r.text for r in runs) == flat
    assert all(r.font == "regular" for r in runs)


def test_a_title_cannot_add_a_heading_a_cell_or_bold() -> None:
    evil = "**Big** | ## Rules\n- x"
    meta, blocks = parse_markdown(
        f"%% title: {escape_markup(evil)}\n\nDeck {escape_markup(evil)} here.\n\n"
        f"| a | {escape_markup(evil)} |\n")
    assert meta["title"] == "**Big** | ## Rules - x"
    assert [b.kind for b in blocks] == ["para", "table"]
    assert "".join(r.text for r in parse_inline(blocks[0].text)) == \
        "Deck **Big** | ## Rules - x here."
    assert len(blocks[1].rows[0]) == 2  # the escaped pipe did not split the cell


def test_bold_still_works_in_templates() -> None:
    runs = parse_inline("a **b** c")
    assert [(r.text, r.font) for r in runs] == [("a ", "regular"), ("b", "bold"),
                                                (" c", "regular")]
