"""What the listing reads of a card, read once per catalog instead of every step.

A card is a pydantic model: each field read costs three times a slot's, and the queue's
windows (two steps in three) check every card in hand. ``traits(state)`` maps each card id of
the state's catalog to its ``Traits``, built on first use. No step changes a catalog (a view,
a determinized deal or a hot reload puts a new one in its place), so the table is kept while
the state holds that very catalog, or a new game's copy of it holding the same card objects:
it holds the catalog itself and compares by identity, which a freed object's reused address
cannot fool."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.nullshapers.cards import NCard
from rules.nullshapers.effects import Target, target_kind

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.nullshapers.state import State


@dataclass(frozen=True, slots=True)
class Traits:
    card: NCard
    kind: str
    cost: int
    speed: int
    aim: Target  # what its effect targets (``effects.target_kind``)


class _ByCard(dict[str, Traits]):
    """Card id -> its traits, each read the first time it is asked for."""

    def __init__(self, catalog: Mapping[str, NCard]) -> None:
        super().__init__()
        self.catalog = catalog

    def __missing__(self, cid: str) -> Traits:
        c = self.catalog[cid]
        got = self[cid] = Traits(c, c.kind, c.cost, c.speed, target_kind(c))
        return got


_last: _ByCard | None = None  # the table of the catalog played last (one is kept)


def traits(s: State) -> _ByCard:
    """Each card id's traits in ``s``'s catalog."""
    global _last
    got, catalog = _last, s.catalog
    if got is None or got.catalog is not catalog:
        # Each new game copies its setup's catalog: the same cards, another dict. The values
        # compare by identity first, so this costs a pass over the catalog once a game.
        got = _last = got if got is not None and got.catalog == catalog else _ByCard(catalog)
        got.catalog = catalog
    return got
