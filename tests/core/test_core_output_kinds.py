"""Which command may replace an output folder (core/folders.py): the marker a folder written
with a kind carries, refusals naming what is there, ``force``, and files spacebowl did not
write (never replaced, even forced)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from spacebowl_print.core.folders import (
    MARKER,
    check_output_dir,
    replace_problem,
    write_folder,
)
from spacebowl_print.core.paths import OutputError
from spacebowl_print.core.records import Record, RecordError, read_record
from spacebowl_print.publish.manifest import file_record

KIT = {"kit.pdf": b"kit", "cards.pdf": b"cards", "svg/card-001.svg": b"<svg/>"}


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_kind_is_recorded_with_the_files_and_no_date(tmp_path: Path) -> None:
    written = write_folder(tmp_path / "kit", KIT, kind="hubble kit")
    assert written[-1] == tmp_path / "kit" / MARKER
    record = json.loads((tmp_path / "kit" / MARKER).read_text())
    assert record == {"written_by": "spacebowl_print", "kind": "hubble kit",
                      "files": {name: file_record(KIT[name]) for name in sorted(KIT)}}
    first = (tmp_path / "kit" / MARKER).read_bytes()
    write_folder(tmp_path / "kit", KIT, kind="hubble kit")  # the same kind replaces it
    assert (tmp_path / "kit" / MARKER).read_bytes() == first
    read = read_record(tmp_path / "kit")
    assert read is not None and read.kind == "hubble kit" and read.names == set(KIT)


def test_another_kind_is_refused_in_one_line_naming_it_and_force_replaces(
        tmp_path: Path) -> None:
    out = tmp_path / "hubble-kit"
    write_folder(out, KIT, kind="hubble kit")
    before = tree(out)
    for kind in ("spacebowl booklet", "spacebowl kit", None):
        with pytest.raises(OutputError) as caught:
            write_folder(out, {"booklet.pdf": b"b"}, kind=kind)
        message = str(caught.value)
        assert message.startswith(f"{out}: holds a hubble kit")
        assert "add --force to replace it" in message and "\n" not in message
        if kind is not None:
            assert f"holds a hubble kit, not a {kind}: " in message
    assert tree(out) == before
    write_folder(out, {"booklet.pdf": b"b"}, kind="spacebowl booklet", force=True)
    assert set(tree(out)) == {"booklet.pdf", MARKER}
    assert read_record(out) == Record("spacebowl booklet",
                                      {"booklet.pdf": (file_record(b"b")["sha256"], 1)})


@pytest.mark.parametrize("force", [False, True])
def test_files_spacebowl_did_not_write_are_never_replaced(tmp_path: Path, force: bool) -> None:
    out = tmp_path / "kit"
    write_folder(out, KIT, kind="spacebowl kit")
    (out / "notes.pdf").write_bytes(b"mine")  # named like ours, but not in the record
    before = tree(out)
    with pytest.raises(OutputError, match=r"'notes\.pdf', which spacebowl did not write"):
        write_folder(out, KIT, kind="spacebowl kit", force=force)
    assert tree(out) == before
    (out / "notes.pdf").unlink()
    (out / "svg" / "extra.svg").write_bytes(b"mine")
    with pytest.raises(OutputError, match=r"'svg/extra\.svg'"):
        check_output_dir(out, "spacebowl kit", force)


def test_a_listed_file_turned_into_a_link_or_folder_is_not_ours(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    write_folder(out, KIT, kind="spacebowl kit")
    (out / "cards.pdf").unlink()
    (out / "cards.pdf").symlink_to("/etc/passwd")
    assert replace_problem(out, "spacebowl kit", True) is not None
    (out / "cards.pdf").unlink()
    (out / "cards.pdf").mkdir()
    assert "'cards.pdf'" in (replace_problem(out, "spacebowl kit", True) or "")


@pytest.mark.parametrize("text", ["{", "[]", '{"kind": "spacebowl kit", "files": []}',
                                  '{"written_by": "spacebowl_print", "kind": 3, "files": []}'])
def test_a_marker_we_did_not_write_makes_the_folder_foreign(tmp_path: Path, text: str) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    (out / MARKER).write_text(text)
    with pytest.raises(RecordError):
        read_record(out)
    with pytest.raises(OutputError,
                       match=re.escape(f"{MARKER} is not a record spacebowl wrote (")):
        check_output_dir(out, "spacebowl kit", force=True)


def test_an_unrecorded_earlier_output_needs_force_when_a_kind_is_given(tmp_path: Path) -> None:
    out = tmp_path / "old"
    out.mkdir()
    for name, data in KIT.items():
        (out / name).parent.mkdir(exist_ok=True)
        (out / name).write_bytes(data)
    assert replace_problem(out, None, False) is None  # a command that names no kind: as before
    problem = replace_problem(out, "tomtube kit", False)
    assert problem is not None and "does not record what wrote it" in problem
    assert "add --force" in problem
    write_folder(out, {"tiles.pdf": b"t"}, kind="tomtube kit", force=True)
    assert set(tree(out)) == {"tiles.pdf", MARKER}


def test_new_and_empty_folders_take_any_kind(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    for target in (tmp_path / "new", tmp_path / "empty"):
        write_folder(target, KIT, kind="spacebowl kit")
        assert read_record(target) is not None
    write_folder(tmp_path / "plain", KIT)  # no kind: no marker
    assert MARKER not in os.listdir(tmp_path / "plain")


def test_the_marker_name_is_reserved(tmp_path: Path) -> None:
    for kind in ("spacebowl kit", None):
        with pytest.raises(ValueError):
            write_folder(tmp_path / "x", {MARKER: "{}"}, kind=kind)
