"""Dicts that make each missing value on first use: any value (``Memo``), or one intent type's
intents by their fields (``Interned``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from rules.core.model import Intent

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
IntentT = TypeVar("IntentT", bound=Intent)


class Memo(dict[K, V], Generic[K, V]):
    """``memo[key]`` is ``make(key)``, made once: a hot listing reads it with a plain
    subscript (a hit never calls Python code), for keys from a small set (card instances,
    slot masks, slot sizes)."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        got = self[key] = self.make(key)
        return got


class Interned(Memo[tuple[Any, ...], IntentT]):
    """``table[a, b]`` is ``kind.of(a, b)`` (made by ``Intent.of`` on first use, so the very
    same object): a listing reads it with a subscript, a fifth of the cost of an ``of`` call,
    and a position lists dozens. Meant for fields that are small numbers (card instances,
    slots, players), so a table stays small (a few thousand intents)."""

    def __init__(self, kind: type[IntentT]) -> None:
        super().__init__(lambda key: kind.of(*key))
