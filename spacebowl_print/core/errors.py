"""The one error type that bad input raises anywhere below the CLI."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: a one-line message, plus where it is (file, line, field).

    The CLI prints ``str(err)`` and exits with status 2; lower layers never print.
    ``where`` is a list of location parts, outermost first (e.g. ``["cards[3]", "planets"]``);
    callers that know the file add it with :meth:`at_file`.
    """

    def __init__(self, message: str, *where: str, file: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.where = [w for w in where if w]
        self.file = file
        self.line = line

    def within(self, *outer: str) -> InputError:
        """Return this error with ``outer`` location parts put in front."""
        self.where = [w for w in outer if w] + self.where
        return self

    def at_file(self, file: str, line: int | None = None) -> InputError:
        """Return this error tied to ``file`` (and ``line`` when known and not already set)."""
        self.file = file
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        head = ""
        if self.file:
            head = self.file + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            head = f"line {self.line}: "
        loc = ".".join(self.where)
        return f"{head}{loc + ': ' if loc else ''}{self.message}"
