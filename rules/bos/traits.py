"""What the rules read of a card instance's card, read once per deal instead of every step.

A card is a pydantic model: each field read costs three times a slot's, and listing a Main
phase reads a few dozen. ``traits(state)`` gives each instance's ``Traits``: each card's are
made once per catalog (``rules.core.card_table``), each instance's looked up on first use from
the state's own ``catalog`` and ``cards``. Both are shared by every copy of a state and no step
changes them (a view, a determinized deal or a hot reload puts new ones in their place), so
the instances' table is kept while the state holds those very objects, or equal ones (the
next game from the same decks): it holds them itself and compares by identity, then by value,
never by an address a freed object's successor could reuse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.bos.cards import Card
from rules.bos.effects import CONDITIONS, EFFECTS, Condition
from rules.core.card_table import CardTable

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.bos.state import State


@dataclass(frozen=True, slots=True)
class Traits:
    card: Card
    name: str
    cost: int
    spell: bool  # a spell (a hot reload may make a spellbook card something else)
    test: Condition | None  # its summoning or casting condition; None: "always"
    n: int  # the condition's amount
    aim: str  # where a spell's effect goes (``effects.Target``); "none" for other cards
    acts: tuple[tuple[int, str], ...]  # its "act" abilities: (index, where it goes)
    defeats: tuple[tuple[str, str, int, str], ...]  # its on-defeat abilities: name, effect,
    # amount, text (as ``State.on_defeat`` takes them)
    strength: int  # 0 for a card without one


def _traits(c: Card) -> Traits:
    return Traits(c, c.name, c.cost, c.type == "spell",
                  None if c.condition == "always" else CONDITIONS[c.condition].test,
                  c.condition_n, EFFECTS[c.effect].target if c.effect is not None else "none",
                  tuple((k, EFFECTS[ab.effect].target) for k, ab in enumerate(c.abilities)
                        if ab.trigger == "act"),
                  tuple((ab.name, ab.effect, ab.amount, ab.text) for ab in c.abilities
                        if ab.trigger == "defeat"),
                  c.strength or 0)


class _ByInstance(dict[int, Traits]):
    """Instance -> its card's traits, each read the first time it is asked for."""

    def __init__(self, catalog: Mapping[str, Card], cards: Mapping[int, str]) -> None:
        super().__init__()
        self.catalog, self.cards = catalog, cards
        # a spellbook (as a zone holds it) -> its spells, cheapest first (B-01 pays in order)
        self.by_cost: dict[tuple[int, ...], list[tuple[int, Traits]]] = {}

    def __missing__(self, iid: int) -> Traits:
        got = self[iid] = _BY_CARD.of(self.catalog)[self.cards[iid]]
        return got

    def spells(self, spellbook: tuple[int, ...]) -> list[tuple[int, Traits]]:
        """The spells of ``spellbook`` (a hot reload may have made a card something else),
        cheapest first, in spellbook order at one cost."""
        got = self.by_cost.get(spellbook)
        if got is None:
            got = [(i, t) for i in spellbook if (t := self[i]).spell]
            got.sort(key=_cost)
            self.by_cost[spellbook] = got
        return got


_BY_CARD: CardTable[Card, Traits] = CardTable(_traits)


def _cost(spell: tuple[int, Traits]) -> int:
    return spell[1].cost


_last: _ByInstance | None = None  # the table of the deal played last (one is kept)


def traits(s: State) -> _ByInstance:
    """Each card instance's traits in ``s``."""
    global _last
    got, catalog, cards = _last, s.catalog, s.cards
    if got is None or got.cards is not cards or got.catalog is not catalog:
        # A new game from the same decks numbers the same cards alike, in new dicts holding
        # the same values (compared by identity first: one pass over each)
        if got is None or got.cards != cards or got.catalog != catalog:
            got = _ByInstance(catalog, cards)
        got.catalog, got.cards = catalog, cards
        _last = got
    return got
