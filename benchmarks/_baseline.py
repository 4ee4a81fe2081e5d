"""Shared by the benchmarks that time this checkout against a baseline revision (a module,
not a benchmark: the leading underscore keeps it out of the README's list)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def export(rev: str, into: Path) -> str:
    """The source tree of ``rev`` (a commit-ish) extracted into ``into``; its full hash."""
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], check=True,
                          capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", full], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return full


@contextmanager
def baseline_tree(rev: str | None) -> Iterator[tuple[Path, Path]]:
    """A scratch folder and, inside it, the source tree of ``rev`` (default: the merge-base
    of HEAD and main), its hash printed first; both removed afterwards."""
    base_rev = rev or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
        capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        base = tmp / "baseline"
        base.mkdir()
        print(f"baseline: {export(base_rev, base)[:12]} ({base_rev})")
        yield tmp, base


def env_for(src: Path) -> dict[str, str]:
    """The environment that runs ``spacebowl`` from the source tree ``src``."""
    return dict(os.environ, PYTHONPATH=str(src), SOURCE_DATE_EPOCH="1700000000")


def command(src: Path, args: list[str]) -> tuple[float, float]:
    """Run ``spacebowl ARGS`` from ``src``: (CPU seconds of the child, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "spacebowl_print", *args], check=True,
                   env=env_for(src), cwd=src, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall
