"""``spacebowl check`` proves the folder (issue 19, items 1 and 5): the seal covers the file list
with its sizes and digests; every regular file in the folder must be recorded and match, none may
be missing; links, FIFOs, devices and unrecorded folders are refused by name, never followed or
read; a file is read no further than its recorded size. Game-free: a sealed folder is made
with the shared writer (:func:`publish.booklet.write_sealed`), then attacked; the same attacks run
on real manifests of every game through the command line."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from spacebowl_print.cli.main import run
from spacebowl_print.core.folders import MARKER
from spacebowl_print.publish.booklet import write_sealed
from spacebowl_print.publish.manifest import check_files, file_record, seal_of

Attack = Callable[[dict[str, Any], Path], None]


def _fake_pdf(text: str) -> Callable[[str], bytes]:
    return lambda subject: f"%PDF-1.4\n% {text}\n/Subject ({subject})\n%%EOF\n".encode()


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sealed") / "book"
    data = {"game": "spacebowl", "title": "T", "seed": 1, "puzzles": [{"id": "1"}]}
    write_sealed(folder, data, {"booklet.pdf": _fake_pdf("the book"),
                                "answers.pdf": _fake_pdf("the answers"),
                                "site/index.html": _fake_pdf("a page")},
                 kind="spacebowl booklet")
    return folder


def _copy(folder: Path, tmp_path: Path, attack: Attack) -> tuple[dict[str, Any], Path]:
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy, symlinks=True)
    data = json.loads((copy / "manifest.json").read_text("utf-8"))
    original = json.loads(json.dumps(data))
    attack(data, copy)
    if data != original:  # as written, else the record of the folder no longer matches it
        (copy / "manifest.json").write_text(json.dumps(data), "utf-8")
    return data, copy


def _reseal(data: dict[str, Any]) -> None:
    data["seal"] = seal_of(data)


def _edit(name: str) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        path = folder / name
        path.write_bytes(path.read_bytes().replace(b"the", b"thE", 1))
    return attack


def _both(*attacks: Attack) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        for a in attacks:
            a(data, folder)
    return attack


def _drop_record(name: str, reseal: bool) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        del data["files"][name]
        if reseal:
            _reseal(data)
    return attack


def _point_at(name: str, other: str) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        data["files"][name] = data["files"][other]
        _reseal(data)
    return attack


def _replace(name: str, make: Callable[[Path], None]) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        (folder / name).unlink()
        make(folder / name)
    return attack


def _sparse(path: Path) -> None:
    with path.open("wb") as fh:
        fh.truncate(10 * 10**9)


def _grow(data: dict[str, Any], folder: Path) -> None:
    with (folder / "booklet.pdf").open("ab") as fh:
        fh.write(b"x" * 10_000)


def _records(value: Any) -> Attack:
    def attack(data: dict[str, Any], folder: Path) -> None:
        data["files"]["booklet.pdf"] = value
        _reseal(data)
    return attack


ZEROS_GIB_SHA256 = "49bc20df15e412a64472421e13fe86ff1c5165e18b2afccf160d4dc19fe68a14"
"""SHA-256 of 1 GiB of zero bytes (``hashlib.sha256(bytes(1 << 30)).hexdigest()``)."""


def _sparse_recorded(count: int) -> Attack:
    """``count`` sparse files of 1 GiB recorded with their true digest and size, resealed:
    the folder then passed, after hashing for 104 s with 60 of them (issue 27, item 13)."""
    def attack(data: dict[str, Any], folder: Path) -> None:
        for k in range(count):
            with (folder / f"z{k:02d}.png").open("wb") as fh:
                fh.truncate(1 << 30)
            data["files"][f"z{k:02d}.png"] = {"sha256": ZEROS_GIB_SHA256, "bytes": 1 << 30}
        data["files"] = dict(sorted(data["files"].items()))
        _reseal(data)
    return attack


def _record_edit(change: Callable[[dict[str, Any]], None]) -> Attack:
    """The folder's record of what wrote it, changed by ``change``."""
    def attack(data: dict[str, Any], folder: Path) -> None:
        record = json.loads((folder / MARKER).read_text("utf-8"))
        change(record)
        (folder / MARKER).write_text(json.dumps(record), "utf-8")
    return attack


def _too_many(data: dict[str, Any], folder: Path) -> None:
    record = data["files"]["booklet.pdf"]
    data["files"].update({f"p{k}.pdf": record for k in range(5000)})
    _reseal(data)


ATTACKS: dict[str, tuple[Attack, str]] = {
    "edited file, record dropped, resealed": (
        _both(_edit("answers.pdf"), _drop_record("answers.pdf", True)), "not in the manifest's"),
    "edited file, record dropped": (
        _both(_edit("answers.pdf"), _drop_record("answers.pdf", False)), "seal does not match"),
    "edited file, record updated": (
        _both(_edit("answers.pdf"), lambda d, f: d["files"].__setitem__(
            "answers.pdf", file_record((f / "answers.pdf").read_bytes()))),
        "seal does not match"),
    "edited file": (_edit("answers.pdf"), "SHA-256 differs"),
    "record points at another file": (_point_at("answers.pdf", "booklet.pdf"), "answers.pdf"),
    "file copied over another": (lambda d, f: shutil.copy(f / "booklet.pdf", f / "answers.pdf"),
                                 "answers.pdf"),
    "extra file": (lambda d, f: (f / "notes.txt").write_text("hi"), "not in the manifest's"),
    "hidden extra file": (lambda d, f: (f / ".x").write_text("hi"), "not in the manifest's"),
    "extra folder": (lambda d, f: (f / "more").mkdir(), "a folder the manifest does not"),
    "file in a recorded folder": (lambda d, f: (f / "site" / "x.html").write_text("x"),
                                  "not in the manifest's"),
    "link to /dev/zero": (_replace("booklet.pdf", lambda p: p.symlink_to("/dev/zero")),
                          "symbolic link"),
    "link to a good copy": (_replace("answers.pdf", lambda p: p.symlink_to(
        p.parent.parent / "keep.pdf")), "symbolic link"),
    "fifo": (_replace("booklet.pdf", lambda p: os.mkfifo(p)), "named pipe"),
    "folder in place of a file": (_replace("booklet.pdf", lambda p: p.mkdir()), "folder"),
    "sparse 10 GB file": (_replace("booklet.pdf", _sparse), "as recorded"),
    "file grown": (_grow, "as recorded"),
    "file missing": (lambda d, f: (f / "answers.pdf").unlink(), "missing"),
    "seal removed": (lambda d, f: d.pop("seal"), "no seal"),
    "seal of another manifest": (lambda d, f: d.__setitem__("seal", "0" * 64),
                                 "seal does not match"),
    "header changed, resealed": (_both(lambda d, f: d.__setitem__("seed", 2),
                                       lambda d, f: _reseal(d)), "made for another manifest"),
    "wrong size recorded": (_records({"sha256": "0" * 64, "bytes": 1}), "as recorded"),
    "path escapes": (lambda d, f: (d["files"].__setitem__("../x.pdf", d["files"]["booklet.pdf"]),
                                   _reseal(d)), "not a file name of ours"),
    "absolute path": (lambda d, f: (d["files"].__setitem__("/etc/passwd",
                                                           d["files"]["booklet.pdf"]),
                                    _reseal(d)), "not a file name of ours"),
    "size is true": (_records({"sha256": "0" * 64, "bytes": True}), "must be recorded"),
    "size huge": (_records({"sha256": "0" * 64, "bytes": 10**30}), "must be recorded"),
    "digest short": (_records({"sha256": "abc", "bytes": 1}), "must be recorded"),
    "record a string": (_records("0" * 64), "must be recorded"),
    "no files": (lambda d, f: (d.__setitem__("files", {}), _reseal(d)), "no file hashes"),
    "5,000 files": (_too_many, "at most"),
    # round three (issue 27): the record of what wrote the folder, and work bounded by what
    # is on disk
    "record: a digest changed": (_record_edit(lambda r: r["files"]["booklet.pdf"].update(
        sha256="0" * 64)), 'does not record the folder the manifest describes ("booklet.pdf"'),
    "record: a file of yours listed": (_record_edit(lambda r: r["files"].update(
        {"notes.pdf": {"sha256": "0" * 64, "bytes": 3}})), '("notes.pdf" differs)'),
    "record: another game's": (_record_edit(lambda r: r.update(kind="hubble booklet")),
                               "does not record this \"spacebowl\" folder"),
    "record: names only": (_record_edit(lambda r: r.update(files=sorted(r["files"]))),
                           "does not record this"),
    "record: not JSON": (lambda d, f: (f / MARKER).write_text("{"), "not a record spacebowl"),
    "record: a link": (_replace(MARKER, lambda p: p.symlink_to(p.parent / "booklet.pdf")),
                       "symbolic link"),
    "sparse 1 GiB file recorded as such": (_sparse_recorded(1), "is sparse"),
    "sixty 1 GiB files recorded": (_sparse_recorded(60), "bytes recorded in all"),
}


def _check_with_timeout(data: dict[str, Any], folder: Path) -> str | None:
    result: list[str | None] = []
    worker = threading.Thread(target=lambda: result.append(check_files(data, folder)),
                              daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "check hung"
    return result[0]


def test_the_sealed_folder_passes(sealed: Path) -> None:
    data = json.loads((sealed / "manifest.json").read_text("utf-8"))
    assert list(data)[-2:] == ["files", "seal"]
    assert data["files"]["site/index.html"]["bytes"] == (sealed / "site/index.html").stat().st_size
    assert check_files(data, sealed) is None


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_every_attack_on_the_folder_is_found(sealed: Path, tmp_path: Path, name: str) -> None:
    attack, words = ATTACKS[name]
    shutil.copy(sealed / "answers.pdf", tmp_path / "keep.pdf")
    data, copy = _copy(sealed, tmp_path, attack)
    problem = _check_with_timeout(data, copy)
    assert problem is not None, name
    assert words in problem and "\n" not in problem and len(problem) < 200, problem


# -- the command line, on real manifests of every game ------------------------------------------

KINDS: dict[str, list[str]] = {
    "spacebowl booklet": ["booklet", "--days", "1", "-q"],
    "spacebowl classroom": ["classroom", "--students", "1", "--puzzles", "1", "-q"],
    "spacebowl web": ["web", "--days", "1", "-q"],
    "hubble daily": ["hubble", "daily", "--days", "1", "--jobs", "1"],
    "tomtube puzzles": ["tomtube", "puzzles", "--count", "1"],
}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("kinds")
    out = {}
    for k, (name, args) in enumerate(KINDS.items()):
        folder = base / f"k{k}"
        assert run([*args, "-o", str(folder)]) == 0, name
        out[name] = folder
    return out


def _cli_check(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = run(["check", str(folder / "manifest.json")])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _vouched(folder: Path) -> str:
    return sorted(json.loads((folder / "manifest.json").read_text("utf-8"))["files"])[0]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_passes_then_fails_on_attacks(made: dict[str, Path], kind: str,
                                                tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = made[kind]
    code, out = _cli_check(folder, capsys)
    assert code == 0 and "answers and files verified" in out, out
    name = _vouched(folder)

    def append(data: dict[str, Any], copy: Path) -> None:
        with (copy / name).open("ab") as fh:
            fh.write(b"%")

    for label, attack in (
            ("edit and drop", _both(append, _drop_record(name, True))),
            ("link", _replace(name, lambda p: p.symlink_to("/dev/zero"))),
            ("fifo", _replace(name, lambda p: os.mkfifo(p)))):
        victim = tmp_path / label.replace(" ", "-")
        shutil.copytree(folder, victim)
        data = json.loads((victim / "manifest.json").read_text("utf-8"))
        attack(data, victim)
        (victim / "manifest.json").write_text(json.dumps(data), "utf-8")
        code, out = _cli_check(victim, capsys)
        assert code == 1, (kind, label, out)
        assert out.startswith("Error: ") and out.count("\n") == 1 and len(out) <= 201, out


def test_a_seal_across_a_read_boundary_is_found(tmp_path: Path) -> None:
    """Files are hashed a megabyte at a time; a seal straddling two reads still counts."""
    from spacebowl_print.core.userfiles import MB

    def document(subject: str) -> bytes:
        head = b"%PDF-1.4\n" + b"%" * (MB - 9 - 20)
        return head + subject.encode() + b"\n%%EOF\n"

    folder = tmp_path / "big"
    write_sealed(folder, {"game": "spacebowl", "title": "T", "puzzles": [{"id": "1"}]},
                 {"booklet.pdf": document})
    data = json.loads((folder / "manifest.json").read_text("utf-8"))
    assert check_files(data, folder) is None
