"""Manifests of any game: the shared header, and checking every entry with the game's own
independent ``verify``. Knows no game rules."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError

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
# A manifest and the PDFs beside it prove each other: every PDF carries the SHA-256 of the
# manifest's content (everything but "files") in its Subject, and the manifest's "files"
# records every PDF's SHA-256. Editing, removing or duplicating a puzzle changes the content
# hash, which no longer matches the PDFs; editing a PDF changes its own hash.

SEAL_PREFIX = "manifest-sha256:"
_SEAL = re.compile(rb"manifest-sha256:([0-9a-f]{64})")


def content_digest(manifest: Mapping[str, Any]) -> str:
    """SHA-256 of a manifest's canonical JSON, its ``files`` record left out."""
    body = {k: v for k, v in manifest.items() if k != "files"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal_subject(manifest: Mapping[str, Any]) -> str:
    """The PDF Subject that ties a PDF to ``manifest``."""
    return SEAL_PREFIX + content_digest(manifest)


def file_digest(data: bytes) -> str:
    """SHA-256 of a file's bytes, as recorded in ``files``."""
    return hashlib.sha256(data).hexdigest()


def check_files(manifest: Mapping[str, Any], folder: Path) -> str | None:
    """Why the files beside a manifest are not the ones it describes, or None: every file in
    ``files`` exists with the recorded SHA-256, and every PDF or HTML page among them carries
    this manifest's content digest."""
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        return "the manifest records no file hashes, so it cannot prove its booklet"
    digest = content_digest(manifest)
    for name, recorded in files.items():
        path = folder / str(name)
        if Path(str(name)).name != name:
            return f"files: {str(name)[:40]!r} is not a plain file name"
        try:
            data = path.read_bytes()
        except OSError as err:
            return f"{name}: {err.strerror or 'cannot be read'}"
        if file_digest(data) != recorded:
            return f"{name} is not the file this manifest describes (its SHA-256 differs)"
        if name.endswith((".pdf", ".html")):
            seals = set(_SEAL.findall(data))
            if seals != {digest.encode("ascii")}:
                return (f"{name} was made for another manifest: the puzzles, their answers or "
                        f"the header were changed after the booklet was written")
    return None


def check_structure(manifest: Any) -> str | None:
    """Why a manifest's puzzle list cannot be a booklet's, or None: at least one puzzle, every
    id a non-empty string used once."""
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
    return None
