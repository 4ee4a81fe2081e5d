"""CSV card lists: exact round trips (classic → CSV → TOML byte-equal), spreadsheet dialects,
and errors that name the line and the column."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.cli.deck_cmd import deck_group
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.csvdeck import (
    cards_to_csv,
    import_cards,
    leading_comments,
    parse_cards_csv,
    rebase,
)

CLASSIC = decks_dir() / "classic.toml"
THEMED = Path(__file__).parent / "data" / "themed" / "themed.toml"
HEADER = "id,planets,comets,stars,black_hole\n"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(deck_group, list(args))
    return result.exit_code, result.output


def test_classic_to_csv_to_toml_is_byte_equal(tmp_path: Path) -> None:
    code, out = _run("export", str(CLASSIC), "-o", str(tmp_path / "cards.csv"))
    assert code == 0, out
    csv_text = (tmp_path / "cards.csv").read_text("utf-8")
    assert csv_text.startswith(HEADER + "1,RY,2,1,false\n") and len(csv_text.splitlines()) == 57
    code, out = _run("import", str(tmp_path / "cards.csv"), "--theme", str(CLASSIC),
                     "-o", str(tmp_path / "classic.toml"))
    assert code == 0, out
    assert (tmp_path / "classic.toml").read_bytes() == CLASSIC.read_bytes()


def test_themed_round_trip_keeps_titles_and_images(tmp_path: Path) -> None:
    deck = parse_deck(THEMED.read_text("utf-8"), str(THEMED))
    same_dir = cards_to_csv(deck)
    assert same_dir.splitlines()[0] == HEADER.strip() + ",title,image"
    assert "7,YS,1,3,true,Nébuleuse,art/card-7.jpg" in same_dir
    # The CSV elsewhere: its image paths point back at the deck's art, and an import written
    # elsewhere again rewrites every path so the new deck still finds its files.
    csv_path = tmp_path / "lists" / "cards.csv"
    csv_path.parent.mkdir()
    csv_path.write_text(cards_to_csv(deck, csv_path.parent), "utf-8")
    cards = parse_cards_csv(csv_path.read_text("utf-8"), str(csv_path), deck.letters,
                            csv_path.parent)
    out = tmp_path / "decks" / "again.toml"
    out.parent.mkdir()
    result = import_cards(cards, csv_path.parent, deck, THEMED.read_text("utf-8"), out)
    again = parse_deck(result.toml, str(out), out.parent)
    assert again.cards == tuple(c for c in again.cards)  # read back through the strict reader
    assert [c.title for c in again.cards] == [c.title for c in deck.cards]
    assert again.card(7).art is not None and again.card(7).art.key == deck.card(7).art.key
    assert again.theme.font_face is not None and again.planet("B").art is not None
    assert again.name == "again" and again.title == deck.title  # the theme's title, kept
    # same cards, so the theme's comments come along (they describe these very cards)
    assert result.toml.startswith(leading_comments(THEMED.read_text("utf-8")))


def test_other_cards_drop_the_themes_seed_design_and_comments(tmp_path: Path) -> None:
    src = tmp_path / "cards.csv"
    src.write_text(HEADER + "1,RY,2,1,false\n2,GB,0,0,true\n", "utf-8")
    code, out = _run("import", str(src), "-o", str(tmp_path / "mine.toml"))
    assert code == 0, out
    assert "seed, [design] figures and leading comments" in out
    text = (tmp_path / "mine.toml").read_text("utf-8")
    assert text.startswith('name = "mine"\ntitle = "Classic"\n')  # the theme's title
    assert "[design]" not in text and "seed" not in text
    deck = parse_deck(text, "mine.toml")
    assert [c.planets for c in deck.cards] == ["RY", "GB"]


def test_spreadsheet_dialects_are_read(tmp_path: Path) -> None:
    text = ("\ufeffID;Planets;Black_Hole;Notes;Stars\n"
            "3;yr;TRUE;hello;2\n\n;;;;\n4;g b;;;\n")
    cards = parse_cards_csv(text, "s.csv", "RYGSBP")
    assert [(c.id, c.planets, c.black_hole, c.stars, c.comets) for c in cards.cards] == [
        (3, "RY", True, 2, 0), (4, "GB", False, 0, 0)]
    assert cards.lines == {3: 2, 4: 5}
    assert cards.warnings == ("s.csv:1: column 4 (notes) is not a card field: ignored",)
    tabbed = parse_cards_csv("id\tplanets\n1\tR\n", "t.csv", "RYGSBP")
    assert tabbed.cards[0].planets == "R"


@pytest.mark.parametrize(("text", "expected"), [
    ("", "e.csv:1: the file is empty"),
    ("id,planet\n1,R\n", "e.csv:1: missing column 'planets'"),
    ("id,planets,id\n1,R,2\n", "e.csv:1: column 3 (id): column 'id' appears twice"),
    (HEADER + "1,RY,2,1,false\n2,RX,0,4,false\n",
     "e.csv:3: column 2 (planets): unknown planet 'X'"),
    (HEADER + "1,RR,0,0,false\n", "e.csv:2: column 2 (planets): a planet is listed twice"),
    (HEADER + "1,RY,x,1,false\n", "e.csv:2: column 3 (comets): must be a whole number"),
    (HEADER + "1,RY,2,13,false\n", "e.csv:2: column 4 (stars): must be a whole number from "
     "0 to 12, got 13"),
    (HEADER + "1,RY,2,1,maybe\n", "e.csv:2: column 5 (black_hole): must be true or false"),
    (HEADER + "0,RY,2,1,false\n", "e.csv:2: column 1 (id): must be a whole number from 1"),
    (HEADER + ",RY,2,1,false\n", "e.csv:2: column 1 (id): must not be empty"),
    (HEADER + "1,RY,2,1,false\n\n1,G,0,0,false\n",
     "e.csv:4: column 1 (id): id 1 is already used on line 2"),
    (HEADER + "1,RY,2,1,false,extra\n", "e.csv:2: column 6: more cells than the header"),
    ('id,planets,title\n1,R,"two\nlines"\n', "e.csv:2: column 3 (title): must be one line"),
    ("id,planets,image\n1,R,/abs/x.png\n", "e.csv:2: column 3 (image): must be relative"),
    ("id,planets,image\n1,R,nope.png\n", "e.csv:2: column 3 (image): nope.png: no such file"),
])
def test_bad_csv_names_line_and_column(tmp_path: Path, text: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        parse_cards_csv(text, "e.csv", "RYGSBP", tmp_path)
    assert str(info.value).startswith(expected), str(info.value)
    assert "\n" not in str(info.value)


def test_import_errors_exit_2_in_one_line(tmp_path: Path) -> None:
    src = tmp_path / "bad.csv"
    src.write_text(HEADER + "1,RY,2,1,false\n2,RG,x,4,false\n", "utf-8")
    code, out = _run("import", str(src), "-o", str(tmp_path / "x.toml"))
    assert code == 2
    assert out.strip().splitlines()[-1] == (
        f"Error: {src}:3: column 3 (comets): must be a whole number from 0 to 12, got 'x'")
    assert not (tmp_path / "x.toml").exists()
    src.write_text(HEADER + "1,RY,2,1,false\n", "utf-8")
    code, out = _run("import", str(src), "-o", str(tmp_path / "Bad Name.toml"))
    assert code == 2 and "file-safe id" in out and "--name" in out


def test_export_to_standard_output() -> None:
    code, out = _run("export", "classic", "-o", "-")
    assert code == 0 and out.startswith(HEADER) and out.count("\n") == 57


def test_rebase() -> None:
    assert rebase("art/a.png", Path("/x/deck"), Path("/x/deck")) == "art/a.png"
    assert rebase("art/a.png", Path("/x/deck"), Path("/x/csv")) == "../deck/art/a.png"
