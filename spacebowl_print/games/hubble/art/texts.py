"""The words Hubble's printed pieces use, in English, French and German. Longer texts (the
rule summaries) are jinja2 templates in ``templates/hubble/``; the solo titles live with the
engine (:mod:`spacebowl_print.games.hubble.model.titles`)."""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang, french_spacing

LANGS: tuple[str, ...] = ("en", "fr", "de")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "game": "Hubble",
        "brand": "Hubble · print-and-play",
        "red": "red", "blue": "blue", "yellow": "yellow", "green": "green", "white": "white",
        "G": "galaxy", "P": "planet", "A": "asteroid", "C": "comet", "S": "star",
        ".": "blank",
        "how_G": "a spiral", "how_P": "a ball with a ring", "how_A": "a lumpy rock",
        "how_C": "a dot with a tail", "how_S": "a five-point star", "how_.": "draw nothing",
        "pad": "Hubble pad",
        "pad_sub": "{cols}×{rows} hexes · pad {n} of {total}",
        "pad_note": "Place the Scope on three touching hexes inside the rolled quadrants "
                    "(both only when they touch along an edge); or fog: one icon in one empty "
                    "hex and cross a lens box.",
        "name": "Name",
        "date": "Date",
        "fog": "Fogged Lens",
        "fog_hint": "Cross a box each time you fog. The third cross ends your game.",
        "score": "Score",
        "score_G": "Galaxies: 11 × fewest in a quadrant",
        "score_P": "Planets: lines with 2 or more",
        "score_A": "Asteroids: 8 × separate triangles",
        "score_C": "Comets: groups 2→4 3→7 4→11 5→15 +5",
        "score_S": "Constellations",
        "card_n": "card {n}",
        "total": "Total",
        "legend": "How to draw",
        "titles": "Solo titles",
        "cards": "Constellation cards",
        "card_red": "all red stars",
        "card_purple": "each purple star",
        "card_none": "no purple stars",
        "card_each": "+{bonus} each",
        "card_turn": "may be turned, never mirrored",
        "back_word": "CONSTELLATION",
        "dice": "Paper dice",
        "dice_sub": "5 dice: red, blue, green, yellow (the bag) and white (solo)",
        "dice_note": "Cut along the solid outline, fold every dotted line the same way, glue "
                     "the grey tabs inside. Card stock (160–200 g/m²) makes firm dice.",
        "rules": "Rule summary",
        "kit_pads": "Pads ({cols}×{rows}, {n})",
        "kit_pads_note": "one a player a game; in a sheet protector with a dry-wipe pen "
                         "they last",
        "kit_dice_note": "card stock; cut, fold, glue",
        "kit_rules": "Rule summary ({lang})",
        "kit_tip": "Quadrants differ by pattern as well as colour (red dots, blue bands, "
                   "yellow slants, green stripes), and red stars are solid while purple ones "
                   "are hollow sparkles, so a greyscale print plays as well.",
        "day": "Day",
        "challenge": "Challenge",
        "rolls": "Rolls",
        "choice": "your choice",
        "third": "3rd",
        "your_pad": "Your pad",
        "par": "Par",
        "par_line": "Par {total}: {title}",
        "par_best": "Proved the best possible score on these rolls.",
        "answers": "Answers",
        "tier": "tier",
        "no_card": "not completed",
        "completed": "completed",
        "daily_title": "Hubble — Daily Challenges",
        "daily_sub": "{n} solo challenges, {start} – {end}",
        "daily_one": "{n} solo challenge, {start}",
        "pad_line": "Standard pad: {cols}×{rows} hexes, {rolls} rolls a challenge",
        "seed_line": "seed {seed}",
        "set_line": "constellation set “{name}”",
        "read_roll": "Reading a roll",
        "roll_parts": "the two quadrants (colour and pattern) · the two bag dice · the third "
                      "icon: the white die, or your choice on every third roll",
        "how_title": "How to play a day",
        "how_1": "Read the rolls from the top, one a turn. The two coloured quadrants and "
                 "the two icons come from the bag dice; the third icon is the white die’s, "
                 "or your choice on every third roll.",
        "how_2": "Draw the three icons on three touching hexes inside the rolled quadrants "
                 "(spread over both only when they share an edge), or fog: draw one of them "
                 "in one empty hex of those quadrants and cross a Fogged Lens box.",
        "how_3": "The game ends at the third fog or after the last roll. Score your pad and "
                 "compare it with the par, which the solver reached on the same rolls (the "
                 "answers show its finished pad).",
        "class_title": "Hubble — Class challenge",
        "class_sub": "{n} students · challenge {id}",
        "teacher": "Teacher’s sheet",
        "teacher_hint": "Read one roll at a time: the two quadrant colours, then the icons. "
                        "On a “your choice” roll every student picks the third icon.",
        "student_pad": "Student pad",
        "par_pad": "The par’s finished pad",
        "breakdown": "Score",
        "stars": "stars",
        "fogs": "fogs",
    },
    "fr": {
        "game": "Hubble",
        "brand": "Hubble · à imprimer et jouer",
        "red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert", "white": "blanc",
        "G": "galaxie", "P": "planète", "A": "astéroïde", "C": "comète", "S": "étoile",
        ".": "vide",
        "how_G": "une spirale", "how_P": "une boule et son anneau",
        "how_A": "un caillou bosselé", "how_C": "un point et sa queue",
        "how_S": "une étoile à cinq branches", "how_.": "rien à dessiner",
        "pad": "Feuille Hubble",
        "pad_sub": "{cols}×{rows} hexagones · feuille {n} sur {total}",
        "pad_note": "Posez la lunette sur trois hexagones qui se touchent dans les quadrants "
                    "tirés (à cheval sur les deux seulement s’ils partagent un bord) ; ou "
                    "brouillard : une icône dans une case vide et cochez une case de lentille.",
        "name": "Nom",
        "date": "Date",
        "fog": "Lentille embuée",
        "fog_hint": "Cochez une case à chaque brouillard. La troisième croix termine votre "
                    "partie.",
        "score": "Score",
        "score_G": "Galaxies : 11 × le quadrant le plus pauvre",
        "score_P": "Planètes : lignes d’au moins 2",
        "score_A": "Astéroïdes : 8 × triangles séparés",
        "score_C": "Comètes : groupes 2→4 3→7 4→11 5→15 +5",
        "score_S": "Constellations",
        "card_n": "carte {n}",
        "total": "Total",
        "legend": "Comment dessiner",
        "titles": "Titres en solo",
        "cards": "Cartes constellation",
        "card_red": "toutes les étoiles rouges",
        "card_purple": "par étoile violette",
        "card_none": "pas d’étoile violette",
        "card_each": "+{bonus} chacune",
        "card_turn": "on peut la tourner, jamais la retourner",
        "back_word": "CONSTELLATION",
        "dice": "Dés en papier",
        "dice_sub": "5 dés : rouge, bleu, vert, jaune (le sac) et blanc (solo)",
        "dice_note": "Découpez le contour plein, pliez chaque pointillé du même côté, collez "
                     "les languettes grises à l’intérieur. Un papier épais (160–200 g/m²) "
                     "donne des dés solides.",
        "rules": "Résumé des règles",
        "kit_pads": "Feuilles ({cols}×{rows}, {n})",
        "kit_pads_note": "une par joueur et par partie ; sous pochette plastique avec un "
                         "feutre effaçable, elles servent longtemps",
        "kit_dice_note": "papier épais ; découper, plier, coller",
        "kit_rules": "Résumé des règles ({lang})",
        "kit_tip": "Les quadrants diffèrent par le motif autant que par la couleur (points "
                   "rouges, bandes bleues, hachures jaunes, rayures vertes), et les étoiles "
                   "rouges sont pleines, les violettes creuses : une impression en niveaux "
                   "de gris se joue aussi bien.",
        "day": "Jour",
        "challenge": "Défi",
        "rolls": "Lancers",
        "choice": "au choix",
        "third": "3e",
        "your_pad": "Votre feuille",
        "par": "Par",
        "par_line": "Par {total} : {title}",
        "par_best": "Prouvé : le meilleur score possible avec ces lancers.",
        "answers": "Solutions",
        "tier": "niveau",
        "no_card": "non réalisée",
        "completed": "réalisée",
        "daily_title": "Hubble — Défis du jour",
        "daily_sub": "{n} défis en solo, {start} – {end}",
        "daily_one": "{n} défi en solo, {start}",
        "pad_line": "Feuille standard : {cols}×{rows} hexagones, {rolls} lancers par défi",
        "seed_line": "graine {seed}",
        "set_line": "jeu de constellations « {name} »",
        "read_roll": "Lire un lancer",
        "roll_parts": "les deux quadrants (couleur et motif) · les deux dés du sac · la "
                      "troisième icône : le dé blanc, ou à votre choix un lancer sur trois",
        "how_title": "Jouer un défi",
        "how_1": "Lisez les lancers dans l’ordre, un par tour. Les deux quadrants colorés et "
                 "les deux icônes viennent des dés du sac ; la troisième icône est celle du "
                 "dé blanc, ou à votre choix un lancer sur trois.",
        "how_2": "Dessinez les trois icônes sur trois hexagones qui se touchent dans les "
                 "quadrants tirés (à cheval seulement s’ils partagent un bord), ou "
                 "brouillard : l’une d’elles dans une case vide de ces quadrants, et cochez "
                 "une case de la lentille embuée.",
        "how_3": "La partie s’arrête au troisième brouillard ou après le dernier lancer. "
                 "Comptez vos points et comparez-les au par, atteint par le solveur avec les "
                 "mêmes lancers (les solutions montrent sa feuille finie).",
        "class_title": "Hubble — Défi de la classe",
        "class_sub": "{n} élèves · défi {id}",
        "teacher": "Fiche de l’enseignant",
        "teacher_hint": "Lisez un lancer à la fois : les deux couleurs de quadrant, puis les "
                        "icônes. Sur un lancer « au choix », chaque élève choisit la "
                        "troisième icône.",
        "student_pad": "Feuille d’élève",
        "par_pad": "La feuille finie du par",
        "breakdown": "Score",
        "stars": "étoiles",
        "fogs": "brouillards",
    },
    "de": {
        "game": "Hubble",
        "brand": "Hubble · Print-and-Play",
        "red": "rot", "blue": "blau", "yellow": "gelb", "green": "grün", "white": "weiß",
        "G": "Galaxie", "P": "Planet", "A": "Asteroid", "C": "Komet", "S": "Stern",
        ".": "leer",
        "how_G": "eine Spirale", "how_P": "eine Kugel mit Ring", "how_A": "ein krummer Brocken",
        "how_C": "ein Punkt mit Schweif", "how_S": "ein fünfzackiger Stern",
        "how_.": "nichts zeichnen",
        "pad": "Hubble-Blatt",
        "pad_sub": "{cols}×{rows} Sechsecke · Blatt {n} von {total}",
        "pad_note": "Das Fernrohr auf drei sich berührende Felder in den gewürfelten "
                    "Quadranten legen (über beide nur, wenn sie eine Kante teilen); oder "
                    "Nebel: ein Symbol in ein leeres Feld und ein Linsenkästchen ankreuzen.",
        "name": "Name",
        "date": "Datum",
        "fog": "Beschlagene Linse",
        "fog_hint": "Bei jedem Nebel ein Kästchen ankreuzen. Das dritte Kreuz beendet dein "
                    "Spiel.",
        "score": "Wertung",
        "score_G": "Galaxien: 11 × ärmster Quadrant",
        "score_P": "Planeten: Linien mit 2 oder mehr",
        "score_A": "Asteroiden: 8 × getrennte Dreiecke",
        "score_C": "Kometen: Gruppen 2→4 3→7 4→11 5→15 +5",
        "score_S": "Sternbilder",
        "card_n": "Karte {n}",
        "total": "Summe",
        "legend": "So wird gezeichnet",
        "titles": "Solo-Titel",
        "cards": "Sternbildkarten",
        "card_red": "alle roten Sterne",
        "card_purple": "je violetter Stern",
        "card_none": "keine violetten Sterne",
        "card_each": "je +{bonus}",
        "card_turn": "darf gedreht, nie gespiegelt werden",
        "back_word": "STERNBILD",
        "dice": "Papierwürfel",
        "dice_sub": "5 Würfel: rot, blau, grün, gelb (der Beutel) und weiß (solo)",
        "dice_note": "An der durchgezogenen Linie ausschneiden, alle gepunkteten Linien in "
                     "dieselbe Richtung falzen, die grauen Laschen innen verkleben. Karton "
                     "(160–200 g/m²) gibt feste Würfel.",
        "rules": "Regelübersicht",
        "kit_pads": "Blätter ({cols}×{rows}, {n})",
        "kit_pads_note": "eines pro Person und Partie; in einer Klarsichthülle mit "
                         "abwischbarem Stift halten sie lange",
        "kit_dice_note": "Karton; ausschneiden, falzen, kleben",
        "kit_rules": "Regelübersicht ({lang})",
        "kit_tip": "Die Quadranten unterscheiden sich durch Muster wie Farbe (rote Punkte, "
                   "blaue Bänder, gelbe Schraffur, grüne Streifen), rote Sterne sind gefüllt, "
                   "violette hohl: Ein Graustufendruck spielt sich genauso.",
        "day": "Tag",
        "challenge": "Aufgabe",
        "rolls": "Würfe",
        "choice": "freie Wahl",
        "third": "3.",
        "your_pad": "Dein Blatt",
        "par": "Par",
        "par_line": "Par {total}: {title}",
        "par_best": "Bewiesen: die bestmögliche Punktzahl mit diesen Würfen.",
        "answers": "Lösungen",
        "tier": "Stufe",
        "no_card": "nicht erfüllt",
        "completed": "erfüllt",
        "daily_title": "Hubble — Tagesaufgaben",
        "daily_sub": "{n} Solo-Aufgaben, {start} – {end}",
        "daily_one": "{n} Solo-Aufgabe, {start}",
        "pad_line": "Standardblatt: {cols}×{rows} Sechsecke, {rolls} Würfe je Aufgabe",
        "seed_line": "Startwert {seed}",
        "set_line": "Sternbild-Satz „{name}“",
        "read_roll": "Einen Wurf lesen",
        "roll_parts": "die zwei Quadranten (Farbe und Muster) · die zwei Beutelwürfel · das "
                      "dritte Symbol: der weiße Würfel, bei jedem dritten Wurf freie Wahl",
        "how_title": "So spielst du einen Tag",
        "how_1": "Lies die Würfe der Reihe nach, einen pro Zug. Die zwei farbigen Quadranten "
                 "und die zwei Symbole kommen von den Beutelwürfeln; das dritte Symbol zeigt "
                 "der weiße Würfel, bei jedem dritten Wurf wählst du es selbst.",
        "how_2": "Zeichne die drei Symbole in drei sich berührende Felder der gewürfelten "
                 "Quadranten (über beide nur, wenn sie eine Kante teilen), oder Nebel: eines "
                 "davon in ein leeres Feld dieser Quadranten, dazu ein Kästchen der "
                 "beschlagenen Linse ankreuzen.",
        "how_3": "Das Spiel endet beim dritten Nebel oder nach dem letzten Wurf. Zähle deine "
                 "Punkte und vergleiche sie mit dem Par, das der Löser mit denselben Würfen "
                 "erreicht hat (die Lösungen zeigen sein fertiges Blatt).",
        "class_title": "Hubble — Klassenaufgabe",
        "class_sub": "{n} Schüler · Aufgabe {id}",
        "teacher": "Lehrerblatt",
        "teacher_hint": "Einen Wurf nach dem anderen vorlesen: die zwei Quadrantenfarben, dann "
                        "die Symbole. Bei „freie Wahl“ wählt jedes Kind das dritte Symbol.",
        "student_pad": "Schülerblatt",
        "par_pad": "Das fertige Blatt des Par",
        "breakdown": "Wertung",
        "stars": "Sterne",
        "fogs": "Nebel",
    },
}
"""Every label, per language (the same keys in each)."""


# French typography: no-break spaces before « : ; ! ? » and after «, so a colon never starts
# a line (the labels are typed with plain spaces)
WORDS["fr"] = {k: french_spacing(v) for k, v in WORDS["fr"].items()}


PUBLISHING: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Challenge", "puzzles": "Challenges",
        "blank_face": "The blank face (·) draws nothing: its hex may stay empty or already be "
                      "drawn.",
        "scoring": "Scoring your pad",
        "teach_G": "Galaxies: 11 × the number of galaxies in your poorest quadrant.",
        "teach_P": "Planets: every straight line of hexes (three directions) holding 2 or more "
                   "planets scores 1 a planet on it; they need not touch.",
        "teach_A": "Asteroids: 8 × the most triangles made only of asteroids that share no "
                   "hex.",
        "teach_C": "Comets: each group of touching comets by its size: 1 → 0, 2 → 4, 3 → 7, "
                   "4 → 11, 5 → 15, +5 for each comet more.",
        "teach_S": "Stars: a card is complete when your stars show its red pattern (shifted, "
                   "turned, never mirrored): its value, + its bonus per purple star of that "
                   "placement. A star serves one card only.",
        "example_title": "A small pad, scored ({name} ringed)",
        "ex_galaxy": "Galaxies: poorest quadrant {fewest} → {points}",
        "ex_planet": "Planets: {points}",
        "ex_asteroid": "Asteroids: {n} triangle(s) → {points}",
        "ex_comet": "Comets: {points}",
        "ex_stars": "Stars: {name} → {points}",
        "ex_total": "Total {points}",
        "key_legend": "Par: the best total the solver reached on the same rolls, which the "
                      "engine replayed and scored again. The pages after this table draw "
                      "each code's par pad: the small number in a hex is the roll that drew "
                      "it, ringed stars complete the numbered card. Mark a student's score "
                      "sheet category by category against it; at or above par is very good "
                      "play.",
        "par_short": "par {total}",
        "describe": "constellation set “{name}”, {cols}×{rows} pad",
        "book_blurb": "{n} daily challenges for Hubble, from {start} to {end}, in five tiers "
                      "of difficulty. Each par is a score the solver reached on the day's "
                      "rolls, replayed and scored again by a second engine; the par pads are "
                      "at the back.",
        "book_blurb_undated": "{n} challenges for Hubble, from easy to hard in {tiers} tiers "
                              "of difficulty. Each par is a score the solver reached on the "
                              "challenge's rolls, replayed and scored again by a second "
                              "engine; the par pads are at the back.",
        "book_checked": "Every challenge's par was reached by the game's solver, and its play "
                        "replayed and scored again by a second, independent engine before "
                        "this book was printed: the par is a score proved reachable, not "
                        "proved the best possible. The file manifest.json, written with this "
                        "book by its publisher, lets anyone check every par again (spacebowl "
                        "check manifest.json).",
    },
    "fr": {
        "puzzle": "Défi", "puzzles": "Défis",
        "blank_face": "La face vide (·) ne dessine rien : son hexagone peut rester vide ou "
                      "être déjà dessiné.",
        "scoring": "Compter les points",
        "teach_G": "Galaxies : 11 × le nombre de galaxies de votre quadrant le plus pauvre.",
        "teach_P": "Planètes : chaque ligne droite d’hexagones (trois directions) qui porte 2 "
                   "planètes ou plus rapporte 1 par planète ; elles n’ont pas à se toucher.",
        "teach_A": "Astéroïdes : 8 × le plus grand nombre de triangles d’astéroïdes sans "
                   "hexagone commun.",
        "teach_C": "Comètes : chaque groupe de comètes qui se touchent selon sa taille : "
                   "1 → 0, 2 → 4, 3 → 7, 4 → 11, 5 → 15, +5 par comète de plus.",
        "teach_S": "Étoiles : une carte est complète quand vos étoiles forment son motif rouge "
                   "(déplacé, tourné, jamais retourné) : sa valeur, + son bonus par étoile "
                   "violette de ce placement. Une étoile ne sert qu’une carte.",
        "example_title": "Une petite feuille comptée ({name} entourée)",
        "ex_galaxy": "Galaxies : quadrant le plus pauvre {fewest} → {points}",
        "ex_planet": "Planètes : {points}",
        "ex_asteroid": "Astéroïdes : {n} triangle(s) → {points}",
        "ex_comet": "Comètes : {points}",
        "ex_stars": "Étoiles : {name} → {points}",
        "ex_total": "Total {points}",
        "key_legend": "Par : le meilleur total atteint par le solveur avec les mêmes lancers, "
                      "rejoué et recompté par le moteur. Les pages après ce tableau dessinent "
                      "la feuille du par de chaque code : le petit nombre dans un hexagone est "
                      "le lancer qui l'a dessiné, les étoiles entourées complètent la carte "
                      "numérotée. Corrigez la feuille de score d'un élève catégorie par "
                      "catégorie ; au par ou au-dessus, c'est très bien joué.",
        "par_short": "par {total}",
        "describe": "jeu de constellations « {name} », feuille {cols}×{rows}",
        "book_blurb": "{n} défis du jour pour Hubble, du {start} au {end}, en cinq niveaux de "
                      "difficulté. Chaque par est un score atteint par le solveur avec les "
                      "lancers du jour, rejoué et recompté par un second moteur ; les feuilles "
                      "du par sont à la fin.",
        "book_blurb_undated": "{n} défis pour Hubble, du plus facile au plus difficile en "
                              "{tiers} niveaux. Chaque par est un score atteint par le solveur "
                              "avec les lancers du défi, rejoué et recompté par un second "
                              "moteur ; les feuilles du par sont à la fin.",
        "book_checked": "Le par de chaque défi a été atteint par le solveur du jeu, et sa partie "
                        "rejouée et recomptée par un second moteur indépendant avant "
                        "l'impression de ce livre : le par est un score dont on a prouvé qu'il "
                        "est atteignable, non qu'il est le meilleur possible. Le fichier "
                        "manifest.json, écrit avec ce livre par son éditeur, permet à chacun de "
                        "vérifier à nouveau chaque par (spacebowl check manifest.json).",
    },
    "de": {
        "puzzle": "Aufgabe", "puzzles": "Aufgaben",
        "blank_face": "Die leere Seite (·) zeichnet nichts: Ihr Feld darf leer bleiben oder "
                      "schon bemalt sein.",
        "scoring": "Den Block werten",
        "teach_G": "Galaxien: 11 × die Zahl der Galaxien in deinem ärmsten Quadranten.",
        "teach_P": "Planeten: Jede gerade Feldreihe (drei Richtungen) mit 2 oder mehr Planeten "
                   "zählt 1 je Planet darauf; sie müssen sich nicht berühren.",
        "teach_A": "Asteroiden: 8 × die meisten Dreiecke nur aus Asteroiden ohne gemeinsames "
                   "Feld.",
        "teach_C": "Kometen: jede Gruppe sich berührender Kometen nach Größe: 1 → 0, 2 → 4, "
                   "3 → 7, 4 → 11, 5 → 15, +5 je weiterem Kometen.",
        "teach_S": "Sterne: Eine Karte ist erfüllt, wenn deine Sterne ihr rotes Muster zeigen "
                   "(verschoben, gedreht, nie gespiegelt): ihr Wert, + ihr Bonus je lila "
                   "Stern dieser Lage. Ein Stern zählt nur für eine Karte.",
        "example_title": "Ein kleiner Block, gewertet ({name} umrandet)",
        "ex_galaxy": "Galaxien: ärmster Quadrant {fewest} → {points}",
        "ex_planet": "Planeten: {points}",
        "ex_asteroid": "Asteroiden: {n} Dreieck(e) → {points}",
        "ex_comet": "Kometen: {points}",
        "ex_stars": "Sterne: {name} → {points}",
        "ex_total": "Summe {points}",
        "key_legend": "Par: die beste Summe, die der Löser mit denselben Würfen erreichte, vom "
                      "Programm nachgespielt und neu gewertet. Die Seiten nach dieser Tabelle "
                      "zeigen den Par-Block jedes Codes: Die kleine Zahl in einem Sechseck ist "
                      "der Wurf, der es gezeichnet hat, umkreiste Sterne vervollständigen die "
                      "nummerierte Karte. Prüfe den Wertungsbogen Kategorie für Kategorie; wer "
                      "das Par erreicht, hat sehr gut gespielt.",
        "par_short": "Par {total}",
        "describe": "Sternbildsatz „{name}“, Block {cols}×{rows}",
        "book_blurb": "{n} tägliche Aufgaben für Hubble, vom {start} bis {end}, in fünf "
                      "Schwierigkeitsstufen. Jedes Par ist eine Punktzahl, die der Löser mit "
                      "den Würfen des Tages erreichte, von einem zweiten Programm "
                      "nachgespielt und neu gewertet; die Par-Blöcke stehen hinten.",
        "book_blurb_undated": "{n} Aufgaben für Hubble, von leicht bis schwer in {tiers} "
                              "Schwierigkeitsstufen. Jedes Par ist eine Punktzahl, die der "
                              "Löser mit den Würfen der Aufgabe erreichte, von einem zweiten "
                              "Programm nachgespielt und neu gewertet; die Par-Blöcke stehen "
                              "hinten.",
        "book_checked": "Das Par jeder Aufgabe hat der Löser des Spiels erreicht, und sein "
                        "Spiel wurde vor dem Druck von einem zweiten, unabhängigen Programm "
                        "nachgespielt und neu gewertet: Das Par ist als erreichbar bewiesen, "
                        "nicht als das bestmögliche. Die Datei manifest.json, die der Verlag "
                        "mit diesem Buch erstellt hat, erlaubt es jedem, jedes Par erneut zu "
                        "prüfen (spacebowl check manifest.json).",
    },
}
"""The words publishing needs from Hubble: its noun, the teaching page's scoring and worked
example, the teacher's key legend and the web page's "how to play"."""
for _lang, _more in PUBLISHING.items():
    WORDS[_lang].update({k: french_spacing(v) for k, v in _more.items()} if _lang == "fr"
                        else _more)


def words(lang: str) -> dict[str, str]:
    """The labels in ``lang`` (en, fr or de); another code is an :class:`InputError`."""
    return WORDS[check_lang(lang, LANGS)]


__all__ = ["LANGS", "WORDS", "words"]
