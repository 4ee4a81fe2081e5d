"""``spacebowl check`` proves a whole booklet: any edit, removal, duplication or swap of a
puzzle, the header, the file list or a PDF is found and named, so is anything added to the
folder; the untouched booklet passes. (Every manifest kind and hostile folders: tests/hostile.)"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli
from spacebowl_print.publish.manifest import file_record, seal_of

Mutation = Callable[[dict[str, Any], Path], None]


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("booklet")
    result = CliRunner().invoke(cli, ["booklet", "--days", "8", "--seed", "3", "-q",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _check(folder: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", str(folder / "manifest.json"), *extra])
    return result.exit_code, result.output


def _tampered(booklet: Path, tmp_path: Path, mutate: Mutation) -> Path:
    copy_dir = tmp_path / "copy"
    shutil.copytree(booklet, copy_dir)
    data = json.loads((copy_dir / "manifest.json").read_text(encoding="utf-8"))
    mutate(data, copy_dir)
    (copy_dir / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
    return copy_dir


def test_untouched_booklet_passes(booklet: Path) -> None:
    code, out = _check(booklet)
    assert code == 0 and "all 8 answers and files verified" in out


def _set(path: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any], folder: Path) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value
    return mutate


def _edit_pdf(data: dict[str, Any], folder: Path) -> None:
    pdf = folder / "booklet.pdf"
    pdf.write_bytes(pdf.read_bytes().replace(b"Puzzle", b"Puzzlf", 1))


def _swap_answers(data: dict[str, Any], folder: Path) -> None:
    puzzles = data["puzzles"]
    a = puzzles[0]
    b = next(p for p in puzzles if p["solutions"] != a["solutions"])
    a["solutions"], b["solutions"] = b["solutions"], a["solutions"]


def _card_ids(data: dict[str, Any], folder: Path) -> None:
    ids = data["puzzles"][2]["galaxy"]["card_ids"]
    ids[0][0], ids[4][4] = ids[4][4], ids[0][0]


def _reseal(data: dict[str, Any], folder: Path) -> None:
    data["seal"] = seal_of(data)


def _rerecord(data: dict[str, Any], folder: Path) -> None:
    data["files"]["booklet.pdf"] = file_record((folder / "booklet.pdf").read_bytes())


CASES: dict[str, tuple[Mutation, str]] = {
    # the schedule the options record is proved before the seal is looked at
    "removed puzzle": (lambda d, f: d["puzzles"].pop(), "a puzzle dropped or added"),
    "no puzzles": (_set("puzzles", []), "lists no puzzles"),
    "duplicated puzzle": (lambda d, f: d["puzzles"].append(copy.deepcopy(d["puzzles"][0])),
                          "id used twice"),
    "changed id": (_set("puzzles.0.id", "2027-12-31"), "where the options and seed make"),
    "tier 99": (_set("puzzles.0.tier", 99), "tier must be one of"),
    "tier hard": (_set("puzzles.0.tier", "hard"), "tier must be one of"),
    "changed question": (_set("puzzles.0.question", "any"), ""),
    "swapped answers": (_swap_answers, "answer key says"),
    "card ids": (_card_ids, "card "),
    "edited pdf": (_edit_pdf, "SHA-256 differs"),
    "changed seed": (_set("seed", 4), "seal does not match"),
    "resealed seed": (lambda d, f: (_set("seed", 4)(d, f), _reseal(d, f)),
                      "made for another manifest"),
    "edited pdf, record dropped": (lambda d, f: (_edit_pdf(d, f), d["files"].clear(),
                                                 _reseal(d, f)), "no file hashes"),
    "edited pdf, record updated": (lambda d, f: (_edit_pdf(d, f), _rerecord(d, f)),
                                   "seal does not match"),
    "extra file": (lambda d, f: (f / "answers.pdf").write_bytes(b"%PDF-1.4"),
                   "not in the manifest's file list"),
    "pdf replaced by a link": (lambda d, f: ((f / "booklet.pdf").unlink(),
                                             (f / "booklet.pdf").symlink_to("/dev/zero")),
                               "symbolic link"),
    "seal removed": (lambda d, f: d.pop("seal"), "no seal"),
    "pdf removed": (lambda d, f: (f / "booklet.pdf").unlink(), "booklet.pdf"),
    "no file record": (lambda d, f: d.pop("files"), "no file hashes"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_tampering_is_found(booklet: Path, tmp_path: Path, case: str) -> None:
    mutate, words = CASES[case]
    code, out = _check(_tampered(booklet, tmp_path, mutate))
    assert code == 1, out
    assert words in out


def test_deleted_near_misses_is_unreadable(booklet: Path, tmp_path: Path) -> None:
    folder = _tampered(booklet, tmp_path, lambda d, f: d["puzzles"][0].pop("near_misses"))
    code, out = _check(folder)
    assert code == 2 and "near_misses: missing key" in out


def test_answers_only_skips_the_files(booklet: Path, tmp_path: Path) -> None:
    lonely = tmp_path / "alone"
    lonely.mkdir()
    shutil.copy(booklet / "manifest.json", lonely / "manifest.json")
    assert _check(lonely)[0] == 1
    code, out = _check(lonely, "--answers-only")
    assert code == 0 and "answers verified" in out


def test_manifest_records_what_made_it(booklet: Path) -> None:
    data = json.loads((booklet / "manifest.json").read_text(encoding="utf-8"))
    assert data["game"] == "spacebowl" and data["seed"] == 3
    assert len(data["deck_sha256"]) == 64 and data["tool"].startswith("spacebowl_print ")
    assert data["options"]["days"] == 8
    assert set(data["files"]) == {"booklet.pdf"}  # its record (spacebowl-output.json) beside
