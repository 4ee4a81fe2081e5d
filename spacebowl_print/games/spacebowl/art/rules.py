"""Space Bowl's rule summaries: the jinja2 templates ``templates/spacebowl/rules-<lang>.md.j2``
rendered with the deck and a *computed* worked example, then set by the generic flow layout
(:mod:`spacebowl_print.render.flow`) with two figures of our own: ``[[planets]]`` (the deck's
planets) and ``[[toss_example|caption|caption]]`` (a toss and the galaxy it points at).

:func:`worked_example` plays two rounds through :func:`rules.scoring.score_round` and the
templates only print its numbers, so the summary can never disagree with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.languages import check_lang, french_spacing
from spacebowl_print.core.templates import (
    escape_markup,
    signed,
    template_environment,
)
from spacebowl_print.games.spacebowl.art.minigalaxy import SPACE_NUMBERS, draw_toss
from spacebowl_print.games.spacebowl.art.sheetframe import draw_planet
from spacebowl_print.games.spacebowl.art.texts import LANGS
from spacebowl_print.games.spacebowl.model import (
    Deck,
    Galaxy,
    Planet,
    Pos,
    Toss,
    Variants,
    cell_name,
    parse_cell,
    parse_space,
)
from spacebowl_print.games.spacebowl.rules import reference
from spacebowl_print.games.spacebowl.rules.scoring import (
    ROUNDS,
    START_SCORE,
    WIN_SCORE,
    Play,
    score_round,
)
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, Page, Style
from spacebowl_print.render.flow import DocStyle, Figure, Frag, document_pages
from spacebowl_print.render.fonts import line_height, text_width, wrap
from spacebowl_print.render.furniture import GREY, INK

__all__ = ["figures", "rules_context", "rules_pages", "rules_text",
           "scoring_checks", "signed", "toss_example", "worked_example"]


@dataclass(frozen=True)
class _Act:
    """One player's part in an example round (``concurred`` is story only: scoring does not
    need it, the text does)."""

    name: str
    card: str | None = None
    go: bool = False
    concurred: bool = False
    doom: bool = False
    red: bool = False
    wild: bool = False


_START = {"Ana": 6, "Ben": 4, "Cleo": 2, "Dan": 1}
_ROUNDS: tuple[tuple[tuple[str, ...], tuple[_Act, ...]], ...] = (
    # Round 1: a Go! round. Ana finds C4 alone; Ben concurs and needs the Wild token for B2;
    # Cleo concurs on a wrong card; Dan does nothing.
    (("C4", "B2"),
     (_Act("Ana", "C4", go=True), _Act("Ben", "B2", concurred=True, wild=True),
      _Act("Cleo", "E1", concurred=True), _Act("Dan"))),
    # Round 2: Dan calls doom and Cleo joins him, yet Ana keeps searching and finds D2; Ben
    # points at a wrong card. Dan's and Cleo's scores show the floor at 0.
    (("D2",),
     (_Act("Ana", "D2"), _Act("Ben", "A5"), _Act("Cleo", red=True), _Act("Dan", doom=True))),
)


def _pos(name: str) -> Pos:
    return parse_cell(name, 26, 26)


def worked_example() -> dict[str, Any]:
    """Two example rounds scored by :func:`score_round`, as plain data for the templates.

    ``{"start": {name: score}, "rounds": [{"valid": [cell…], "found": bool,
    "captain": name, "taken": cell | None, "players": [{"name", "card", "valid", "alone",
    "go", "concurred", "doom", "red", "wild", "before", "delta", "after", "floored",
    "rows": [(label, points)…]}…]}…]}`` — every number comes from the scoring engine; the
    row labels are the engine's (the templates translate them).
    """
    scores = dict(_START)
    rounds: list[dict[str, Any]] = []
    for valid_names, acts in _ROUNDS:
        valid = {_pos(v) for v in valid_names}
        plays = [Play(a.name, _pos(a.card) if a.card else None, go_caller=a.go,
                      doom_caller=a.doom, red_button=a.red, used_wild=a.wild) for a in acts]
        result = score_round(plays, valid, scores)
        players = []
        for a in acts:
            rows = list(result.lines[a.name])
            players.append({
                "name": a.name, "card": a.card, "go": a.go, "concurred": a.concurred,
                "doom": a.doom, "red": a.red or a.doom, "wild": a.wild,
                "valid": a.card is not None and _pos(a.card) in valid,
                "alone": any(label == "no one else chose it" for label, _ in rows),
                "before": scores[a.name], "delta": result.deltas[a.name],
                "after": result.scores[a.name],
                "floored": result.scores[a.name] != scores[a.name] + result.deltas[a.name],
                "rows": rows,
            })
        rounds.append({
            "valid": list(valid_names), "found": result.found, "captain": result.captain,
            "taken": cell_name(result.taken_card) if result.taken_card else None,
            "players": players,
        })
        scores = dict(result.scores)
    return {"start": dict(_START), "rounds": rounds}


# The spec's two worked checks of the scoring table (space-bowl.md, "A round" 3), both found
# rounds: (a) a Go! caller alone on a valid card, another player alone on another valid
# card, a player on a wrong card; (b) the doom caller, a player who joined the doom call, a
# player who kept searching and is alone on a valid card.
_CHECKS: dict[str, tuple[tuple[str, ...], tuple[_Act, ...]]] = {
    "a": (("A1", "C1"), (_Act("P1", "A1", go=True), _Act("P2", "C1", concurred=True),
                         _Act("P3", "E1", concurred=True))),
    "b": (("A1",), (_Act("P1", doom=True), _Act("P2", red=True), _Act("P3", "A1"))),
}


def scoring_checks() -> dict[str, list[int]]:
    """The points of each player of the spec's two worked checks, scored by
    :func:`score_round` (players start on 4, so no floor): ``{"a": [P1, P2, P3], "b": […]}``.
    """
    out: dict[str, list[int]] = {}
    for key, (valid_names, acts) in _CHECKS.items():
        valid = {_pos(v) for v in valid_names}
        plays = [Play(a.name, _pos(a.card) if a.card else None, go_caller=a.go,
                      doom_caller=a.doom, red_button=a.red, used_wild=a.wild) for a in acts]
        result = score_round(plays, valid, {a.name: START_SCORE for a in acts})
        out[key] = [result.deltas[a.name] for a in acts]
    return out


# ---------------------------------------------------------------- the toss example
# A 5×5 galaxy written with planet *indices* (0–5, the deck's planet order), so the example
# works with any deck. The toss: disc on B2, planets 0 and 2 together on A1, planet 1 on C2.
_TOSS_GALAXY = (
    ("1", "3", "4", "02", "5"),
    ("45", "1", "02", "3", "14"),
    ("024", "5", "1", "4", "15"),
    ("3", "0", "45", "13", "2"),
    ("12", "4", "03", "5", "01"),
)
_TOSS_DESTINATION = "B2"
_TOSS_MARBLES: dict[int, str] = {0: "A1", 2: "A1", 1: "C2"}


def toss_example(deck: Deck) -> dict[str, Any]:
    """A toss on a small galaxy, solved by the reference engine, as plain data.

    ``{"galaxy": [[letters…]…], "destination": "B2", "spaces": [{"space", "planets": [name…],
    "letters"}…], "solutions": [cell…], "checks": [{"space", "cell", "planets": [name…]}…]}``
    — ``checks`` says, for the first solution, which galaxy card each marble space lies on.
    """
    letters = deck.letters
    galaxy = Galaxy.from_strings([["".join(letters[int(i)] for i in cell) for cell in row]
                                  for row in _TOSS_GALAXY])
    marbles = {letters[i]: parse_space(space) for i, space in _TOSS_MARBLES.items()}
    toss = Toss(parse_space(_TOSS_DESTINATION), marbles)
    solutions = reference.solve(galaxy, toss, Variants())
    by_space: dict[Pos, list[str]] = {}
    for letter, space in marbles.items():
        by_space.setdefault(space, []).append(letter)
    spaces = [{"space": cell_name(sp), "letters": deck.ordered(ls),
               "planets": [deck.planet(x).name for x in deck.ordered(ls)]}
              for sp, ls in sorted(by_space.items())]
    checks = []
    if solutions:
        first = solutions[0].cell
        for sp, ls in sorted(by_space.items()):
            under = reference.covered_cell(galaxy, first, toss.destination, sp, 0, False)
            checks.append({"space": cell_name(sp), "cell": cell_name(under) if under else None,
                           "planets": [deck.planet(x).name for x in deck.ordered(ls)]})
    return {
        "galaxy": [[deck.ordered(c or "") for c in row] for row in galaxy.cells],
        "destination": _TOSS_DESTINATION, "spaces": spaces,
        "solutions": [cell_name(sol.cell) for sol in solutions], "checks": checks,
    }


def rules_context(deck: Deck, lang: str = "en") -> dict[str, Any]:
    """What every rules template receives: the deck, the game's constants, the example.

    Text the user wrote (the deck title, planet names) arrives escaped
    (:func:`core.templates.escape_markup`), so it prints exactly as typed."""
    toss = toss_example(deck)
    # the text names the toss's spaces by the numbers printed on them (1–9), like the booklets
    toss["destination"] = SPACE_NUMBERS[parse_space(toss["destination"])]
    for part in (*toss["spaces"], *toss["checks"]):
        part["planets"] = [escape_markup(name) for name in part["planets"]]
        part["space"] = SPACE_NUMBERS[parse_space(part["space"])]
    return {
        "deck": {"title": escape_markup(deck.title), "cards": len(deck.cards),
                 "planets": [{"id": p.id, "name": escape_markup(p.name),
                              "fact": escape_markup(p.fact(lang) or "")}
                             for p in deck.planets]},
        "n": {"start": START_SCORE, "win": WIN_SCORE, "rounds": ROUNDS, "galaxy": 5,
              "big_galaxy": 6, "deck": ROUNDS, "countdown": 10, "players_min": 2,
              "players_max": 8, "void": 3},
        "ex": worked_example(),
        "checks": scoring_checks(),
        "toss": toss,
    }


def rules_text(lang: str, deck: Deck) -> str:
    """The rule summary in ``lang`` as Markdown-subset text (see the module docstring).

    ``ValueError`` for a language without a template; jinja2 errors (a missing variable is
    an error, never an empty string) propagate.
    """
    lang = check_lang(lang)
    if lang not in LANGS:
        raise ValueError(f"no rule summary in {lang!r} (one of {', '.join(LANGS)})")
    template = template_environment().get_template(f"spacebowl/rules-{lang}.md.j2")
    text = template.render(**rules_context(deck, lang))
    return french_spacing(text) if lang == "fr" else text


def _planet_frag(planets: Sequence[Planet], st: DocStyle) -> Frag:
    """The deck's planets as a row of small discs with names: a long name is shrunk to 6 pt
    at most, then wrapped (a deck's names are the user's; no text goes under 6 pt)."""
    pitch = st.col_w / max(1, len(planets))
    names = []
    for p in planets:
        size = max(6.0, min(6.5, 6.5 * (pitch - 1)
                            / max(1e-6, text_width(p.name, 6.5, "regular"))))
        names.append((size, wrap(p.name, pitch - 1, size)))
    extra = max(len(lines) for _, lines in names) - 1 if names else 0
    height = 13.0 + extra * line_height(6.0)

    def paint(canvas: Canvas, x: float, y: float) -> None:
        for i, (p, (size, lines)) in enumerate(zip(planets, names, strict=True)):
            cx = x + pitch * (i + 0.5)
            draw_planet(canvas, p, cx, y - 4.5, 3.6, st.ink_saver)
            for k, line in enumerate(lines):
                canvas.text(cx, y - 11.0 - k * line_height(size), line, size, "regular", INK,
                            "middle")

    return Frag(height, paint, 0.5)


_PURPLE = "#7B3FA0"
"""The valid card(s) and the box's window in the toss example."""
_GAP = 0.9
"""Between the galaxy's cards (mm)."""


def _toss_frag(deck: Deck, st: DocStyle, captions: Sequence[str]) -> Frag:
    """The toss example as a figure: the Ship Computer with the toss on the left, the galaxy
    on the right with the valid card(s) framed and, around the first, the 3×3 window of the
    box laid on it (all from :func:`toss_example`). ``captions``: the two figure titles."""
    data = toss_example(deck)
    galaxy: list[list[str]] = data["galaxy"]
    rows, cols = len(galaxy), len(galaxy[0])
    ship_s = 8.5
    left = 3 * ship_s + 8.0
    card_w = (st.col_w - left - 4.0 - (cols - 1) * _GAP) / cols
    card_h = card_w * 88 / 63
    titles = [*captions, "", ""]
    # The toss's title is wrapped over the narrow column, never shrunk (no text under 6 pt).
    toss_title = wrap(titles[0], left - 2.0, 7.0, "bold")
    head = 4.5 + max(0, len(toss_title) - 1) * line_height(7.0)
    height = head + 3.5 + rows * (card_h + _GAP) + 1.0
    # The cards under the marble spaces when the box lies on the first valid card: tinted.
    covered = {c["cell"] for c in data["checks"]}

    def paint(canvas: Canvas, x: float, y: float) -> None:
        for k, line in enumerate(toss_title):
            canvas.text(x, y - 3.0 - k * line_height(7.0), line, 7.0, "bold", INK, "start")
        canvas.text(x + left + 4.0, y - 3.0, titles[1], 7.0, "bold", INK, "start")
        # The Ship Computer and the toss.
        top = y - head - 3.5
        # the same drawing as the puzzle booklets: spaces numbered 1–9, pieces by shape
        dest = parse_space(data["destination"])
        marbles = {letter: parse_space(item["space"])
                   for item in data["spaces"] for letter in item["letters"]}
        draw_toss(canvas, deck, Toss(dest, marbles), x,
                  top - 3 * ship_s, 3 * ship_s, "")
        # The galaxy.
        gx = x + left + 4.0
        valid = [parse_cell(v, rows, cols) for v in data["solutions"]]
        _galaxy_cards(canvas, deck, st, galaxy, (gx, top, card_w, card_h), covered, valid)
        if valid:
            # The box laid on the first valid card: its 3×3 window, dashed.
            v = valid[0]
            r0, c0 = v.row - dest.row, v.col - dest.col
            wx = gx + c0 * (card_w + _GAP) - 0.5
            wy = top - (r0 + 3) * (card_h + _GAP) + _GAP - 0.5
            canvas.rect(wx, wy, 3 * card_w + 2 * _GAP + 1.0, 3 * card_h + 2 * _GAP + 1.0,
                        Style(stroke=_PURPLE, width=0.45, dash=(1.2, 0.8)), radius=1.2)

    return Frag(height, paint, 2.0, keep_with_next=True)


def _galaxy_cards(canvas: Canvas, deck: Deck, st: DocStyle, galaxy: list[list[str]],
                  box: tuple[float, float, float, float], covered: set[str],
                  valid: list[Pos]) -> None:
    """The toss example's galaxy with its column letters and row numbers: ``box`` is (left,
    top, card width, card height); ``covered`` cards tinted, ``valid`` ones framed."""
    gx, gtop, card_w, card_h = box
    rows, cols = len(galaxy), len(galaxy[0])
    for c in range(cols):
        canvas.text(gx + c * (card_w + _GAP) + card_w / 2, gtop + 1.0, chr(65 + c), 6.0,
                    "bold", GREY, "middle")
    for r in range(rows):
        canvas.text(gx - 1.5, gtop - r * (card_h + _GAP) - card_h / 2 - 0.8, str(r + 1),
                    6.0, "bold", GREY, "end")
        for c in range(cols):
            cx0 = gx + c * (card_w + _GAP)
            cy0 = gtop - r * (card_h + _GAP) - card_h
            on = Pos(r, c) in valid
            fill = (None if st.ink_saver else
                    "#FFF3C4" if cell_name(Pos(r, c)) in covered else "#FBFBFB")
            canvas.rect(cx0, cy0, card_w, card_h,
                        Style(fill=fill,
                              stroke=_PURPLE if on else GREY, width=0.8 if on else 0.25),
                        radius=0.8)
            letters = galaxy[r][c]
            for k, letter in enumerate(letters):
                row_k, col_k = divmod(k, 2)
                in_row = min(2, len(letters) - row_k * 2)
                px = cx0 + card_w / 2 + (col_k - (in_row - 1) / 2) * 3.6
                py = cy0 + card_h - 3.0 - row_k * 3.7
                draw_planet(canvas, deck.planet(letter), px, py, 1.35, st.ink_saver)


def rules_pages(ctx: RenderContext, deck: Deck) -> list[Page]:
    """The rule summary in ``ctx.lang`` (``"en"``, ``"fr"`` or ``"de"``) on ``ctx.paper``
    (``"a4"`` or ``"letter"``): two columns, headings, wrapped paragraphs and lists, the
    scoring table as a drawn table and a worked example computed by :func:`score_round`; two
    pages for the shipped templates (more only if a template grows). ``ctx.ink_saver`` drops
    the tinted backgrounds. ``ValueError`` for an unknown language or paper."""
    return document_pages(rules_text(ctx.lang, deck), ctx.paper, ctx.ink_saver, figures(deck))


def figures(deck: Deck) -> dict[str, Figure]:
    """The figures Space Bowl documents may ask for: ``[[planets]]`` and
    ``[[toss_example|caption|caption]]``."""
    return {
        "planets": lambda block, st: _planet_frag(deck.planets, st),
        "toss_example": lambda block, st: _toss_frag(deck, st, block.rows[0] if block.rows else []),
    }
