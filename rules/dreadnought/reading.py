"""Reading a Dreadnought position: sizes, BP, grades and areas, of a State or anything holding
its ``catalog``, ``cards``, ``players`` and ``units`` (a test's hand-made position)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.core.card_table import CardTable
from rules.dreadnought.cards import DUMMY_BP, GRADES, SIZE, Card
from rules.dreadnought.state import (
    AREA_SIZE,
    EMPTY,
    NO_SPEED,
    Player,
    Unit,
    area_slots,
)


class Position(Protocol):
    @property
    def catalog(self) -> Mapping[str, Card]: ...

    @property
    def cards(self) -> Mapping[int, str]: ...

    @property
    def players(self) -> Sequence[Player]: ...

    @property
    def units(self) -> Mapping[int, Unit]: ...


def card(s: Position, iid: int) -> Card:
    return s.catalog[s.cards[iid]]


@dataclass(frozen=True, slots=True)
class Traits:
    """What the listing reads of a card (``rules.core.card_table``)."""

    size: int  # 1 for a card without one
    unit_size: int  # the size it is cast at as a unit; 0: it is no unit with a size
    cost: int

    def cast_at(self, others: int) -> int:
        """The size it is cast at as a unit when ``others`` hand cards may pay its log-cost
        (D-06), else 0."""
        return self.unit_size if others >= self.cost else 0


def _traits(c: Card) -> Traits:
    size = SIZE[c.size] if c.size is not None else 0
    return Traits(size or 1, size if c.type == "unit" else 0, c.cost)


_TRAITS: CardTable[Card, Traits] = CardTable(_traits)


def traits(s: Position) -> dict[str, Traits]:
    """Each card id's traits in ``s``'s catalog."""
    return _TRAITS.of(s.catalog)


def size_of(s: Position, iid: int, table: dict[str, Traits] | None = None) -> int:
    """A unit's size (a dummy's is S, D-07), or a card's; ``table``: ``traits(s)``, when the
    caller has it."""
    u = s.units.get(iid)
    if u is not None and u.dummy:
        return 1
    return (table or _TRAITS.of(s.catalog))[s.cards[iid]].size


def slot_sizes(s: Position, p: int) -> tuple[int, ...]:
    """The size of each of the player's slots' unit (0: empty)."""
    table = _TRAITS.of(s.catalog)
    return tuple([0 if i == EMPTY else size_of(s, i, table) for i in s.players[p].slots])


def bp_of(s: Position, iid: int) -> int:
    u = s.units[iid]
    base = DUMMY_BP if u.dummy else (card(s, iid).bp or 0)
    return base + u.bonus


def area_units(s: Position, p: int, area: int) -> list[int]:
    slots = s.players[p].slots
    return [slots[k] for k in area_slots(area) if slots[k] != EMPTY]


def area_used(s: Position, p: int, area: int, without: int = EMPTY) -> int:
    return sum(size_of(s, i) for i in area_units(s, p, area) if i != without)


def fits(s: Position, p: int, area: int, size: int, without: int = EMPTY) -> bool:
    return area_used(s, p, area, without) + size <= AREA_SIZE


def grade_index(s: Position, p: int) -> int:
    """The player's speed grade now (0 = A, fastest), abilities' shifts applied."""
    pl = s.players[p]
    if pl.speed == EMPTY:
        return NO_SPEED
    g = card(s, pl.speed).grade
    base = GRADES.index(g) if g is not None else len(GRADES) - 1
    return max(0, min(len(GRADES) - 1, base - pl.shift))


def grade_label(index: int) -> str:
    """"A" to "E"; "none" for a player without a speed card."""
    return GRADES[index] if index < len(GRADES) else "none"


def slot_of(s: Position, p: int, iid: int) -> int:
    try:
        return s.players[p].slots.index(iid)
    except ValueError:
        return EMPTY


def blockers(s: Position, p: int, area: int) -> list[int]:
    """Who may block an attack on player p's area: its units, and its caster while it has HP."""
    out = area_units(s, p, area)
    pl = s.players[p]
    if pl.hp[area]:
        out.append(pl.casters[area])
    return out
