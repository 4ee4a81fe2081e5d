"""What puzzle pages, answer keys, title pages, covers and worksheets say, in English, French
and German. Every word a booklet prints comes from here (or from the templates), so a
German booklet is German throughout."""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang, french_spacing

__all__ = ["LANGS", "PUBLISHING", "WEB_WORDS", "WORDS", "check_lang", "words"]

LANGS: tuple[str, ...] = ("en", "fr", "de")
"""The languages Space Bowl's pieces, rule summaries, puzzles and pages exist in."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "answers": "Answers", "tier": "Tier", "page": "Page",
        "code": "Code",
        "find": "Find every valid destination card — or write “none” if there is none.",
        "count": "How many valid destination cards are there? (0 is a possible answer.)",
        "any": "Is there any valid destination at all — or is it time to call "
               "“We are all going to die!”?",
        "none": "No valid destination: “We are all going to die!”",
        "wild_on": "The Wild token lies on {cell}.", "turns": "turned",
        "with_wild": "with the Wild token", "black_hole": "black hole",
        "rotation": "rotation", "torus": "torus", "void": "void", "6x6": "6×6",
        "wild": "Wild token", "learning": "learning mode", "toss": "The toss",
        "galaxy": "The galaxy", "solutions": "{n} valid destinations",
        "solution": "1 valid destination", "near": "near misses",
        "answer_line": "Your answer:",
        "spaces_note": "Spaces 1–9: the box seen from above.",
        "hole_alone": "The Black Hole disc forbids the planets of the marbles sharing its "
                      "space; alone it changes nothing.",
        "why_valid": "{cell}: disc on {cell}{turn}, every marble's card shows its planet{wild}.",
        "why_turn": ", box turned {deg}°",
        "why_wild": ", with the Wild token's help",
        "why_none": "No card works: under every placement some marble's space lacks its "
                    "planet or leaves the galaxy.",
        "why_near": " Closest: {cells} (one demand short).",
        "n_puzzles": "{n} puzzles", "deck_line": "Deck: {title}", "seed_line": "Seed {seed}",
        "blurb": "{n} daily puzzles for the pattern game Space Bowl, from {start} to {end}, "
                 "gentle on Mondays and fiendish on Sundays.\nEvery answer in the key at the "
                 "back was found, and checked again, by two independent engines.",
        "name": "Name", "date": "Date", "sheet": "Worksheet",
        "teacher_key": "Teacher's key", "answers_by_code": "Answers by worksheet code",
        "how_title": "How to solve a Space Bowl puzzle",
        "how_1": "Look at the toss: the box with nine spaces, seen from above.",
        "how_2": "Lay the box over the galaxy so that the purple disc's space lies on one "
                 "card. That card is the destination you are testing.",
        "how_3": "Each marble's space now lies on a card. The card must show that marble's "
                 "planet (other planets do not matter).",
        "how_4": "If every marble is happy, the destination is valid. Test every card: there "
                 "may be several valid ones, or none.",
        "legend": "What you see", "legend_disc": "Destination disc (purple, white arrow)",
        "legend_hole": "Black Hole disc (black, white rim)",
        "legend_wild": "Wild token: lends its card one missing planet",
        "example": "Worked example", "example_answer": "Answer",
        "tech_scan": "scan one demand at a time", "tech_offset": "read from the disc",
        "tech_black_hole": "black hole", "tech_wild": "Wild token",
        "tech_count": "count them all (or say none)", "tech_torus": "torus",
        "tech_void": "void", "tech_rotation": "rotation",
    },
    "fr": {
        "puzzle": "Énigme", "answers": "Solutions", "tier": "Niveau", "page": "Page",
        "code": "Code",
        "find": "Trouvez toutes les cartes de destination valides — ou écrivez « aucune » "
                "s'il n'y en a pas.",
        "count": "Combien y a-t-il de cartes de destination valides ? (0 est une réponse "
                 "possible.)",
        "any": "Existe-t-il au moins une destination valide — ou faut-il crier "
               "« On va tous mourir ! » ?",
        "none": "Aucune destination valide : « On va tous mourir ! »",
        "wild_on": "Le Joker est posé sur {cell}.", "turns": "tourné de",
        "with_wild": "avec le Joker", "black_hole": "trou noir", "rotation": "rotation",
        "torus": "GALAXIE SPHÉRIQUE", "void": "VIDE SPATIAL", "6x6": "6×6", "wild": "Joker",
        "learning": "mode découverte", "toss": "Le lancer", "galaxy": "La Galaxie",
        "solutions": "{n} destinations valides", "solution": "1 destination valide",
        "near": "quasi-solutions",
        "answer_line": "Votre réponse :",
        "spaces_note": "Cases 1 à 9 : la boîte vue de dessus.",
        "hole_alone": "Le disque Trou noir interdit les planètes des billes de sa case ; "
                      "seul, il ne change rien.",
        "why_valid": "{cell} : disque sur {cell}{turn}, chaque bille tombe sur une carte "
                     "montrant sa planète{wild}.",
        "why_turn": ", boîte tournée de {deg}°",
        "why_wild": ", avec l'aide du Joker",
        "why_none": "Aucune carte ne convient : quelle que soit la position, une bille tombe "
                    "sur une carte sans sa planète ou hors de la Galaxie.",
        "why_near": " Au plus près : {cells} (une exigence manquée).",
        "n_puzzles": "{n} énigmes", "deck_line": "Paquet : {title}",
        "seed_line": "Graine {seed}",
        "blurb": "{n} énigmes quotidiennes pour le jeu d'observation Space Bowl, du {start} "
                 "au {end}, douces le lundi et redoutables le dimanche.\nChaque réponse de "
                 "la fin du livre a été trouvée, puis vérifiée, par deux moteurs "
                 "indépendants.",
        "name": "Nom", "date": "Date", "sheet": "Fiche",
        "teacher_key": "Corrigé de l'enseignant",
        "answers_by_code": "Réponses par code de fiche",
        "how_title": "Comment résoudre une énigme Space Bowl",
        "how_1": "Regardez le lancer : la boîte à neuf cases, vue de dessus.",
        "how_2": "Posez la boîte sur la Galaxie de sorte que la case du disque mauve soit sur "
                 "une carte. Cette carte est la destination que vous testez.",
        "how_3": "La case de chaque bille tombe alors sur une carte. Cette carte doit montrer "
                 "la planète de la bille (les autres planètes ne comptent pas).",
        "how_4": "Si toutes les billes sont satisfaites, la destination est valide. Testez "
                 "chaque carte : il peut y en avoir plusieurs, ou aucune.",
        "legend": "Ce que vous voyez", "legend_disc": "Disque Destination (mauve, flèche blanche)",
        "legend_hole": "Disque Trou noir (noir, bord blanc)",
        "legend_wild": "Joker : prête à sa carte une planète manquante",
        "example": "Exemple commenté", "example_answer": "Réponse",
        "tech_scan": "une exigence à la fois", "tech_offset": "lire depuis le disque",
        "tech_black_hole": "trou noir", "tech_wild": "Joker",
        "tech_count": "les compter toutes (ou dire aucune)", "tech_torus": "GALAXIE SPHÉRIQUE",
        "tech_void": "VIDE SPATIAL", "tech_rotation": "rotation",
    },
    "de": {
        "puzzle": "Rätsel", "answers": "Lösungen", "tier": "Stufe", "page": "Seite",
        "code": "Code",
        "find": "Finde alle gültigen Zielkarten – oder schreibe „keine“, wenn es keine gibt.",
        "count": "Wie viele gültige Zielkarten gibt es? (0 ist eine mögliche Antwort.)",
        "any": "Gibt es überhaupt ein gültiges Ziel — oder heißt es "
               "„Wir werden alle sterben!“?",
        "none": "Kein gültiges Ziel: „Wir werden alle sterben!“",
        "wild_on": "Der Joker-Marker liegt auf {cell}.", "turns": "gedreht um",
        "with_wild": "mit dem Joker-Marker", "black_hole": "Schwarzes Loch", "rotation": "Drehung",
        "torus": "RINGFÖRMIGE GALAXIE", "void": "DIE LEERE DES WELTALLS", "6x6": "6×6",
        "wild": "Joker-Marker",
        "learning": "Lernmodus", "toss": "Der Wurf", "galaxy": "Die Galaxie",
        "solutions": "{n} gültige Ziele", "solution": "1 gültiges Ziel",
        "near": "Beinahe-Treffer",
        "answer_line": "Deine Antwort:",
        "spaces_note": "Felder 1–9: die Schiffscomputer-Box von oben.",
        "hole_alone": "Das Schwarzes-Loch-Plättchen verbietet die Planeten der Murmeln in "
                      "seinem Feld; allein ändert es nichts.",
        "why_valid": "{cell}: Ziel-Plättchen auf {cell}{turn}, jede Murmel liegt auf einer "
                     "Karte mit ihrem Planeten{wild}.",
        "why_turn": ", Box um {deg}° gedreht",
        "why_wild": ", mit Hilfe des Joker-Markers",
        "why_none": "Keine Karte passt: Wie man die Box auch legt, eine Murmel liegt auf "
                    "einer Karte ohne ihren Planeten oder außerhalb der Galaxie.",
        "why_near": " Am nächsten: {cells} (eine Bedingung verfehlt).",
        "n_puzzles": "{n} Rätsel", "deck_line": "Kartensatz: {title}",
        "seed_line": "Startwert {seed}",
        "blurb": "{n} tägliche Rätsel für das Mustersuchspiel Space Bowl, vom {start} bis "
                 "{end}, montags sanft und sonntags knifflig.\nJede Antwort im Lösungsteil "
                 "hinten wurde von zwei unabhängigen Programmen gefunden und geprüft.",
        "name": "Name", "date": "Datum", "sheet": "Arbeitsblatt",
        "teacher_key": "Lösungsblatt für Lehrkräfte",
        "answers_by_code": "Antworten nach Blatt-Code",
        "how_title": "So löst du ein Space-Bowl-Rätsel",
        "how_1": "Sieh dir den Wurf an: die Schiffscomputer-Box mit neun Feldern, von oben.",
        "how_2": "Lege die Box so auf die Galaxie, dass das Feld des lila Ziel-Plättchens auf "
                 "einer Karte liegt. Diese Karte ist das Ziel, das du prüfst.",
        "how_3": "Das Feld jeder Murmel liegt jetzt auf einer Karte. Diese Karte muss den "
                 "Planeten der Murmel zeigen (andere Planeten sind egal).",
        "how_4": "Passen alle Murmeln, ist das Ziel gültig. Prüfe jede Karte: Es kann mehrere "
                 "gültige geben – oder keine.",
        "legend": "Was du siehst", "legend_disc": "Ziel-Plättchen (lila, weißer Pfeil)",
        "legend_hole": "Schwarzes-Loch-Plättchen (schwarz, weißer Rand)",
        "legend_wild": "Joker-Marker: leiht seiner Karte einen fehlenden Planeten",
        "example": "Beispiel", "example_answer": "Antwort",
        "tech_scan": "eine Bedingung nach der anderen prüfen",
        "tech_offset": "vom Ziel-Plättchen aus lesen",
        "tech_black_hole": "Schwarzes Loch", "tech_wild": "Joker-Marker",
        "tech_count": "alle zählen (oder keine sagen)", "tech_torus": "RINGFÖRMIGE GALAXIE",
        "tech_void": "DIE LEERE DES WELTALLS", "tech_rotation": "Drehung",
    },
}

PUBLISHING: dict[str, dict[str, str]] = {
    "en": {"puzzles": "Puzzles",
           "key_legend": "Valid destination cards by column letter and row number; 90°, 180°, "
                         "270°: the turns of the box that make a card valid (rotation); W: the "
                         "card needs the Wild token; \"3: …\": how many, when the question asks "
                         "for a count; —: no valid card. The pages after this table draw each "
                         "code's galaxy with its valid cards ringed."},
    "fr": {"puzzles": "Énigmes",
           "key_legend": "Cartes de destination valides, par lettre de colonne et numéro de "
                         "ligne ; 90°, 180°, 270° : les rotations de la boîte qui rendent la "
                         "carte valide ; J : il faut le Joker ; « 3 : … » : combien, quand la "
                         "question demande un nombre ; — : aucune carte valide. Les pages après "
                         "ce tableau dessinent la Galaxie de chaque code, ses cartes valides "
                         "entourées."},
    "de": {"puzzles": "Rätsel",
           "key_legend": "Gültige Zielkarten nach Spaltenbuchstabe und Zeilennummer; 90°, 180°, "
                         "270°: die Drehungen der Box, die die Karte gültig machen; J: "
                         "die Karte braucht den Joker-Marker; „3: …“: wie viele, wenn die Frage "
                         "eine Anzahl will; —: keine gültige Karte. Die Seiten nach dieser "
                         "Tabelle zeigen die Galaxie jedes Codes, die gültigen Karten "
                         "umkreist."},
}
"""The words every game gives publishing (the plural of a puzzle, the teacher's key legend)."""
for _lang, _more in PUBLISHING.items():
    WORDS[_lang].update(_more)

# French typography: no-break spaces inside « … » and before ! ? ; : so a closing » never
# wraps alone (the words above are typed with plain spaces).
WORDS["fr"] = {key: french_spacing(text) for key, text in WORDS["fr"].items()}

WEB_WORDS: dict[str, dict[str, str]] = {
    "en": {"title": "Space Bowl — puzzle of the day", "none": "No valid card",
           "no_card": "{cell}: no card of this galaxy.",
           "face_down": "{cell}: a face-down card is never a destination.",
           "web_any": "Is there any valid destination at all? Pick one, or “No valid card” "
                      "(“We are all going to die!”), then check.",
           "web_find": "Pick every valid destination card, or “No valid card” if there is "
                       "none, then check.",
           "web_count": "How many valid destination cards are there? Pick them all (or “No "
                        "valid card”) and check: the count follows.",
           "count_is": "So there are {n}.",
           "time": "Time", "solved_in": "Solved in {t}.", "best_time": "Your best: {t}.",
           "var_black_hole": "Black hole: a marble in the black hole's space forbids its "
                             "planet — the card under that space must not show it.",
           "var_rotation": "Rotation: you may turn the box by 90°, 180° or 270° before laying "
                           "it; a card is valid if one turn makes it so.",
           "var_torus": "Torus: the galaxy wraps round — a space that falls off one edge lies "
                        "on the card at the opposite edge.",
           "var_void": "Void: a face-down card shows no planets and is never a destination, "
                       "but the box may lie on it.",
           "var_wild": "Wild token: the card it lies on supplies one missing planet (never "
                       "one a black hole forbids).",
           "var_6x6": "6×6: a bigger galaxy, six cards by six; the rules are the same.",
           "check": "Check", "reveal": "Reveal the answer", "reset": "Start again",
           "right": "Right! That is exactly the engine's answer.",
           "wrong_pick": "Not yet: {n} picked card(s) not valid.",
           "missing": "Not yet: {n} valid card(s) still to find.",
           "wrong_none": "Not yet: there is at least one valid card.",
           "nothing": "Pick the valid cards, or “No valid card”, then check.",
           "keyhelp": "Keys: arrows move, Space picks, N none, C check, R reveal.",
           "previous": "previous day", "next": "next day", "index": "all days",
           "card": "card", "picked": "picked", "days": "Puzzles of the day"},
    "fr": {"title": "Space Bowl — l'énigme du jour", "none": "Aucune carte valide",
           "no_card": "{cell} : aucune carte de cette Galaxie.",
           "face_down": "{cell} : une carte face cachée n'est jamais une destination.",
           "web_any": "Y a-t-il au moins une destination valide ? Choisissez-en une, ou "
                      "« Aucune carte valide » (« On va tous mourir ! »), puis vérifiez.",
           "web_find": "Choisissez toutes les cartes de destination valides, ou « Aucune "
                       "carte valide » s'il n'y en a pas, puis vérifiez.",
           "web_count": "Combien y a-t-il de cartes de destination valides ? Choisissez-les "
                        "toutes (ou « Aucune carte valide ») et vérifiez : le nombre suit.",
           "count_is": "Il y en a donc {n}.",
           "time": "Temps", "solved_in": "Résolu en {t}.", "best_time": "Votre record : {t}.",
           "var_black_hole": "Trou noir : une bille dans la case du trou noir interdit sa "
                             "planète — la carte sous cette case ne doit pas la montrer.",
           "var_rotation": "Rotation : vous pouvez tourner la boîte de 90°, 180° ou 270° avant "
                           "de la poser ; une carte est valide si une rotation la rend valide.",
           "var_torus": "GALAXIE SPHÉRIQUE : la Galaxie se referme — une case qui sort par "
                        "un bord tombe sur la carte du bord opposé.",
           "var_void": "VIDE SPATIAL : une carte face cachée ne montre aucune planète et "
                       "n'est jamais une destination, mais la boîte peut la recouvrir.",
           "var_wild": "Joker : la carte où il est posé fournit une planète manquante (jamais "
                       "une planète interdite par un trou noir).",
           "var_6x6": "6×6 : une Galaxie plus grande, six cartes sur six ; les règles sont "
                      "les mêmes.",
           "check": "Vérifier", "reveal": "Voir la solution", "reset": "Recommencer",
           "right": "Bravo ! C'est exactement la réponse du moteur.",
           "wrong_pick": "Pas encore : {n} carte(s) choisie(s) non valide(s).",
           "missing": "Pas encore : il reste {n} carte(s) valide(s) à trouver.",
           "wrong_none": "Pas encore : il y a au moins une carte valide.",
           "nothing": "Choisissez les cartes valides, ou « Aucune carte valide », puis vérifiez.",
           "keyhelp": "Touches : flèches pour se déplacer, Espace pour choisir, N aucune, "
                   "C vérifier, R solution.",
           "previous": "jour précédent", "next": "jour suivant", "index": "tous les jours",
           "card": "carte", "picked": "choisie", "days": "Énigmes du jour"},
    "de": {"title": "Space Bowl — Rätsel des Tages", "none": "Keine gültige Karte",
           "no_card": "{cell}: keine Karte dieser Galaxie.",
           "face_down": "{cell}: Eine verdeckte Karte ist nie ein Ziel.",
           "web_any": "Gibt es überhaupt ein gültiges Ziel? Wähle eines oder „Keine gültige "
                      "Karte“ („Wir werden alle sterben!“) und prüfe dann.",
           "web_find": "Wähle alle gültigen Zielkarten, oder „Keine gültige Karte“, wenn es "
                       "keine gibt, und prüfe dann.",
           "web_count": "Wie viele gültige Zielkarten gibt es? Wähle sie alle (oder „Keine "
                        "gültige Karte“) und prüfe: Die Anzahl folgt.",
           "count_is": "Es sind also {n}.",
           "time": "Zeit", "solved_in": "Gelöst in {t}.", "best_time": "Deine Bestzeit: {t}.",
           "var_black_hole": "Schwarzes Loch: Eine Murmel im Feld des Schwarzen Lochs verbietet "
                             "ihren Planeten — die Karte unter diesem Feld darf ihn nicht "
                             "zeigen.",
           "var_rotation": "Drehung: Du darfst die Box vor dem Auflegen um 90°, 180° oder 270° "
                           "drehen; eine Karte ist gültig, wenn eine Drehung sie gültig macht.",
           "var_torus": "RINGFÖRMIGE GALAXIE: Die Galaxie schließt sich — ein Feld, das über "
                        "einen Rand hinausragt, liegt auf der Karte am gegenüberliegenden "
                        "Rand.",
           "var_void": "DIE LEERE DES WELTALLS: Eine verdeckte Karte zeigt keine Planeten "
                       "und ist nie ein Ziel, aber die Box darf auf ihr liegen.",
           "var_wild": "Joker-Marker: Die Karte, auf der er liegt, liefert einen fehlenden "
                       "Planeten (nie einen, den ein Schwarzes Loch verbietet).",
           "var_6x6": "6×6: eine größere Galaxie, sechs mal sechs Karten; die Regeln bleiben.",
           "check": "Prüfen", "reveal": "Lösung zeigen", "reset": "Neu beginnen",
           "right": "Richtig! Genau die Antwort des Programms.",
           "wrong_pick": "Noch nicht: {n} gewählte Karte(n) nicht gültig.",
           "missing": "Noch nicht: {n} gültige Karte(n) fehlen noch.",
           "wrong_none": "Noch nicht: Es gibt mindestens eine gültige Karte.",
           "nothing": "Wähle die gültigen Karten oder „Keine gültige Karte“ und prüfe dann.",
           "keyhelp": "Tasten: Pfeile bewegen, Leertaste wählt, N keine, C prüfen, R Lösung.",
           "previous": "voriger Tag", "next": "nächster Tag", "index": "alle Tage",
           "card": "Karte", "picked": "gewählt", "days": "Rätsel des Tages"},
}
"""What the web pages say besides the shared words (the puzzle wording itself comes from
:data:`WORDS`)."""

WEB_WORDS["fr"] = {key: french_spacing(text) for key, text in WEB_WORDS["fr"].items()}


def words(lang: str) -> dict[str, str]:
    """Every word Space Bowl gives publishing in ``lang`` (the puzzle pages' and the web
    pages'); another code is an :class:`~spacebowl_print.core.errors.InputError` at
    ``lang``."""
    lang = check_lang(lang, LANGS)
    return {**WORDS[lang], **WEB_WORDS[lang]}
