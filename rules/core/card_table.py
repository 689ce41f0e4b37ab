"""What a game's rules read of each card, read once per catalog instead of every step.

A card is a pydantic model: each field read costs about three times a slot's, and a game's
legal-intent listing reads the same few fields of the same cards every step. A
``CardTable(make)`` keeps ``make(card)`` (a small slotted value) per card id of the catalog
played last, each made on first use.

No step changes a catalog: a view, a determinized deal or a hot reload puts a new one in its
place. So the table is kept while the state holds that very catalog, or a copy holding the
same card objects (each new game copies its setup's): the table holds the catalog itself and
compares by identity, which a freed object's reused address cannot fool. One table is kept:
a process alternating between two catalogs (a table and a view) rebuilds it, lazily."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

C = TypeVar("C")
T = TypeVar("T")


class _ByCard(dict[str, T], Generic[C, T]):
    """Card id -> ``make(card)``, each made the first time it is asked for."""

    def __init__(self, catalog: Mapping[str, C], make: Callable[[C], T]) -> None:
        super().__init__()
        self.catalog, self.make = catalog, make

    def __missing__(self, cid: str) -> T:
        got = self[cid] = self.make(self.catalog[cid])
        return got


class CardTable(Generic[C, T]):
    def __init__(self, make: Callable[[C], T]) -> None:
        self.make = make
        self._last: _ByCard[C, T] | None = None

    def of(self, catalog: Mapping[str, C]) -> dict[str, T]:
        """Card id -> what ``make`` reads of it, for ``catalog``."""
        got = self._last
        if got is None or got.catalog is not catalog:
            # The values compare by identity first: a copy of the same cards costs one pass.
            if got is None or got.catalog != catalog:
                got = _ByCard(catalog, self.make)
            got.catalog = catalog
            self._last = got
        return got
