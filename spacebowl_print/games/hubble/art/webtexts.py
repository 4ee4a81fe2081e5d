"""The words of Hubble's played web page, in English, French and German: the controls, the
score as it stands, and why the engine refuses a turn (the reasons of
``rules/legality.py``, said to a player who taps hexes)."""

from __future__ import annotations

from spacebowl_print.core.languages import french_spacing

_WEB: dict[str, dict[str, str]] = {
    "en": {
        "roll_of": "Roll {k} of {n}", "scope": "Your Scope", "white": "white die",
        "choose": "your choice: pick the third icon", "blank": "blank",
        "undo": "Undo", "restart": "Start again", "fog_button": "Fog instead",
        "fog_nothing": "Fog without drawing", "place_mode": "Place the Scope instead",
        "fog_mode": "Fogging: pick one icon and an empty hex of the rolled quadrants, or "
                    "draw nothing.",
        "pick_icon": "Pick an icon of the Scope, then a lit hex.",
        "pick_hex": "Now a lit hex for {icon}.", "choose_third": "Choose the third icon first.",
        "score": "Score as it stands", "total": "Total", "title": "Title",
        "fogged": "Fogged Lens: {n} of 3", "stars_card": "Stars {k}",
        "finished": "Finished: {total} points ({title}). Par {par}.",
        "beat": "You reached the par!", "under": "{gap} under the par: reveal it to see how.",
        "over": "{gap} over the par!",
        "par_step": "Roll {k}: {roll} → {turn}", "par_fog": "fog", "nothing": "nothing drawn",
        "hex_label": "{cell}, {quadrant}, {what}", "empty": "empty",
        "red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
        "G": "galaxy", "P": "planet", "A": "asteroid", "C": "comet", "S": "star",
        ".": "blank",
        "any_icon": "any icon", "not_turn": "A turn places the Scope or fogs.",
        "three_cells": "A Scope needs three different hexes.",
        "no_cell": "{cell} is not a hex of this pad.",
        "bad_icon": "{cell}: an icon is one of G P A C S or blank.",
        "not_triangle": "{cells} is not a triangle (three touching hexes).",
        "wrong_quadrant": "{cells} lies in {got}, but the rolled quadrants are {rolled} (one of "
                          "them, or both only when they share an edge).",
        "not_scope": "Icons {icons} are not the Scope {scope}.",
        "occupied": "{cell} already holds {has}; {icon} needs an empty hex.",
        "fog_one": "A fog draws one icon of the Scope, or nothing.",
        "fog_not_scope": "{icon} is not an icon of this Scope.",
        "fog_quadrant": "{cell} is not in the rolled quadrants ({rolled}).",
        "fog_occupied": "{cell} already holds {has}.",
        "not_touching": "{cell} does not make a triangle of touching hexes in the rolled "
                        "quadrants with the hexes already chosen.",
        "over_game": "The game is over: undo to change a turn.",
        "keyhelp": "Keys: Tab to the icons and the pad; arrows move on the pad, Enter or Space "
                   "draws; U undoes; F fogs; R reveals the par, ← → step through it.",
    },
    "fr": {
        "roll_of": "Lancer {k} sur {n}", "scope": "Votre Scope", "white": "dé blanc",
        "choose": "au choix : choisissez la troisième icône", "blank": "vide",
        "undo": "Annuler", "restart": "Recommencer", "fog_button": "Brouillard plutôt",
        "fog_nothing": "Brouillard sans dessin", "place_mode": "Placer le Scope plutôt",
        "fog_mode": "Brouillard : choisissez une icône et une case vide des quadrants tirés, "
                    "ou ne dessinez rien.",
        "pick_icon": "Choisissez une icône du Scope, puis une case éclairée.",
        "pick_hex": "Maintenant une case éclairée pour {icon}.",
        "choose_third": "Choisissez d’abord la troisième icône.",
        "score": "Score en cours", "total": "Total", "title": "Titre",
        "fogged": "Lentille embuée : {n} sur 3", "stars_card": "Étoiles {k}",
        "finished": "Terminé : {total} points ({title}). Par {par}.",
        "beat": "Vous atteignez le par !", "under": "{gap} sous le par : montrez-le pour voir "
                                                    "comment.",
        "over": "{gap} au-dessus du par !",
        "par_step": "Lancer {k} : {roll} → {turn}", "par_fog": "brouillard",
        "nothing": "rien de dessiné",
        "hex_label": "{cell}, {quadrant}, {what}", "empty": "vide",
        "red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert",
        "G": "galaxie", "P": "planète", "A": "astéroïde", "C": "comète", "S": "étoile",
        ".": "vide",
        "any_icon": "n’importe quelle icône",
        "not_turn": "Un tour place le Scope ou fait du brouillard.",
        "three_cells": "Un Scope demande trois cases différentes.",
        "no_cell": "{cell} n’est pas une case de cette feuille.",
        "bad_icon": "{cell} : une icône est G P A C S ou vide.",
        "not_triangle": "{cells} n’est pas un triangle (trois cases qui se touchent).",
        "wrong_quadrant": "{cells} est dans {got}, mais les quadrants tirés sont {rolled} (l’un "
                          "d’eux, ou les deux seulement s’ils partagent un bord).",
        "not_scope": "Les icônes {icons} ne sont pas le Scope {scope}.",
        "occupied": "{cell} contient déjà {has} ; {icon} demande une case vide.",
        "fog_one": "Un brouillard dessine une icône du Scope, ou rien.",
        "fog_not_scope": "{icon} n’est pas une icône de ce Scope.",
        "fog_quadrant": "{cell} n’est pas dans les quadrants tirés ({rolled}).",
        "fog_occupied": "{cell} contient déjà {has}.",
        "not_touching": "{cell} ne forme pas, avec les cases déjà choisies, un triangle de "
                        "cases qui se touchent dans les quadrants tirés.",
        "over_game": "La partie est finie : annulez pour changer un tour.",
        "keyhelp": "Touches : Tab vers les icônes et la feuille ; flèches sur la feuille, "
                   "Entrée ou Espace dessine ; U annule ; F brouillard ; R montre le par, ← → "
                   "le parcourent.",
    },
    "de": {
        "roll_of": "Wurf {k} von {n}", "scope": "Dein Scope", "white": "weißer Würfel",
        "choose": "freie Wahl: wähle das dritte Symbol", "blank": "leer",
        "undo": "Zurück", "restart": "Neu beginnen", "fog_button": "Stattdessen Nebel",
        "fog_nothing": "Nebel ohne Zeichnen", "place_mode": "Stattdessen Scope setzen",
        "fog_mode": "Nebel: Wähle ein Symbol und ein leeres Feld der gewürfelten Quadranten, "
                    "oder zeichne nichts.",
        "pick_icon": "Wähle ein Symbol des Scopes, dann ein leuchtendes Feld.",
        "pick_hex": "Jetzt ein leuchtendes Feld für {icon}.",
        "choose_third": "Wähle zuerst das dritte Symbol.",
        "score": "Wertung bisher", "total": "Summe", "title": "Titel",
        "fogged": "Beschlagene Linse: {n} von 3", "stars_card": "Sterne {k}",
        "finished": "Fertig: {total} Punkte ({title}). Par {par}.",
        "beat": "Du erreichst das Par!", "under": "{gap} unter dem Par: Zeige es, um zu sehen, "
                                                  "wie.",
        "over": "{gap} über dem Par!",
        "par_step": "Wurf {k}: {roll} → {turn}", "par_fog": "Nebel", "nothing": "nichts "
                                                                               "gezeichnet",
        "hex_label": "{cell}, {quadrant}, {what}", "empty": "leer",
        "red": "rot", "blue": "blau", "yellow": "gelb", "green": "grün",
        "G": "Galaxie", "P": "Planet", "A": "Asteroid", "C": "Komet", "S": "Stern",
        ".": "leer",
        "any_icon": "ein beliebiges Symbol",
        "not_turn": "Ein Zug setzt den Scope oder ist Nebel.",
        "three_cells": "Ein Scope braucht drei verschiedene Felder.",
        "no_cell": "{cell} ist kein Feld dieses Blocks.",
        "bad_icon": "{cell}: Ein Symbol ist G P A C S oder leer.",
        "not_triangle": "{cells} ist kein Dreieck (drei sich berührende Felder).",
        "wrong_quadrant": "{cells} liegt in {got}, gewürfelt sind aber {rolled} (einer davon, "
                          "oder beide nur, wenn sie eine Kante teilen).",
        "not_scope": "Die Symbole {icons} sind nicht der Scope {scope}.",
        "occupied": "{cell} enthält schon {has}; {icon} braucht ein leeres Feld.",
        "fog_one": "Ein Nebel zeichnet ein Symbol des Scopes, oder nichts.",
        "fog_not_scope": "{icon} ist kein Symbol dieses Scopes.",
        "fog_quadrant": "{cell} liegt nicht in den gewürfelten Quadranten ({rolled}).",
        "fog_occupied": "{cell} enthält schon {has}.",
        "not_touching": "{cell} bildet mit den schon gewählten Feldern kein Dreieck sich "
                        "berührender Felder in den gewürfelten Quadranten.",
        "over_game": "Das Spiel ist vorbei: Nimm Züge zurück, um einen zu ändern.",
        "keyhelp": "Tasten: Tab zu den Symbolen und zum Block; Pfeile auf dem Block, Enter "
                   "oder Leertaste zeichnet; U nimmt zurück; F Nebel; R zeigt das Par, ← → "
                   "gehen es durch.",
    },
}
WEB: dict[str, dict[str, str]] = {
    lang: {k: french_spacing(v) for k, v in table.items()} if lang == "fr" else table
    for lang, table in _WEB.items()}
"""The web page's words by language (French with its no-break spaces)."""

__all__ = ["WEB"]
