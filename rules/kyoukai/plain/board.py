"""The field as bitmasks (bit ``z`` for zone ``z``): reach, nearness and the target rules of
``rules.kyoukai.effects`` read off the game's ``taken`` and ``own`` masks instead of walking
the field."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rules.kyoukai.state import EMPTY, GRID

if TYPE_CHECKING:
    from rules.kyoukai.plain.game import PlainGame

_W = GRID.width
FULL = (1 << GRID.size) - 1
_NOT_FIRST = FULL & ~sum(1 << (r * _W) for r in range(GRID.height))  # no zone in column 0
_NOT_LAST = FULL & ~sum(1 << (r * _W + _W - 1) for r in range(GRID.height))
NEIGHBOURS = GRID.neighbours
DIST = tuple(tuple(GRID.manhattan(a, b) for b in range(GRID.size)) for a in range(GRID.size))


def _mask(zones: Sequence[int] | range) -> int:
    return sum(1 << z for z in zones)


# WITHIN[d][z]: the zones at most d from z (z too); NEAR[d][z]: the same, at least z's
# neighbours (only they can change where a Gate there may Move, Attack or aim).
WITHIN = [[_mask([y for y in range(GRID.size) if DIST[z][y] <= d]) for z in range(GRID.size)]
          for d in range(_W + GRID.height)]
NEAR = [[WITHIN[max(d, 1)][z] for z in range(GRID.size)] for d in range(_W + GRID.height)]


def spread(m: int) -> int:
    """The zones bordering a zone of ``m``."""
    return ((m << _W) | (m >> _W) | ((m << 1) & _NOT_FIRST) | ((m >> 1) & _NOT_LAST)) & FULL


def reach(zone: int, movement: int, taken: int) -> int:
    """The zones a Gate in ``zone`` may Move to through empty zones (``GRID.reach``), as a
    bitmask: a breadth-first search one ring at a time."""
    free = FULL & ~taken
    seen = ring = 1 << zone
    for _ in range(movement):
        ring = spread(ring) & free & ~seen
        if not ring:
            break
        seen |= ring
    return seen & ~(1 << zone)


_ZONES_IN: dict[int, tuple[int, ...]] = {}


def zones_in(mask: int) -> tuple[int, ...]:
    """The zones of a bitmask, in order."""
    got = _ZONES_IN.get(mask)
    if got is None:
        if len(_ZONES_IN) >= 100_000:
            _ZONES_IN.clear()
        got = _ZONES_IN[mask] = tuple(z for z in range(GRID.size) if mask >> z & 1)
    return got


# ---- target rules (``effects.TARGETS``): (game, player, source zone or EMPTY, range) --------
_NO_TARGET = (EMPTY,)


def _no_target(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    return _NO_TARGET


def _gate_in_range(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    """Zones holding a Gate within ``near`` of the source Gate, or (for a card opened from
    the hand) of any of the player's Gates."""
    within = WITHIN[near]
    if src != EMPTY:
        return zones_in(g.taken & within[src] & ~(1 << src))
    reached = 0
    for z in zones_in(g.own[p]):
        reached |= within[z]
    return zones_in(g.taken & reached)


def _bordering_gate(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    taken = g.taken
    return tuple(n for n in NEIGHBOURS[src] if taken >> n & 1)


def _own_summon(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    field, types = g.field, g.types
    return tuple(z for z in zones_in(g.own[p]) if types[field[z]] in ("summon", "spirit"))


def _own_gate(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    return zones_in(g.own[p])


def _empty_by_entrant(g: PlainGame, p: int, src: int, near: int) -> tuple[int, ...]:
    types = g.types
    ent = next((i for i, x in g.gates.items() if x.owner == p and types[i] == "entrant"), None)
    if ent is None:
        return ()
    return zones_in(spread(1 << g.field.index(ent)) & ~g.taken)


TargetRule = Callable[["PlainGame", int, int, int], tuple[int, ...]]
TARGETS: dict[str, TargetRule] = {
    "none": _no_target,
    "gate_in_range": _gate_in_range,
    "bordering_gate": _bordering_gate,
    "own_summon": _own_summon,
    "own_gate": _own_gate,
    "empty_by_entrant": _empty_by_entrant,
}
