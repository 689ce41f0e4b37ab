"""Reading a Dreadnought position: sizes, BP, grades and areas; the size rules (D-06, D-07,
D-09) as one ``Layout`` per four slot sizes."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.card_table import CardTable
from rules.core.memo import Memo
from rules.dreadnought.cards import DUMMY_BP, GRADES, SIZE, Card
from rules.dreadnought.state import AREA_SIZE, AREA_SLOTS, EMPTY, NO_SPEED, State


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


def traits(s: State) -> dict[str, Traits]:
    """Each card id's traits in ``s``'s catalog."""
    return _TRAITS.of(s.catalog)


def size_of(s: State, iid: int, table: dict[str, Traits] | None = None) -> int:
    """A unit's size (a dummy's is S, D-07), or a card's; ``table``: ``traits(s)``, when the
    caller has it."""
    u = s.units.get(iid)
    if u is not None and u.dummy:
        return 1
    return (table or _TRAITS.of(s.catalog))[s.cards[iid]].size


def bp_of(s: State, iid: int) -> int:
    u = s.units[iid]
    base = DUMMY_BP if u.dummy else (s.card(iid).bp or 0)
    return base + u.bonus


def area_units(s: State, p: int, area: int) -> list[int]:
    slots = s.players[p].slots
    return [slots[k] for k in AREA_SLOTS[area] if slots[k] != EMPTY]


def area_used(s: State, p: int, area: int) -> int:
    return AREA_SIZE - layout(s, p).room[area]


def grade_index(s: State, p: int) -> int:
    """The player's speed grade now (0 = A, fastest), abilities' shifts applied."""
    pl = s.players[p]
    if pl.speed == EMPTY:
        return NO_SPEED
    g = s.card(pl.speed).grade
    base = GRADES.index(g) if g is not None else len(GRADES) - 1
    return max(0, min(len(GRADES) - 1, base - pl.shift))


def grade_label(index: int) -> str:
    """"A" to "E"; "none" for a player without a speed card."""
    return GRADES[index] if index < len(GRADES) else "none"


def blockers(s: State, p: int, area: int) -> list[int]:
    """Who may block an attack on player p's area: its units, and its caster while it has HP."""
    out = area_units(s, p, area)
    pl = s.players[p]
    if pl.hp[area]:
        out.append(pl.casters[area])
    return out


@dataclass(frozen=True, slots=True)
class Layout:
    """What a player's four slots allow, from their units' sizes (0: empty): each area's size
    left, the empty slots a unit of each size may be cast into (``fits[size]``; ``fits[1]``
    a dummy's too), the slots of the other area the unit in each slot may move to, empty ones
    it fits or a unit it may swap with (``moves[here]``, D-09), and whether the two areas'
    units may swap (two units or more). Slot sets are bitmasks (bit k: slot k, ``slots_in``):
    a listing keys its intents by them."""

    room: tuple[int, int]
    fits: tuple[int, ...]
    moves: tuple[int, ...]
    swap: bool


def slots_in(mask: int) -> tuple[int, ...]:
    return tuple(k for k in range(4) if mask >> k & 1)


def _layout(sizes: tuple[int, ...]) -> Layout:
    room = (AREA_SIZE - sizes[0] - sizes[1], AREA_SIZE - sizes[2] - sizes[3])
    fits = (0, *(sum(1 << k for k in range(4) if not sizes[k] and room[k >> 1] >= n)
                 for n in range(1, AREA_SIZE + 1)))
    moves = []
    for here, size in enumerate(sizes):
        mine = here >> 1
        other = 1 - mine
        moves.append(0 if not size else sum(
            1 << k for k in AREA_SLOTS[other] if room[other] + sizes[k] >= size
            and (not sizes[k] or room[mine] + size >= sizes[k])))
    return Layout(room, fits, tuple(moves), len(sizes) - sizes.count(0) >= 2)


# Each layout made once (a few dozen sizes of four slots are possible)
_LAYOUTS: Memo[tuple[int, ...], Layout] = Memo(_layout)


def layout(s: State, p: int) -> Layout:
    """Player ``p``'s layout, keyed by the size of each slot's unit (0: empty)."""
    table = _TRAITS.of(s.catalog)
    return _LAYOUTS[tuple([0 if i == EMPTY else size_of(s, i, table)
                           for i in s.players[p].slots])]
