"""The words the generic kit pages print — the kit cover, the printing tips, the scale check,
the duplex check, the sheet labels and the PDF bookmarks — in English, French and German.

One table, :data:`WORDS`, keyed by language then by a short key; :func:`word` formats an entry.
The imposed items' nouns (cards, tiles) come from :data:`NOUNS` through :func:`nouns`, and
every entry that names the items takes the placeholders ``{one}``, ``{many}``, ``{One}``,
``{Many}`` and ``{stem}`` (the German compound stem: ``Karten`` in ``Kartenrückseiten``).
Counts go through :func:`count` ("1 sheet", "7 sheets", "7 Blatt").

French entries get French typography (a no-break space before ``: ; ! ?`` and inside « »)
from :func:`spacebowl_print.core.templates.french_spacing`; it is applied to the table itself,
never to the values formatted into it (a deck's title prints as typed). File names
(``cards.pdf``, ``cut-guide.json``) and command-line options stay as they are in every
language.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.core.languages import NBSP, check_lang, french_spacing

LANGS: tuple[str, ...] = ("en", "fr", "de")
"""The languages the generic kit pages print in."""

_P = NBSP + "%"  # "100 %" never broken over two lines in French and German

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the cover
        "kit": "Print-and-play kit",
        "kit_title": "{title} — print-and-play kit",
        "contents": "Contents, in print order",
        "tips": "Printing tips",
        "files": "Files in this folder",
        "page": "page {first}",
        "pages": "pages {first}–{last}",
        "part": "{Many} — {items} on {sheets} ({how})",
        "part_duplex": "fronts, then backs",
        "part_fold": "fold and glue",
        "file_kit": "everything below, in print order, behind this cover",
        "file_sheets": "the {one} sheets alone (with the print check and the duplex check)",
        "file_sheets_fold": "the {one} sheets alone (with the print check)",
        "file_guide": "every {one}'s trim box per page of {file} (mm, origin bottom-left), "
                      "for cutting machines and scripts",
        "file_guide_outlined": "every {one}'s outline and trim box per page of {file} (mm, "
                               "origin bottom-left), for cutting machines and scripts",
        "file_cuts": "trim outlines of each front sheet, paper-sized, for cutters",
        "file_cuts_outlined": "cut lines of each front sheet, each once, paper-sized, for "
                              "cutting machines",
        "file_svgs": "each {one} at its real size, for screens",
        "file_back": "the {one} back",
        "file_backs": "the {one} backs",
        # the printing tips (cover and scale check)
        "tip_scale": "Print at 100 % (“actual size”): turn off “fit to page”. Page {page} has "
                     "a 50 mm square to check.",
        "tip_duplex": "{Many}: print double-sided, flip on the long edge. If the backs come "
                      "out shifted, the duplex check at the end of the {one} section tells you "
                      "by how much.",
        "tip_fold": "{Many}: print single-sided, fold each sheet on the dashed line, glue, "
                    "then cut.",
        "side_duplex": "In the print dialog choose the actual paper size, then “Print on both "
                       "sides”, “Flip on long edge”. Each sheet of {one} fronts is followed by "
                       "its backs.",
        "side_check": "Before printing everything, print the last two pages (the duplex "
                      "check) to see whether your printer shifts the backs.",
        "side_fold": "Print single-sided. Fold each sheet along the dashed line (print "
                     "inwards out), glue the halves together, then cut along {cut}.",
        "cut_lines": "the printed cut lines",
        "cut_marks": "the crop marks",
        # the scale check and its blank back
        "print_100": "Print at 100 % (no scaling)",
        "square": "50 mm × 50 mm",
        "measure": "measure me",
        "inch_bar": "this bar is 2 inches (50.8 mm) long",
        "scale_help": "If the square is not exactly 50 mm, turn off “Fit to page”, “Shrink to "
                      "fit” or any scaling in the print dialog and print again.",
        "blank": "This side is left blank on purpose: it keeps every {one} front\n"
                 "on the front of a sheet when you print double-sided.",
        "blank_part": "This side is left blank on purpose: it keeps the next part\n"
                      "starting on the front of a sheet when you print double-sided.",
        # the duplex check
        "duplex_front": "Duplex check — front",
        "duplex_back": "Duplex check — back",
        "duplex_print": "Print this page and the next one on one sheet, double-sided, "
                        "flipping on the long edge — as you print the {one} sheets. Then turn "
                        "to the back.",
        "duplex_hold": "Hold this sheet against a window or a lamp, this side facing you. The "
                       "red lines printed on the other side show through.",
        "duplex_read": "Read the number where the red vertical line crosses the X ruler, and "
                       "where the red horizontal line crosses the Y ruler (half millimetres "
                       "are fine).",
        "duplex_apply": "Print the {many} again with {hint} using those two numbers (this page "
                        "used {ox},{oy}: add your readings to it). Both on 0: your printer "
                        "needs no correction.",
        "offset_hint": "the back offset set to X,Y",
        "ruler_x": "X (mm)",
        "ruler_y": "Y (mm)",
        # the item sheets
        "sheet_tag": "{many} · sheet {n} of {total}",
        "fronts": "fronts",
        "backs": "backs",
        "fold_glue_cut": "fold, glue, cut",
        "fold_here": "fold here",
        # PDF titles and bookmarks
        "sheets_title": "{title} — {many}",
        "sheets_subject": "print-and-play {one} sheets",
        "mark_cover": "Cover",
        "mark_check": "Print check",
        "mark_sheet": "Sheet {n}",
        "mark_duplex": "Duplex check",
    },
    "fr": {
        "kit": "Kit de jeu à imprimer",
        "kit_title": "{title} — kit de jeu à imprimer",
        "contents": "Contenu, dans l’ordre d’impression",
        "tips": "Conseils d’impression",
        "files": "Fichiers de ce dossier",
        "page": "page {first}",
        "pages": "pages {first} à {last}",
        "part": "{Many} — {items} sur {sheets} ({how})",
        "part_duplex": "recto, puis verso",
        "part_fold": "à plier et coller",
        "file_kit": "tout ce qui suit, dans l’ordre d’impression, derrière cette couverture",
        "file_sheets": "les feuilles de {many} seules (avec le contrôle d’impression et le "
                       "contrôle recto verso)",
        "file_sheets_fold": "les feuilles de {many} seules (avec le contrôle d’impression)",
        "file_guide": "le cadre de coupe de chaque {one} par page de {file} (mm, origine en "
                      "bas à gauche), pour les machines de découpe et les scripts",
        "file_guide_outlined": "le contour et le cadre de coupe de chaque {one} par page de "
                               "{file} (mm, origine en bas à gauche), pour les machines de "
                               "découpe et les scripts",
        "file_cuts": "les contours de coupe de chaque feuille de recto, au format du papier, "
                     "pour les machines de découpe",
        "file_cuts_outlined": "les traits de coupe de chaque feuille de recto, chacun une "
                              "fois, au format du papier, pour les machines de découpe",
        "file_svgs": "chaque {one} à sa taille réelle, pour les écrans",
        "file_back": "le dos des {many}",
        "file_backs": "les dos des {many}",
        "tip_scale": "Imprimez à 100" + _P + " (« taille réelle ») : désactivez « ajuster à "
                     "la page ». La page {page} porte un carré de 50 mm pour vérifier.",
        "tip_duplex": "{Many} : imprimez en recto verso, retournement sur le bord long. Si les "
                      "versos sortent décalés, le contrôle recto verso, à la fin des feuilles "
                      "de {many}, vous dit de combien.",
        "tip_fold": "{Many} : imprimez en recto seul, pliez chaque feuille sur le trait "
                    "tireté, collez, puis découpez.",
        "side_duplex": "Dans la fenêtre d’impression, choisissez le vrai format du papier, "
                       "puis « Recto verso » et « Retourner sur le bord long ». Chaque feuille "
                       "de faces de {many} est suivie de la feuille de leurs dos.",
        "side_check": "Avant de tout imprimer, imprimez les deux dernières pages (le contrôle "
                      "recto verso) pour voir si votre imprimante décale les versos.",
        "side_fold": "Imprimez en recto seul. Pliez chaque feuille sur le trait tireté (face "
                     "imprimée à l’extérieur), collez les deux moitiés, puis découpez le long "
                     "{cut}.",
        "cut_lines": "des traits de coupe imprimés",
        "cut_marks": "des repères de coupe",
        "print_100": "Imprimer à 100" + _P + " (sans mise à l’échelle)",
        "square": "50 mm × 50 mm",
        "measure": "à mesurer",
        "inch_bar": "cette barre mesure 2 pouces (50,8 mm)",
        "scale_help": "Si le carré ne mesure pas exactement 50 mm, désactivez « Ajuster à la "
                      "page », « Réduire pour ajuster » ou toute mise à l’échelle dans la "
                      "fenêtre d’impression, puis imprimez de nouveau.",
        "blank": "Cette page est laissée blanche exprès : ainsi, les faces des {many}\n"
                 "tombent au recto des feuilles en impression recto verso.",
        "blank_part": "Cette page est laissée blanche exprès : ainsi, la partie suivante\n"
                      "commence au recto d’une feuille en impression recto verso.",
        "duplex_front": "Contrôle recto verso — recto",
        "duplex_back": "Contrôle recto verso — verso",
        "duplex_print": "Imprimez cette page et la suivante sur une seule feuille, en recto "
                        "verso, retournement sur le bord long — comme les feuilles de {many}. "
                        "Puis retournez la feuille.",
        "duplex_hold": "Tenez cette feuille devant une fenêtre ou une lampe, ce côté face à "
                       "vous. Les traits rouges imprimés de l’autre côté se voient par "
                       "transparence.",
        "duplex_read": "Lisez le nombre là où le trait rouge vertical croise la règle X, et là "
                       "où le trait rouge horizontal croise la règle Y (une lecture au "
                       "demi-millimètre suffit).",
        "duplex_apply": "Imprimez de nouveau les {many} avec {hint}, X et Y étant ces deux "
                        "nombres (cette page utilisait {ox},{oy} : ajoutez-y vos lectures). "
                        "Les deux sur 0 : votre imprimante n’a besoin d’aucune correction.",
        "offset_hint": "le décalage des versos réglé sur X,Y",
        "ruler_x": "X (mm)",
        "ruler_y": "Y (mm)",
        "sheet_tag": "{many} · feuille {n} sur {total}",
        "fronts": "recto",
        "backs": "verso",
        "fold_glue_cut": "plier, coller, découper",
        "fold_here": "plier ici",
        "sheets_title": "{title} — {many}",
        "sheets_subject": "feuilles de {many} à imprimer",
        "mark_cover": "Couverture",
        "mark_check": "Contrôle d’impression",
        "mark_sheet": "Feuille {n}",
        "mark_duplex": "Contrôle recto verso",
    },
    "de": {
        "kit": "Spielmaterial zum Selbstausdrucken",
        "kit_title": "{title} — Spielmaterial zum Selbstausdrucken",
        "contents": "Inhalt in Druckreihenfolge",
        "tips": "Drucktipps",
        "files": "Dateien in diesem Ordner",
        "page": "Seite {first}",
        "pages": "Seiten {first}–{last}",
        "part": "{Many} — {items} auf {sheets} ({how})",
        "part_duplex": "Vorderseiten, dann Rückseiten",
        "part_fold": "falzen und kleben",
        "file_kit": "alles Folgende in Druckreihenfolge, hinter diesem Deckblatt",
        "file_sheets": "nur die {stem}bögen (mit Druckprobe und Duplex-Probe)",
        "file_sheets_fold": "nur die {stem}bögen (mit Druckprobe)",
        "file_guide": "der Schnittrahmen aller {many} je Seite von {file} (mm, Ursprung unten "
                      "links), für Schneideplotter und Skripte",
        "file_guide_outlined": "Umriss und Schnittrahmen aller {many} je Seite von {file} (mm, "
                               "Ursprung unten links), für Schneideplotter und Skripte",
        "file_cuts": "die Schnittumrisse jedes Vorderseitenbogens, in Papiergröße, für "
                     "Schneideplotter",
        "file_cuts_outlined": "die Schnittlinien jedes Vorderseitenbogens, jede nur einmal, in "
                              "Papiergröße, für Schneideplotter",
        "file_svgs": "alle {many} einzeln in Originalgröße, für den Bildschirm",
        "file_back": "die {stem}rückseite",
        "file_backs": "die {stem}rückseiten",
        "tip_scale": "Mit 100" + _P + " drucken („Tatsächliche Größe“): „An Seite anpassen“ "
                     "ausschalten. Auf Seite {page} ist ein 50-mm-Quadrat zum Nachmessen.",
        "tip_duplex": "{Many}: beidseitig drucken, an der langen Kante wenden. Sind die "
                      "Rückseiten verschoben, zeigt die Duplex-Probe am Ende der {stem}bögen, "
                      "um wie viel.",
        "tip_fold": "{Many}: einseitig drucken, jedes Blatt an der gestrichelten Linie "
                    "falzen, kleben, dann schneiden.",
        "side_duplex": "Im Druckdialog das tatsächliche Papierformat wählen, dann „Beidseitig "
                       "drucken“, „An langer Kante wenden“. Auf jeden Bogen mit "
                       "{stem}vorderseiten folgt der mit ihren Rückseiten.",
        "side_check": "Vor dem Drucken aller Seiten die letzten zwei Seiten (die Duplex-Probe) "
                      "drucken: Sie zeigen, ob der Drucker die Rückseiten verschiebt.",
        "side_fold": "Einseitig drucken. Jedes Blatt an der gestrichelten Linie falzen "
                     "(bedruckte Seite nach außen), die Hälften zusammenkleben, dann {cut} "
                     "entlang schneiden.",
        "cut_lines": "die gedruckten Schnittlinien",
        "cut_marks": "die Schnittmarken",
        "print_100": "Mit 100" + _P + " drucken (ohne Skalierung)",
        "square": "50 mm × 50 mm",
        "measure": "nachmessen",
        "inch_bar": "dieser Balken ist 2 Zoll (50,8 mm) lang",
        "scale_help": "Ist das Quadrat nicht genau 50 mm groß, im Druckdialog „An Seite "
                      "anpassen“, „Auf Seitengröße verkleinern“ und jede andere Skalierung "
                      "ausschalten und erneut drucken.",
        "blank": "Diese Seite bleibt absichtlich leer: So liegen alle {stem}vorderseiten\n"
                 "beim beidseitigen Druck auf der Vorderseite eines Blatts.",
        "blank_part": "Diese Seite bleibt absichtlich leer: So beginnt der nächste Teil\n"
                      "beim beidseitigen Druck auf der Vorderseite eines Blatts.",
        "duplex_front": "Duplex-Probe — Vorderseite",
        "duplex_back": "Duplex-Probe — Rückseite",
        "duplex_print": "Diese und die nächste Seite auf ein Blatt drucken, beidseitig, an der "
                        "langen Kante gewendet — wie die {stem}bögen. Dann das Blatt "
                        "umdrehen.",
        "duplex_hold": "Dieses Blatt gegen ein Fenster oder eine Lampe halten, diese Seite "
                       "zu Ihnen. Die roten Linien der anderen Seite scheinen durch.",
        "duplex_read": "Die Zahl ablesen, bei der die rote senkrechte Linie das X-Lineal "
                       "kreuzt, und die, bei der die rote waagerechte Linie das Y-Lineal "
                       "kreuzt (halbe Millimeter genügen).",
        "duplex_apply": "Die {many} erneut drucken, mit {hint}, wobei X und Y diese zwei "
                        "Zahlen sind (diese Seite nutzte {ox},{oy}: Ihre Ablesungen "
                        "hinzuzählen). Beide auf 0: Der Drucker braucht keine Korrektur.",
        "offset_hint": "dem Rückseitenversatz X,Y",
        "ruler_x": "X (mm)",
        "ruler_y": "Y (mm)",
        "sheet_tag": "{Many} · Blatt {n} von {total}",
        "fronts": "Vorderseiten",
        "backs": "Rückseiten",
        "fold_glue_cut": "falzen, kleben, schneiden",
        "fold_here": "hier falzen",
        "sheets_title": "{title} — {Many}",
        "sheets_subject": "{stem}bögen zum Selbstausdrucken",
        "mark_cover": "Deckblatt",
        "mark_check": "Druckprobe",
        "mark_sheet": "Blatt {n}",
        "mark_duplex": "Duplex-Probe",
    },
}
"""Every sentence and label the generic kit pages print, by language then key."""
WORDS["fr"] = {k: french_spacing(v) for k, v in WORDS["fr"].items()}

COUNTED: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"sheet": ("sheet", "sheets")},
    "fr": {"sheet": ("feuille", "feuilles")},
    "de": {"sheet": ("Blatt", "Blatt")},  # a measure word: "auf 7 Blatt"
}
"""(singular, plural) of the things :func:`count` counts besides the items."""


@dataclass(frozen=True)
class Nouns:
    """What the imposed items are called in one language: ``one`` and ``many`` ("card",
    "cards"; "Karte", "Karten") and ``stem``, the form that starts a compound or qualifies
    another noun ("card" in "card sheets", "Karten" in "Kartenbögen")."""

    one: str
    many: str
    stem: str

    def fields(self) -> dict[str, str]:
        """The placeholders :data:`WORDS` entries use: ``one``, ``many``, ``stem`` and the
        capitalised ``One`` and ``Many``."""
        return {"one": self.one, "many": self.many, "stem": self.stem,
                "One": capitalised(self.one), "Many": capitalised(self.many)}


NOUNS: dict[str, dict[str, Nouns]] = {
    "card": {"en": Nouns("card", "cards", "card"),
             "fr": Nouns("carte", "cartes", "cartes"),
             "de": Nouns("Karte", "Karten", "Karten")},
    "tile": {"en": Nouns("tile", "tiles", "tile"),
             "fr": Nouns("tuile", "tuiles", "tuiles"),
             "de": Nouns("Plättchen", "Plättchen", "Plättchen")},
}
"""The items' nouns by their English singular, then language. The French nouns are both
feminine and the sentences avoid agreeing with them; the German ones avoid articles (plural,
compounds), so a new noun only needs its three forms."""

STOCK_TIPS: dict[str, dict[str, str]] = {
    "card": {
        "en": "Thick paper or card stock (160–250 g/m²) makes cards that shuffle well; a metal "
              "ruler and a craft knife cut straighter than scissors.",
        "fr": french_spacing(
            "Un papier épais ou du papier cartonné (160–250 g/m²) donne des cartes qui se "
            "mélangent bien ; une règle métallique et un cutter coupent plus droit que des "
            "ciseaux."),
        "de": "Dickes Papier oder Karton (160–250 g/m²) ergibt Karten, die sich gut mischen "
              "lassen; mit Metalllineal und Cutter schneidet man gerader als mit der Schere.",
    },
    "tile": {
        "en": "Card stock (250–350 g/m²), or sheets glued on grey board before cutting, make "
              "sturdy tiles; a cutting machine follows cut-lines-NN.svg, a craft knife the "
              "printed lines.",
        "fr": french_spacing(
            "Du papier cartonné (250–350 g/m²), ou des feuilles collées sur du carton gris "
            "avant la découpe, donnent des tuiles solides ; une machine de découpe suit "
            "cut-lines-NN.svg, un cutter les traits imprimés."),
        "de": "Karton (250–350 g/m²) oder vor dem Schneiden auf Graupappe geklebte Bögen "
              "ergeben stabile Plättchen; ein Schneideplotter folgt cut-lines-NN.svg, ein "
              "Cutter den gedruckten Linien.",
    },
}
"""The printing tip about paper and cutting, by noun then language."""


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-cased and the rest untouched."""
    return text[:1].upper() + text[1:]


def word(lang: str, key: str, **values: object) -> str:
    """The entry ``key`` of :data:`WORDS` in ``lang``, formatted with ``values``.

    Raises ``ValueError`` (an ``InputError``) for an unknown language, ``KeyError`` for an
    unknown key or a missing value."""
    return WORDS[check_lang(lang, LANGS)][key].format(**values)


def count(lang: str, n: int, what: str | tuple[str, str]) -> str:
    """``n`` and the right form of ``what`` — a key of :data:`COUNTED` ("sheet") or a
    (singular, plural) pair: "1 sheet", "7 sheets", "1 feuille" (French: singular below 2),
    "7 Blatt"."""
    code = check_lang(lang, LANGS)
    one, many = COUNTED[code][what] if isinstance(what, str) else what
    singular = n < 2 if code == "fr" else n == 1
    return f"{n} {one if singular else many}"


def nouns(noun: str, plural: str, lang: str) -> Nouns:
    """The printed nouns of items called ``noun``/``plural`` in English, in ``lang``: from
    :data:`NOUNS`, or the English words themselves for a noun the table lacks."""
    table = NOUNS.get(noun)
    if table is None:
        check_lang(lang, LANGS)
        return Nouns(noun, plural, noun)
    return table[check_lang(lang, LANGS)]


def stock_tip(noun: str, lang: str) -> str | None:
    """The built-in paper-and-cutting tip for items called ``noun`` in ``lang``, if any."""
    return STOCK_TIPS.get(noun, {}).get(check_lang(lang, LANGS))


__all__ = ["COUNTED", "LANGS", "NOUNS", "STOCK_TIPS", "WORDS", "Nouns", "capitalised",
           "count", "nouns", "stock_tip", "word"]
