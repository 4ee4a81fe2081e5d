"""Tom Tube rules: two independent move generators (``network``: graph of directed
segments, fast; ``reference``: trails over exact coordinates, obviously right) and turn play
(``play``: placing, moving, passing, scoring). Imports only ``model`` and ``core``."""
