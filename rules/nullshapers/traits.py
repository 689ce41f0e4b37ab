"""What the listing reads of a card (``rules.core.card_table``): the queue's windows, two steps
in three, check every card in hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.core.card_table import CardTable
from rules.nullshapers.cards import NCard
from rules.nullshapers.effects import Target, target_kind

if TYPE_CHECKING:
    from rules.nullshapers.state import State


@dataclass(frozen=True, slots=True)
class Traits:
    card: NCard
    kind: str
    cost: int
    speed: int
    aim: Target  # what its effect targets (``effects.target_kind``)


def _traits(c: NCard) -> Traits:
    return Traits(c, c.kind, c.cost, c.speed, target_kind(c))


_TABLE: CardTable[NCard, Traits] = CardTable(_traits)


def traits(s: State) -> dict[str, Traits]:
    """Each card id's traits in ``s``'s catalog."""
    return _TABLE.of(s.catalog)
