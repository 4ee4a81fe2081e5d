"""Hubble: the pad, icons, constellation cards, challenges and play logs (``model``), the
scoring engine with two independent paths for asteroids and stars and the legality checker
(``rules``), the challenge generator, the greedy player, the par solver and manifest entries
(``solve``), and the ``hubble`` click group (``cli``). Rules and file shapes: docs/hubble.md."""
