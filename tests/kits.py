"""Kits made the way the product makes them: through the ``kit`` command the registry builds
(options parsed into a request once, then ``build_kit``), in-process."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from spacebowl_print.cli.main import cli


def make_kit(game: str, out: Path, *args: str) -> str:
    """Run ``spacebowl [GAME] kit ARGS -q -o OUT`` and return its output (stderr included);
    the run must succeed. ``game`` is ``spacebowl`` for the flagship's top-level command."""
    prefix = [] if game == "spacebowl" else [game]
    result = CliRunner().invoke(cli, [*prefix, "kit", *args, "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return result.output


__all__ = ["make_kit"]
