"""Tom Tube's "way home" puzzle booklet: the puzzles generated and proved by
``solve.puzzles`` (``generate`` and the independent ``verify_entry``), drawn on mini boards
(``item``), set into a booklet with an introduction and an answer key and sealed with its
``manifest.json`` (``booklet``)."""
