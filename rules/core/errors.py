"""Errors the rules raise: illegal intents during play, bad data at load time."""

from __future__ import annotations

from collections.abc import Sequence


class IllegalIntent(Exception):
    """The intent is not legal now. ``reason`` is a sentence meant for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DataError(Exception):
    """A data file (cards, deck, map, save) is malformed. ``errors`` holds every problem found,
    each as ``file:line: where: what is wrong``."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))
