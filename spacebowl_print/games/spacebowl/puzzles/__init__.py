"""Space Bowl puzzles for booklets and classroom sets.

A puzzle is a galaxy, a toss and variants; its answer is every valid destination. Tiers are
defined by measurable features (:mod:`.tiers`); :mod:`.generate` samples candidates in batches
with the bitboard engine and keeps the first that meets its tier's targets, re-deriving the
answer with the reference engine (the two must agree); :mod:`.verify` re-checks a manifest
entry from the entry alone; :mod:`.kind` is what every publication (booklet, classroom set,
web site) uses.
"""
