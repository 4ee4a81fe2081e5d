"""Card lists with ``count`` (copies of a card) and free ``text`` (printed on the card where
the theme places it): CSV → TOML → CSV and TOML → CSV → TOML round trips exact for any such
list (hypothesis), copies as consecutive ids that look alike, errors naming the line and
column, the deck staying 56 cards unless the file says otherwise, and the text on the card
clear of the planets."""

from __future__ import annotations

import csv
import dataclasses
import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.art.cards import CardFront
from spacebowl_print.games.spacebowl.cli.deck_cmd import deck_group
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.csvdeck import (
    cards_to_csv,
    import_cards,
    parse_cards_csv,
)
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_toml
from spacebowl_print.render.api import DrawnPage
from spacebowl_print.render.pdf import pdf_bytes

CLASSIC = decks_dir() / "classic.toml"
LETTERS = "RYGSBP"
HEADER = "id,planets,comets,stars,black_hole"


def classic() -> tuple[object, str]:
    text = CLASSIC.read_text("utf-8")
    return parse_deck(text, str(CLASSIC)), text


# -- any card list round-trips exactly -----------------------------------------------------------

WORD = st.text(alphabet=st.sampled_from(list("abcxyzÉéßü,;\"'— .!?0123")), min_size=1,
               max_size=12).map(str.strip).filter(bool)
TEXT = st.lists(st.lists(WORD, min_size=1, max_size=5).map(" ".join), min_size=1,
                max_size=3).map("\n".join)


@st.composite
def rows(draw: st.DrawFn) -> list[dict[str, object]]:
    """Card rows with ids that leave room for every row's copies."""
    n = draw(st.integers(1, 12))
    out: list[dict[str, object]] = []
    next_id = 1
    for _ in range(n):
        next_id += draw(st.integers(0, 3))
        count = draw(st.sampled_from([1, 1, 1, 2, 3, 5]))
        planets = "".join(ch for ch in LETTERS if draw(st.booleans()))
        out.append({"id": next_id, "planets": planets, "comets": draw(st.integers(0, 12)),
                    "stars": draw(st.integers(0, 12)), "black_hole": draw(st.booleans()),
                    "count": count, "title": draw(st.one_of(st.just(""), WORD)),
                    "text": draw(st.one_of(st.just(""), TEXT))})
        next_id += count
    return out


def canonical_csv(cards: list[dict[str, object]]) -> str:
    """The CSV these rows export as, written by the csv module here (not by the code under
    test): the five columns, then count, title and text where some card uses them."""
    extras = [c for c, unused in (("count", 1), ("title", ""), ("text", ""))
              if any(r[c] != unused for r in cards)]
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow([*HEADER.split(","), *extras])
    for r in cards:
        out.writerow([r["id"], r["planets"], r["comets"], r["stars"],
                      "true" if r["black_hole"] else "false", *(r[c] for c in extras)])
    return buf.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(rows())
def test_csv_to_toml_to_csv_is_exact(tmp_path: Path, cards: list[dict[str, object]]) -> None:
    theme, theme_text = classic()
    text = canonical_csv(cards)
    read = parse_cards_csv(text, "c.csv", LETTERS, tmp_path)
    assert len(read.cards) == sum(int(r["count"]) for r in cards)  # type: ignore[call-overload]
    result = import_cards(read, tmp_path, theme, theme_text, tmp_path / "mine.toml")
    deck = parse_deck(result.toml, "mine.toml", tmp_path)
    assert cards_to_csv(deck, tmp_path) == text
    assert deck_to_toml(deck) == result.toml  # TOML → deck → TOML: the same text
    # every copy: consecutive ids, the row's line, the row's card
    for r in cards:
        first = int(r["id"])  # type: ignore[call-overload]
        for k in range(int(r["count"])):  # type: ignore[call-overload]
            card = deck.card(first + k)
            assert (card.copy, card.design_id, card.text) == (k + 1, first, r["text"])
            assert read.lines[first + k] == read.lines[first]


def test_classic_stays_56_cards_and_byte_equal_with_a_count_column(tmp_path: Path) -> None:
    code = CliRunner().invoke(deck_group, ["export", str(CLASSIC), "-o",
                                           str(tmp_path / "c.csv")]).exit_code
    assert code == 0
    lines = (tmp_path / "c.csv").read_text("utf-8").splitlines()
    with_count = [lines[0] + ",count"] + [line + ",1" for line in lines[1:]]
    (tmp_path / "c.csv").write_text("\n".join(with_count) + "\n", "utf-8")
    result = CliRunner().invoke(deck_group, ["import", str(tmp_path / "c.csv"), "--theme",
                                             str(CLASSIC), "-o", str(tmp_path / "classic.toml")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "classic.toml").read_bytes() == CLASSIC.read_bytes()


def test_counted_copies_take_consecutive_ids_and_look_alike() -> None:
    theme, theme_text = classic()
    read = parse_cards_csv(f"{HEADER},count\n1,RY,1,2,false,3\n4,GB,0,0,true,\n", "c.csv",
                           LETTERS)
    assert [(c.id, c.copy, c.count) for c in read.cards] == [(1, 1, 3), (2, 2, 3), (3, 3, 3),
                                                             (4, 1, 1)]
    deck = import_cards(read, Path("."), theme, theme_text, Path("four.toml")).deck
    assert len(deck.cards) == 4 and len(deck.designs) == 2
    fronts = [CardFront(deck, c) for c in deck.cards[:3]]
    assert fronts[0].layout == fronts[1].layout == fronts[2].layout  # copies look alike
    assert CardFront(deck, deck.cards[3]).layout != fronts[0].layout


@pytest.mark.parametrize(("text", "expected"), [
    (f"{HEADER},count\n1,R,0,0,false,3\n2,G,0,0,false,1\n",
     "c.csv:3: column 1 (id): id 2 is already copy 2 of card 1 (count = 3 takes ids 1 to 3), "
     "on line 2"),
    (f"{HEADER},count\n5,R,0,0,false,1\n3,G,0,0,false,4\n",
     "c.csv:3: column 6 (count): count = 4 takes ids 3 to 6, but id 5 is already card 5, on "
     "line 2"),
    (f"{HEADER},count\n1,R,0,0,false,0\n", "c.csv:2: column 6 (count): must be a whole number "
     "from 1 to 100, got 0"),
    (f"{HEADER},count\n1,R,0,0,false,two\n", "c.csv:2: column 6 (count): must be a whole "
     "number from 1 to 100, got 'two'"),
    (f'{HEADER},text\n1,R,0,0,false,"{"x" * 201}"\n', "c.csv:2: column 6 (text): must be at "
     "most 200 characters on at most 4 lines"),
    (f'{HEADER},text\n1,R,0,0,false,"a\nb\nc\nd\ne"\n', "c.csv:2: column 6 (text): must be at "
     "most 200 characters on at most 4 lines"),
])
def test_bad_counts_and_texts_name_line_and_column(text: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        parse_cards_csv(text, "c.csv", LETTERS)
    assert str(info.value) == expected


DECK_HEAD = CLASSIC.read_text("utf-8").split("[[cards]]")[0]


@pytest.mark.parametrize(("cards", "expected"), [
    ('[[cards]]\nid = 1\nplanets = "R"\ncount = 2\n\n[[cards]]\nid = 2\nplanets = "G"\n',
     "card 2.id: id 2 is already copy 2 of card 1 (count = 2 takes ids 1 to 2)"),
    ('[[cards]]\nid = 1\nplanets = "R"\ncount = 101\n', "card 1.count: must be a whole number "
     "from 1 to 100, got 101"),
    ('[[cards]]\nid = 1\nplanets = "R"\ncount = true\n', "card 1.count: must be an integer"),
    ('[[cards]]\nid = 1\nplanets = "R"\ntext = " x"\n', "card 1.text: must not start or end "
     "with spaces"),
    ('[[cards]]\nid = 1000000000\nplanets = "R"\ncount = 2\n', "card 1000000000.count: 2 "
     "copies from id 1000000000 pass the largest id"),
])
def test_bad_counts_and_texts_in_a_deck_file(cards: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        parse_deck(DECK_HEAD + cards, "d.toml")
    assert expected in str(info.value)
    assert str(info.value).startswith("d.toml:")


def test_text_position_is_checked_and_written_only_when_not_the_default() -> None:
    themed = DECK_HEAD.replace("[[planets]]", '[theme]\ntext_position = "top"\n\n[[planets]]', 1)
    deck = parse_deck(themed + '[[cards]]\nid = 1\nplanets = "R"\ntext = "Hi"\n', "d.toml")
    assert deck.theme.text_position == "top" and 'text_position = "top"' in deck_to_toml(deck)
    bottom = dataclasses.replace(deck, theme=dataclasses.replace(deck.theme,
                                                                 text_position="bottom"))
    assert "text_position" not in deck_to_toml(bottom) and "[theme]" not in deck_to_toml(bottom)
    with pytest.raises(InputError, match=r"theme.text_position: must be one of bottom, top"):
        parse_deck(themed.replace('"top"', '"middle"'), "d.toml")


# -- the text on the card ---------------------------------------------------------------------

SAYING = "Mercury rises: the captain may look at the top card of the deck."


@pytest.mark.parametrize("position", ["bottom", "top"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_text_is_printed_clear_of_the_planets(position: str, ink_saver: bool) -> None:
    deck, _ = classic()
    deck = dataclasses.replace(deck, theme=dataclasses.replace(deck.theme,
                                                               text_position=position))
    cards = [dataclasses.replace(c, text=SAYING, title="Nebula" if c.id % 2 else "")
             for c in deck.cards]
    deck = dataclasses.replace(deck, cards=tuple(cards))
    for card in deck.cards[:12]:
        front = CardFront(deck, card, ink_saver=ink_saver)
        block = front.text
        assert block is not None and len(block.lines) == 2 and block.size >= 6
        top = front.text_top(block)
        bottom = top - block.h
        _, y0, _, y1 = front.safe
        assert y0 + 3 <= bottom and top <= y1  # inside the safe zone, above the id
        for p in front.layout:  # every piece's disc stays out of the text's band
            assert p.y - p.r >= top - 1e-6 or p.y + p.r <= bottom + 1e-6, (card.id, p)
        page = DrawnPage(front.width, front.height, front.draw)
        with pdfplumber.open(io.BytesIO(pdf_bytes([page]))) as pdf:
            words = " ".join(w["text"] for w in pdf.pages[0].extract_words())
        assert "Mercury rises: the captain may look at the" in words
        assert "top card of the deck." in words
