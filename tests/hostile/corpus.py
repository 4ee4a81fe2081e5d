"""The hostile corpus: every reader of every game fed values of every type, depth and size,
as mutations of a valid document (so the value reaches deep fields, not only the first key
check). A reader must either read the value or refuse it with one :class:`InputError`; any
other exception is a failure.

Shared by ``tests/hostile/test_readers.py`` (a few hundred examples, in CI) and
``benchmarks/fuzz.py`` (thousands, nightly): :data:`CATEGORIES` maps a category name to a
function ``(examples) -> (cases run, failure lines)``.
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from collections.abc import Callable
from functools import cache
from typing import Any

from spacebowl_print.core.documents import check_bounds, loads_toml
from spacebowl_print.core.errors import InputError

Reader = Callable[[Any], object]

# --------------------------------------------------------------------------- hostile values

_HOSTILE_ATOMS: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 7, 12, 13, 40, 41, 999, 10**6, -(10**6), 2**31,
    2**63 - 1, 2**63, -(2**63), 10**30, 10**300, 0.5, -0.0, 1e308, 3.0,
    "", " ", "A1", "B2", "R", "RG", "RGB", "E5", "B3-C4", "tom", "dave", "neutral", "solar",
    "energy", "alien", "control", "drift", "jump", "place", "pass", "G", "P", "S", ".",
    "x" * 300, "\x00", "\x1b]0;pwn\x07", "\u202eevil", "é" * 50, "9" * 5000,
    [], {}, [[]], [{}], {"": None}, [None], [0, 0], [[0, 0]], ["A1"],
]


def hostile_value(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value: mostly atoms from a list of known troublemakers, sometimes
    containers (deep ones too)."""
    roll = rng.random()
    if roll < 0.7 or depth > 3:
        return copy.deepcopy(rng.choice(_HOSTILE_ATOMS))
    if roll < 0.8:
        width = rng.choice([1, 2, 3, 50])
        return [hostile_value(rng, depth + 1) for _ in range(width)]
    if roll < 0.9:
        keys = ["id", "at", "x", "", "cells", "rows", "cards", "name"]
        return {rng.choice(keys): hostile_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    deep: Any = rng.choice([0, "x", None])
    for _ in range(rng.choice([40, 500])):
        deep = [deep] if rng.random() < 0.5 else {"a": deep}
    return deep


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def mutate(valid: Any, rng: random.Random) -> Any:
    """A copy of ``valid`` with one to three places changed: a value replaced by a hostile
    one, a key removed or added, a list cut, doubled or made huge."""
    doc = copy.deepcopy(valid)
    for _ in range(rng.choice([1, 1, 2, 3])):
        paths = _paths(doc)
        path = rng.choice(paths)
        if not path:
            if rng.random() < 0.3:
                return hostile_value(rng)
            continue
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        action = rng.random()
        if action < 0.6:
            parent[last] = hostile_value(rng)
        elif action < 0.7 and isinstance(parent, dict):
            del parent[last]
        elif action < 0.8 and isinstance(parent, dict):
            parent[rng.choice(["extra", "", "id", "\x1b"])] = hostile_value(rng)
        elif isinstance(parent[last], list):
            items = parent[last]
            choice = rng.random()
            if choice < 0.3:
                del items[len(items) // 2:]
            elif choice < 0.6:
                items.extend(copy.deepcopy(items))
            elif items:
                items.extend(copy.deepcopy(items[-1]) for _ in range(rng.choice([100, 3000])))
        else:
            parent[last] = hostile_value(rng)
    return doc


def run_reader(reader: Reader, value: Any) -> str | None:
    """None when ``reader`` read ``value`` or refused it with one short :class:`InputError`
    (after the shared bounds check, as every file goes through it); else a failure line."""
    try:
        check_bounds(value)
        reader(value)
    except InputError as err:
        text = str(err)
        if "\n" in text or "\x1b" in text or "\x00" in text:
            return f"{type(reader).__name__}: unescaped message {text[:80]!r}"
        return None
    except Exception as err:
        tb = traceback.extract_tb(err.__traceback__)[-1]
        return f"{type(err).__name__}: {str(err)[:80]} at {tb.filename.split('/')[-1]}:{tb.lineno}"
    return None


# --------------------------------------------------------------------------- the readers


@cache
def _spacebowl() -> dict[str, tuple[Reader, Any]]:
    from spacebowl_print.games.spacebowl.model import (
        galaxy_from_json,
        parse_deck,
        puzzle_from_json,
        toss_from_json,
    )
    from spacebowl_print.games.spacebowl.model.deck_read import deck_from_data
    from spacebowl_print.games.spacebowl.model.shipped import deck_path
    from spacebowl_print.games.spacebowl.puzzles.verify import (
        MANIFEST_EXTRA_KEYS,
        verify_manifest_entry,
    )

    deck_text = deck_path("classic").read_text(encoding="utf-8")
    deck = parse_deck(deck_text, "classic.toml")
    letters = deck.letters
    galaxy = {"cards": [["RG", "B", "", "Y", "S"], ["P", "RY", "GB", "SP", "R"],
                        ["G", "Y", "B", "S", "P"], ["RS", "GP", "YB", "R", "G"],
                        ["B", "Y", "S", "P", "RG"]]}
    toss = {"destination": "B2", "marbles": {"R": "A1", "G": "B2"}, "black_hole": "C3"}
    puzzle = {"galaxy": galaxy, "toss": toss,
              "variants": {"rotation": False, "torus": True, "wild": "C3"}}
    entry = _spacebowl_entry()
    return {
        "galaxy.json": (lambda v: galaxy_from_json(v, letters), galaxy),
        "toss.json": (lambda v: toss_from_json(v, letters), toss),
        "solve case": (lambda v: puzzle_from_json(v, letters), puzzle),
        "deck.toml (decoded)": (lambda v: deck_from_data(v, "", None), loads_toml(deck_text)),
        "booklet entry": (lambda v: verify_manifest_entry({"deck": "classic"}, v), entry),
        "puzzle entry keys": (lambda v: puzzle_from_json(v, letters, MANIFEST_EXTRA_KEYS),
                              entry),
    }


def _spacebowl_entry() -> dict[str, Any]:
    from pathlib import Path

    here = Path(__file__).parent / "data" / "spacebowl-entry.json"
    data: dict[str, Any] = json.loads(here.read_text(encoding="utf-8"))
    return data


@cache
def _tomtube() -> dict[str, tuple[Reader, Any]]:
    from spacebowl_print.core.resources import decks_dir
    from spacebowl_print.games.tomtube.model import (
        move_from_json,
        position_from_json,
        tiles_from_toml,
    )
    from spacebowl_print.games.tomtube.model.tiles import tiles_from_mapping
    from spacebowl_print.games.tomtube.solve.puzzles import verify_entry

    text = (decks_dir() / "tomtube-tiles.toml").read_text(encoding="utf-8")
    tiles = tiles_from_toml(text, "tomtube-tiles.toml")
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "tomtube-entry.json")
                      .read_text(encoding="utf-8"))
    position = data["position"]
    return {
        "position.json": (lambda v: position_from_json(v, tiles), position),
        "move.json (place)": (move_from_json, {"kind": "place", "at": "B3-C4", "s1": "B4",
                                               "fill": [{"at": "A2-B2-B3", "tube": None}]}),
        "move.json (drift)": (move_from_json, {"kind": "drift", "to": "E5", "pay": "control"}),
        "tiles.toml (decoded)": (lambda v: tiles_from_mapping(v, "t.toml"),
                                 loads_toml(text)),
        "way-home entry": (lambda v: verify_entry(v, tiles), data),
    }


@cache
def _hubble() -> dict[str, tuple[Reader, Any]]:
    from pathlib import Path

    from spacebowl_print.games.hubble.model.challenge import (
        challenge_from_json,
        play_from_json,
    )
    from spacebowl_print.games.hubble.model.constellations import (
        constellations_from_data,
        load_constellation_set,
        shipped_set_path,
    )
    from spacebowl_print.games.hubble.model.pad import pad_from_json
    from spacebowl_print.games.hubble.solve.manifest import verify_entry

    cset = load_constellation_set()
    data = json.loads((Path(__file__).parent / "data" / "hubble-entry.json")
                      .read_text(encoding="utf-8"))
    challenge = challenge_from_json(data["challenge"], cset.names)
    pad = {"rows": ["G.P.", "SSAC", "..CC", "P.G."], "constellations": cset.names[:2], "fog": 1}
    set_text = shipped_set_path().read_text(encoding="utf-8")

    return {
        "pad.json": (lambda v: pad_from_json(v, cset.names), pad),
        "challenge.json": (lambda v: challenge_from_json(v, cset.names), data["challenge"]),
        "play.json": (lambda v: play_from_json(v, challenge.geometry), data["par"]["play"]),
        "constellations.toml (decoded)": (constellations_from_data, loads_toml(set_text)),
        "daily entry": (lambda v: verify_entry(v, cset), data),
    }


def readers() -> dict[str, tuple[Reader, Any]]:
    """Every reader of decoded values, by game and file: name → (reader, a valid value)."""
    out: dict[str, tuple[Reader, Any]] = {}
    for game, table in (("spacebowl", _spacebowl()), ("tomtube", _tomtube()),
                        ("hubble", _hubble())):
        for name, item in table.items():
            out[f"{game} {name}"] = item
    return out


def fuzz_readers(examples: int, seed: int = 0) -> tuple[int, list[str]]:
    """``examples`` mutations of each reader's valid value; (cases, failure lines)."""
    rng = random.Random(seed)
    failures: list[str] = []
    cases = 0
    for name, (reader, valid) in readers().items():
        assert run_reader(reader, valid) is None, name
        for _ in range(examples):
            value = mutate(valid, rng)
            cases += 1
            problem = run_reader(reader, value)
            if problem:
                failures.append(f"{name}: {problem}; value {json.dumps(value)[:160]}")
    return cases, failures


# --------------------------------------------------------------------------- text


_TEXT_INSERTS = ["[" * 3000, "{" * 40, "9" * 5000, "1e999", "NaN", "\x00", "\x1b[2J", "\u202e",
                 '"', "'", "\\", "\n", "]]", "= ", "[[cards]]\n", "#", "\ud800", "-0", "true"]


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` with a few characters changed, inserted, deleted or duplicated."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        k = rng.randrange(len(chars))
        action = rng.random()
        if action < 0.3:
            chars[k] = rng.choice(_TEXT_INSERTS)
        elif action < 0.5:
            chars.insert(k, rng.choice(_TEXT_INSERTS))
        elif action < 0.7:
            del chars[k: k + rng.randint(1, 40)]
        elif action < 0.85:
            chars[k:k] = chars[k: k + rng.randint(1, 200)]
        else:
            del chars[k:]
    return "".join(chars)


def fuzz_text(examples: int, seed: int = 0) -> tuple[int, list[str]]:
    """Every reader given mutated *text* (JSON or TOML), read the way files are read: through
    the shared bounded decoder, then the reader, errors located in the text."""
    import tomli_w

    from spacebowl_print.core.documents import parse

    rng = random.Random(seed)
    failures: list[str] = []
    cases = 0
    for name, (reader, valid) in readers().items():
        kind = "toml" if "toml" in name else "json"
        text = tomli_w.dumps(valid) if kind == "toml" else json.dumps(valid, indent=1)
        for _ in range(examples):
            bad = mutate_text(text, rng)
            cases += 1
            try:
                parse(bad, kind, "x").read(reader)  # type: ignore[arg-type]
            except InputError as err:
                shown = str(err)
                if any(c in shown for c in "\n\x1b\x00"):
                    failures.append(f"{name}: unescaped message {shown[:60]!r}")
            except Exception as err:
                tb = traceback.extract_tb(err.__traceback__)[-1]
                failures.append(f"{name}: {type(err).__name__}: {str(err)[:60]} at "
                                f"{tb.filename.split('/')[-1]}:{tb.lineno}; text {bad[:120]!r}")
    return cases, failures


# --------------------------------------------------------------------------- fonts

_FONT_CHILD = r"""
import io, random, resource, struct, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
from spacebowl_print.core.resources import fonts_dir
from spacebowl_print.render.fonts import FontFileError, check_font_data
from reportlab.pdfbase.ttfonts import TTFont
src = (fonts_dir() / "DejaVuSans.ttf").read_bytes()
count = struct.unpack(">H", src[4:6])[0]
tables = [struct.unpack(">4sLLL", src[12 + 16 * k: 28 + 16 * k]) for k in range(count)]
cmap = next(t for t in tables if t[0] == b"cmap")
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    rng = random.Random(seed)
    data = bytearray(src)
    _, _, off, length = cmap if rng.random() < 0.7 else rng.choice(tables)
    for _ in range(rng.randint(1, 6)):
        data[rng.randrange(off, off + length)] ^= 1 << rng.randrange(8)
    start = time.process_time()
    try:
        check_font_data(bytes(data))
        TTFont("F%d" % seed, io.BytesIO(bytes(data)))
        verdict = "read"
    except FontFileError:
        verdict = "refused"
    except MemoryError:
        verdict = "MEMORY"
    except Exception as err:
        verdict = "engine error " + type(err).__name__  # after the sanity pass: still one line
    print(seed, verdict, round(time.process_time() - start, 2), flush=True)
"""


def fuzz_fonts(examples: int, seed: int = 0) -> tuple[int, list[str]]:
    """DejaVu Sans with a few bits flipped (mostly in the character map), through the sanity
    pass and then the PDF engine, in a child process limited to 1.5 GB: none may run out of
    memory or take more than 20 CPU seconds."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _FONT_CHILD, str(seed), str(seed + examples)],
                          capture_output=True, text=True, timeout=60 * examples + 60)
    failures = []
    lines = done.stdout.split("\n")
    for line in filter(None, lines):
        number, verdict, *rest = line.split()
        if verdict == "MEMORY" or float(rest[-1]) > 20:
            failures.append(f"font seed {number}: {verdict} {rest[-1]} s")
    if done.returncode != 0:
        failures.append(f"font child ended with {done.returncode}: {done.stderr[-200:]}")
    return len(list(filter(None, lines))), failures


# --------------------------------------------------------------------------- folders


def fuzz_folders(examples: int, seed: int = 0) -> tuple[int, list[str]]:
    """Random pairs of the attacks of ``test_check_folder`` on a sealed folder: every one must
    be found (and none may hang the check)."""
    import shutil
    import tempfile
    from pathlib import Path

    from hostile.test_check_folder import ATTACKS, _check_with_timeout, _fake_pdf

    from spacebowl_print.publish.booklet import write_sealed

    rng = random.Random(seed)
    failures: list[str] = []
    names = sorted(ATTACKS)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        sealed = base / "sealed"
        write_sealed(sealed, {"game": "spacebowl", "title": "T", "puzzles": [{"id": "1"}]},
                     {"booklet.pdf": _fake_pdf("the book"), "answers.pdf": _fake_pdf("the a"),
                      "site/index.html": _fake_pdf("a page")})
        shutil.copy(sealed / "answers.pdf", base / "keep.pdf")
        for k in range(examples):
            picked = rng.sample(names, rng.choice([1, 2]))
            copy = base / f"c{k}"
            shutil.copytree(sealed, copy)
            data = json.loads((copy / "manifest.json").read_text("utf-8"))
            try:
                for name in picked:
                    ATTACKS[name][0](data, copy)
            except (OSError, KeyError):
                shutil.rmtree(copy, ignore_errors=True)
                continue  # two attacks on the same file may not combine
            (copy / "manifest.json").write_text(json.dumps(data), "utf-8")
            try:
                if _check_with_timeout(data, copy) is None:
                    failures.append(f"not found: {' + '.join(picked)}")
            except AssertionError as err:
                failures.append(f"{' + '.join(picked)}: {err}")
            shutil.rmtree(copy, ignore_errors=True)
    return examples, failures


CATEGORIES: dict[str, Callable[[int], tuple[int, list[str]]]] = {
    "folders attacked": lambda n: fuzz_folders(max(1, n // 10), seed=n),
    "readers: type, depth, size": lambda n: fuzz_readers(n // 10 or 1, seed=n),
    "files as text: JSON and TOML": lambda n: fuzz_text(n // 10 or 1, seed=n),
    "fonts with flipped bits": lambda n: fuzz_fonts(max(1, n // 20), seed=n),
}


def run_category(name: str, examples: int) -> tuple[int, list[str]]:
    """Run one category of the corpus with about ``examples`` cases."""
    return CATEGORIES[name](examples)
