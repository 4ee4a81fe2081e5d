"""Game components drawn against :mod:`spacebowl_print.render.api` (cards, ship computer, …)."""
