"""The steps every publication of puzzles shares, whatever the game and the medium (book,
classroom set, web site): make one puzzle per slot, put every answer through the game's
independent check before anything is written, and describe the run in the manifest.

A :class:`Publisher` holds what one run works with: the request's
:class:`~spacebowl_print.publish.requests.Run` (the game, its options, the
:class:`~spacebowl_print.publish.kinds.RenderContext`, the seed…), the game's
:class:`~spacebowl_print.publish.kinds.PuzzleKind` and the source it loaded (deck,
constellation set, tile set).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.workers import worker_pool
from spacebowl_print.publish.booktexts import book_words
from spacebowl_print.publish.kinds import PuzzleItem, PuzzleKind, RenderContext
from spacebowl_print.publish.requests import Run
from spacebowl_print.publish.schedule import Slot


class VerificationError(RuntimeError):
    """An answer disagreed with the game's independent check; nothing was written."""


@dataclass(frozen=True)
class Publisher:
    """One run's game, material and drawing context (see the module docstring)."""

    run: Run
    kind: PuzzleKind[Any, Any, Any]
    source: Any

    @classmethod
    def start(cls, run: Run, tiers: Sequence[int]) -> Publisher:
        """The run's puzzle kind with its source loaded from the run's options, checked able
        to make puzzles of ``tiers``."""
        kind = run.game.puzzle_kind()
        return cls(run, kind, kind.load(run.options, tiers))

    @property
    def game(self) -> str:
        return self.run.game.id

    @property
    def title(self) -> str:
        return self.run.game.title

    @property
    def ctx(self) -> RenderContext:
        return self.run.ctx

    @property
    def seed(self) -> int:
        return self.run.seed

    def kind_of(self, command: str) -> str:
        """What an output folder records it holds: ``"hubble booklet"``."""
        return self.run.kind_of(command)

    @cached_property
    def words(self) -> dict[str, str]:
        """The shared publishing words in the run's language, with the game's title and noun
        filled in (made once a run: the key and the pages ask for them again and again); a
        game's own ``book_KEY`` word stands for ``KEY`` (Hubble says what its par's proof
        is, where the shared words speak of answers proved)."""
        words = book_words(self.ctx.lang, self.title, self.ctx.words["puzzle"],
                           self.ctx.words["puzzles"])
        words.update({key[5:]: text for key, text in self.ctx.words.items()
                      if key.startswith("book_")})
        return words

    def make(self, slots: Sequence[Slot], advance: Callable[[int], None] = lambda k: None
             ) -> list[PuzzleItem]:
        """One puzzle per slot from the game, checked to match the slots (ids in order)."""
        items = self.kind.generate(self.source, slots, self.seed, self.ctx, self.run.jobs,
                                   advance)
        if [it.id for it in items] != [s.puzzle_id for s in slots]:
            raise VerificationError("the game did not make one puzzle per slot, in order")
        return items

    def header(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The manifest's header: the game, the title, what the game records about its
        source, the seed, the options that shaped the run and the tool's version."""
        return {"game": self.game, **self.kind.header(self.source), "seed": self.seed,
                "options": dict(options), "tool": f"spacebowl_print {__version__}"}

    def verified(self, header: Mapping[str, Any], items: Sequence[PuzzleItem]
                 ) -> list[dict[str, Any]]:
        """Every item's manifest entry, each re-derived by the game's independent
        ``verify`` against ``header`` (as ``spacebowl check`` will), in the run's worker
        processes (a Hubble day's re-derivation re-grades its tier: a fifth of a second, a
        minute of a year's book done serially); raises :class:`VerificationError` naming the
        first puzzle that disagrees or an id used twice."""
        # in item order, as serially: the first puzzle whose id, entry or verify fails is the
        # one named; the checks of the items before it are all that must come first, so
        # their verifications run side by side and are read back in order
        entries: list[dict[str, Any]] = []
        seen: set[str] = set()
        stop: BaseException | None = None
        for item in items:
            try:
                if item.id in seen:
                    raise VerificationError(f"puzzle {item.id}: id used twice")
                seen.add(item.id)
                entry = item.manifest_entry()
                if entry.get("id") != item.id or entry.get("tier") != item.tier:
                    raise VerificationError(f"puzzle {item.id}: its entry does not carry "
                                            "its id and tier")
            except Exception as err:  # raised once the items before it are verified
                stop = err
                break
            entries.append(entry)
        tasks = [(self.kind, header, entry) for entry in entries]
        with worker_pool(self.run.jobs, len(tasks)) as pool:
            # lazily: a problem ends the pool (and any verification still running) at once
            for item, problem in zip(items[:len(tasks)], pool.map(_problem, tasks), strict=True):
                if problem:
                    raise VerificationError(f"puzzle {item.id}: {problem}")
        if stop is not None:
            raise stop
        return entries


def _problem(task: tuple[PuzzleKind[Any, Any, Any], Mapping[str, Any], Mapping[str, Any]]
             ) -> str | None:
    """What the kind's ``verify`` finds wrong with one entry (a worker's task), a bad
    input's message included; None when it holds."""
    kind, header, entry = task
    try:
        return kind.verify(header, entry)
    except InputError as err:
        return str(err)


def manifest(header: Mapping[str, Any], title: str, entries: list[dict[str, Any]]
             ) -> dict[str, Any]:
    """The manifest object: ``game`` first, then ``title``, the rest of the header, and the
    ``puzzles``."""
    head = dict(header)
    return {"game": head.pop("game"), "title": title, **head, "puzzles": entries}


__all__ = ["Publisher", "VerificationError", "manifest"]
