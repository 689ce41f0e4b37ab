"""Tiny Cards' state: plain mutable objects the rules change in place (Playtable's
``GameState``), with a ``copy()`` that copies only what a step changes.

Cards are numbered when the game starts (``cards``: number -> card id); zones hold numbers.
A view replaces the id of every card its player cannot see with ``HIDDEN``; the card data
(``catalog``) travels with the state, so a hot reload changes it in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.state import GameState
from tinycards.cards import Card

HAND, SLOTS, TURN_CAP = 3, 3, 60


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit in a slot: a value a step replaces, never changes, so copies share it."""

    card: int
    under: tuple[int, ...] = ()  # cards stacked beneath it: each adds its health
    damage: int = 0
    ready: bool = False


@dataclass(slots=True)
class Side:
    life: int
    hand: list[int] = field(default_factory=list)
    row: list[Unit | None] = field(default_factory=lambda: [None] * SLOTS)
    grave: list[int] = field(default_factory=list)

    def copy(self) -> Side:
        return Side(self.life, self.hand.copy(), self.row.copy(), self.grave.copy())


@dataclass(slots=True)
class State(GameState):
    catalog: dict[str, Card]  # card id -> data (hot reload replaces the whole dict)
    cards: dict[int, str]  # card number -> card id (a view: HIDDEN where unseen)
    deck: list[int]  # the shared deck, top first
    sides: list[Side]
    active: int = 0
    turn: int = 1
    played: bool = False  # the active player has played their card this turn

    def copy(self) -> State:
        s = self.shallow()  # catalog and cards are replaced, never changed: shared
        s.deck = self.deck.copy()
        s.sides = [side.copy() for side in self.sides]
        return s

    def card(self, number: int) -> Card:
        return self.catalog[self.cards[number]]

    def name(self, number: int) -> str:
        return self.card(number).name

    def health(self, unit: Unit) -> int:
        return sum(self.card(c).health for c in (unit.card, *unit.under))

    def unit_at(self, player: int, number: int) -> int | None:
        """The slot of ``player``'s row holding unit ``number``, None if none does."""
        return next((k for k, u in enumerate(self.sides[player].row)
                     if u is not None and u.card == number), None)
