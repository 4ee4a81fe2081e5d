"""Space Bowl's commands (``spacebowl kit``, ``solve``, ``stats``, ``deck``, …)."""
