"""spacebowl_print: design, verify and publish print-and-play material for Space Bowl.

Layers (each imports only those below it):
``model`` → ``rules`` → ``solve`` → ``render`` → ``publish`` → ``games`` → ``cli``.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("spacebowl-print")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
