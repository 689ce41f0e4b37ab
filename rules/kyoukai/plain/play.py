"""Applying an intent to a ``PlainGame`` in place, then every automatic step after it, as
``rules.kyoukai.actions``, ``flow`` and ``effects`` do to a Draft (quietly: no events)."""

from __future__ import annotations

from rules.kyoukai.flow import CONTINUING, EMPTY_DECK_DAMAGE
from rules.kyoukai.plain.board import NEIGHBOURS, TARGETS, reach
from rules.kyoukai.plain.game import Item, PlainGame
from rules.kyoukai.plain.legal import PlainIntent, may_respond, to_act
from rules.kyoukai.state import EMPTY, HAND_LIMIT, TURN_CAP

_GUARD = 10_000
_NEXT = {"draw": "ready", "ready": "main", "main": "end", "end": "cleanup", "cleanup": "draw"}


def forced(g: PlainGame) -> int:
    """Plays the passes of an open Sequence whose priority holder cannot answer (``legal``
    lists only Pass then: most steps of a random game), one after the other until someone
    may decide; how many."""
    n = 0
    while g.stack is not None and not g.over and g.pending is None and g.step != "cleanup" \
            and not may_respond(g, g.priority):
        g.priority = 1 - g.priority
        g.passes += 1
        n += 1
        if g.passes >= 2:  # closed: resolve (before that, ``advance`` would do nothing)
            advance(g)
    return n


def apply(g: PlainGame, intent: PlainIntent) -> None:
    """Carry out ``intent`` (legal in ``g``) and the automatic steps after it."""
    p = to_act(g)
    assert p is not None
    kind = intent[0]
    if kind == "pass":
        g.priority = 1 - g.priority
        g.passes += 1
    elif kind == "move":
        _start_or_continue(g, intent[1], "move")
        _declare(g, ("move", p, intent[1], -1, intent[2], EMPTY))
    elif kind == "attack":
        _start_or_continue(g, intent[1], "final")
        _declare(g, ("attack", p, intent[1], -1, intent[2], g.field[intent[2]]))
    elif kind == "open":
        _open(g, p, intent[1], intent[2])
    elif kind == "skill":
        _skill(g, p, intent[1], intent[2], intent[3], intent[4])
    elif kind == "end_action":
        g.action = None
    elif kind == "end_step":
        g.step = _NEXT[g.step]
    elif kind == "choose":
        g.pending = None
        g.gates[intent[1]].ready = True
    elif kind == "discard":
        side = g.sides[p]
        side.hand.remove(intent[1])
        side.discard.append(intent[1])
    else:
        raise ValueError(f"plain playout: unknown intent {intent!r}")
    advance(g)


def _start_or_continue(g: PlainGame, gate: int, what: str) -> None:
    """Resting the Gate is the Turn Action's cost (K-01, K-07); follow-ups don't rest."""
    a = g.action
    if a is None:
        g.gates[gate].ready = False
        g.action = (gate, "move_declared" if what == "move" else "final")
    elif what == "move":
        g.action = (a[0], "bonus_move_declared")
    else:
        g.action = (a[0], "final")


def _declare(g: PlainGame, item: Item) -> None:
    if g.stack is None:
        g.stack = [item]
    else:
        g.stack.append(item)
    g.priority = 1 - item[1]
    g.passes = 0


def _open(g: PlainGame, p: int, card: int, zone: int) -> None:
    side = g.sides[p]
    if card in side.spirits:
        side.spirits.remove(card)
        side.spirit_opened = True
    else:
        side.hand.remove(card)
    side.ki -= g.rows[card].cost
    _declare(g, ("open", p, card, -1, zone, g.field[zone] if zone != EMPTY else EMPTY))


def _skill(g: PlainGame, p: int, gate: int, k: int, zone: int, pay: tuple[int, ...]) -> None:
    row = g.rows[gate]
    sk = next(s for s in (*row.skills, *row.locations) if s.number == k)
    side = g.sides[p]
    side.ki -= sk.ki  # paid on declaration (K-07)
    for card in pay[:sk.discard]:
        side.hand.remove(card)
        side.discard.append(card)
    for other in pay[sk.discard:]:
        g.gates[other].ready = False
    if sk.kind == "location":
        side.discard.remove(gate)
    elif g.stack is not None:
        g.gates[gate].ready = False  # a Fast Skill answers by Resting its Gate (K-12)
    else:
        _start_or_continue(g, gate, "final")
    _declare(g, ("skill", p, gate, k, zone, g.field[zone] if zone != EMPTY else EMPTY))


# ---- the flow (``flow.advance``) -----------------------------------------------------------
def advance(g: PlainGame) -> None:
    for _ in range(_GUARD):
        if g.over or g.pending is not None:
            return
        stack = g.stack
        if stack is not None:
            if g.passes < 2:
                return
            if stack:
                _resolve(g, stack.pop())
            else:
                _end_sequence(g)
            continue
        step = g.step
        if step == "draw":
            _draw_step(g)
        elif step == "ready":
            _ready_step(g)
        elif step == "main":
            return
        elif step == "end":
            _declare(g, ("end", g.active, EMPTY, -1, EMPTY, EMPTY))
            return
        elif len(g.sides[g.active].hand) > HAND_LIMIT:
            return
        else:
            _next_turn(g)
    raise RuntimeError("turn flow did not settle: loop guard reached")


def _draw_step(g: PlainGame) -> None:
    p = g.active
    side = g.sides[p]
    if g.turn == 1:
        pass
    elif not side.deck:
        g.damage(side.entrant, EMPTY_DECK_DAMAGE, None)  # house rule, reduced by Defense
        g.absorbed = {}
        if g.over:
            return
    else:
        g.draw(p)
    g.step = "ready"


def _ready_step(g: PlainGame) -> None:
    p = g.active
    rows = g.rows
    spirits = 0
    for i, gate in g.gates.items():
        if gate.owner == p:
            gate.ready = True
            if rows[i].type == "spirit":
                spirits += 1
    side = g.sides[p]
    side.ki = 2 + spirits
    side.spirit_opened = False
    g.step = "main"


def _next_turn(g: PlainGame) -> None:
    g.action = None
    if g.turn >= TURN_CAP:
        g.over = True
        return
    g.turn += 1
    g.active = 1 - g.active
    g.step = "draw"


def _end_sequence(g: PlainGame) -> None:
    """Defense used up in the Sequence is restored (K-11)."""
    g.stack = None
    g.absorbed = {}
    g.shield = {}
    a = g.action
    if a is not None and (a[1] not in CONTINUING or a[0] not in g.gates):
        g.action = None
    if g.step == "end":
        g.step = "cleanup"


def _resolve(g: PlainGame, item: Item) -> None:
    kind = item[0]
    if kind == "move":
        _resolve_move(g, item)
    elif kind == "attack":
        src, target = item[2], item[5]
        if src in g.gates and target in g.gates \
                and g.zone_of(src) in NEIGHBOURS[g.zone_of(target)]:
            g.damage(target, g.attack_of(src), item[1])
    elif kind == "skill":
        _resolve_skill(g, item)
    elif kind == "open":
        _resolve_open(g, item)


def _resolve_move(g: PlainGame, item: Item) -> None:
    gate, zone = item[2], item[4]
    if gate not in g.gates:
        return
    a = g.action
    if a is not None and a[0] == gate:
        g.action = (gate, "after_bonus_move" if a[1] == "bonus_move_declared" else "after_move")
    start = g.field.index(gate)
    if reach(start, g.rows[gate].movement, g.taken) >> zone & 1:
        g.move(gate, start, zone)


def _retarget(g: PlainGame, item: Item, rule: str, src_zone: int, near: int) -> int | None:
    """The target checked again on resolution: the zone to act on, or None if it is gone."""
    if rule == "none":
        return EMPTY
    legal = TARGETS[rule](g, item[1], src_zone, near)
    if item[5] != EMPTY:
        z = g.zone_of(item[5])
        return z if z in legal else None
    return item[4] if item[4] in legal else None


def _resolve_skill(g: PlainGame, item: Item) -> None:
    p, src, k = item[1], item[2], item[3]
    row = g.rows[src]
    sk = next(s for s in (*row.skills, *row.locations) if s.number == k)
    on_field = src in g.gates
    if sk.kind != "location" and not on_field:
        return
    zone = _retarget(g, item, sk.target, g.zone_of(src) if on_field else EMPTY, sk.range)
    if zone is None:
        if sk.kind == "location":
            g.sides[p].discard.append(src)
        return
    effect = sk.effect
    if effect == "primal_instinct":
        _primal(g, p, src, zone)
    elif effect == "rebirth":
        g.place(src, p, zone, False)
    else:
        _common(g, effect, p, src, zone, sk.amount)


def _resolve_open(g: PlainGame, item: Item) -> None:
    p, src, zone = item[1], item[2], item[4]
    row = g.rows[src]
    if row.type in ("summon", "spirit", "entrant"):
        if g.field[zone] == EMPTY:
            g.place(src, p, zone, False)
        else:
            g.sides[p].discard.append(src)
        return
    target = _retarget(g, item, row.effect_target, EMPTY, row.range)
    if target is None:
        g.sides[p].discard.append(src)
        return
    effect = row.effect
    if effect == "return_to_hand":
        g.leave_field(g.field[target], True, p)
    elif effect == "branch_self":
        gate = g.gates[g.field[target]]
        gate.branches = (*gate.branches, src)
        return
    elif effect == "graft":
        discard = g.sides[p].discard
        if discard:
            gate = g.gates[g.field[target]]
            gate.branches = (*gate.branches, discard.pop())
    elif effect != "nothing":
        _common(g, effect, p, src, target, row.amount)
    g.sides[p].discard.append(src)


def _common(g: PlainGame, effect: str, p: int, src: int, zone: int, amount: int) -> None:
    """The resolvers Gates and Skills share (``effects.r_damage`` ... ``r_heal``)."""
    if effect == "damage":
        g.damage(g.field[zone], amount, p)
    elif effect == "shield":
        t = g.field[zone]
        g.shield[t] = g.shield.get(t, 0) + amount
    elif effect == "ready":
        g.gates[g.field[zone]].ready = True
    elif effect == "draw":
        g.draw(p, amount)
    elif effect == "heal":
        ent = g.gates.get(g.sides[p].entrant)
        if ent is not None:
            ent.damage -= min(amount, ent.damage)
    else:
        raise ValueError(f"plain playout: unknown effect {effect!r}")


def _primal(g: PlainGame, p: int, src: int, zone: int) -> None:
    """K-19: an Attack; if it discards another Summon or Spirit, the Lion may Move and Attack
    again (only within its controller's Turn Action)."""
    target = g.field[zone]
    kind = g.rows[target].type
    if g.damage(target, g.attack_of(src), p) and kind in ("summon", "spirit") \
            and target != src and src in g.gates and g.action is not None \
            and g.action[0] == src:
        g.action = (src, "bonus")
