"""What legal-intent generation reads every step, looked up instead of derived again: each card
instance's facts, one table per game's card tables (cached by their identity; the entry holds
them, so a reused id is never mistaken for them), and the zones near each zone.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.kyoukai.cards import Gate
from rules.kyoukai.state import GRID, State

# Beyond the farthest two zones are apart, a distance reaches every zone.
FARTHEST = max(GRID.manhattan(a, b) for a in range(GRID.size) for b in range(GRID.size))


def _within(zone: int, distance: int) -> int:
    got = 0
    for z in range(GRID.size):
        if GRID.manhattan(zone, z) <= max(distance, 1):
            got |= 1 << z
    return got


# NEAR[d][z]: the zones within distance d of zone z (at least its neighbours) as a bitmask.
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_within(z, d) for z in range(GRID.size)) for d in range(FARTHEST + 1))


class Facts(NamedTuple):
    """One card instance's card and what generation asks of it."""

    card: Gate
    cost: int
    type: str
    stats: bool  # stands on the field (has Movement, Attack, Defense)
    fast_skill: bool  # has a Fast Skill
    opens_fast: bool  # a Summon, Spirit or Normal Gate that may be opened as Fast (K-15)


_FACTS: dict[int, tuple[dict[int, str], dict[str, Gate], dict[int, Facts]]] = {}


def facts(s: State) -> dict[int, Facts]:
    """Every card instance's ``Facts``, one table per game's ``cards`` and ``catalog``."""
    cards, catalog = s.cards, s.catalog
    hit = _FACTS.get(id(cards))
    if hit is not None and hit[0] is cards and hit[1] is catalog:
        return hit[2]
    table: dict[int, Facts] = {}
    by_card: dict[str, Facts] = {}
    for iid, cid in cards.items():
        f = by_card.get(cid)
        if f is None:
            card = catalog[cid]
            f = by_card[cid] = Facts(
                card, card.cost, card.type, card.has_stats,
                any(sk.kind == "fast" for sk in card.skills),
                card.type in ("summon", "spirit", "normal") and any(
                    sk.kind == "passive" and sk.effect == "open_as_fast" for sk in card.skills))
        table[iid] = f
    if len(_FACTS) >= 16:
        _FACTS.clear()
    _FACTS[id(cards)] = (cards, catalog, table)
    return table
