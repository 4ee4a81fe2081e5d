"""The user documentation covers the tool and stays inside the repository.

Users get only a clone, so README.md and docs/*.md must name every command and every option
the ``spacebowl`` command offers (walked from the root group, lazy groups and every game's
group included), must not point outside the repository (no ../shared/spec, no web links, no
relative link to a file or heading that does not exist), and the README's set-up block, which
.ci/run executes line by line, must stay the first ```sh block with exactly two lines.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import click
import pytest

from spacebowl_print.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]

_FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_REF_DEF = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def _all_text() -> str:
    return "\n".join(_text(p) for p in PAGES)


def _prose(text: str) -> str:
    """``text`` without fenced blocks and inline code: what a reader sees as links."""
    return _CODE.sub("", _FENCE.sub("", text))


def _commands() -> list[tuple[str, click.Command, click.Context]]:
    """Every command reachable from the root group, as ("spacebowl deck check", command,
    context), lazy subcommands imported the way ``--help`` imports them."""
    out: list[tuple[str, click.Command, click.Context]] = []

    def walk(cmd: click.Command, ctx: click.Context) -> None:
        out.append((ctx.command_path, cmd, ctx))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None, f"{ctx.command_path} lists {name!r} but cannot load it"
                walk(sub, click.Context(sub, info_name=name, parent=ctx))

    walk(cli, click.Context(cli, info_name="spacebowl"))
    return out


COMMANDS = _commands()


def test_the_walk_reaches_every_game() -> None:
    paths = {path for path, _, _ in COMMANDS}
    for expected in ("spacebowl kit", "spacebowl deck check", "spacebowl deck design",
                     "spacebowl galaxy build", "spacebowl check", "spacebowl tomtube moves"):
        assert expected in paths
    assert len(paths) >= 20


@pytest.mark.parametrize("path", [p for p, _, _ in COMMANDS if p != "spacebowl"])
def test_every_command_is_documented(path: str) -> None:
    words = r"\s+".join(map(re.escape, path.split()))
    assert re.search(rf"(?<![\w-]){words}(?![\w-])", _all_text()), (
        f"`{path}` is not mentioned in README.md or docs/*.md")


def _options() -> list[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path, cmd, ctx in COMMANDS:
        for param in cmd.get_params(ctx):
            if isinstance(param, click.Option):
                for opt in (*param.opts, *param.secondary_opts):
                    found.add((path, opt))
    return sorted(found)


@pytest.mark.parametrize(("path", "option"), _options())
def test_every_option_is_documented(path: str, option: str) -> None:
    assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", _all_text()), (
        f"option {option} of `{path}` is not mentioned in README.md or docs/*.md")


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: link targets and backticks dropped, lower case,
    punctuation removed, spaces turned into hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    kept = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


@cache
def _anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _, heading in _HEADING.findall(_FENCE.sub("", _text(path))):
        slug = _slug(heading)
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return frozenset(out)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_links_stay_inside_the_repository(page: Path) -> None:
    text = _text(page)
    assert "shared/spec" not in text, f"{_rel(page)} points at the specs outside the repository"
    prose = _prose(text)
    assert "../shared" not in prose, f"{_rel(page)} points outside the repository"
    assert not re.search(r"\b(?:https?|ftp)://", prose), (
        f"{_rel(page)} links to the web; explain it here instead")
    targets = _LINK.findall(prose) + _REF_DEF.findall(prose)
    for target in targets:
        assert target, f"{_rel(page)}: an empty link"
        assert not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I), (
            f"{_rel(page)}: {target} leaves the repository")
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        assert dest.is_relative_to(ROOT), f"{_rel(page)}: {target} leaves the repository"
        assert dest.exists(), f"{_rel(page)}: {target} does not exist"
        if anchor and dest.suffix == ".md":
            assert anchor in _anchors(dest), (
                f"{_rel(page)}: {target}: no heading #{anchor} in {_rel(dest)}")


def test_the_docs_index_lists_every_page() -> None:
    index = _text(ROOT / "docs" / "README.md")
    for page in DOCS:
        if page.name != "README.md":
            assert f"({page.name})" in index, f"docs/README.md does not link {page.name}"


def _benchmarks() -> list[str]:
    """The benchmark scripts of the repository: those git tracks (a work-in-progress file
    is not yet the README's business), or every one when this is not a git checkout; a
    module they share (``_name.py``) is not a benchmark."""
    return [s for s in _tracked_benchmarks() if not Path(s).name.startswith("_")]


def _tracked_benchmarks() -> list[str]:
    try:
        listed = subprocess.run(["git", "ls-files", "benchmarks/*.py"], cwd=ROOT,
                                capture_output=True, text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("benchmarks/*.py"))
    return sorted(listed.stdout.split())


def test_every_benchmark_is_listed_in_the_readme() -> None:
    readme = _text(ROOT / "README.md")
    for script in _benchmarks():
        assert f"python {script}" in readme, f"README.md does not list {script}"
    for script in re.findall(r"python (benchmarks/\S+\.py)", readme):
        assert (ROOT / script).is_file(), f"README.md lists {script}, which does not exist"


def test_the_readme_set_up_block_is_the_first_sh_block_with_two_lines() -> None:
    # What .ci/run does: the lines between the first "```sh" line and the next "```" line.
    lines = _text(ROOT / "README.md").splitlines()
    start = lines.index("```sh")
    end = lines.index("```", start + 1)
    block = lines[start + 1:end]
    assert len(block) == 2, block
    assert block[0].startswith("pip install -c requirements-lock.txt . && spacebowl kit")
    assert block[1].endswith("python -m pytest")
