"""spacebowl_print: design, verify and publish print-and-play material and puzzle books for
Space Bowl, Hubble and Tom Tube.

Layers (each imports only those below it): ``core`` → ``render`` → ``publish`` → ``games`` →
``cli``; each game in ``games/`` is layered ``model`` → ``rules`` → ``solve`` → ``art`` →
``kit`` | ``puzzles`` → ``cli`` and never imports another game.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("spacebowl-print")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
