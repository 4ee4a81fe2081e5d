"""Tom Tube's "way home" puzzles, for every publication (booklets, classroom sets, web sites):
:mod:`.kind` is what the shared publishing commands use, over the tiered generator and the
independent verifier of ``solve.puzzles``; each puzzle is drawn on a mini board by
:mod:`.item`."""
