"""Quiet ``apply`` without a Draft for the intents a simulation plays most: passes, the
declarations (Move, Attack, opening a Gate, a Skill), ending a Turn Action or the Main step,
and the pass that closes a Sequence holding one Move. Each changes a few fields, and building
a Draft, ``advance`` and ``freeze`` for it costs more than the change. Each gives the state the
Draft path gives (``actions`` and ``flow`` say what that is); ``None`` when the intent or the
position needs the Draft path.

A rules change to one of these actions is made here too: tests/core/test_fast_loop.py's
loud-equals-quiet test over random games catches the two drifting apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import zones
from rules.core.model import Intent
from rules.core.window import Window
from rules.kyoukai.flow import CONTINUING, opened
from rules.kyoukai.quicklook import attack_of, defense_of
from rules.kyoukai.state import (
    EMPTY,
    ENTRANT_LIFE,
    GRID,
    HAND_LIMIT,
    TURN_CAP,
    FieldGate,
    Item,
    Player,
    State,
    TurnAction,
    placed,
    seq_item,
    turn_action,
)


def quiet_apply(s: State, p: int, intent: Intent) -> State | None:
    """The state after ``intent`` (legal in ``s``, decided by ``p``), or None."""
    if s.over or s.pending is not None:
        return None
    f = QUIET.get(intent.kind)
    return None if f is None else f(s, p, intent)


def _pass(s: State, p: int, i: Intent) -> State | None:
    seq = s.seq
    assert seq is not None
    seq = seq.pass_priority()
    if not seq.closed:
        return s.model_copy(update={"seq": seq})
    stack = seq.stack
    if len(stack) != 1:
        return None
    kind = stack[0].kind
    if kind == "move" and s.step == "main":
        return _lone_move_resolves(s, stack[0])
    if kind == "attack" and s.step == "main":
        return _lone_attack_resolves(s, stack[0])
    if kind == "open" and s.step == "main":
        return _lone_gate_opens(s, stack[0])
    if kind == "end" and s.step == "end":
        return _next_turn(s)
    return None


def _next_turn(s: State) -> State | None:
    """As ``flow.advance`` when the End step's Sequence closes with nothing added: Clean-up
    (nothing to discard), the next player's turn, their draw and Ready steps, their Main step.
    None when the Draft path is needed (a discard, the turn limit, an empty deck)."""
    me = s.players[s.active]
    if len(me.hand) > HAND_LIMIT or s.turn >= TURN_CAP:
        return None
    p = 1 - s.active
    pl = s.players[p]
    if not pl.deck:
        return None
    gates = s.gates
    ready = dict(gates)
    spirits = 0
    for i, g in gates.items():
        if g.owner == p:
            if not g.ready:
                ready[i] = g.model_copy(update={"ready": True})
            if s.card(i).type == "spirit":
                spirits += 1
    pl = pl.model_copy(update={"deck": pl.deck[1:], "hand": pl.hand + pl.deck[:1],
                               "ki": 2 + spirits, "spirit_opened": False})
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": None,
                                "turn": s.turn + 1, "active": p, "step": "main",
                                "gates": ready, "players": _with_player(s, p, pl)})


def _lone_move_resolves(s: State, item: Item) -> State:
    """As ``flow.advance`` when the closed Sequence holds one Move: it resolves (or fizzles)
    and the Sequence ends, back in the Main step."""
    g = item.source
    action = s.action
    field = s.field
    gates = s.gates
    if g in gates:
        if action is not None and action.gate == g:
            action = turn_action(g, "after_bonus_move" if action.stage == "bonus_move_declared"
                                 else "after_move")
        start = s.zone_of(g)
        path = GRID.path(start, item.zone, lambda z: field[z] != EMPTY)
        if path is not None and len(path) - 1 <= (s.card(g).movement or 0):
            cells = list(field)
            cells[start] = EMPTY
            cells[item.zone] = g
            field = tuple(cells)
    if action is not None and (action.stage not in CONTINUING or action.gate not in gates):
        action = None
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": action,
                                "field": field})


def _lone_attack_resolves(s: State, item: Item) -> State | None:
    """As ``flow.advance`` when the closed Sequence holds one Attack that discards nothing and
    ends no game (``Draft.damage``); None otherwise."""
    a, t = item.source, item.target
    gates = s.gates
    if a in gates and t in gates and GRID.bordering(s.zone_of(a), s.zone_of(t)):
        amount = attack_of(s, a)
        if amount > 0:
            left = max(0, defense_of(s, t) + s.shield.get(t, 0) - s.absorbed.get(t, 0))
            through = max(0, amount - left)
            if through > 0:
                g = gates[t]
                total = g.damage + through
                if s.card(t).type != "entrant" or (total >= ENTRANT_LIFE and s.winner is None):
                    return None  # a Gate discarded, or the game won: the Draft path
                gates = dict(gates)
                gates[t] = g.model_copy(update={"damage": total})
    action = s.action
    if action is not None and (action.stage not in CONTINUING or action.gate not in gates):
        action = None
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": action,
                                "gates": gates})


def _lone_gate_opens(s: State, item: Item) -> State | None:
    """As ``flow.advance`` when the closed Sequence holds one Summon or Spirit being opened:
    it enters its zone Rested (``flow._resolve_open``). None for other cards."""
    if s.card(item.source).type not in ("summon", "spirit") or s.field[item.zone] != EMPTY:
        return None
    cells = list(s.field)
    cells[item.zone] = item.source
    gates = dict(s.gates)
    gates[item.source] = placed(item.source, item.player, False)
    action = s.action
    if action is not None and (action.stage not in CONTINUING or action.gate not in gates):
        action = None
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": action,
                                "field": tuple(cells), "gates": gates})


def _declared(s: State, item: Item) -> Window[Item]:
    """``flow.declare``: the Sequence with ``item`` put on it (the opponent answers next)."""
    return opened(item) if s.seq is None else s.seq.push(item, item.player)


def _turn_action(s: State, gates: dict[int, FieldGate], gate: int, what: str) -> TurnAction:
    """``actions._start_or_continue``: a new Turn Action Rests its Gate (in ``gates``)."""
    a = s.action
    if a is None:
        gates[gate] = gates[gate].model_copy(update={"ready": False})
        return turn_action(gate, "move_declared" if what == "move" else "final")
    if what == "move":
        return turn_action(a.gate, "bonus_move_declared")
    return turn_action(a.gate, "final")


def _move(s: State, p: int, i: Intent) -> State | None:
    if s.seq is not None or s.step != "main":
        return None
    gate: int = i.gate  # type: ignore[attr-defined]
    gates = dict(s.gates)
    action = _turn_action(s, gates, gate, "move")
    item = seq_item(kind="move", player=p, source=gate, zone=i.to)  # type: ignore[attr-defined]
    return s.model_copy(update={"gates": gates, "action": action, "seq": opened(item)})


def _attack(s: State, p: int, i: Intent) -> State | None:
    if s.seq is not None or s.step != "main":
        return None
    gate: int = i.gate  # type: ignore[attr-defined]
    zone: int = i.zone  # type: ignore[attr-defined]
    gates = dict(s.gates)
    action = _turn_action(s, gates, gate, "final")
    item = seq_item(kind="attack", player=p, source=gate, zone=zone, target=s.field[zone])
    return s.model_copy(update={"gates": gates, "action": action, "seq": opened(item)})


def _end_action(s: State, p: int, i: Intent) -> State | None:
    if s.seq is not None or s.step != "main":
        return None
    return s.model_copy(update={"action": None})


def _end_step(s: State, p: int, i: Intent) -> State | None:
    """The Main step ends; the End step opens its Sequence at once (``flow.advance``)."""
    if s.seq is not None or s.step != "main":
        return None
    return s.model_copy(update={"step": "end",
                                "seq": opened(seq_item(kind="end", player=s.active))})


def _with_player(s: State, p: int, pl: Player) -> tuple[Player, Player]:
    return (pl, s.players[1]) if p == 0 else (s.players[0], pl)


def _open(s: State, p: int, i: Intent) -> State | None:
    c: int = i.card  # type: ignore[attr-defined]
    zone: int = i.zone  # type: ignore[attr-defined]
    pl = s.players[p]
    cost = s.card(c).cost
    if c in pl.spirits:
        pl = pl.model_copy(update={"spirits": zones.without(pl.spirits, c),
                                   "spirit_opened": True, "ki": pl.ki - cost})
    else:
        pl = pl.model_copy(update={"hand": zones.without(pl.hand, c), "ki": pl.ki - cost})
    target = s.field[zone] if zone != EMPTY else EMPTY
    item = seq_item(kind="open", player=p, source=c, zone=zone, target=target)
    return s.model_copy(update={"players": _with_player(s, p, pl), "seq": _declared(s, item)})


def _skill(s: State, p: int, i: Intent) -> State | None:
    """``actions._skill``: Ki, then the written cost, then the Gate Rested (or the card taken
    from the Discard), then the Skill on the Sequence."""
    if s.seq is None and s.step != "main":
        return None
    gate: int = i.gate  # type: ignore[attr-defined]
    zone: int = i.zone  # type: ignore[attr-defined]
    pay: tuple[int, ...] = i.pay  # type: ignore[attr-defined]
    skill = s.card(gate).skills[i.skill]  # type: ignore[attr-defined]
    pl = s.players[p]
    update: dict[str, Any] = {}
    if skill.cost.ki:
        update["ki"] = pl.ki - skill.cost.ki
    hand, discard = pl.hand, pl.discard
    for card in pay[:skill.cost.discard]:
        hand, discard = zones.without(hand, card), zones.put_bottom(discard, card)
    gates = dict(s.gates)
    for rested in pay[skill.cost.discard:]:
        gates[rested] = gates[rested].model_copy(update={"ready": False})
    action = s.action
    if skill.kind == "location":
        discard = zones.without(discard, gate)
    elif s.seq is not None:
        gates[gate] = gates[gate].model_copy(update={"ready": False})
    else:
        action = _turn_action(s, gates, gate, "final")
    if hand is not pl.hand:
        update["hand"] = hand
    if discard is not pl.discard:
        update["discard"] = discard
    if update:
        pl = pl.model_copy(update=update)
    target = s.field[zone] if zone != EMPTY else EMPTY
    item = seq_item(kind="skill", player=p, source=gate, skill=i.skill,  # type: ignore[attr-defined]
                    zone=zone, target=target)
    return s.model_copy(update={"players": _with_player(s, p, pl), "gates": gates,
                                "action": action, "seq": _declared(s, item)})


QUIET: dict[str, Callable[[State, int, Intent], State | None]] = {
    "pass": _pass,
    "move": _move,
    "attack": _attack,
    "end_action": _end_action,
    "end_step": _end_step,
    "open": _open,
    "skill": _skill,
}
