"""Hubble's print art: the look (quadrant colours and patterns, the five icons, red and
purple stars, hexes), the pad sheet, constellation cards, paper dice, rule summaries and the
words they print in English, French and German. Everything draws against
:mod:`spacebowl_print.render.api`; geometry always comes from the engine
(:mod:`spacebowl_print.games.hubble.model.geometry`)."""
