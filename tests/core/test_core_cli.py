"""Bounded parameter types, capped messages, strict reading and SOURCE_DATE_EPOCH (core)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from spacebowl_print.core.cli import (
    SEED,
    BoundedInt,
    IsoDate,
    ShortText,
    capped,
    last_day,
    read_text,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.reproducible import DEFAULT_EPOCH, build_epoch, source_date_epoch
from spacebowl_print.render.api import DrawnPage
from spacebowl_print.render.pdf import pdf_bytes


@click.command()
@click.option("--seed", type=SEED, default=1)
@click.option("--count", type=BoundedInt(1, 50), default=1)
@click.option("--start", type=IsoDate(), default="2027-01-01")
@click.option("--name", type=ShortText(10), default="x")
def probe(seed: int, count: int, start: dt.date, name: str) -> None:
    click.echo(f"{seed} {count} {start.isoformat()} {name}")


def call(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(probe, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("args", [
    ["--seed", "-1"], ["--seed", "4294967296"], ["--seed", "1.5"], ["--seed", "abc"],
    ["--seed", "9" * 5000], ["--seed", ""], ["--count", "0"], ["--count", "51"],
    ["--count", "٣"],  # an Arabic-Indic digit: int() takes it, we do not
    ["--start", "9999-12-32"], ["--start", "10000-01-01"], ["--start", "0000-01-01"],
    ["--start", "2027-02-30"], ["--start", "x" * 10_000_000], ["--name", "n" * 11],
])
def test_bad_values_are_refused_in_one_short_line(args: list[str]) -> None:
    code, out = call(*args)
    assert code == 2
    assert out.count("\n") == 1 and out.startswith(f"Error: {args[0]}: ")
    assert len(out) < 200


def test_good_values_and_bounds_pass() -> None:
    assert call("--seed", "0", "--count", "50", "--start", "9999-12-31", "--name", "n" * 10) \
        == (0, f"0 50 9999-12-31 {'n' * 10}\n")
    assert call("--seed", "4294967295")[1].startswith("4294967295 ")


def test_help_states_the_ranges() -> None:
    out = CliRunner().invoke(probe, ["--help"]).output
    assert "0<=x<=4294967295" in out and "1<=x<=50" in out and "YYYY-MM-DD" in out


def test_last_day_refuses_to_run_past_9999_12_31() -> None:
    assert last_day(dt.date(9999, 12, 31), 1) == dt.date(9999, 12, 31)
    assert last_day(dt.date(2027, 1, 1), 365) == dt.date(2027, 12, 31)
    with pytest.raises(InputError, match=r"^--start: 2 days from 9999-12-31 run past"):
        last_day(dt.date(9999, 12, 31), 2)


def test_capped_messages_stay_short_and_on_one_line() -> None:
    long = "a.json: " + "x" * 10_000_000 + "\nsecond line: the cause"
    out = capped(long)
    assert len(out) <= 200 and "\n" not in out
    assert out.startswith("a.json: ") and out.endswith("the cause")
    assert capped("short") == "short"


@pytest.mark.parametrize(("make", "words"), [
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: p.symlink_to(p), "symbolic links"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00bad"), "not UTF-8"),
    (lambda p: None, "no such file"),
])
def test_reading_a_bad_file_is_one_input_error(tmp_path: Path, make: object,
                                               words: str) -> None:
    target = tmp_path / "in.json"
    make(target)  # type: ignore[operator]
    with pytest.raises(InputError, match=words) as caught:
        read_text(target)
    assert str(caught.value).startswith(str(target))
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="a part of the path is a file"):
        read_text(tmp_path / "file" / "in.json")
    with pytest.raises(InputError, match="name too long") as long_name:
        read_text(tmp_path / ("x" * 100_000))
    assert len(str(long_name.value)) < 200


# -- SOURCE_DATE_EPOCH ---------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["abc", "-1", "1.5", " 5", "5 ", "+5", "0x10", "٣",
                                   "253402300800", "9" * 5000])
def test_a_malformed_source_date_epoch_is_refused(value: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    with pytest.raises(InputError) as caught:
        source_date_epoch()
    message = str(caught.value)
    assert message.startswith("SOURCE_DATE_EPOCH: must be a whole number of seconds")
    assert len(message) < 200
    with pytest.raises(InputError):  # and before reportlab sees it
        pdf_bytes([DrawnPage(10, 10, lambda c: None)])


def pdf_date(data: bytes) -> str:
    m = re.search(rb"/CreationDate \(D:(\d{14})", data)
    assert m, "no creation date"
    return m.group(1).decode()


def test_source_date_epoch_dates_every_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    page = [DrawnPage(10, 10, lambda c: None)]
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert source_date_epoch() == build_epoch() == 1700000000
    assert pdf_date(pdf_bytes(page)) == "20231114221320"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert pdf_date(pdf_bytes(page)) == "19700101000000"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "253402300799")
    assert pdf_date(pdf_bytes(page)) == "99991231235959"
    for unset in ("", None):
        if unset is None:
            monkeypatch.delenv("SOURCE_DATE_EPOCH")
        else:
            monkeypatch.setenv("SOURCE_DATE_EPOCH", unset)
        assert source_date_epoch() is None and build_epoch() == DEFAULT_EPOCH
        assert pdf_date(pdf_bytes(page)) == "20000101000000"
