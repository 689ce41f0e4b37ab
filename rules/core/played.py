"""Which cards an intent plays: what the balance simulation counts per card.

A game names the intent kinds that play a card and the field holding the card instance
(``Ruleset.played_kinds``, e.g. ``{"open": "card"}``); the default lookup then reads the
instance through ``state.cards`` (instance -> card id) and ``state.catalog`` (card id -> card),
the layout most games share. A game whose cards live otherwise overrides
``Ruleset.played_cards``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Played(NamedTuple):
    """One card played by an intent."""

    group: str  # what kind of card, for the report's sections: "card", "figure", "spell"
    card: str  # its stable key (the pack's card id, or the name where the game keys by name)
    name: str  # for people


def played_instance(state: Any, instance: object, group: str = "card") -> Played | None:
    """The card instance ``instance`` of ``state`` as a ``Played``, None when it names none
    (``-1``, or a state without ``cards`` and ``catalog``)."""
    cards = getattr(state, "cards", None)
    catalog = getattr(state, "catalog", None)
    if not isinstance(cards, Mapping) or not isinstance(catalog, Mapping):
        return None
    card_id = cards.get(instance)
    if card_id is None:
        return None
    card = catalog.get(card_id)
    return Played(group, str(card_id), str(getattr(card, "name", card_id)))


def played_by_kind(state: Any, intent: Any, kinds: Mapping[str, str]) -> tuple[Played, ...]:
    """The card ``intent`` plays when its kind is in ``kinds`` (kind -> instance field)."""
    field = kinds.get(getattr(intent, "kind", ""))
    if field is None:
        return ()
    got = played_instance(state, getattr(intent, field, None))
    return () if got is None else (got,)
