"""Work bounded by what can finish, and the crashes of allowed or nearly allowed input (issue 19,
items 5 and 6): every case the fuzzing run found is here, refused in one line (exit 2) or
handled; the exact statistics stream; the worker pool streams its tasks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacebowl_print.cli.main import run
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.core.workers import worker_pool
from spacebowl_print.games.spacebowl.model import InputError, parse_deck
from spacebowl_print.games.spacebowl.rules.stats import (
    MAX_GALAXIES,
    deal,
    deal_chunks,
    deck_stats,
)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.err


def _one_line(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.startswith("Error: ") and err.count("\n") == 1 and len(err) <= 201, err
    for w in words:
        assert w in err, err


@pytest.fixture(scope="module")
def classic() -> object:
    path = decks_dir() / "classic.toml"
    return parse_deck(path.read_text("utf-8"), str(path))


def test_deck_report_galaxies_are_bounded(capsys: pytest.CaptureFixture[str],
                                          classic: object) -> None:
    code, err = _cli(capsys, "deck", "report", "classic", "--galaxies", "1000000", "--json")
    _one_line(code, err, "--galaxies", str(MAX_GALAXIES))
    with pytest.raises(InputError, match="galaxies"):
        deck_stats(classic, MAX_GALAXIES + 1, 1)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 40), st.integers(1, 50), st.integers(0, 3))
def test_galaxies_dealt_in_chunks_are_the_same_galaxies(n: int, chunk: int, void: int) -> None:
    path = decks_dir() / "classic.toml"
    deck = parse_deck(path.read_text("utf-8"), str(path))
    whole, left = deal(deck, n, 7, void=void)
    parts = list(deal_chunks(deck, n, 7, void=void, chunk=chunk))
    assert [g for part, _ in parts for g in part] == whole
    assert [row.tolist() for _, block in parts for row in block] == left.tolist()


def test_the_pool_reads_its_tasks_as_a_stream() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for k in range(1000):
            taken.append(k)
            yield k

    with worker_pool(2) as pool:
        results = pool.map(abs, tasks())
        assert next(results) == 0
        assert len(taken) <= 16  # a window of tasks, not all thousand
        assert list(results) == list(range(1, 1000))


def test_a_pad_naming_a_thousand_constellations(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pad = tmp_path / "pad.json"
    pad.write_text(json.dumps({"rows": ["S" * 14] * 4, "constellations": ["Lyra"] * 1000}))
    _one_line(*_cli(capsys, "hubble", "score", str(pad)), "constellations", "at most 20")
    # twenty copies, all stars: the best choice is searched within bounds
    pad.write_text(json.dumps({"rows": ["S" * 14] * 4, "constellations": ["Lyra"] * 20}))
    assert run(["hubble", "score", str(pad), "--json"]) == 0
    capsys.readouterr()


def test_a_pad_too_dense_with_stars_to_prove_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # found by the spec review: 8 × 8 all stars with 10 cards took minutes (CP-SAT cannot
    # prove the packing); now the branch and bound and then CP-SAT have a budget (the same
    # work on any machine), shrunk here so the test runs in a second
    from spacebowl_print.games.hubble.model.constellations import load_constellation_set
    from spacebowl_print.games.hubble.rules import stars

    monkeypatch.setattr(stars, "SEARCH_LIMIT", 2_000)
    monkeypatch.setattr(stars, "CPSAT_BUDGET", 0.2)
    names = load_constellation_set().names[:10]
    pad = tmp_path / "pad.json"
    pad.write_text(json.dumps({"rows": ["S" * 8] * 8, "constellations": names}))
    _one_line(*_cli(capsys, "hubble", "score", str(pad)), "pad.json: constellations",
              "10 cards on a pad of 64 stars", "not proved within the budget")
    batch = tmp_path / "pads.jsonl"
    batch.write_text(json.dumps({"rows": ["S" * 8] * 8, "constellations": names}) + "\n")
    code, _ = _cli(capsys, "hubble", "score", "--batch", str(batch))
    assert code == 2


@pytest.mark.parametrize("counters", [{}, [], "x", 1, None])
def test_tom_tube_counters_of_any_type(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       counters: object) -> None:
    entry = json.loads((Path(__file__).parent / "data" / "tomtube-entry.json").read_text())
    position = entry["position"]
    position["counters"] = {"E5": counters} if counters != "x" else counters
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position, indent=1))
    code, err = _cli(capsys, "tomtube", "moves", str(path))
    _one_line(code, err, "counters")


@pytest.mark.parametrize("text", [
    "name = " + "[" * 5000 + "]" * 5000,
    "name = " + "9" * 5000,
    "name = {a = " * 3000 + "1" + "}" * 3000,
    "[[constellations]]\n" * 200 + "name = 1",
])
@pytest.mark.parametrize("option", [("hubble", "score", "--constellations"),
                                    ("tomtube", "moves", "--tiles")])
def test_toml_of_absurd_depth_or_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         text: str, option: tuple[str, str, str]) -> None:
    bad = tmp_path / "set.toml"
    bad.write_text(text)
    (tmp_path / "x.json").write_text("{}")
    code, err = _cli(capsys, *option, str(bad), str(tmp_path / "x.json"))
    _one_line(code, err, "set.toml")


def test_json_of_absurd_depth_or_numbers(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"rows": ' + "9" * 5000 + "}",
                 '{"rows": 1e999}', '{"rows": NaN}', "[" * 40 + "]" * 40,
                 '{"rows": ' + str(2**70) + "}"):
        (tmp_path / "p.json").write_text(text)
        _one_line(*_cli(capsys, "hubble", "score", str(tmp_path / "p.json")), "p.json")


def test_a_planet_name_too_long_to_print(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    text = (decks_dir() / "solar-system.toml").read_text("utf-8")
    (tmp_path / "solar-system").symlink_to(decks_dir() / "solar-system")
    deck = tmp_path / "d.toml"
    deck.write_text(text.replace('name = "Mercury"', f'name = "{"Mercury" * 4}"', 1))
    code, err = _cli(capsys, "deck", "check", str(deck))
    _one_line(code, err, "planet M.name", "fits under a planet")
    # a name that fits is accepted, and every card lays out (deck check runs the layout)
    deck.write_text(text.replace('name = "Mercury"', 'name = "Mercury Merc"', 1))
    assert run(["deck", "check", str(deck)]) == 0
    capsys.readouterr()


def test_a_galaxy_larger_than_the_engines(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g.json").write_text(json.dumps({"cards": [["RG"] * 26] * 100}))
    (tmp_path / "t.json").write_text(
        '{"destination": "B2", "marbles": {"R": "A1"}, "black_hole": null}')
    for args in (["stats", "--galaxy", str(tmp_path / "g.json"), "--planets", "RG"],
                 ["solve", str(tmp_path / "g.json"), str(tmp_path / "t.json")]):
        _one_line(*_cli(capsys, *args), "26 rows")


def test_a_nul_byte_in_a_theme_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (decks_dir() / "solar-system.toml").read_text("utf-8")
    deck = tmp_path / "d.toml"
    deck.write_text(text.replace('"solar-system/mercury.svg"', '"solar-system/m\\u0000.svg"'))
    _one_line(*_cli(capsys, "deck", "check", str(deck)), "planet M.image", "\\u0000")


def test_hubble_par_on_a_pad_too_large_to_finish(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hubble", "challenge", "--seed", "3", "--size", "26x26"]) == 0
    (tmp_path / "c.json").write_text(capsys.readouterr().out)
    _one_line(*_cli(capsys, "hubble", "par", str(tmp_path / "c.json")), "pad", "256 cells")


# -- round three (issue 27, item 4): caps under every name, memory of long runs ----------------

def _copies_deck(folder: Path, cards: int) -> Path:
    """The classic deck's planets with ``cards`` cards, copies of one card with a text (tables
    of 100 copies, the most one table makes)."""
    text = (decks_dir() / "classic.toml").read_text("utf-8")
    head = text[:text.index("[[cards]]")]
    tables = "".join(f'[[cards]]\nid = {1 + 100 * k}\nplanets = "RG"\ncount = '
                     f'{min(100, cards - 100 * k)}\ntext = "A line of text on every copy."\n\n'
                     for k in range((cards + 99) // 100))
    deck = folder / "copies.toml"
    deck.write_text("format = 2\n" + head + tables, "utf-8")
    return deck


def test_pictures_beyond_one_run_are_refused_up_front_with_the_figure(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``kit --png --tts --dpi 1200`` of a 1,000-card deck of copies with text grew to 2.9 GB
    and ended in a traceback: refused before any work, saying how many gigapixels and which
    resolution fits."""
    import time

    deck = _copies_deck(tmp_path, 1000)
    started = time.monotonic()
    code, err = _cli(capsys, "kit", "--deck", str(deck), "--cards-only", "--lang", "en",
                     "--png", "--tts", "--dpi", "1200", "-q", "-o", str(tmp_path / "kit"))
    _one_line(code, err, "--dpi: 1,000 cards at 1200 dpi are 14.5 gigapixels",
              "use --dpi 1091 or less")
    assert time.monotonic() - started < 20 and not (tmp_path / "kit").exists()


_RASTER_CHILD = r"""
import resource, sys, tempfile
from dataclasses import dataclass
from pathlib import Path
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.raster import write_rasters
from spacebowl_print.render.api import Style

@dataclass(frozen=True)
class Card:
    id: int
    width: float = 69.0
    height: float = 94.0

    def draw(self, canvas):
        canvas.rect(0, 0, self.width, self.height, Style(fill="#336699"))
        canvas.text(10, 10, f"card {self.id}", 8, "regular")

fronts = [Card(k) for k in range(1, int(sys.argv[1]) + 1)]
with tempfile.TemporaryDirectory() as tmp:
    write_rasters(Path(tmp), fronts, Card(999), 3.0, CARDS, png_dpi=72, tts=True)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_picture_memory_does_not_grow_with_the_deck() -> None:
    """Every PNG and every card's Tabletop Simulator picture was held in memory until the
    end (a 276-card deck: 205 MB more than a 69-card one, at 72 dpi). They are written one
    at a time now: the peak is one sheet's, whatever the number of cards."""
    import subprocess
    import sys

    peaks = []
    for cards in (69, 276):
        done = subprocess.run([sys.executable, "-c", _RASTER_CHILD, str(cards)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-500:]
        peaks.append(int(done.stdout.split()[-1]))
    assert peaks[1] - peaks[0] < 60, f"peak RSS {peaks[0]} MB for 69 cards, {peaks[1]} for 276"


def test_the_day_cap_holds_under_the_old_command_name(tmp_path: Path) -> None:
    """``tomtube booklet --days 1001`` is refused at once; ``tomtube puzzles --count 1001``
    (its older name) ran past 60 s making 1,001 puzzles. Either name: one line, exit 2, at
    once (an older name's arguments are today's command's, with every cap it has)."""
    import subprocess
    import sys

    for args in (["tomtube", "booklet", "--days", "1001"], ["hubble", "daily", "--days", "1001"],
                 ["tomtube", "puzzles", "--count", "1001"]):
        proc = subprocess.Popen([sys.executable, "-m", "spacebowl_print", *args, "-q", "-o",
                                 str(tmp_path / "o")], stderr=subprocess.PIPE, text=True)
        try:
            _, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail(f"{' '.join(args)} was not refused within 5 s")
        assert proc.returncode == 2 and "1000" in err and err.count("\n") == 1, (args, err)


_WEB_CHILD = r"""
import resource, sys
from spacebowl_print.cli.main import run
code = run(["tomtube", "web", "--days", sys.argv[1], "--jobs", "1", "-q", "-o", sys.argv[2]])
print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_web_memory_does_not_grow_with_the_days(tmp_path: Path) -> None:
    """A web site's memory grew by about 3 MB a day (1,000 days: 3 GB, then exit 1): pages
    are now written one at a time, and its peak must not grow with the number of days (10
    days against 40: the old growth would be 90 MB)."""
    import subprocess
    import sys

    peaks = []
    for days in (10, 40):
        done = subprocess.run([sys.executable, "-c", _WEB_CHILD, str(days),
                               str(tmp_path / f"w{days}")], capture_output=True, text=True,
                              timeout=600)
        code, peak = done.stdout.split()[-2:]
        assert code == "0", done.stderr[-500:]
        peaks.append(int(peak))
    assert peaks[1] - peaks[0] < 30, f"peak RSS {peaks[0]} MB for 10 days, {peaks[1]} for 40"


def test_a_deck_is_indexed_once_however_many_cards() -> None:
    """Reading a deck asks where each of its fields is written (for the one-line errors);
    each question indexed the whole text again, so a 1,000-card deck took seconds and a
    hostile 10,000-card one minutes (found by the CSV round-trip test). The text's index is
    now made once, whatever the number of questions."""
    from spacebowl_print.core import locate

    text = (decks_dir() / "classic.toml").read_text("utf-8")
    locate._toml_index.cache_clear()
    deck = parse_deck(text, "classic.toml")
    info = locate._toml_index.cache_info()
    assert len(deck.cards) == 56 and info.hits > 56
    assert info.misses == 1  # one text, indexed once
