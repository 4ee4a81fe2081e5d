"""Shared by the benchmarks that time this checkout against a baseline revision (a module,
not a benchmark: the leading underscore keeps it out of the README's list)."""

from __future__ import annotations

import subprocess
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
