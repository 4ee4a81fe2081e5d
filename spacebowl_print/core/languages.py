"""The languages the project prints in, in one place: codes, names, checking and parsing a
``--lang`` value, and long dates for booklets."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from spacebowl_print.core.errors import InputError

LANGS: tuple[str, ...] = ("en", "fr", "de")
"""Every language any document exists in (a game may offer fewer, e.g. Tom Tube: en, de)."""


def check_lang(lang: str, supported: Sequence[str] = LANGS) -> str:
    """``lang`` (trimmed, lower-cased) if it is among ``supported``; else an
    :class:`InputError` at the field ``lang`` naming the accepted codes."""
    key = lang.strip().lower()
    if key not in supported:
        shown = lang if len(lang) <= 20 else lang[:17] + "..."
        raise InputError(f"unknown language {shown!r} (one of {', '.join(supported)})", "lang")
    return key


def split_langs(text: str) -> tuple[str, ...]:
    """A comma-separated list such as ``"en, FR"``: the distinct codes in the order given,
    trimmed and lower-cased (whether a game offers them is its request's check)."""
    out: list[str] = []
    for part in text.split(","):
        code = part.strip().lower()
        if code and code not in out:
            out.append(code)
    return tuple(out)


NBSP = "\u00a0"
_FR_BEFORE = re.compile(r" ([!?;:»])")
_FR_AFTER = re.compile(r"« ")


def french_spacing(text: str) -> str:
    """French typography: the space before ``! ? ; : »`` and after ``«`` becomes a no-break
    space, so « Go ! » never splits over two lines (template authors type plain spaces)."""
    return _FR_AFTER.sub("«" + NBSP, _FR_BEFORE.sub(NBSP + r"\1", text))


_DAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    "de": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
}
_MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
           "September", "Oktober", "November", "Dezember"],
}


def long_date(day: dt.date, lang: str) -> str:
    """``Friday 1 January 2027`` / ``vendredi 1er janvier 2027`` / ``Freitag, 1. Januar 2027``."""
    wd, month = _DAYS[lang][day.weekday()], _MONTHS[lang][day.month - 1]
    if lang == "de":
        return f"{wd}, {day.day}. {month} {day.year}"
    if lang == "fr":
        return f"{wd} {'1er' if day.day == 1 else day.day} {month} {day.year}"
    return f"{wd} {day.day} {month} {day.year}"
