"""Tom Tube's print art: tubes, spheres and counters as every piece draws them (``tubes``),
board drawings at any size (``boards``: the printed board, mini boards of positions, drift
routes), die-cut tiles
(``tiles``), counters and astronaut standees (``pieces``) and the rule summaries with their
engine-computed examples (``rules``). Imports ``model``, ``rules`` and ``solve`` of Tom Tube,
and the game-free ``render`` layer; never ``kit`` or ``puzzles``."""
