"""Messages (issue 19, item 6): whatever the input, an error is one line of at most 200
characters, ``Error: `` included, and terminal control characters (escape sequences, BEL, NUL,
right-to-left overrides) from files, names and arguments are shown escaped, never sent raw to
the terminal; and the lesser items: a deck name must not end in a newline, an empty output path
is refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.cli.main import run
from spacebowl_print.core.errors import capped, printable
from spacebowl_print.core.folders import check_output_dir
from spacebowl_print.core.paths import OutputError
from spacebowl_print.core.resources import decks_dir

RAW = ("\x1b", "\x07", "\x00", "\u202e", "\x9b", "\r")

NASTY = st.text(alphabet=st.sampled_from(
    ["a", "Z", "é", "日", " ", "/", ".", "-", "\x1b", "\x07", "\x00", "\u202e", "\n", "\r",
     "\t", "\x9b", "\u2028", '"', "\\"]), max_size=600)


def _clean(text: str) -> bool:
    return not any(ch in text for ch in RAW) and "\u2028" not in text


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(NASTY)
def test_capped_is_one_safe_line_of_at_most_193(message: str) -> None:
    line = capped(message)
    assert len(line) <= 193 and "\n" not in line and _clean(line)
    assert capped(line) == line or len(line) == 193


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.sampled_from([["solve", "X", "X"], ["deck", "check", "X"], ["hubble", "score", "X"],
                        ["tomtube", "moves", "X"], ["check", "X"], ["kit", "--deck", "X"],
                        ["booklet", "--tiers", "X"], ["kit", "--card-size", "X"]]),
       NASTY.filter(lambda t: "\x00" not in t and t.strip()))
def test_any_argument_gives_one_short_safe_line(args: list[str], value: str) -> None:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = run([value if a == "X" else a for a in args])
    text = err.getvalue()
    assert code == 2, text
    assert text.startswith("Error: ") and text.count("\n") == 1, text
    assert len(text.rstrip("\n")) <= 200 and _clean(text), repr(text)


def test_file_contents_are_shown_escaped(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    escape = "\x1b]0;owned\x07\u202eevil\x00"
    bad = {
        "g.json": json.dumps({"cards": [["R", escape], ["G", "B"], ["Y", "S"]]}),
        "t.json": json.dumps({"destination": escape, "marbles": {}}),
        "p.json": json.dumps({"rows": [escape * 3]}),
        "pos.json": json.dumps({escape: 1}),
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text, "utf-8")
    deck = (decks_dir() / "classic.toml").read_text("utf-8").replace(
        'title = "Classic"', f"title = {json.dumps('Classic' + escape)}", 1)
    (tmp_path / "d.toml").write_text(deck, "utf-8")
    for args in (["solve", "g.json", "t.json"], ["solve", str(decks_dir() / "x"), "t.json"],
                 ["hubble", "score", "p.json"], ["tomtube", "moves", "pos.json"],
                 ["deck", "check", "d.toml"], ["check", "pos.json"]):
        code = run([str(tmp_path / a) if a.endswith((".json", ".toml")) else a for a in args])
        captured = capsys.readouterr()
        assert code == 2, (args, captured.err)
        assert _clean(captured.out + captured.err), (args, captured)
        assert captured.err.count("\n") == 1 and len(captured.err) <= 201


def test_printable_escapes_every_control_and_keeps_the_rest() -> None:
    assert printable("a\x1b[31mb\x07\x00\u202e\u2066\n\t é日🙂") == \
        "a\\x1b[31mb\\x07\\x00\\u202e\\u2066\\n\\t é日🙂"


def test_a_deck_name_ending_in_a_newline_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "cards.csv"
    csv.write_text("id,planets\n1,RG\n", "utf-8")
    code = run(["deck", "import", str(csv), "--name", "abc\n", "-o", str(tmp_path / "d.toml")])
    err = capsys.readouterr().err
    assert code == 2 and "--name" in err and "\\n" in err, err


def test_an_empty_output_path_is_refused() -> None:
    with pytest.raises(OutputError, match="empty path"):
        check_output_dir("")
    for args in (["booklet", "--days", "1", "-o", ""], ["deck", "design", "-o", ""]):
        assert run(args) == 2


# -- found in this round's review ---------------------------------------------------------------

def test_an_unmarked_earlier_output_at_a_long_path_is_one_short_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder holding an earlier kit that records nothing, deep in a long path: the refusal
    still fits one line of at most 200 characters (it ran to 207 with the path in it)."""
    out = tmp_path / ("deep-" * 12) / "kit"
    out.mkdir(parents=True)
    (out / "kit.pdf").write_bytes(b"from an earlier kit")
    code = run(["kit", "--lang", "en", "--cards-only", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and len(err) <= 201, err
    assert "add --force" in err and _clean(err)
    assert (out / "kit.pdf").read_bytes() == b"from an earlier kit"


@pytest.mark.parametrize("offset", ["20,0", "-20,0", "0,20", "0,-20"])
def test_backs_shifted_off_the_paper_are_said_to_run_past_the_edge(
        offset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The largest --back-offset pushes the backs past the paper: a warning that says so (it
    said the trim "lies 0.00 mm" from the edge), the kit still made, no traceback."""
    code = run(["kit", "--lang", "en", "--cards-only", "--back-offset", offset, "-q",
                "-o", str(tmp_path / "kit")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "Traceback" not in err and "lies 0.00 mm" not in err
    assert "mm past the" in err and "cut short" in err, err


def test_cards_too_small_for_their_planets_are_refused_by_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A valid themed deck printed at 30×45 mm: its cards cannot hold their planets' names.
    ``kit`` refuses it in one line naming the deck file and the card (the shared kit command
    skipped the check and ended in a RuntimeError traceback)."""
    themed = Path(__file__).resolve().parents[1] / "spacebowl" / "data" / "themed" / "themed.toml"
    code = run(["kit", "--deck", str(themed), "--card-size", "30x45mm", "--cards-only",
                "--lang", "en", "-q", "-o", str(tmp_path / "kit")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "themed.toml" in err and "card " in err and "30×45 mm card" in err, err
    assert not (tmp_path / "kit").exists()


# -- round three (issue 27) ---------------------------------------------------------------------

@pytest.mark.parametrize(("args", "suggested"), [
    (["hubbel"], "hubble"), (["tomtub", "kit"], "tomtube"), (["booklt"], "booklet"),
    (["hubble", "bookelt"], "booklet"), (["deck", "chek", "x"], "check")])
def test_a_mistyped_command_gets_a_suggestion_as_options_do(
        args: list[str], suggested: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``spacebowl hubbel`` said only "No such command 'hubbel'." while ``--paperr`` got
    "Did you mean '--paper'?" (issue 27, item 9): a group that loads its commands lazily
    holds none for click to suggest from."""
    code = run(args)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    typo = next(a for a in args if a not in ("hubble", "deck", "kit", "x"))
    assert f"No such command '{typo}'." in err, err
    assert f"Did you mean '{suggested}'?" in err, err
    assert run(["zzzz"]) == 2 and "Did you mean" not in capsys.readouterr().err
