"""The legal intents of a ``PlainGame``, as tuples (kind first, then ``Intent.of``'s fields),
in ``rules.kyoukai.legal``'s order: the same list, position for position, so a choice made
here is the same choice in the rules (a simulated game's record replays it there).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product
from typing import Any

from rules.kyoukai.plain.game import DIST, NEIGHBOURS, PlainGame
from rules.kyoukai.plain.tables import CardRow, SkillRow
from rules.kyoukai.state import EMPTY, GRID

PlainIntent = tuple[Any, ...]
PASS: PlainIntent = ("pass",)
END_STEP: PlainIntent = ("end_step",)
END_ACTION: PlainIntent = ("end_action",)


def to_act(g: PlainGame) -> int | None:
    if g.over:
        return None
    if g.pending is not None:
        return g.pending[0]
    return g.active if g.stack is None else g.priority


def legal(g: PlainGame) -> list[PlainIntent]:
    """``rules.kyoukai.legal.legal(state)`` for the same game."""
    if g.over:
        return []
    if g.pending is not None:
        return [("choose", i) for i in g.pending[1]]
    if g.step == "cleanup":
        p = g.active if g.stack is None else g.priority
        return [("discard", c) for c in g.sides[p].hand]
    if g.stack is not None:
        p = g.priority
        if not may_respond(g, p):
            return [PASS]
        out = [PASS]
        _openings(g, p, True, out)
        _fast_skills(g, p, out)
        _location_skills(g, p, True, out)
        return out
    p = g.active
    out = []
    if g.action is not None:
        gate, stage = g.action
        if gate in g.gates:
            z = g.field.index(gate)
            if stage == "bonus":
                out.extend(_moves(g.taken, gate, z, g.rows[gate].movement))
            out.extend(_attacks(g.taken, gate, z))
            if stage == "after_move":
                _skills(g, g.gates[gate].owner, gate, z, False, out)
        out.append(END_ACTION)
        return out
    rows = g.rows
    taken = g.taken
    ki = g.sides[p].ki
    for z, i in _own_ready(g, p):
        row = rows[i]
        if not row.stats:
            continue
        near = row.near
        if near < 0:
            out.extend(_moves(taken, i, z, row.movement))
            out.extend(_attacks(taken, i, z))
            _skills(g, p, i, z, False, out)
            continue
        key = (i, z, ki if ki < row.top_ki else row.top_ki, taken & NEAR_MASK[near][z])
        got = _TURN_ACTIONS.get(key)
        if got is None or got[0] is not row:
            found: list[PlainIntent] = [*_moves(taken, i, z, row.movement),
                                        *_attacks(taken, i, z)]
            _skills(g, p, i, z, False, found)
            if len(_TURN_ACTIONS) >= 100_000:
                _TURN_ACTIONS.clear()
            got = _TURN_ACTIONS[key] = (row, tuple(found))
        out.extend(got[1])
    _openings(g, p, False, out)
    if g.sides[p].discard:
        _location_skills(g, p, False, out)
    out.append(END_STEP)
    return out


# A Gate's Turn Actions when they follow from the zones taken near it and the Ki alone
# (``CardRow.near``), by (Gate, zone, Ki up to its dearest Skill, those zones). The entry
# holds the card's row: an instance id is another card in another game.
_TURN_ACTIONS: dict[tuple[int, int, int, int], tuple[CardRow, tuple[PlainIntent, ...]]] = {}


def may_respond(g: PlainGame, p: int) -> bool:
    """As ``legal.may_respond``: a Fast card p can pay for, a Fast location Skill in p's
    Discard, or a Ready Gate of p's with a Fast Skill."""
    side = g.sides[p]
    ki = side.ki
    cost = g.answer_cost
    for c in side.hand:
        if cost[c] <= ki:
            return True
    if g.any_fast_location:
        fast = g.fast_location
        for c in side.discard:
            if fast[c]:
                return True
    gates = g.gates
    for i in g.fast_ids:  # noqa: SIM110 - a plain loop: any() over a generator costs more
        gate = gates.get(i)
        if gate is not None and gate.owner == p and gate.ready:
            return True
    return False


def _own_ready(g: PlainGame, p: int) -> list[tuple[int, int]]:
    field = g.field
    return sorted([(field.index(i), i) for i, gate in g.gates.items()
                   if gate.ready and gate.owner == p])


def _within(zone: int, distance: int) -> int:
    bits = 0
    for z in range(GRID.size):
        if DIST[zone][z] <= max(distance, 1):
            bits |= 1 << z
    return bits


# NEAR_MASK[d][z]: the zones within distance d of z (at least its neighbours), as a bitmask:
# only they can change where a Gate there may Move, Attack or aim a Skill of that range.
NEAR_MASK = [[_within(z, d) for z in range(GRID.size)] for d in range(GRID.width + GRID.height)]

# A Gate's Moves, and its Attacks, by (Gate, zone, Movement, the zones taken near it).
_MOVES: dict[tuple[int, int, int, int], tuple[PlainIntent, ...]] = {}
_ATTACKS: dict[tuple[int, int, int], tuple[PlainIntent, ...]] = {}


def _moves(taken: int, gate: int, zone: int, movement: int) -> tuple[PlainIntent, ...]:
    if movement <= 0:
        return ()
    mask = taken & NEAR_MASK[movement][zone]
    key = (gate, zone, movement, mask)
    got = _MOVES.get(key)
    if got is None:
        if len(_MOVES) >= 100_000:
            _MOVES.clear()
        got = _MOVES[key] = tuple(("move", gate, c) for c in reach(zone, movement, mask))
    return got


def _attacks(taken: int, gate: int, zone: int) -> tuple[PlainIntent, ...]:
    mask = taken & NEAR_MASK[1][zone]
    key = (gate, zone, mask)
    got = _ATTACKS.get(key)
    if got is None:
        if len(_ATTACKS) >= 100_000:
            _ATTACKS.clear()
        got = _ATTACKS[key] = tuple(("attack", gate, n) for n in NEIGHBOURS[zone]
                                    if mask >> n & 1)
    return got


_REACH: dict[tuple[int, int, int], tuple[int, ...]] = {}


def reach(zone: int, movement: int, taken: int) -> tuple[int, ...]:
    """The zones a Gate in ``zone`` may Move to through empty zones (bit set in ``taken``:
    a Gate there), sorted: ``GRID.reach``, by the zones taken within its Movement."""
    mask = taken & NEAR_MASK[movement][zone]
    key = (zone, movement, mask)
    got = _REACH.get(key)
    if got is None:
        if len(_REACH) >= 100_000:
            _REACH.clear()
        got = _REACH[key] = tuple(sorted(GRID.reach(zone, movement,
                                                    lambda c: bool(mask >> c & 1))))
    return got


def _skills(g: PlainGame, p: int, gate: int, zone: int, fast_only: bool,
            out: list[PlainIntent]) -> None:
    ki = g.sides[p].ki
    for sk in g.rows[gate].skills:
        if (fast_only and sk.kind != "fast") or sk.ki > ki:
            continue
        pays = payments(g, p, gate, sk)
        if not pays:
            continue
        n = sk.number
        out.extend(("skill", gate, n, z, pay) for z in TARGETS[sk.target](g, p, zone, sk.range)
                   for pay in pays)


_FREE: list[tuple[int, ...]] = [()]


def payments(g: PlainGame, p: int, gate: int, sk: SkillRow) -> list[tuple[int, ...]]:
    """As ``legal.skill_payments``."""
    if not sk.discard and not sk.rest:
        return _FREE
    discards = list(combinations(sorted(g.sides[p].hand), sk.discard))
    others = sorted(i for i, x in g.gates.items() if x.owner == p and x.ready and i != gate)
    rests = list(combinations(others, sk.rest))
    return [d + r for d, r in product(discards, rests)]


def _fast_skills(g: PlainGame, p: int, out: list[PlainIntent]) -> None:
    fast = g.fast_skill
    field = g.field
    ready = sorted([(field.index(i), i) for i, x in g.gates.items()
                    if fast[i] and x.owner == p and x.ready])
    for z, i in ready:
        _skills(g, p, i, z, True, out)


def _open_zones(g: PlainGame, p: int) -> tuple[int, ...]:
    """Empty zones bordering one of p's Ready Gates, in zone order."""
    field = g.field
    ready = 0
    for i, x in g.gates.items():
        if x.ready and x.owner == p:
            ready |= 1 << field.index(i)
    key = (ready, g.taken)
    got = _OPEN_ZONES.get(key)
    if got is None:
        bits = 0
        for z in zones_in(ready):
            for n in NEIGHBOURS[z]:
                bits |= 1 << n
        if len(_OPEN_ZONES) >= 100_000:
            _OPEN_ZONES.clear()
        got = _OPEN_ZONES[key] = zones_in(bits & ~g.taken)
    return got


# ``_open_zones`` by (the player's Ready Gates' zones, the zones taken), as bitmasks.
_OPEN_ZONES: dict[tuple[int, int], tuple[int, ...]] = {}
_ZONES_IN: dict[int, tuple[int, ...]] = {}


def zones_in(mask: int) -> tuple[int, ...]:
    """The zones of a bitmask, in order."""
    got = _ZONES_IN.get(mask)
    if got is None:
        if len(_ZONES_IN) >= 100_000:
            _ZONES_IN.clear()
        got = _ZONES_IN[mask] = tuple(z for z in range(GRID.size) if mask >> z & 1)
    return got


def _openings(g: PlainGame, p: int, fast_only: bool, out: list[PlainIntent]) -> None:
    rows = g.rows
    side = g.sides[p]
    ki = side.ki
    zones: tuple[int, ...] | None = None
    for c in side.hand:
        r = rows[c]
        if r.cost > ki or (fast_only and not r.opens_fast):
            continue
        kind = r.type
        if kind == "summon" or kind == "spirit":
            if zones is None:
                zones = _open_zones(g, p)
            out.extend(("open", c, z) for z in zones)
        elif kind == "fast" or kind == "normal":
            out.extend(("open", c, z) for z in TARGETS[r.effect_target](g, p, EMPTY, r.range))
    if not fast_only and not side.spirit_opened:
        for c in side.spirits:
            if rows[c].cost <= ki:
                if zones is None:
                    zones = _open_zones(g, p)
                out.extend(("open", c, z) for z in zones)


def _location_skills(g: PlainGame, p: int, fast_only: bool, out: list[PlainIntent]) -> None:
    """K-18: skills whose cost names the Discard are usable only from there."""
    locations = g.locations
    ki = g.sides[p].ki
    for c in g.sides[p].discard:
        for sk in locations[c]:
            if (fast_only and sk.speed != "fast") or sk.ki > ki:
                continue
            pays = payments(g, p, c, sk)
            n = sk.number
            out.extend(("skill", c, n, z, pay) for z in TARGETS[sk.target](g, p, EMPTY, sk.range)
                       for pay in pays)


# ---- target rules (``effects.TARGETS``): (game, player, source zone or EMPTY, range) ----------
def _no_target(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    return [EMPTY]


# ``_gate_in_range``, by (its zone, range, the zones taken) from a Gate on the field, else
# by (-1 - the player's zones, range, the zones taken): lists their callers only read.
_IN_RANGE: dict[tuple[int, int, int], list[int]] = {}


def _gate_in_range(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    field = g.field
    if src != EMPTY:
        key = (src, near, g.taken)
        got = _IN_RANGE.get(key)
        if got is None:
            dist = DIST[src]
            if len(_IN_RANGE) >= 100_000:
                _IN_RANGE.clear()
            got = _IN_RANGE[key] = [z for z, i in enumerate(field)
                                    if i != EMPTY and z != src and dist[z] <= near]
        return got
    key = (-1 - g.own[p], near, g.taken)
    got = _IN_RANGE.get(key)
    if got is None:
        reached = 0
        for o in zones_in(g.own[p]):
            reached |= NEAR_MASK[near][o] if near else 1 << o
        if len(_IN_RANGE) >= 100_000:
            _IN_RANGE.clear()
        got = _IN_RANGE[key] = list(zones_in(reached & g.taken))
    return got


def _bordering_gate(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    taken = g.taken
    return [n for n in NEIGHBOURS[src] if taken >> n & 1]


def _own_summon(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    field, types = g.field, g.types
    return [z for z in zones_in(g.own[p]) if types[field[z]] in ("summon", "spirit")]


def _own_gate(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    return list(zones_in(g.own[p]))


def _empty_by_entrant(g: PlainGame, p: int, src: int, near: int) -> list[int]:
    types = g.types
    ent = next((i for i, x in g.gates.items() if x.owner == p and types[i] == "entrant"), None)
    if ent is None:
        return []
    field = g.field
    return [n for n in NEIGHBOURS[field.index(ent)] if field[n] == EMPTY]


TargetRule = Callable[[PlainGame, int, int, int], list[int]]
TARGETS: dict[str, TargetRule] = {
    "none": _no_target,
    "gate_in_range": _gate_in_range,
    "bordering_gate": _bordering_gate,
    "own_summon": _own_summon,
    "own_gate": _own_gate,
    "empty_by_entrant": _empty_by_entrant,
}
