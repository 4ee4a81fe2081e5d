"""Manifests of any game: the shared header, and checking every entry with the game's own
independent ``verify``. Knows no game rules."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.paths import kind_of, os_cause
from spacebowl_print.core.records import MARKER, RecordError, read_record
from spacebowl_print.core.userfiles import DATA_LIMIT, iter_user_chunks, read_user_bytes
from spacebowl_print.publish.schedule import recorded_schedule

Verify = Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]


def iter_entries(manifest: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(id, entry) for every puzzle of a manifest; a malformed manifest is an InputError."""
    if not isinstance(manifest, dict) or not isinstance(manifest.get("puzzles"), list):
        raise InputError("a manifest is an object with a \"puzzles\" list", "puzzles")
    for k, entry in enumerate(manifest["puzzles"]):
        if not isinstance(entry, dict):
            raise InputError("must be an object", f"puzzles[{k}]")
        yield str(entry.get("id", f"#{k + 1}")), entry


def header_of(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest without its puzzles (title, game, deck, seed, …)."""
    return {k: v for k, v in manifest.items() if k != "puzzles"}


def check_entries(manifest: Any, verify: Verify) -> tuple[int, str | None]:
    """(puzzles checked, first problem as "puzzle ID: …" or None)."""
    header = header_of(manifest) if isinstance(manifest, dict) else {}
    count = 0
    for k, (pid, entry) in enumerate(iter_entries(manifest)):
        count += 1
        try:
            problem = verify(header, entry)
        except InputError as err:
            raise err.within(f"puzzles[{k}] ({pid})") from None
        if problem:
            return count, f"puzzle {pid}: {problem}"
    return count, None


# --------------------------------------------------------------------------- sealing
# A manifest and the folder it lies in prove each other (docs/formats.md, "The seal"):
#
# * the *content digest* is the SHA-256 of the manifest's content (everything but "files"
#   and "seal"); every PDF carries it in its Subject, every HTML page in a <meta>, so editing,
#   removing or duplicating a puzzle, an answer or a header field no longer matches them;
# * "files" records every other file of the folder, name → {"sha256", "bytes"};
# * "seal" is the SHA-256 of the whole manifest but "seal" itself: it covers the content
#   *and* the file list with its digests, so no record can be dropped, added or changed;
# * `spacebowl check` then proves the folder: every regular file in it is recorded and
#   matches, none is missing, and anything else there (a link, a FIFO, a device, a folder
#   no recorded file lies in) is refused. Each file is read only up to its recorded size.
#
# It is an integrity seal, not a signature: it finds any change made without recomputing the
# hashes (accidents, a careless edit, a file swapped or dropped); anyone who knows the format
# can recompute them all, as anyone can rebuild the booklet from its seed.

SEAL_PREFIX = "manifest-sha256:"
_SEAL = re.compile(rb"manifest-sha256:([0-9a-f]{64})")
_HEX = re.compile(r"[0-9a-f]{64}")
_NAME_PART = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}")

MAX_FILES = 4000
"""Most files a manifest may record (a 3,660-day web site has 3,661 pages)."""

MAX_FILE_BYTES = 1 << 30
"""Largest recorded file size ``check`` reads (1 GiB; a 365-day booklet is about 5 MB)."""

MAX_TOTAL_BYTES = 4 << 30
"""Most bytes ``check`` reads from one folder, all files together (4 GiB; a 3,660-day web
site is about 400 MB): with the per-file cap, its work is bounded by what a folder of ours
can hold, not by what a manifest claims (4,000 files of 1 GiB would be 4 TB)."""


def _canonical(obj: Mapping[str, Any], leave_out: tuple[str, ...]) -> str:
    body = {k: v for k, v in obj.items() if k not in leave_out}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def content_digest(manifest: Mapping[str, Any]) -> str:
    """SHA-256 of a manifest's canonical JSON, its ``files`` record and ``seal`` left out:
    what every PDF and HTML page of the folder carries."""
    return _canonical(manifest, ("files", "seal"))


def seal_of(manifest: Mapping[str, Any]) -> str:
    """SHA-256 of a manifest's canonical JSON with everything but ``seal``: its content and
    its file list with the files' digests and sizes."""
    return _canonical(manifest, ("seal",))


def seal_subject(manifest: Mapping[str, Any]) -> str:
    """The PDF Subject (or HTML ``<meta>``) that ties a document to ``manifest``."""
    return SEAL_PREFIX + content_digest(manifest)


def file_digest(data: bytes) -> str:
    """SHA-256 of a file's bytes, lower-case hex."""
    return hashlib.sha256(data).hexdigest()


def file_record(data: bytes) -> dict[str, Any]:
    """What ``files`` records of one file: its SHA-256 and its size in bytes."""
    return {"sha256": file_digest(data), "bytes": len(data)}


def sealed(manifest: Mapping[str, Any], files: Mapping[str, bytes]) -> dict[str, Any]:
    """``manifest`` with ``files`` (every file written beside it, by relative name) recorded
    and the ``seal`` over it all, last. The files must already carry
    :func:`seal_subject` of ``manifest`` where they are PDFs or HTML pages."""
    body = {k: v for k, v in manifest.items() if k not in ("files", "seal")}
    body["files"] = {name: file_record(data) for name, data in sorted(files.items())}
    body["seal"] = seal_of(body)
    return body


def _file_problem(name: object, record: object) -> str | None:
    """Why a ``files`` entry is malformed, or None."""
    shown = show(name)
    if not isinstance(name, str) or not all(_NAME_PART.fullmatch(p) for p in name.split("/")):
        return (f"files: {shown} is not a file name of ours (lower-case letters, digits, "
                "'.', '_', '-'; '/' between folders)")
    if name.count("/") > 3:
        return f"files: {shown} lies too deep"
    if (not isinstance(record, dict) or set(record) != {"sha256", "bytes"}
            or not isinstance(record["sha256"], str) or not _HEX.fullmatch(record["sha256"])
            or not isinstance(record["bytes"], int) or isinstance(record["bytes"], bool)
            or not 0 <= record["bytes"] <= MAX_FILE_BYTES):
        return (f"files: {shown} must be recorded as {{\"sha256\": 64 hex digits, \"bytes\": "
                f"0 to {MAX_FILE_BYTES}}}")
    return None


def check_seal(manifest: Mapping[str, Any]) -> str | None:
    """Why the manifest's ``files`` record or ``seal`` is not sound, or None: the record lists
    at least one and at most :data:`MAX_FILES` well-formed entries, and the seal matches the
    manifest (nothing in it changed since it was written)."""
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        return "the manifest records no file hashes, so it cannot prove its booklet"
    if len(files) > MAX_FILES:
        return f"files: {len(files)} files recorded, at most {MAX_FILES}"
    for name, record in files.items():
        problem = _file_problem(name, record)
        if problem:
            return problem
    total = sum(record["bytes"] for record in files.values())
    if total > MAX_TOTAL_BYTES:
        return (f"files: {total:,} bytes recorded in all, more than any output of ours holds "
                f"(check reads at most {MAX_TOTAL_BYTES:,})")
    seal = manifest.get("seal")
    if not isinstance(seal, str) or not _HEX.fullmatch(seal):
        return ("the manifest has no seal (a \"seal\" of 64 hex digits), so its file list "
                "cannot be trusted")
    if seal != seal_of(manifest):
        return ("the manifest's seal does not match: its content or its file list was "
                "changed after it was written")
    return None


def check_files(manifest: Mapping[str, Any], folder: Path, manifest_name: str = "manifest.json"
                ) -> str | None:
    """Why the folder beside a manifest is not the one it describes, or None.

    The seal must hold (:func:`check_seal`); every regular file in ``folder`` (the manifest
    ``manifest_name`` aside) must be recorded, at any depth; every recorded file must be
    there, a regular file (not a link, not sparse) of the recorded size and SHA-256, read no
    further than that size; every PDF and HTML page among them must carry this manifest's
    content digest and no other; the folder's record of what wrote it
    (:data:`~spacebowl_print.core.records.MARKER`), when the manifest does not list it, must
    record exactly these files and the manifest, with their digests (:func:`_record_problem`);
    and nothing else may be in the folder: a symbolic link, a FIFO, a device, a socket, or a
    folder that holds no recorded file is refused by name.
    """
    problem = check_seal(manifest)
    if problem:
        return problem
    files: Mapping[str, Mapping[str, Any]] = manifest["files"]
    problem = _check_listing(folder, set(files), manifest_name)
    if problem:
        return problem
    digest = content_digest(manifest).encode("ascii")
    for name, record in files.items():
        try:
            sha, seals = _scan(folder / name, record["bytes"], name.endswith((".pdf", ".html")))
        except InputError as err:
            return f"{name}: {err.message}"
        if sha != record["sha256"]:
            return f"{name} is not the file this manifest describes (its SHA-256 differs)"
        if seals is not None and seals != {digest}:
            return (f"{name} was made for another manifest: the puzzles, their answers or "
                    f"the header were changed after the booklet was written")
    if MARKER not in files and os.path.lexists(folder / MARKER):
        return _record_problem(manifest, folder, manifest_name)
    return None


def _record_problem(manifest: Mapping[str, Any], folder: Path, manifest_name: str
                    ) -> str | None:
    """Why the folder's record of what wrote it does not prove the folder the manifest
    describes, or None: it must be a record spacebowl writes, of the manifest's game, listing
    exactly the recorded files with the manifest's digests and sizes, and the manifest itself
    with its own (the record is written after the manifest, so the seal cannot cover it)."""
    try:
        record = read_record(folder)
        data = read_user_bytes(folder / manifest_name, DATA_LIMIT, follow_links=False)
    except RecordError as err:
        return f"{MARKER} is not a record spacebowl wrote ({err})"
    except InputError as err:
        return f"{manifest_name}: {err.message}"
    game = manifest.get("game", "spacebowl")
    if record is None or record.files is None or not record.kind.startswith(f"{game} "):
        return f"{MARKER} does not record this {show(game)} folder and its digests"
    want = {name: (r["sha256"], r["bytes"]) for name, r in manifest["files"].items()}
    want[manifest_name] = (file_digest(data), len(data))
    if dict(record.files) != want:
        differs = sorted(set(want) ^ set(record.files)) or sorted(
            n for n in want if want[n] != record.files[n])
        return (f"{MARKER} does not record the folder the manifest describes "
                f"({show(differs[0])} differs)")
    return None


def _scan(path: Path, size: int, sealed: bool) -> tuple[str, set[bytes] | None]:
    """The SHA-256 of a regular file of exactly ``size`` bytes (links and sparse files
    refused), read a chunk at a time, and, when ``sealed``, every content digest it
    carries."""
    sha = hashlib.sha256()
    seals: set[bytes] = set()
    tail = b""
    for chunk in iter_user_chunks(path, MAX_FILE_BYTES, follow_links=False, exact_size=size,
                                  solid=True):
        sha.update(chunk)
        if sealed:
            window = tail + chunk  # a seal may straddle two chunks
            seals.update(_SEAL.findall(window))
            tail = window[-(len(SEAL_PREFIX) + 63):]
    return sha.hexdigest(), (seals if sealed else None)


def _check_listing(folder: Path, recorded: set[str], manifest_name: str) -> str | None:
    """Why the entries of ``folder`` (at any depth, links not followed) are not exactly the
    recorded files and the folders holding them, or None."""
    folders = {"/".join(name.split("/")[:k]) for name in recorded
               for k in range(1, name.count("/") + 1)}
    missing = set(recorded)
    stack = [""]
    seen = 0
    while stack:
        rel = stack.pop()
        here = folder / rel if rel else folder
        try:
            entries = sorted(os.listdir(here))
        except OSError as err:
            return f"{rel or folder.name or '.'}: cannot be listed ({os_cause(err)})"
        for entry in entries:
            seen += 1
            if seen > MAX_FILES + 100:
                return f"the folder holds more than {MAX_FILES + 100} entries"
            name = f"{rel}/{entry}" if rel else entry
            shown = show(name)
            try:
                mode = os.lstat(here / entry).st_mode
            except OSError as err:
                return f"{shown}: {os_cause(err)}"
            if stat.S_ISDIR(mode):
                if name not in folders:
                    return f"{shown}: a folder the manifest does not record"
                stack.append(name)
            elif stat.S_ISREG(mode):
                if name in recorded:
                    missing.discard(name)
                elif not (name in (manifest_name, MARKER) and not rel):
                    return (f"{shown} is in the folder but not in the manifest's file list "
                            "(added, renamed, or its record removed)")
            else:
                what = "a symbolic link" if stat.S_ISLNK(mode) else kind_of(mode)
                return f"{shown} is {what}: the folder may hold only the files it records"
    if missing:
        return f"{show(sorted(missing)[0])} is missing from the folder"
    return None


def check_structure(manifest: Any) -> str | None:
    """Why a manifest's puzzle list cannot be a booklet's, or None: at least one puzzle, every
    id a non-empty string used once, and (:func:`check_schedule`) exactly the ids, in order,
    that its recorded options and seed make."""
    puzzles = manifest.get("puzzles") if isinstance(manifest, dict) else None
    if not isinstance(puzzles, list):
        return None  # iter_entries reports the shape
    if not puzzles:
        return "the manifest lists no puzzles"
    seen: set[str] = set()
    for k, entry in enumerate(puzzles):
        pid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(pid, str) or not pid:
            return f"puzzles[{k}]: id must be a non-empty string"
        if pid in seen:
            return f"puzzle {pid[:40]}: id used twice"
        seen.add(pid)
    return check_schedule(manifest)


def check_schedule(manifest: Mapping[str, Any]) -> str | None:
    """Why the manifest's puzzle ids are not the schedule its header records, or None: the
    ids, in order, must be exactly those its ``options`` and seed make
    (:func:`~spacebowl_print.publish.schedule.recorded_schedule`: the dates from the start, a
    classroom set's codes, which must be the seed's), so no puzzle was dropped, added,
    moved or re-dated; each game's verifier then proves the entry against its slot (its
    tier, what the seed dealt). A manifest from before options were recorded (no ``tool``)
    has no schedule to prove; one that records its tool must record its options. Malformed
    options are an :class:`InputError`."""
    header = header_of(manifest)
    schedule = recorded_schedule(header)
    if schedule is None:
        if "tool" in header:
            return ("the manifest records no options, so its puzzles' dates and tiers cannot "
                    "be proved")
        return None
    order, problem = schedule
    if problem:
        return problem
    ids = [entry["id"] for entry in manifest["puzzles"]]
    if ids == order:
        return None
    options = header.get("options")
    if isinstance(options, Mapping) and options.get("undated") is True:
        # an undated book prints its puzzles easy to hard by the tier each recorded: the
        # slots' ids, each once, in an order of non-decreasing tiers
        tiers = [entry.get("tier") for entry in manifest["puzzles"]]
        if sorted(ids) != sorted(order):
            return (f"the manifest's puzzles are not the {len(order)} its options and seed "
                    "make (a puzzle dropped, added or renamed)")
        if any(not isinstance(t, int) for t in tiers) or tiers != sorted(tiers):
            return "an undated book's puzzles must run from easy to hard (tiers in order)"
        return None
    for k, (got, want) in enumerate(zip(ids, order, strict=False)):
        if got != want:
            return (f"puzzles[{k}]: id {show(got)}, where the options and seed make "
                    f"{show(want)} (a puzzle dropped, added, moved or re-dated)")
    return (f"the manifest lists {len(ids)} puzzles, its options make {len(order)} (a puzzle "
            "dropped or added)")
