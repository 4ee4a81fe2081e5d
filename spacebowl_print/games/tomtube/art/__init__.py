"""Tom Tube's print art: the look shared by every piece (``look``), board drawings at any size
(``boards``: the printed board, mini boards of positions, drift routes), die-cut tiles
(``tiles``), counters and astronaut standees (``pieces``) and the rule summaries with their
engine-computed examples (``rules``). Imports ``model``, ``rules`` and ``solve`` of Tom Tube,
and the game-free ``render`` layer; never ``kit`` or ``puzzles``."""
