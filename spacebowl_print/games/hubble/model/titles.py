"""Solo title bands: six rising titles for a solo total, in English, French and German.

The bands (0–68, 69–75, 76–83, 84–91, 92–99, 100+) are the seed game's; the pad size is
calibrated so that they mean the same on our pad. The wording is ours.
"""

from __future__ import annotations

TITLE_FLOORS = (0, 69, 76, 84, 92, 100)
"""The lowest total of each title, rising."""

TITLES: dict[str, tuple[str, ...]] = {
    "en": ("Cloud Watcher", "Backyard Stargazer", "Comet Chaser", "Nebula Navigator",
           "Deep-Sky Voyager", "Keeper of the Lens"),
    "fr": ("Guetteur de nuages", "Astronome du jardin", "Chasseur de comètes",
           "Navigateur des nébuleuses", "Voyageur du ciel profond", "Gardien de la lentille"),
    "de": ("Wolkengucker", "Gartenastronom", "Kometenjäger", "Nebelnavigator",
           "Tiefenraumreisender", "Hüter der Linse"),
}
LANGUAGES = tuple(TITLES)


def title_band(total: int) -> int:
    """The band (0 to 5) of a solo ``total``; negative totals cannot happen and count as 0."""
    band = 0
    for i, floor in enumerate(TITLE_FLOORS):
        if total >= floor:
            band = i
    return band


def title_for(total: int, lang: str = "en") -> str:
    """The title a solo ``total`` earns, in ``lang`` (en, fr or de)."""
    if lang not in TITLES:
        raise ValueError(f"no titles in {lang!r} (have {', '.join(LANGUAGES)})")
    return TITLES[lang][title_band(total)]


def band_label(band: int) -> str:
    """The totals of ``band`` as printed: ``"76–83"``, ``"100+"``."""
    lo = TITLE_FLOORS[band]
    return f"{lo}+" if band == len(TITLE_FLOORS) - 1 else f"{lo}–{TITLE_FLOORS[band + 1] - 1}"
