"""A dict that makes each missing value on first use."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


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
