"""Forged and damaged folder records (issue 27, item 3): ``spacebowl-output.json`` is trusted
only as far as the folder proves it. A record edited to list the user's own files (by name,
with a made-up digest, with another file's digest) never lets a command replace them, with
``--force`` or not; a malformed record (deeply nested, huge, not JSON, another shape) is
refused in one line; a file spacebowl wrote and the user then changed is kept too. The
mutation fuzz lives in :mod:`hostile.corpus` (``folder records forged``) and runs deeper in
``benchmarks/fuzz.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile.corpus_round3 import fuzz_records

from spacebowl_print.cli.main import run
from spacebowl_print.core.folders import MARKER, check_output_dir, replace_problem, write_folder
from spacebowl_print.core.paths import OutputError
from spacebowl_print.publish.manifest import file_record

MINE = {"thesis.docx": b"my thesis, five years of work", "notes.pdf": b"%PDF my notes"}

KIT_ARGS = ["kit", "--cards-only", "--lang", "en", "-q", "-o"]


def _mine(folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    for name, data in MINE.items():
        (folder / name).write_bytes(data)
    return {p.name: p.read_bytes() for p in folder.iterdir()}


FORGED = {
    "names only (the earlier shape)": lambda: sorted(MINE),
    "no digest": lambda: {n: {} for n in MINE},
    "made-up digests": lambda: {n: {"sha256": "0" * 64, "bytes": len(d)}
                                for n, d in MINE.items()},
    "another file's digest": lambda: {n: file_record(b"%PDF cards") for n in MINE},
    "right digest, wrong size": lambda: {n: {**file_record(d), "bytes": len(d) + 1}
                                         for n, d in MINE.items()},
    "a name spacebowl never writes, digest right": lambda: {
        n: file_record(d) for n, d in MINE.items()},
}


@pytest.mark.parametrize("force", [False, True], ids=["", "force"])
@pytest.mark.parametrize("forged", sorted(FORGED))
def test_a_forged_record_listing_your_files_never_replaces_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], forged: str, force: bool) -> None:
    """``kit -o mine`` where ``mine`` holds the user's files and a record that lists them
    (8 of 8 trials replaced the folder): refused in one line, every file kept."""
    out = tmp_path / "mine"
    before = _mine(out)
    record = {"written_by": "spacebowl_print", "kind": "spacebowl kit",
              "files": FORGED[forged]()}
    (out / MARKER).write_text(json.dumps(record), "utf-8")
    before[MARKER] = (out / MARKER).read_bytes()
    code = run([*KIT_ARGS[:-1], *(["--force"] if force else []), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "refusing to replace the folder" in err or "add --force" in err, err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"written_by": "spacebowl_print", "kind": "spacebowl kit", "files": ' + "[" * 5000
    + "]" * 5000 + "}",
    '{"written_by": "spacebowl_print", "kind": "spacebowl kit", "files": {"a.pdf": '
    + '{"sha256": "' + "0" * 64 + '", "bytes": 1' + "0" * 5000 + "}}}",
    "\ud800", "x" * 17_000_000], ids=["nested", "nested files", "huge number", "surrogate",
                                      "17 MB"])
def test_a_malformed_record_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        text: str) -> None:
    """A record nested 100,000 deep ended in a ``RecursionError`` traceback; every malformed
    record is now one line naming it, exit status 2, nothing replaced."""
    monkeypatch.chdir(tmp_path)
    out = Path("out")
    out.mkdir()
    (out / "kit.pdf").write_bytes(b"%PDF")
    (out / MARKER).write_text(text, "utf-8", errors="surrogatepass")
    code = run([*KIT_ARGS, str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"out: {MARKER} is not a record spacebowl wrote (" in err, err
    assert sorted(p.name for p in out.iterdir()) == ["kit.pdf", MARKER]


def test_a_file_changed_after_spacebowl_wrote_it_is_kept(tmp_path: Path) -> None:
    """A kit's own ``kit.pdf``, annotated by its user: the record no longer proves it, so the
    folder is not replaced (by the same kind, or forced) until the user moves it away."""
    out = tmp_path / "kit"
    write_folder(out, {"kit.pdf": b"%PDF kit", "svg/card-001.svg": b"<svg/>"},
                 kind="spacebowl kit")
    assert replace_problem(out, "spacebowl kit", False) is None
    (out / "kit.pdf").write_bytes(b"%PDF kit, with my notes")
    for force in (False, True):
        with pytest.raises(OutputError, match=r"'kit\.pdf', changed since spacebowl wrote it"):
            check_output_dir(out, "spacebowl kit", force)
    (out / "kit.pdf").unlink()  # a listed file the user removed: the rest is still ours
    assert replace_problem(out, "spacebowl kit", False) is None
    with (out / "svg" / "card-001.svg").open("r+b") as fh:  # same size, one byte changed
        fh.write(b"<")
        fh.truncate(6)
        fh.seek(0)
        fh.write(b"<SVG/>")
    assert "changed since" in (replace_problem(out, "spacebowl kit", True) or "")


def test_a_sparse_file_in_place_of_a_recorded_one_is_not_hashed(tmp_path: Path) -> None:
    """A recorded file swapped for a sparse one of the recorded size is refused without
    reading it (gigabytes of zeros from a few bytes of disk)."""
    out = tmp_path / "kit"
    size = 4 << 30
    write_folder(out, {"kit.pdf": b"%PDF kit"}, kind="spacebowl kit")
    record = json.loads((out / MARKER).read_text("utf-8"))
    record["files"]["kit.pdf"] = {"sha256": "0" * 64, "bytes": size}
    (out / MARKER).write_text(json.dumps(record), "utf-8")
    with (out / "kit.pdf").open("wb") as fh:
        fh.truncate(size)
    assert "changed since" in (replace_problem(out, "spacebowl kit", True) or "")


def test_forged_records_never_replace_a_file_spacebowl_did_not_write() -> None:
    """The corpus category: real records, mutated and forged to list a file of the user's
    (a few hundred cases here)."""
    cases, failures = fuzz_records(120)
    assert cases == 120 and not failures, failures[:5]
