"""The rough edges a deck maker meets first: the theme's title and look kept by ``deck import``
and ``deck design --base``, picture advice in the card's own shape, and a missing ``--deck``
answered with the shipped decks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from spacebowl_print.cli.main import cli
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.art.themed import art_warnings, kept_pixels, pixels_for
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.deck_read import shipped_decks

THEMED = Path(__file__).parent / "data" / "themed" / "themed.toml"
CLASSIC = decks_dir() / "classic.toml"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_import_keeps_the_themes_title_unless_told(tmp_path: Path) -> None:
    code, out = run("deck", "export", str(THEMED), "-o", str(tmp_path / "c.csv"))
    assert code == 0, out
    lines = (tmp_path / "c.csv").read_text("utf-8").splitlines()
    (tmp_path / "c.csv").write_text("\n".join(lines[:-1]) + "\n", "utf-8")  # other cards
    code, out = run("deck", "import", str(tmp_path / "c.csv"), "--theme", str(THEMED),
                    "-o", str(tmp_path / "mydeck.toml"))
    assert code == 0, out
    theme = parse_deck(THEMED.read_text("utf-8"), str(THEMED))
    made = tmp_path / "mydeck.toml"  # read from its own folder, where its pictures are found
    mine = parse_deck(made.read_text("utf-8"), str(made))
    assert mine.name == "mydeck" and mine.title == theme.title
    assert f"titled {theme.title!r}" in out
    code, out = run("deck", "import", str(tmp_path / "c.csv"), "--theme", str(THEMED),
                    "--title", "Fire & Ice", "-o", str(tmp_path / "fire.toml"))
    assert code == 0, out
    fire = tmp_path / "fire.toml"  # its pictures are found from its own folder
    assert parse_deck(fire.read_text("utf-8"), str(fire)).title == "Fire & Ice"


def test_design_with_a_themed_base_keeps_its_theme_and_art(tmp_path: Path) -> None:
    out = tmp_path / "elsewhere" / "designed.toml"
    code, text = run("deck", "design", "--base", str(THEMED), "--cards", "30", "--per-card",
                     "2-3", "--black-holes", "4", "--galaxies", "10", "--target-none", "0-1",
                     "--target-mean", "0-10", "--seed", "3", "-q", "-o", str(out))
    assert code == 0, text
    base = parse_deck(THEMED.read_text("utf-8"), str(THEMED))
    deck = parse_deck(out.read_text("utf-8"), str(out))  # every picture found from its folder
    assert deck.format == 2 and len(deck.cards) == 30
    assert deck.theme.show_names == base.theme.show_names
    for key in ("background", "back", "font"):
        here = getattr(deck.theme, key)
        assert here is not None and (out.parent / here).resolve() == \
            (THEMED.parent / getattr(base.theme, key)).resolve(), key
    assert deck.theme.background_art is not None and deck.theme.font_face is not None
    assert base.theme.background_art is not None
    assert deck.theme.background_art.key == base.theme.background_art.key
    for mine, theirs in zip(deck.planets, base.planets, strict=True):
        assert (mine.name, mine.colour, mine.facts) == (theirs.name, theirs.colour, theirs.facts)
        assert (mine.art is None) == (theirs.art is None)


def test_picture_advice_gives_the_cards_shape_and_the_crop(tmp_path: Path) -> None:
    shutil.copy(CLASSIC, tmp_path / "wide.toml")
    Image.new("RGB", (1200, 600), (20, 40, 90)).save(tmp_path / "bg.png")
    text = CLASSIC.read_text("utf-8").replace(
        "[[planets]]", '[theme]\nbackground = "bg.png"\n\n[[planets]]', 1)
    (tmp_path / "wide.toml").write_text(text, "utf-8")
    deck = parse_deck(text, str(tmp_path / "wide.toml"))
    soft, cut = art_warnings(deck)
    assert "use 815×1111 pixels or more, the card's shape with bleed" in soft
    assert "2221×1111" not in soft  # the old advice kept the picture's wrong shape
    assert "is 1200×600, a different shape from the card (69×94 mm with bleed)" in cut
    assert "63 % of it is cut away, only its middle 440×600 is printed" in cut
    assert pixels_for(69, 94) == (815, 1111) and pixels_for(63.5 + 6, 88.9 + 6) == (821, 1121)


@pytest.mark.parametrize(("size", "place", "kept"), [
    ((1200, 600), (69.0, 94.0), (440, 600)), ((815, 1111), (69.0, 94.0), (815, 1110)),
    ((600, 2000), (69.0, 94.0), (600, 817)), ((300, 300), (24.0, 24.0), (300, 300)),
])
def test_kept_pixels_is_the_centred_cover_crop(size: tuple[int, int],
                                               place: tuple[float, float],
                                               kept: tuple[int, int]) -> None:
    class Pic:
        width, height = size

    w, h = kept_pixels(Pic(), *place)  # type: ignore[arg-type]
    assert (w, h) == kept
    assert w / h == pytest.approx(place[0] / place[1], rel=0.01) or (w, h) == size


@pytest.mark.parametrize("args", [("kit", "--deck", "nosuch"), ("stats", "nosuch"),
                                  ("deck", "check", "nosuch.toml"),
                                  ("deck", "export", "nosuch", "-o", "-")])
def test_a_missing_deck_lists_the_shipped_ones(args: tuple[str, ...]) -> None:
    code, out = run(*args)
    assert code == 2
    line = out.strip().splitlines()[-1]
    assert line.startswith("Error: nosuch")
    assert line.endswith("no such deck file, nor a shipped deck of that name (shipped decks: "
                         "classic, solar-system)")


def test_shipped_decks_are_the_space_bowl_decks_only() -> None:
    assert shipped_decks() == ["classic", "solar-system"]  # not Hubble's or Tom Tube's files
    for name in shipped_decks():
        parse_deck((decks_dir() / f"{name}.toml").read_text("utf-8"), name)


def test_import_into_a_new_folder_finds_the_theme_art_and_a_failure_leaves_none(
        tmp_path: Path) -> None:
    code, out = run("deck", "export", "solar-system", "-o", str(tmp_path / "c.csv"))
    assert code == 0, out
    target = tmp_path / "new" / "sub" / "mine.toml"
    code, out = run("deck", "import", str(tmp_path / "c.csv"), "--theme", "solar-system",
                    "-o", str(target))
    assert code == 0, out
    deck = parse_deck(target.read_text("utf-8"), str(target))
    assert all(p.art is not None for p in deck.planets)  # "../../…/mars.svg" found
    bad = tmp_path / "bad.csv"
    bad.write_text("id,planets,image\n1,M,art.png\n", "utf-8")
    (tmp_path / "art.png").write_bytes(b"not a picture")
    code, out = run("deck", "import", str(bad), "--theme", "solar-system",
                    "-o", str(tmp_path / "other" / "deep" / "x.toml"))
    assert code == 2 and not (tmp_path / "other").exists()
