"""The jinja2 environment every document template renders with (rule summaries, booklet
introductions of any game), its filters, and language typography applied to the result."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from spacebowl_print.core.resources import templates_dir


def signed(n: int) -> str:
    """``+3``, ``−1`` (a true minus sign), ``0``."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


_MARKUP = re.compile(r"([\\*|\[\]#>%`_])")


def escape_markup(text: object) -> str:
    """User text (a deck title, a planet name) made inert in the Markdown subset: every
    character that could start markup is backslash-escaped and line breaks become spaces, so
    it prints exactly as typed and can never add a heading, a table cell or bold text."""
    flat = " ".join(str(text).split())
    return _MARKUP.sub(r"\\\1", flat)


def template_environment() -> Environment:
    """The jinja2 environment over ``templates/`` (strict undefined: a missing variable is an
    error, never an empty string), with the ``signed`` and ``md`` (:func:`escape_markup`)
    filters. Template names include their folder: ``spacebowl/rules-en.md.j2``."""
    env = Environment(loader=FileSystemLoader(str(templates_dir())), autoescape=False,
                      undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["signed"] = signed
    env.filters["md"] = escape_markup
    return env


def html_environment(own: Path | None = None) -> Environment:
    """The jinja2 environment for HTML templates (``*.html.j2``): every ``{{ }}`` is
    HTML-escaped unless marked safe (inline SVG we drew ourselves). ``own`` is a folder of a
    game's own templates (a game from another package), searched first; its templates may
    extend the shipped ones."""
    folders = ([str(own)] if own is not None else []) + [str(templates_dir())]
    env = Environment(loader=FileSystemLoader(folders),
                      autoescape=select_autoescape(["html.j2", "html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env

