"""Solving pars in several processes gives the very same booklet as solving them in one."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from spacebowl_print.cli.main import cli


def test_jobs_do_not_change_the_booklet(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        result = CliRunner().invoke(cli, ["hubble", "booklet", "--days", "2", "--jobs", jobs,
                                          "-q", "-o", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out)
    for name in ("booklet.pdf", "manifest.json"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name
