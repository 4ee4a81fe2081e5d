"""The words Tom Tube's printed pieces use, in the game's two languages (English, German).
Longer texts (rule summaries, the booklet introduction) are jinja2 templates in
``templates/tomtube/``."""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang

LANGS: tuple[str, ...] = ("en", "de")
"""Tom Tube prints in English and German (the seed game's two languages)."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "game": "Tom Tube",
        "brand": "Tom Tube · print-and-play",
        "board": "Board",
        "board_sub": "Side-4 hexagon, edges {edge:g} mm — tiles fit exactly",
        "board_note": "Knot names (A1…I5) sit under the tiles. Modules: a base (start and "
                      "goal) and two solar modules per player.",
        "base": "base",
        "solar": "solar",
        "counters": "Counters",
        "counters_sub": "4 solar, 24 energy, 8 control, 6 alien — fronts left, backs right",
        "counters_note": "Fold along the dotted line, glue the halves together, then cut along "
                         "the solid lines.",
        "astronauts": "Astronauts",
        "astronauts_sub": "Fold-over standees: Tom round, Dave square",
        "astronauts_note": "Cut along the solid line. Fold at the helmet, glue the two halves "
                           "back to back (not the feet), fold the feet outwards to stand.",
        "solar_n": "solar ×{n} · 5 points",
        "energy_n": "energy ×{n} · 1 point",
        "control_n": "control ×{n} · 2 points",
        "alien_n": "alien ×{n} · 5 points",
        "fold": "fold",
        "glue": "glue",
        "tom": "Tom",
        "dave": "Dave",
        "legend": "Tubes",
        "legend_tom": "Tom (orange, dots)",
        "legend_dave": "Dave (blue, rungs)",
        "legend_neutral": "neutral (grey, stripes)",
        "rules": "Rule summary",
        "puzzle": "Puzzle",
        "answers": "Answers",
        "tier": "tier",
        "page": "page",
        "code": "code",
        "booklet_title": "Tom Tube — the way home",
        "booklet_sub": "{n} puzzles, each proved by the engine: the fewest moves home",
        "seed_line": "seed {seed}",
        "to_move": "{player} to move",
        "question": "{player} to move, alone ({other} stays put). Fewest moves home to "
                    "{base} holding both solar counters?",
        "holds": "{player} holds: {energy} energy · {control} control · {alien} alien · "
                 "{solar} solar",
        "stock": "Stock: {energy} energy · {control} control · {alien} alien",
        "your_answer": "Your answer:",
        "example": "Worked example (a ★ puzzle and its answer)",
        "moves_word": "moves",
        "moves_n": "{n} moves",
        "moves_n_one": "1 move",
        "decoys_n": "{n} tempting first moves",
        "decoys_n_one": "1 tempting first move",
        "decoys_n_none": "no tempting first move",
        "decoys_answer": "{n} tempting first moves lead home only in more moves.",
        "decoys_answer_one": "1 tempting first move leads home only in more moves.",
        "decoys_answer_none": "No first move tempts you off the shortest way home.",
        "drift_free": "drift to {to} (free)",
        "drift_paid": "drift to {to} (1 control)",
        "jump": "space jump to {to} (1 energy)",
        "exchange": "trading an alien first",
        "takes": "takes {kind}",
        "kind_solar": "a solar counter",
        "kind_energy": "an energy counter",
        "kind_control": "a control counter",
        "kind_alien": "an alien counter",
    },
    "de": {
        "game": "Tom Tube",
        "brand": "Tom Tube · Print-and-Play",
        "board": "Spielplan",
        "board_sub": "Sechseck mit Seitenlänge 4, Kanten {edge:g} mm — die Plättchen passen genau",
        "board_note": "Die Knotennamen (A1…I5) liegen unter den Plättchen. Module: je Spieler "
                      "eine Basis (Start und Ziel) und zwei Solarmodule.",
        "base": "Basis",
        "solar": "Solar",
        "counters": "Marker",
        "counters_sub": "4 Solar, 24 Energie, 8 Kontrolle, 6 Alien — Vorderseiten links, "
                        "Rückseiten rechts",
        "counters_note": "An der gepunkteten Linie falzen, die Hälften zusammenkleben, dann an "
                         "den durchgezogenen Linien ausschneiden.",
        "astronauts": "Astronauten",
        "astronauts_sub": "Aufsteller zum Falten: Tom rund, Dave eckig",
        "astronauts_note": "An der durchgezogenen Linie ausschneiden. Am Helm falzen, die "
                           "Hälften Rücken an Rücken kleben (nicht die Füße), die Füße nach "
                           "außen falzen.",
        "solar_n": "Solar ×{n} · 5 Punkte",
        "energy_n": "Energie ×{n} · 1 Punkt",
        "control_n": "Kontrolle ×{n} · 2 Punkte",
        "alien_n": "Alien ×{n} · 5 Punkte",
        "fold": "falzen",
        "glue": "kleben",
        "tom": "Tom",
        "dave": "Dave",
        "legend": "Röhren",
        "legend_tom": "Tom (orange, Punkte)",
        "legend_dave": "Dave (blau, Sprossen)",
        "legend_neutral": "neutral (grau, Streifen)",
        "rules": "Regelübersicht",
        "puzzle": "Rätsel",
        "answers": "Lösungen",
        "tier": "Stufe",
        "page": "Seite",
        "code": "Code",
        "booklet_title": "Tom Tube — der Weg nach Hause",
        "booklet_sub": "{n} Rätsel, jedes von der Engine bewiesen: die wenigsten Züge nach "
                       "Hause",
        "seed_line": "Startwert {seed}",
        "to_move": "{player} ist am Zug",
        "question": "{player} ist allein am Zug ({other} bleibt stehen). Mit den wenigsten "
                    "Zügen und beiden Solarmarkern nach Hause auf {base}?",
        "holds": "{player} hat: {energy} Energie · {control} Kontrolle · {alien} Alien · "
                 "{solar} Solar",
        "stock": "Vorrat: {energy} Energie · {control} Kontrolle · {alien} Alien",
        "your_answer": "Deine Lösung:",
        "example": "Beispiel (ein ★-Rätsel und seine Lösung)",
        "moves_word": "Züge",
        "moves_n": "{n} Züge",
        "moves_n_one": "1 Zug",
        "decoys_n": "{n} verlockende erste Züge",
        "decoys_n_one": "1 verlockender erster Zug",
        "decoys_n_none": "kein verlockender erster Zug",
        "decoys_answer": "{n} verlockende erste Züge führen nur mit mehr Zügen nach Hause.",
        "decoys_answer_one": "1 verlockender erster Zug führt nur mit mehr Zügen nach Hause.",
        "decoys_answer_none": "Kein erster Zug lockt vom kürzesten Heimweg weg.",
        "drift_free": "Drift nach {to} (kostenlos)",
        "drift_paid": "Drift nach {to} (1 Kontrolle)",
        "jump": "Weltraumsprung nach {to} (1 Energie)",
        "exchange": "vorher ein Alien getauscht",
        "takes": "nimmt {kind}",
        "kind_solar": "einen Solarmarker",
        "kind_energy": "einen Energiemarker",
        "kind_control": "einen Kontrollmarker",
        "kind_alien": "einen Alienmarker",
    },
}

PUBLISHING: dict[str, dict[str, str]] = {
    "en": {"puzzles": "Puzzles", "tiles_line": "Tile set: {name}",
           "key_legend": "The fewest moves home, then the first move of one shortest line "
                         "(drift or jump, and where to). The pages after this table draw each "
                         "code's route on its board, every move numbered and spelled out: a "
                         "student's line is right when it has that many moves and each move "
                         "is legal (another line of the same length is right too)."},
    "de": {"puzzles": "Rätsel", "tiles_line": "Plättchensatz: {name}",
           "key_legend": "Die wenigsten Züge nach Hause, dann der erste Zug eines kürzesten "
                         "Wegs (Drift oder Sprung, und wohin). Die Seiten nach dieser Tabelle "
                         "zeigen den Weg jedes Codes auf seinem Brett, jeder Zug nummeriert "
                         "und ausgeschrieben: Eine Zugfolge ist richtig, wenn sie so viele "
                         "Züge hat und jeder Zug erlaubt ist (eine andere gleich lange auch)."},
}
"""The words every game gives publishing (the plural of a puzzle, the teacher's key legend,
the web page's "how to play")."""

WEB: dict[str, dict[str, str]] = {
    "en": {"your_moves": "Your moves", "undo": "Undo", "restart": "Start again",
           "trade": "Trade an alien (for 1 control and 2 energy)",
           "trade_pending": "Trading {n} alien(s) before the next move.",
           "played": "Moves so far: {n} (the fewest home: {m})",
           "home_best": "Home with both solar counters in {n} moves — the fewest possible!",
           "home_more": "Home with both solar counters in {n} moves; the fewest is {m}. "
                        "Undo and look for a shorter way, or reveal the answer.",
           "home_short": "Home without both solar counters: that ends the game unsolved. "
                         "Undo and fetch the missing solar counter first.",
           "stuck": "No move is open from here: undo.",
           "pick": "Choose a move from the list, or tap a marked sphere on the board.",
           "not_sphere": "{to} is not a sphere: a move ends on a complete knot, a module or "
                         "an energy sphere.",
           "occupied": "{to} is where the other astronaut stands: nobody may enter or pass it.",
           "jump_pays": "A space jump costs 1 energy counter.",
           "no_energy": "You hold no energy counter, and no alien to trade for one.",
           "no_control": "You hold no control counter, and no alien to trade for one.",
           "no_jump": "A space jump goes to a complete knot sphere one edge away, not across "
                      "a placed rhomb: {to} is not one.",
           "needs_control": "No tube of your colour or neutral leads to {to}: drifting there "
                            "along every colour costs 1 control counter.",
           "no_drift": "No tube leads from here to {to} without passing a sphere that stops "
                       "the drift (a counter or the other astronaut), a broken knot or "
                       "someone else's module.",
           "noAlien": "You hold no alien counter to trade.",
           "stock": "The stock lacks the 1 control and 2 energy counters an alien is traded "
                    "for.",
           "move_to": "{move}", "board_label": "The board: {player} on {at}",
           "keyhelp": "Keys: Tab reaches the moves, Enter plays one; U undoes; R reveals the "
                      "answer, ← and → step through it."},
    "de": {"your_moves": "Deine Züge", "undo": "Zurück", "restart": "Neu beginnen",
           "trade": "Alien tauschen (gegen 1 Kontroll- und 2 Energiemarker)",
           "trade_pending": "{n} Alien(s) werden vor dem nächsten Zug getauscht.",
           "played": "Züge bisher: {n} (die wenigsten nach Hause: {m})",
           "home_best": "Mit beiden Solarmarkern in {n} Zügen zu Hause — weniger geht nicht!",
           "home_more": "Mit beiden Solarmarkern in {n} Zügen zu Hause; die wenigsten sind {m}. "
                        "Nimm Züge zurück und suche einen kürzeren Weg, oder zeige die Lösung.",
           "home_short": "Zu Hause ohne beide Solarmarker: Damit endet die Partie ungelöst. "
                         "Nimm Züge zurück und hole zuerst den fehlenden Solarmarker.",
           "stuck": "Von hier ist kein Zug offen: Nimm einen Zug zurück.",
           "pick": "Wähle einen Zug aus der Liste oder tippe auf eine markierte Sphäre.",
           "not_sphere": "{to} ist keine Sphäre: Ein Zug endet auf einem vollständigen Knoten, "
                         "einem Modul oder einer Energiesphäre.",
           "occupied": "Auf {to} steht der andere Astronaut: Niemand darf dort hinein oder "
                       "hindurch.",
           "jump_pays": "Ein Raumsprung kostet 1 Energiemarker.",
           "no_energy": "Du hast keinen Energiemarker und kein Alien, das du dafür tauschen "
                        "kannst.",
           "no_control": "Du hast keinen Kontrollmarker und kein Alien, das du dafür tauschen "
                         "kannst.",
           "no_jump": "Ein Raumsprung führt zu einer vollständigen Knotensphäre eine Kante "
                      "weiter, nicht quer über eine gelegte Raute: {to} ist keine solche.",
           "needs_control": "Keine Röhre deiner Farbe und keine neutrale führt nach {to}: "
                            "Entlang aller Farben kostet die Drift 1 Kontrollmarker.",
           "no_drift": "Keine Röhre führt von hier nach {to}, ohne an einer Sphäre zu halten "
                       "(Marker oder der andere Astronaut), an einem unvollständigen Knoten "
                       "oder am Modul des anderen.",
           "noAlien": "Du hast keinen Alienmarker zum Tauschen.",
           "stock": "Im Vorrat fehlen die 1 Kontroll- und 2 Energiemarker für ein Alien.",
           "move_to": "{move}", "board_label": "Das Spielbrett: {player} auf {at}",
           "keyhelp": "Tasten: Mit Tab zu den Zügen, Enter spielt einen; U nimmt zurück; R "
                      "zeigt die Lösung, ← und → gehen sie durch."},
}
"""The words of the web page that is played (what the engine refuses, and why)."""
for _lang, _more in PUBLISHING.items():
    WORDS[_lang].update(_more)


def words(lang: str) -> dict[str, str]:
    """The word table of ``lang`` (``en`` or ``de``); an unknown language is an
    :class:`~spacebowl_print.core.errors.InputError` at ``lang``."""
    return WORDS[check_lang(lang, LANGS)]


def counted(lang: str, key: str, n: int) -> str:
    """The text ``key`` of ``lang`` for a count ``n``: its ``_one`` form for 1 and its
    ``_none`` form for 0 where the table has them (no "1 moves"), else ``key`` with ``n``."""
    table = words(lang)
    form = {0: f"{key}_none", 1: f"{key}_one"}.get(n, key)
    return table.get(form, table[key]).format(n=n)


__all__ = ["LANGS", "PUBLISHING", "WEB", "WORDS", "counted", "words"]
