"""Tom Tube's words agree across what is printed: the web page teaches the alien exchange as
the rulebook gives it (at any moment of one's own turn), and German says "Sphäre" as the
rule summary does, never "Kugel", and "Raute", never "Rhombus"."""

from __future__ import annotations

from spacebowl_print.core.resources import templates_dir
from spacebowl_print.games.tomtube.art.texts import LANGS, words


def test_the_web_page_teaches_the_alien_exchange() -> None:
    from spacebowl_print.games.tomtube.puzzles.kind import PUZZLES
    from spacebowl_print.publish.kinds import RenderContext

    en = " ".join(PUZZLES.web_howto(RenderContext(lang="en")))
    de = " ".join(PUZZLES.web_howto(RenderContext(lang="de")))
    assert "alien counter may be traded at any moment of your turn" in en
    assert "Alienmarker darf jederzeit im eigenen Zug" in de


def test_german_names_a_sphere_as_the_rule_summary_does() -> None:
    rules = (templates_dir() / "tomtube" / "rules-de.md.j2").read_text(encoding="utf-8")
    assert "Sphäre" in rules and "Kugel" not in rules
    assert "Raute" in rules and "Rhombus" not in rules
    assert "de" in LANGS
    for key, text in words("de").items():
        assert "Kugel" not in text and "Rhombus" not in text, key
