"""Every text a user gives goes through one check (issue 27, items 4, 10 and 11;
:mod:`spacebowl_print.core.texts`): valid Unicode, no control characters, Windows line ends
accepted, characters the font cannot draw refused, each refusal one line naming the field
(and for a file: the file, the line and the character).

Found in round three: a lone surrogate in ``--title`` (a shell passing bytes that are not
UTF-8) and in a manifest's key ended in ``UnicodeEncodeError`` tracebacks; a card's ``text``
took NUL, ESC, DEL and C1 controls and made a card SVG that is not XML; a blurb written on
Windows was refused without saying where; emoji and CJK vanished from printed titles."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hostile.corpus_round3 import toml_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from spacebowl_print.cli.main import run
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import parse_deck

DATA = Path(__file__).parent / "data"

SURROGATE = "Ab\udcffc"  # what Python makes of the byte 0xff in a command-line argument
CONTROLS = ["\x00", "\x1b", "\x7f", "\x85", "\x9b", "\u202e", "\u2028", "\ud800"]


def _one_line(code: int, err: str, *words: str) -> None:
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and len(err) <= 201, err
    for word in words:
        assert word in err, err


# -- options ------------------------------------------------------------------------------------

OPTIONS = {
    "booklet": (["booklet", "--days", "1", "-q"], ["--title", "--subtitle", "--author",
                                                   "--publisher", "--edition", "--isbn"]),
    "hubble booklet": (["hubble", "booklet", "--days", "1", "-q"], ["--title", "--author"]),
    "tomtube booklet": (["tomtube", "booklet", "--days", "1", "-q"], ["--title", "--edition"]),
    "deck design": (["deck", "design", "-q"], ["--name", "--title"]),
}


@pytest.mark.parametrize("command", sorted(OPTIONS))
def test_a_lone_surrogate_in_any_text_option_is_one_line(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--title $'\\xff'``: the manifest could not be written (``UnicodeEncodeError`` in
    publish/manifest.py, 8 trials); now the option is named."""
    args, options = OPTIONS[command]
    for option in options:
        code = run([*args, option, SURROGATE, "-o", str(tmp_path / "out")])
        _one_line(code, capsys.readouterr().err, option)
        assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value", ["Rocket 🚀", "宇宙の本", "A\u061cB", "Ω\U000e0001"])
def test_a_title_the_book_font_cannot_draw_is_refused_by_name(
        value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Emoji, CJK and U+061C vanished from the printed title without a word (the font has no
    glyph for them): refused, naming the option and the character."""
    code = run(["booklet", "--days", "1", "-q", "--title", value, "-o", str(tmp_path / "o")])
    _one_line(code, capsys.readouterr().err, "--title: U+")


def test_accented_and_greek_titles_print(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    title = "Ἀστρονομία — Étoiles «du» jour, ½ ≤ π"
    assert run(["booklet", "--days", "1", "-q", "--title", title, "-o",
                str(tmp_path / "o")]) == 0, capsys.readouterr().err
    assert json.loads((tmp_path / "o" / "manifest.json").read_text("utf-8"))["book"] == \
        {"title": title}


def test_every_character_below_the_threshold_is_in_every_shipped_font() -> None:
    """The reader of decks skips the font lookup for Latin text (ALWAYS_DRAWN): true only if
    the shipped fonts really hold all of it."""
    from spacebowl_print.core.texts import ALWAYS_DRAWN
    from spacebowl_print.render.fonts import draws

    for code in range(0x20, ALWAYS_DRAWN):
        if not 0x7F <= code <= 0x9F:
            assert all(draws(f, chr(code)) for f in ("regular", "bold")), hex(code)


# -- the blurb ----------------------------------------------------------------------------------

def test_a_blurb_with_windows_line_ends_is_taken(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A blurb saved by Notepad (CRLF, a tab) was refused as "holding control characters"."""
    blurb = tmp_path / "blurb.txt"
    blurb.write_bytes(b"A book of stars.\r\n\r\nFor\tevery night.\r\n")
    assert run(["booklet", "--days", "1", "-q", "--blurb", str(blurb), "-o",
                str(tmp_path / "o")]) == 0, capsys.readouterr().err
    book = json.loads((tmp_path / "o" / "manifest.json").read_text("utf-8"))["book"]
    assert book == {"blurb": "A book of stars.\n\nFor every night."}


@pytest.mark.parametrize("bad", CONTROLS[:-1])
def test_a_blurb_refusal_names_the_file_line_and_character(
        bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("blurb.txt").write_text(f"Line one.\r\nLine two.\r\nThe th{bad}ird.\r\n", "utf-8")
    code = run(["booklet", "--days", "1", "-q", "--blurb", "blurb.txt", "-o", "o"])
    _one_line(code, capsys.readouterr().err, "blurb.txt:3: --blurb: ",
              f"U+{ord(bad):04X}", "at character 7")


# -- card text (deck TOML and CSV) --------------------------------------------------------------

def _deck_with(tmp_path: Path, **fields: str) -> Path:
    text = (decks_dir() / "classic.toml").read_text("utf-8")
    text = "format = 2\n" + text if "format" not in text else text.replace(
        "format = 1", "format = 2")
    first = text.index("[[cards]]")
    end = text.index("\n", text.index("planets", first))
    extra = "".join(f"\n{k} = {json.dumps(v)}" for k, v in fields.items())
    deck = tmp_path / "deck.toml"
    deck.write_text(text[:end] + extra + text[end:], "utf-8", errors="surrogatepass")
    return deck


@pytest.mark.parametrize("bad", CONTROLS[:-1])  # TOML itself cannot hold a lone surrogate
@pytest.mark.parametrize("field", ["text", "title"])
def test_card_words_with_controls_are_refused_like_names(
        bad: str, field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """NUL, ESC, DEL and C1 controls in a card's ``text``: ``kit`` exited 0 and
    ``svg/card-001.svg`` was not XML. Refused now, naming the card, the field, the line of
    the deck and the character."""
    deck = _deck_with(tmp_path, **{field: f"Warp{bad}drive"})
    code = run(["deck", "check", str(deck)])
    _one_line(code, capsys.readouterr().err, f"card 1.{field}: U+{ord(bad):04X}",
              "deck.toml:")


@pytest.mark.parametrize("bad", ["\x00", "\x1b", "\x7f", "\x85"])
def test_csv_card_text_with_controls_is_refused(
        bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "cards.csv"
    csv.write_text(f'id,planets,title,text\r\n1,RG,Ok,"fine"\r\n2,YB,T{bad},"x"\r\n',
                   "utf-8", newline="")
    code = run(["deck", "import", str(csv), "-o", str(tmp_path / "d.toml")])
    _one_line(code, capsys.readouterr().err, "cards.csv:3: ", "(title)", f"U+{ord(bad):04X}")
    csv.write_text(f'id,planets,text\r\n1,RG,"a{bad}b"\r\n', "utf-8", newline="")
    code = run(["deck", "import", str(csv), "-o", str(tmp_path / "d.toml")])
    _one_line(code, capsys.readouterr().err, "cards.csv:2: ", "(text)")
    assert not (tmp_path / "d.toml").exists()


@settings(max_examples=50, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=st.sampled_from(["a", " ", "\n", "\r", "\t", "é", "Ω", "🚀", "中",
                                         *CONTROLS]), min_size=1, max_size=30))
def test_card_text_is_refused_in_one_line_or_printable(text: str) -> None:
    """Whatever a card's text holds, the deck either refuses it with one InputError naming
    the card and field, or takes a text with no control character a card's SVG (XML 1.0)
    cannot hold and no character its font lacks."""
    deck_text = _deck_with_text(text)
    try:
        deck = parse_deck(deck_text, "deck.toml")
    except InputError as err:  # the card named, or TOML's own refusal of a lone surrogate
        assert "\n" not in str(err), str(err)
        assert "card 1" in str(err) or "\ud800" in text, str(err)
        return
    taken = deck.cards[0].text
    assert "\r" not in taken and not any(c in taken for c in CONTROLS)
    etree.fromstring(f"<t>{taken}</t>".encode())  # XML 1.0 takes it


def _deck_with_text(text: str) -> str:
    """The classic deck's planets and its first card, with ``text`` (small: read quickly)."""
    base = (decks_dir() / "classic.toml").read_text("utf-8").replace("format = 1", "format = 2")
    first = base.index("[[cards]]")
    end = base.index("\n", base.index("planets", first))
    return base[:end] + f"\ntext = {toml_string(text)}\n"


def test_a_kit_with_card_text_makes_well_formed_svgs(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    deck = _deck_with(tmp_path, text="Ωmega drive\r\n½ a «turn»", title="Nova — α")
    assert run(["kit", "--deck", str(deck), "--cards-only", "--lang", "en", "-q", "-o",
                str(tmp_path / "kit")]) == 0, capsys.readouterr().err
    svg = etree.parse(io.BytesIO((tmp_path / "kit" / "svg" / "card-001.svg").read_bytes()))
    words = "".join(svg.getroot().itertext())
    assert "Ωmega" in words and "«turn»" in words


# -- manifests ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["spacebowl", "hubble", "tomtube"])
@pytest.mark.parametrize("where", ["key", "id"])
def test_a_lone_surrogate_in_a_manifest_is_one_line(
        game: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A manifest with ``"\\ud800"`` in a key made ``seal_of`` raise UnicodeEncodeError (3
    games); the manifest is unreadable, in one line."""
    entry = json.loads((DATA / f"{game}-entry.json").read_text("utf-8"))
    if game == "hubble":
        entry = {k: entry[k] for k in ("id", "challenge", "par")}
    data = {"game": game, "title": "t", "deck": "classic", "puzzles": [entry],
            "files": {"booklet.pdf": {"sha256": "0" * 64, "bytes": 1}}, "seal": "0" * 64}
    if where == "key":
        data["\ud800x"] = 1
    else:
        entry["note"] = "\udcff"
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(data), "utf-8")
    for extra in ([], ["--answers-only"]):
        code = run(["check", *extra, str(path)])
        _one_line(code, capsys.readouterr().err, "lone surrogate", "not valid Unicode")


def test_user_text_normalises_line_ends_and_names_the_character() -> None:
    from spacebowl_print.core.texts import user_text

    assert user_text("a\r\nb\rc\td", "f", limit=10, lines=3) == "a\nb\nc d"
    with pytest.raises(InputError, match=r"f: U\+000A \(LINE FEED\) at character 2: text "
                                         r"here is one line"):
        user_text("a\nb", "f", limit=10)
    with pytest.raises(InputError, match="at most 2 lines"):
        user_text("a\nb\nc", "f", limit=10, lines=2)
    with pytest.raises(InputError) as caught:
        user_text("ok\n\nbad\x1b", "blurb", limit=99, lines=9, file="b.txt")
    assert str(caught.value) == ("b.txt:3: blurb: U+001B (ESC) at character 4: control and "
                                 "formatting characters are not printed")
