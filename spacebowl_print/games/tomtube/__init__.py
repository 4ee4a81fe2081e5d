"""Tom Tube: the board, tiles and positions (``model``), the rules engine with two independent
move generators (``rules``), the tile designer, self-play and "way home" puzzles (``solve``), and
the ``tomtube`` click group (``cli``). The rules restated and the file shapes: docs/tomtube.md."""
