"""The hostile corpus, round three (issue 27): forged folder records, an interrupt at every
line of the writers, user texts of every kind, manifests changed after they were written,
pictures too large to decode, mistyped command names, picture work beyond one run, and caps
under every command name. Each category is a function ``(examples) -> (cases run, failure
lines)`` of :data:`hostile.corpus.CATEGORIES`, run nightly by ``benchmarks/fuzz.py``; the
cases the CI runs are in the ``tests/hostile/test_*`` files."""

from __future__ import annotations

import copy
import json
import random
import traceback
from typing import Any

from hostile.corpus import mutate

# --------------------------------------------------------------------------- folder records

_USER_FILES = ["notes.pdf", "thesis.docx", "svg/mine.svg", ".bashrc", "photo.png", "kit.pdf",
               "png/bleed/card-001.png", "Notes.PDF"]


def _forge(record: dict[str, Any], name: str, data: bytes, rng: random.Random) -> Any:
    """``record`` (a real one, as a dict) made to claim the user's file ``name`` (holding
    ``data``) some way short of its true digest and size, and/or mutated at random."""
    from spacebowl_print.publish.manifest import file_record

    files = record["files"]
    how = rng.randrange(6)
    if how == 0:
        record["files"] = sorted([*files, name])  # the earlier shape: names only
    elif how == 1:
        files[name] = {"sha256": "0" * 64, "bytes": len(data)}
    elif how == 2:
        files[name] = dict(rng.choice(list(files.values())))  # another file's digest
    elif how == 3:
        files[name] = {**file_record(data), "bytes": len(data) + rng.choice([-1, 1, 4096])}
    elif how == 4:
        files[name] = {**file_record(data + b"x")}
    if rng.random() < 0.4 or how == 5:
        return mutate(record, rng)
    return record


def fuzz_records(examples: int, seed: int = 0) -> tuple[int, list[str]]:
    """Real output folders with a file of the user's added, their record forged to claim it
    (:func:`_forge`): deciding whether to replace the folder must never raise, and must never
    allow it while the user's file is there, except by the rule for folders whose record
    proves nothing (no digests): ``--force``, and only names spacebowl writes."""
    import shutil
    import tempfile
    from pathlib import Path

    from spacebowl_print.core.folders import (
        MARKER,
        OUTPUT_NAME,
        SUBFOLDER_NAME,
        replace_problem,
        write_folder,
    )

    rng = random.Random(seed)
    failures: list[str] = []
    ours = {"kit.pdf": b"%PDF kit", "cards.pdf": b"%PDF cards", "svg/card-001.svg": b"<svg/>",
            "png/bleed/card-001.png": b"\x89PNG"}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "kit"
        write_folder(base, ours, kind="spacebowl kit")
        real = json.loads((base / MARKER).read_text("utf-8"))
        for k in range(examples):
            out = Path(tmp) / f"o{k}"
            shutil.copytree(base, out)
            name = rng.choice(_USER_FILES)
            data = rng.randbytes(rng.choice([0, 5, 300]))
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(data)
            forged = _forge(copy.deepcopy(real), name, data, rng)
            try:
                text = json.dumps(forged)
            except (TypeError, ValueError):
                continue
            (out / MARKER).write_text(text, "utf-8")
            named_like_ours = OUTPUT_NAME.fullmatch(name.rsplit("/", 1)[-1]) and all(
                SUBFOLDER_NAME.fullmatch(p) for p in name.split("/")[:-1])
            undigested = isinstance(forged, dict) and isinstance(forged.get("files"), list)
            for kind, force in (("spacebowl kit", False), ("spacebowl kit", True),
                                ("hubble kit", True)):
                try:
                    problem = replace_problem(out, kind, force)
                except Exception as err:
                    tb = traceback.extract_tb(err.__traceback__)[-1]
                    failures.append(f"{type(err).__name__}: {str(err)[:60]} at "
                                    f"{tb.filename.split('/')[-1]}:{tb.lineno}; {text[:120]}")
                    break
                if problem is None and not (force and undigested and named_like_ours):
                    failures.append(f"{name} would be replaced ({kind}, force={force}); "
                                    f"record {text[:160]}")
                    break
                if problem is not None and ("\n" in problem or len(problem) > 300):
                    failures.append(f"not one short line: {problem[:80]!r}")
            shutil.rmtree(out, ignore_errors=True)
    return examples, failures


# --------------------------------------------------------------------------- interrupts


def fuzz_interrupts(step: int = 1) -> tuple[int, list[str]]:
    """SIGTERM at every line the writers run (:func:`hostile.trials.interrupt_sweep`), for a
    folder replacing an earlier one, a new folder and a file; fsync skipped (what is left is
    the question, not durability)."""
    import tempfile
    from pathlib import Path

    from hostile import trials

    from spacebowl_print.core import files, folders, temps

    saved = (folders.fsync_path, files.fsync_path, temps.fsync_path, folders._fsync_tree)
    folders.fsync_path = files.fsync_path = temps.fsync_path = (  # type: ignore[assignment]
        lambda *a, **k: None)
    folders._fsync_tree = lambda folder: None  # type: ignore[assignment]
    runs, failures = 0, []
    try:
        for what in ("folder", "new folder", "file"):
            with tempfile.TemporaryDirectory() as tmp:
                n, failed = trials.interrupt_sweep(Path(tmp), what, step)
                runs += n
                failures += failed
    finally:
        folders.fsync_path, files.fsync_path, temps.fsync_path, folders._fsync_tree = saved
    return runs, failures




def records_category(n: int) -> tuple[int, list[str]]:
    """Item 3: forged records (:func:`fuzz_records`)."""
    return fuzz_records(max(1, n // 10), seed=n)


def interrupts_category(n: int) -> tuple[int, list[str]]:
    """Item 7: SIGTERM at every line of the writers (:func:`fuzz_interrupts`)."""
    return fuzz_interrupts(1)


def _failure(what: str, err: BaseException, shown: str) -> str:
    tb = traceback.extract_tb(err.__traceback__)[-1]
    return (f"{what}: {type(err).__name__}: {str(err)[:60]} at "
            f"{tb.filename.split('/')[-1]}:{tb.lineno}; input {shown[:120]}")


# --------------------------------------------------------------------------- user texts

_TEXT_PIECES = ["a", "Z", " ", "\n", "\r", "\r\n", "\t", "é", "Ω", "Ж", "½", "🚀", "中",
                "\u061c", "\x00", "\x1b", "\x7f", "\x85", "\x9b", "\u202e", "\u2028",
                "\ud800", "\ufeff", "\u00ad", "\U000e0001", '"', "\\", "]]", "'''"]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_TEXT_PIECES) for _ in range(rng.choice([0, 1, 3, 8, 40])))


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (the controls TOML requires escaped, and lone
    surrogates, which TOML then refuses)."""
    def escape(ch: str) -> str:
        code = ord(ch)
        if ch in '"\\' or code < 0x20 or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            return f"\\u{code:04X}"
        return ch
    return '"' + "".join(map(escape, text)) + '"'


def texts_category(n: int, seed: int = 0) -> tuple[int, list[str]]:
    """Items 4, 10, 11: random texts as a book's title and blurb (and blurb file), a card's
    title and text (deck TOML and CSV) and a constellation card's name. Each is refused with
    one :class:`InputError` of one line, or taken: then it holds no control character and no
    lone surrogate, and every character is one the font draws."""
    import tempfile
    from pathlib import Path

    from spacebowl_print.core.errors import InputError
    from spacebowl_print.core.resources import decks_dir
    from spacebowl_print.core.texts import is_user_text
    from spacebowl_print.games.hubble.model.constellations import (
        constellations_from_data,
        load_constellation_set,
        set_to_dict,
    )
    from spacebowl_print.games.spacebowl.model import parse_deck
    from spacebowl_print.games.spacebowl.model.csvdeck import parse_cards_csv
    from spacebowl_print.publish.bookinfo import BookInfo, read_blurb
    from spacebowl_print.render.fonts import undrawable

    base = (decks_dir() / "classic.toml").read_text("utf-8")
    first = base.index("[[cards]]")
    end = base.index("\n", base.index("planets", first))
    cards = set_to_dict(load_constellation_set())["constellations"]

    def deck(field: str, text: str) -> str:
        return parse_deck(base[:end] + f"\n{field} = {toml_string(text)}\n", "d.toml"
                          ).cards[0].__getattribute__(field)

    def csv(field: str, text: str) -> str:
        """Through ``deck import`` as it runs: the cell read, then the deck written and read
        back (where the font is checked)."""
        cell = '"' + text.replace('"', '""') + '"'
        got = parse_cards_csv(f"id,planets,{field}\n1,RG,{cell}\n", "c.csv", "RYGSBP")
        card = got.cards[0]
        value = str(getattr(card, field))
        return deck(field, value) if value else value

    def constellation(text: str) -> str:
        data = {"name": "t", "constellations": [{**cards[0], "name": text}, *cards[1:]]}
        return constellations_from_data(data).names[0]

    rng = random.Random(seed)
    failures: list[str] = []
    cases = 0
    with tempfile.TemporaryDirectory() as tmp:
        blurb = Path(tmp) / "blurb.txt"

        def blurb_file(text: str) -> str:
            blurb.write_bytes(text.encode("utf-8", "surrogatepass"))
            return read_blurb(blurb)

        readers = {
            "book title": lambda t: BookInfo(title=t).checked().title,
            "blurb": lambda t: BookInfo(blurb=t).checked().blurb,
            "blurb file": blurb_file,
            "card title": lambda t: deck("title", t),
            "card text": lambda t: deck("text", t),
            "csv title": lambda t: csv("title", t),
            "csv text": lambda t: csv("text", t),
            "constellation name": constellation,
        }
        for _ in range(max(1, n // 10)):
            text = _text(rng)
            for what, read in readers.items():
                cases += 1
                try:
                    taken = read(text)
                except InputError as err:
                    if "\n" in str(err):
                        failures.append(f"{what}: not one line: {str(err)[:80]!r}")
                    continue
                except Exception as err:
                    failures.append(_failure(what, err, repr(text)))
                    continue
                if not is_user_text(taken.replace("\n", " ")) or undrawable(taken) is not None:
                    failures.append(f"{what}: took {taken!r} from {text!r}")
    return cases, failures


# --------------------------------------------------------------------------- manifests


_MADE: dict[str, Any] = {}


def _made() -> dict[str, dict[str, Any]]:
    """Real manifests (made once a process): a Hubble classroom set and booklet, a Space Bowl
    print-on-demand book and classroom set."""
    if not _MADE:
        import tempfile
        from pathlib import Path

        from spacebowl_print.cli.main import run

        with tempfile.TemporaryDirectory() as tmp:
            for name, args in {
                "hubble classroom": ["hubble", "classroom", "--students", "2", "--puzzles", "1"],
                "hubble booklet": ["hubble", "booklet", "--days", "2", "--jobs", "1"],
                "spacebowl pod": ["booklet", "--days", "4", "--trim", "6x9in", "--jobs", "1"],
                "spacebowl classroom": ["classroom", "--students", "2", "--puzzles", "2"],
            }.items():
                out = Path(tmp) / name.replace(" ", "-")
                if run([*args, "-q", "-o", str(out)]) != 0:
                    raise RuntimeError(f"{name} could not be made")
                _MADE[name] = json.loads((out / "manifest.json").read_text("utf-8"))
    return _MADE


def _targeted(data: dict[str, Any], rng: random.Random) -> str:
    """``data`` changed, in place, in one way that changes an answer or what it depends on;
    returns what was done."""
    entry = rng.choice(data["puzzles"])
    if data["game"] == "hubble":
        how = rng.choice(["roll", "roll", "card", "set", "digest", "schedule"])
        if how == "roll":
            roll = rng.choice(entry["challenge"]["rolls"])
            field = rng.choice(["quadrants", "icons", "third"] if roll["third"] else
                               ["quadrants", "icons"])
            if field == "quadrants":
                roll[field] = rng.choice([[roll[field][1], roll[field][0]],
                                          [roll[field][0], next(c for c in (
                                              "red", "yellow", "green", "blue")
                                              if c not in roll[field])]])
            elif field == "icons":
                k = rng.randrange(2)
                roll[field][k] = rng.choice([f for f in "GPACS." if f != roll[field][k]])
            else:
                roll[field] = rng.choice([f for f in "GPACS." if f != roll[field]])
            return f"{entry['id']} {field}"
        if how == "card":
            names = data["constellations"]["cards"]
            dealt = entry["challenge"]["constellations"]
            entry["challenge"]["constellations"] = [rng.choice(
                [c["name"] for c in names if c["name"] not in dealt]), dealt[1]]
            return f"{entry['id']} dealt card"
        if how == "set":
            card = rng.choice(data["constellations"]["cards"])
            card["value"] = card["value"] % 9 + 1
            return "a constellation card's value"
        if how == "digest":
            data["constellations"]["sha256"] = f"{rng.getrandbits(256):064x}"
            return "the set's digest"
    else:
        how = rng.choice(["tier", "tier", "schedule"])
        if how == "tier":
            entry["tier"] = rng.choice([t for t in range(1, 6) if t != entry["tier"]])
            return f"{entry['id']} tier"
    k = rng.randrange(len(data["puzzles"]))
    change = rng.choice(["drop", "swap", "redate"])
    if change == "drop":
        data["puzzles"].pop(k)
    elif change == "swap":
        data["puzzles"].reverse()
    else:
        data["puzzles"][k]["id"] = "1999-12-31"
    return f"schedule: {change}"


def manifests_category(n: int, seed: int = 0) -> tuple[int, list[str]]:
    """Items 5 and 12: real manifests, resealed after a change that touches an answer or
    what it depends on (a roll, a dealt card, a constellation card or digest, a tier, the
    schedule), must fail ``check --answers-only`` with status 1; after a random hostile
    mutation (:func:`hostile.corpus.mutate`) it must end in one line, never a traceback."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    from spacebowl_print.cli.main import run
    from spacebowl_print.publish.manifest import seal_of

    rng = random.Random(seed)
    made = _made()
    failures: list[str] = []
    cases = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "manifest.json"
        for _ in range(max(1, n // 10)):
            name = rng.choice(sorted(made))
            data = copy.deepcopy(made[name])
            targeted = rng.random() < 0.7
            what = _targeted(data, rng) if targeted else "random mutation"
            if not targeted:
                data = mutate(data, rng)
            if isinstance(data, dict):
                data["seal"] = seal_of({k: v for k, v in data.items() if k != "seal"})
            try:
                text = json.dumps(data)
            except (TypeError, ValueError):
                continue
            path.write_text(text, "utf-8")
            err = io.StringIO()
            cases += 1
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = run(["check", "--answers-only", str(path)])
            shown = err.getvalue()
            if "Traceback" in shown or shown.count("\n") > 1:
                failures.append(f"{name}, {what}: not one line: {shown[-160:]!r}")
            elif targeted and code != 1:
                failures.append(f"{name}, {what}: exit {code}, {shown.strip()[:120]!r}")
    return cases, failures


# --------------------------------------------------------------------------- pictures


def _png(width: int, height: int, rng: random.Random) -> bytes:
    """A PNG whose header says ``width`` × ``height`` (its pixels a few bytes of zlib: a
    file small on disk that claims to be huge)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    mode = rng.choice([(1, 0), (8, 0), (8, 2)])
    header = struct.pack(">IIBBBBB", width, height, *mode, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rng.randrange(1, 5000))))
            + chunk(b"IEND", b""))


def pictures_category(n: int, seed: int = 0) -> tuple[int, list[str]]:
    """Item 8: pictures (PNG, and PNG inside SVG) whose headers claim up to billions of
    pixels: each is read or refused with one :class:`PictureError`, and no library warning
    escapes (warnings are errors here)."""
    import base64
    import warnings

    from spacebowl_print.render.images import PictureError, picture_from_bytes

    rng = random.Random(seed)
    failures: list[str] = []
    sides = [1, 7, 640, 8_000, 9_500, 12_000, 13_500, 20_000, 65_535, 2**31 - 1]
    cases = 0
    for _ in range(max(1, n // 10)):
        w, h = rng.choice(sides), rng.choice(sides)
        data = _png(w, h, rng)
        if rng.random() < 0.5:
            data = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/'
                    f'1999/xlink" width="10" height="10"><image width="10" height="10" '
                    f'xlink:href="data:image/png;base64,{base64.b64encode(data).decode()}"/>'
                    "</svg>").encode()
        cases += 1
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                picture_from_bytes(data)
            except PictureError as err:
                if "\n" in str(err):
                    failures.append(f"{w}×{h}: not one line: {str(err)[:80]!r}")
            except Exception as err:
                failures.append(_failure(f"{w}×{h}", err, repr(data[:40])))
    return cases, failures


# --------------------------------------------------------------------------- typos


def _typo(word: str, rng: random.Random) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    chars = list(word)
    for _ in range(rng.choice([1, 1, 2])):
        k = rng.randrange(len(chars))
        action = rng.randrange(4)
        if action == 0 and len(chars) > 1:
            del chars[k]
        elif action == 1:
            chars.insert(k, rng.choice(letters))
        elif action == 2:
            chars[k] = rng.choice(letters)
        elif k + 1 < len(chars):
            chars[k], chars[k + 1] = chars[k + 1], chars[k]
    return "".join(chars)


def typos_category(n: int, seed: int = 0) -> tuple[int, list[str]]:
    """Item 9: command names with one or two letters wrong, at the top and in the games'
    groups: one line, exit status 2, and a suggestion whenever a name is close (as
    ``difflib`` judges it, click's rule for options)."""
    import contextlib
    import difflib
    import io

    from spacebowl_print.cli.main import cli, run

    rng = random.Random(seed)
    groups: dict[tuple[str, ...], list[str]] = {(): cli.list_commands(None)}  # type: ignore[arg-type]
    for game in ("hubble", "tomtube", "deck"):
        import click

        group = cli.get_command(click.Context(cli), game)
        if isinstance(group, click.Group):
            groups[(game,)] = group.list_commands(click.Context(group))
    failures: list[str] = []
    cases = 0
    for _ in range(max(1, n // 10)):
        prefix = rng.choice(sorted(groups))
        names = groups[prefix]
        typo = _typo(rng.choice(names), rng)
        if typo in names or not typo:
            continue
        cases += 1
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = run([*prefix, typo])
        shown = err.getvalue()
        close = difflib.get_close_matches(typo, names)
        if code != 2 or shown.count("\n") != 1:
            failures.append(f"{' '.join([*prefix, typo])}: exit {code}, {shown[-120:]!r}")
        elif close and ("Did you mean" not in shown or f"'{close[0]}'" not in shown):
            failures.append(f"{' '.join([*prefix, typo])}: no suggestion of {close[0]!r}")
    return cases, failures


# --------------------------------------------------------------------------- picture work


def raster_category(n: int, seed: int = 0) -> tuple[int, list[str]]:
    """Item 4: ``--png`` work for random decks (1 to 1,000 cards of random sizes) at random
    resolutions: refused exactly when beyond :data:`MAX_RASTER_PIXELS`, and the resolution
    the refusal offers fits."""
    import re
    from dataclasses import dataclass

    from spacebowl_print.core.errors import InputError
    from spacebowl_print.publish.raster import (
        MAX_RASTER_PIXELS,
        check_raster_work,
        raster_pixels,
    )

    @dataclass(frozen=True)
    class Item:
        id: int
        width: float
        height: float

        def draw(self, canvas: Any) -> None:
            pass

    rng = random.Random(seed)
    failures: list[str] = []
    for _ in range(max(1, n // 10)):
        w, h = rng.uniform(20, 150), rng.uniform(20, 150)
        fronts = [Item(k, w, h) for k in range(1, rng.randint(1, 1000) + 1)]
        back, dpi = Item(0, w, h), rng.randint(72, 1200)
        pixels = raster_pixels(fronts, back, 3.0, dpi)
        try:
            check_raster_work(fronts, back, 3.0, dpi)
            if pixels > MAX_RASTER_PIXELS:
                failures.append(f"{len(fronts)} items {w:.0f}×{h:.0f} at {dpi}: not refused")
        except InputError as err:
            fits = re.search(r"--dpi (\d+) or less", str(err))
            if pixels <= MAX_RASTER_PIXELS or fits is None:
                failures.append(f"{len(fronts)} items at {dpi}: refused: {err}")
            elif raster_pixels(fronts, back, 3.0, int(fits.group(1))) > MAX_RASTER_PIXELS \
                    and int(fits.group(1)) > 72:
                failures.append(f"{len(fronts)} items: --dpi {fits.group(1)} does not fit")
    return max(1, n // 10), failures


# --------------------------------------------------------------------------- caps


def caps_category(n: int) -> tuple[int, list[str]]:
    """Item 4: every cap on the work one run does, under every name of its command (the
    older names too): one past it is refused in one line within seconds."""
    import subprocess
    import sys
    import tempfile

    cases = {
        "booklet --days 3661": ["booklet", "--days", "3661"],
        "hubble booklet --days 1001": ["hubble", "booklet", "--days", "1001"],
        "hubble daily --days 1001": ["hubble", "daily", "--days", "1001"],
        "tomtube booklet --days 1001": ["tomtube", "booklet", "--days", "1001"],
        "tomtube puzzles --count 1001": ["tomtube", "puzzles", "--count", "1001"],
        "tomtube web --days 1001": ["tomtube", "web", "--days", "1001"],
        "hubble classroom 501 students": ["hubble", "classroom", "--students", "501",
                                          "--puzzles", "1"],
        "tomtube classroom 1001 puzzles": ["tomtube", "classroom", "--students", "50",
                                           "--puzzles", "21"],
    }
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in cases.items():
            proc = subprocess.Popen([sys.executable, "-m", "spacebowl_print", *args, "-q",
                                     "-o", f"{tmp}/o"], stderr=subprocess.PIPE, text=True)
            try:
                _, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
                failures.append(f"{name}: still running after 10 s")
                continue
            if proc.returncode != 2 or err.count("\n") != 1:
                failures.append(f"{name}: exit {proc.returncode}, {err[-120:]!r}")
    return len(cases), failures
