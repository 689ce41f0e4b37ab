"""The legal intents of a ``PlainGame``, as tuples (kind first, then ``Intent.of``'s fields),
in ``rules.kyoukai.legal``'s order: the same list, position for position, so a choice made
here is the same choice in the rules (a simulated game's record replays it there).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from rules.kyoukai.plain.board import NEAR, NEIGHBOURS, TARGETS, reach, spread, zones_in
from rules.kyoukai.plain.game import PlainGame
from rules.kyoukai.plain.tables import CardRow, SkillRow
from rules.kyoukai.state import EMPTY

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
        _openings(g, p, True, out, _ready_zones(g, p))
        _fast_skills(g, p, out)
        _location_skills(g, p, True, out)
        return out
    if g.action is not None:
        return _follow_ups(g, *g.action)
    return _main(g, g.active)


def _follow_ups(g: PlainGame, gate: int, stage: str) -> list[PlainIntent]:
    out: list[PlainIntent] = []
    if gate in g.gates:
        z = g.field.index(gate)
        if stage == "bonus":
            out.extend(_moves(g.taken, gate, z, g.rows[gate].movement))
        out.extend(_attacks(g.taken, gate, z))
        if stage == "after_move":
            _skills(g, g.gates[gate].owner, gate, z, False, out)
    out.append(END_ACTION)
    return out


def _main(g: PlainGame, p: int) -> list[PlainIntent]:
    out: list[PlainIntent] = []
    rows, gates, field = g.rows, g.gates, g.field
    taken = g.taken
    ki = g.sides[p].ki
    ready = 0
    nears, tops = g.near, g.top_ki
    for z in zones_in(g.own[p]):
        i = field[z]
        if not gates[i].ready:
            continue
        ready |= 1 << z
        near = nears[i]
        if near < 0:
            row = rows[i]
            if row.stats:
                out.extend(_moves(taken, i, z, row.movement))
                out.extend(_attacks(taken, i, z))
                _skills(g, p, i, z, False, out)
            continue
        top = tops[i]
        key = (i, z, ki if ki < top else top, taken & NEAR[near][z])
        got = _TURN_ACTIONS.get(key)
        row = rows[i]
        if got is None or got[0] is not row:
            found: list[PlainIntent] = [*_moves(taken, i, z, row.movement),
                                        *_attacks(taken, i, z)]
            _skills(g, p, i, z, False, found)
            if len(_TURN_ACTIONS) >= 100_000:
                _TURN_ACTIONS.clear()
            got = _TURN_ACTIONS[key] = (row, tuple(found))
        out.extend(got[1])
    _openings(g, p, False, out, ready)
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
    for i in g.fast_on_field:  # noqa: SIM110 - a plain loop: any() over a generator costs more
        gate = gates[i]
        if gate.owner == p and gate.ready:
            return True
    return False


def _ready_zones(g: PlainGame, p: int) -> int:
    field, gates = g.field, g.gates
    ready = 0
    for z in zones_in(g.own[p]):
        if gates[field[z]].ready:
            ready |= 1 << z
    return ready


# A Gate's Moves, by (Gate, zone, Movement, the zones taken near it), and its Attacks, by
# (Gate, zone, the zones taken around it).
_MOVES: dict[tuple[int, int, int, int], tuple[PlainIntent, ...]] = {}
_ATTACKS: dict[tuple[int, int, int], tuple[PlainIntent, ...]] = {}


def _moves(taken: int, gate: int, zone: int, movement: int) -> tuple[PlainIntent, ...]:
    if movement <= 0:
        return ()
    mask = taken & NEAR[movement][zone]
    key = (gate, zone, movement, mask)
    got = _MOVES.get(key)
    if got is None:
        if len(_MOVES) >= 100_000:
            _MOVES.clear()
        got = _MOVES[key] = tuple(("move", gate, c)
                                  for c in zones_in(reach(zone, movement, mask)))
    return got


def _attacks(taken: int, gate: int, zone: int) -> tuple[PlainIntent, ...]:
    mask = taken & NEAR[1][zone]
    key = (gate, zone, mask)
    got = _ATTACKS.get(key)
    if got is None:
        if len(_ATTACKS) >= 100_000:
            _ATTACKS.clear()
        got = _ATTACKS[key] = tuple(("attack", gate, n) for n in NEIGHBOURS[zone]
                                    if mask >> n & 1)
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
    fast, gates, field = g.fast_skill, g.gates, g.field
    for z in zones_in(g.own[p]):
        i = field[z]
        if fast[i] and gates[i].ready:
            _skills(g, p, i, z, True, out)


def _openings(g: PlainGame, p: int, fast_only: bool, out: list[PlainIntent],
              ready: int) -> None:
    """Opening the cards of p's hand and Spirit deck (``ready``: p's Ready Gates' zones)."""
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
                zones = zones_in(spread(ready) & ~g.taken)
            out.extend(("open", c, z) for z in zones)
        elif kind == "fast" or kind == "normal":
            out.extend(("open", c, z) for z in TARGETS[r.effect_target](g, p, EMPTY, r.range))
    if not fast_only and not side.spirit_opened:
        for c in side.spirits:
            if rows[c].cost <= ki:
                if zones is None:
                    zones = zones_in(spread(ready) & ~g.taken)
                out.extend(("open", c, z) for z in zones)


def _location_skills(g: PlainGame, p: int, fast_only: bool, out: list[PlainIntent]) -> None:
    """K-18: skills whose cost names the Discard are usable only from there."""
    discard = g.sides[p].discard
    # The few cards with a location Skill that are in the Discard, in pile order.
    here = [c for c in g.location_ids if c in discard]
    if not here:
        return
    if len(here) > 1:
        here.sort(key=discard.index)
    locations = g.locations
    ki = g.sides[p].ki
    for c in here:
        for sk in locations[c]:
            if (fast_only and sk.speed != "fast") or sk.ki > ki:
                continue
            pays = payments(g, p, c, sk)
            n = sk.number
            out.extend(("skill", c, n, z, pay) for z in TARGETS[sk.target](g, p, EMPTY, sk.range)
                       for pay in pays)
