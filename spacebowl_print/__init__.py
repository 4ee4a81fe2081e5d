"""spacebowl_print: design, verify and publish print-and-play material and puzzle books for
Space Bowl, Hubble and Tom Tube.

Layers (each imports only those below it): ``core`` → ``render`` → ``publish`` → ``games`` →
``cli``; each game in ``games/`` is layered ``model`` → ``rules`` → ``solve`` → ``art`` →
``kit`` | ``puzzles`` → ``cli`` and never imports another game.
"""

def __getattr__(name: str) -> str:
    # __version__ is looked up on first use: importlib.metadata takes a sixth of a second to
    # load, which the command's first line (spacebowl_print.entry) must not wait for.
    if name != "__version__":
        raise AttributeError(f"module 'spacebowl_print' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("spacebowl-print")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+source"
    globals()["__version__"] = found
    return found


__all__ = ["__version__"]
