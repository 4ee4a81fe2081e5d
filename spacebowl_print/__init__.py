"""spacebowl_print: design, verify and publish print-and-play material and puzzle books for
Space Bowl, Hubble and Tom Tube.

Layers (each imports only those below it): ``core`` → ``render`` → ``publish`` → ``games`` →
``cli``; each game in ``games/`` is layered ``model`` → ``rules`` → ``solve`` → ``art`` →
``kit`` | ``puzzles`` → ``cli`` and never imports another game.
"""

__version__ = "0.1.0"
"""The version (pyproject.toml reads it from here: one place, and no package metadata to
look up at every start)."""

__all__ = ["__version__"]
