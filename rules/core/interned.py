"""One intent type's intents by their fields, for a game's legal-intent listing."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from rules.core.model import Intent

IntentT = TypeVar("IntentT", bound=Intent)


class Interned(dict[tuple[Any, ...], IntentT], Generic[IntentT]):
    """``table[a, b]`` is ``kind.of(a, b)`` (made by ``Intent.of`` on first use, so the very
    same object): a listing reads it with a subscript, a fifth of the cost of an ``of`` call,
    and a position lists dozens. Meant for fields that are small numbers (card instances,
    slots, players), so a table stays small (a few thousand intents)."""

    def __init__(self, kind: type[IntentT]) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: tuple[Any, ...]) -> IntentT:
        got = self[key] = self.kind.of(*key)
        return got
