"""Solo title bands: six rising titles for a solo total, in English, French and German.

The bands (0–68, 69–75, 76–83, 84–91, 92–99, 100+) and the English titles are the rulebook's
(names of a game's ranks are facts of the game, printed as given); the French and German
titles are our translations, alliterating as the originals do (docs/hubble.md lists them).
The standard pad is calibrated so that the bands mean on our pad what they mean in the
rulebook, as nearly as a near-square pad allows.
"""

from __future__ import annotations

TITLE_FLOORS = (0, 69, 76, 84, 92, 100)
"""The lowest total of each title, rising."""

TITLES: dict[str, tuple[str, ...]] = {
    "en": ("Starry-Eyed Enthusiast", "Amateur Astronomer", "Capable Cosmologist",
           "Perceptive Planet-Hopper", "Stupendous Stargazer", "Amazing Astrophysicist"),
    "fr": ("Enthousiaste aux yeux étoilés", "Astronome amateur", "Cosmologue compétent",
           "Saute-planète perspicace", "Scrutateur stellaire stupéfiant",
           "Astrophysicien admirable"),
    "de": ("Sternäugiger Schwärmer", "Amateurastronom", "Kompetenter Kosmologe",
           "Pfiffiger Planetenhüpfer", "Sagenhafter Sterngucker",
           "Atemberaubender Astrophysiker"),
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
