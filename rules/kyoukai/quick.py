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
from rules.core.model import Event, Intent
from rules.core.window import Window
from rules.kyoukai.aiming import aims, open_params, skill_params
from rules.kyoukai.draft import event
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS, Params, zone_label
from rules.kyoukai.flow import CONTINUING, EMPTY_DECK_DAMAGE, opened
from rules.kyoukai.intents import Pass
from rules.kyoukai.legal import may_respond, occupancy, reach
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


def loud_apply(s: State, p: int, intent: Intent) -> tuple[State, list[Event]] | None:
    """A loud ``apply`` (state and events) of a pass that leaves the Sequence open, ending a
    Turn Action, declaring a Move or an Attack outside a Sequence or opening a Gate, or None:
    most of a game's loud steps, with the Draft path's one log line each (``actions``)."""
    if s.over or s.pending is not None:
        return None
    kind = intent.kind
    if kind == "pass":
        seq = s.seq
        assert seq is not None
        seq = passed(seq)
        if seq.closed:
            return None
        return s.model_copy(update={"seq": seq}), [event("pass", f"Player {p + 1} passes.", p)]
    if kind == "end_action":
        new = _end_action(s, p, intent)
        return None if new is None else (
            new, [event("action", f"Player {p + 1} ends the Turn Action.", p)])
    if kind == "move":
        new = _move(s, p, intent)
        gate: int = intent.gate  # type: ignore[attr-defined]
        to: int = intent.to  # type: ignore[attr-defined]
        return None if new is None else (new, [event(
            "declare", f"Player {p + 1}: {s.name(gate)} declares a Move to {zone_label(to)}.",
            p)])
    if kind == "attack":
        new = _attack(s, p, intent)
        if new is None:
            return None
        gate = intent.gate  # type: ignore[attr-defined]
        zone: int = intent.zone  # type: ignore[attr-defined]
        return new, [event("declare", f"Player {p + 1}: {s.name(gate)} attacks "
                           f"{s.name(s.field[zone])} in {zone_label(zone)}.", p)]
    if kind == "open":
        new = _open(s, p, intent)
        if new is None:
            return None
        c: int = intent.card  # type: ignore[attr-defined]
        zone = intent.zone  # type: ignore[attr-defined]
        card = s.card(c)
        target = s.field[zone] if zone != EMPTY else EMPTY
        where = f" into {zone_label(zone)}" if target == EMPTY and zone != EMPTY \
            else (f" targeting {s.name(target)}" if target != EMPTY else "")
        return new, [event("declare", f"Player {p + 1} opens {card.name}{where} "
                           f"(cost {card.cost}).", p, reveals=(1 - p,), data={"card": c})]
    return None


_PASS = Pass.of()


def forced_passes(s: State, draft_pass: Callable[[State, int, Intent], State]
                  ) -> tuple[State, int]:
    """``Ruleset.forced_steps``: the state after each Pass that is the only legal intent
    (``legal.legal``: an open Sequence whose priority holder cannot answer, outside the
    clean-up step and a pending choice), applied as ``apply(quiet=True)`` applies it
    (``quiet_apply``, else ``draft_pass``, the Draft path), and how many. A manual step
    opened by a resolution stops the run (``apply`` would go through the core)."""
    n = 0
    while True:
        seq = s.seq
        if seq is None or s.over or s.pending is not None or s.step == "cleanup" \
                or s.manual or s.face_down:
            return s, n
        p = seq.priority
        if may_respond(s, p):
            return s, n
        n += 1
        after = passed(seq)
        if not after.closed:
            s = s.model_copy(update={"seq": after})
            continue
        new = _pass(s, p, _PASS)
        s = draft_pass(s, p, _PASS) if new is None else new


# A Sequence after a pass, by the Sequence's identity (the entry holds it): the Sequences an
# item opens are shared values (``flow.opened``), so the windows passes lead to repeat too.
_PASSED: dict[int, tuple[Window[Item], Window[Item]]] = {}


def passed(seq: Window[Item]) -> Window[Item]:
    """``seq.pass_priority()``."""
    hit = _PASSED.get(id(seq))
    if hit is None or hit[0] is not seq:
        if len(_PASSED) >= 50_000:
            _PASSED.clear()
        hit = _PASSED[id(seq)] = (seq, seq.pass_priority())
    return hit[1]


def _pass(s: State, p: int, i: Intent) -> State | None:
    seq = s.seq
    assert seq is not None
    seq = passed(seq)
    if not seq.closed:
        return s.model_copy(update={"seq": seq})
    stack = seq.stack
    if len(stack) != 1:
        return None
    item = stack[0]
    kind = item.kind
    if s.step == "main":
        if kind == "move":
            return _lone_move_resolves(s, item)
        if kind == "attack":
            return _lone_attack_resolves(s, item)
        if kind == "open":
            return _lone_gate_opens(s, item)
        if kind == "skill":
            return _lone_skill_resolves(s, item)
    elif kind == "end" and s.step == "end":
        return _turn_ends(s)
    return None


def _turn_ends(s: State) -> State | None:
    """As ``flow.advance`` when the End step's Sequence closes with nothing added: Clean-up
    (which waits for discards when the hand is over its limit), else the next player's turn:
    their draw step (2 damage to their Entrant when the deck is empty), Ready step and Main
    step. None when the Draft path is needed (the turn limit, an empty deck that ends the
    game)."""
    me = s.players[s.active]
    if len(me.hand) > HAND_LIMIT:
        return _closed(s, {"step": "cleanup"})
    if s.turn >= TURN_CAP:
        return None
    p = 1 - s.active
    pl = s.players[p]
    gates = s.gates
    ready = dict(gates)
    if pl.deck:
        pl = pl.model_copy(update={"deck": pl.deck[1:], "hand": pl.hand + pl.deck[:1]})
    elif pl.entrant in gates:
        ent = pl.entrant
        g = gates[ent]
        # ``Draft.damage`` from the draw step: the Sequence's Defense bonuses are over.
        through = max(0, EMPTY_DECK_DAMAGE - max(0, defense_of(s, ent)))
        if through > 0:
            total = g.damage + through
            if total >= ENTRANT_LIFE and s.winner is None:
                return None
            ready[ent] = g.model_copy(update={"damage": total})
    spirits = 0
    for i, g in gates.items():
        if g.owner == p:
            if not g.ready:
                ready[i] = ready[i].model_copy(update={"ready": True})
            if s.card(i).type == "spirit":
                spirits += 1
    pl = pl.model_copy(update={"ki": 2 + spirits, "spirit_opened": False})
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": None,
                                "turn": s.turn + 1, "active": p, "step": "main",
                                "gates": ready, "players": _with_player(s, p, pl)})


def _closed(s: State, update: dict[str, Any]) -> State:
    """``flow.end_sequence`` once the Sequence's items resolved, with what resolving changed
    (``update``): Defense used and given back, a finished Turn Action over."""
    action = s.action
    if action is not None and (action.stage not in CONTINUING
                               or action.gate not in update.get("gates", s.gates)):
        action = None
    update.update(seq=None, absorbed={}, shield={}, action=action)
    return s.model_copy(update=update)


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
        start = field.index(g)
        # A shortest path within the Gate's Movement exists when the zone is in its reach.
        if item.zone in reach(start, s.card(g).movement or 0, occupancy(field))[1]:
            cells = list(field)
            cells[start] = EMPTY
            cells[item.zone] = g
            field = tuple(cells)
    if action is not None and (action.stage not in CONTINUING or action.gate not in gates):
        action = None
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": action,
                                "field": field})


def _lone_attack_resolves(s: State, item: Item) -> State | None:
    """As ``flow.advance`` when the closed Sequence holds one Attack (``Draft.damage``); None
    when it ends the game or discards a Gate with Potion Potential."""
    a, t = item.source, item.target
    update: dict[str, Any] = {}
    if (a in s.gates and t in s.gates and GRID.bordering(s.zone_of(a), s.zone_of(t))
            and not _damaged(s, update, t, attack_of(s, a), item.player)):
        return None
    return _closed(s, update)


def _damaged(s: State, update: dict[str, Any], t: int, amount: int, by: int) -> bool:
    """``Draft.damage`` of ``amount`` to Gate ``t`` (by player ``by``) in a Sequence where
    nothing resolved before, its changes put in ``update``; False when the Draft path is
    needed: the game is won, or a Gate with Potion Potential is discarded."""
    gates = update.get("gates", s.gates)
    if t not in gates or amount <= 0:
        return True
    left = max(0, defense_of(s, t) + s.shield.get(t, 0) - s.absorbed.get(t, 0))
    through = max(0, amount - left)
    if through == 0:
        return True
    g = gates[t]
    card = s.card(t)
    gates = dict(gates)
    if card.type == "entrant":
        total = g.damage + through
        if total >= ENTRANT_LIFE and s.winner is None:
            return False
        gates[t] = g.model_copy(update={"damage": total})
        update["gates"] = gates
        return True
    if any(k.kind == "passive" and k.effect == "ready_on_discard" for k in card.skills):
        return False
    # ``Draft.leave_field``: its Branches, then the Gate, to the bottom of its owner's Discard.
    del gates[t]
    update["gates"] = gates
    field = list(update.get("field", s.field))
    field[field.index(t)] = EMPTY
    update["field"] = tuple(field)
    _discarded(s, update, g.owner, g.branches + (t,))
    return True


def _discarded(s: State, update: dict[str, Any], owner: int, cards: tuple[int, ...]) -> None:
    players = update.get("players", s.players)
    pl = players[owner]
    pl = pl.model_copy(update={"discard": pl.discard + cards})
    update["players"] = (pl, players[1]) if owner == 0 else (players[0], pl)


def _lone_gate_opens(s: State, item: Item) -> State | None:
    """As ``flow.advance`` when the closed Sequence holds one Gate being opened: a Summon or
    Spirit enters its zone Rested (``flow._resolve_open``); a Normal or Fast card's effect
    resolves and the card goes to the Discard (a Branch stays under its host). None for the
    effects left to the Draft path."""
    src, p = item.source, item.player
    card = s.card(src)
    if card.type not in ("summon", "spirit"):
        effect = card.effect
        if effect not in _LONE_OPENS:
            return None
        update: dict[str, Any] = {}
        zone = _target_zone(s, item, OPEN_EFFECTS[effect].target, EMPTY,
                            open_params(card))
        if zone is None or not _effect(s, update, effect, p, src, zone, card.amount):
            return None
        if effect != "branch_self":
            _discarded(s, update, p, (src,))
        return _closed(s, update)
    if s.field[item.zone] != EMPTY:
        return None
    cells = list(s.field)
    cells[item.zone] = src
    gates = dict(s.gates)
    gates[src] = placed(src, p, False)
    action = s.action
    if action is not None and (action.stage not in CONTINUING or action.gate not in gates):
        action = None
    return s.model_copy(update={"seq": None, "absorbed": {}, "shield": {}, "action": action,
                                "field": tuple(cells), "gates": gates})


def _lone_skill_resolves(s: State, item: Item) -> State | None:
    """As ``flow.advance`` when the closed Sequence holds one Skill (``flow._resolve_skill``);
    None for the effects left to the Draft path and for a Skill that fizzles."""
    src = item.source
    skill = s.card(src).skills[item.skill]
    effect = skill.effect
    if effect not in _LONE_SKILLS:
        return None
    on_field = src in s.gates
    if skill.kind != "location" and not on_field:
        return None
    zone = _target_zone(s, item, SKILL_EFFECTS[effect].target,
                        s.zone_of(src) if on_field else EMPTY,
                        skill_params(skill))
    update: dict[str, Any] = {}
    if zone is None or not _effect(s, update, effect, item.player, src, zone, skill.amount):
        return None
    return _closed(s, update)


# The effects ``_effect`` resolves, on a Skill and on a Normal or Fast card.
_LONE_SKILLS = frozenset({"damage", "shield", "ready", "nothing", "rebirth"})
_LONE_OPENS = frozenset({"damage", "shield", "ready", "nothing", "draw", "heal", "branch_self"})


def _effect(s: State, update: dict[str, Any], effect: str, p: int, src: int, zone: int,
            amount: int) -> bool:
    """The resolver of ``effect`` (``effects.r_*``) as the first thing resolved in a Sequence,
    its changes put in ``update``: a shield given then ends with the Sequence; False when
    the Draft path is needed."""
    if effect == "damage":
        return _damaged(s, update, s.field[zone], amount, p)
    if effect in ("shield", "nothing"):
        return True
    if effect == "ready":
        t = s.field[zone]
        gates = dict(s.gates)
        gates[t] = gates[t].model_copy(update={"ready": True})
        update["gates"] = gates
        return True
    if effect == "rebirth":
        cells = list(s.field)
        cells[zone] = src
        gates = dict(s.gates)
        gates[src] = placed(src, p, False)
        update["field"], update["gates"] = tuple(cells), gates
        return True
    if effect == "branch_self":
        host = s.field[zone]
        gates = dict(s.gates)
        gates[host] = gates[host].model_copy(update={"branches": gates[host].branches + (src,)})
        update["gates"] = gates
        return True
    pl = s.players[p]
    if effect == "draw":
        pl = pl.model_copy(update={"deck": pl.deck[amount:], "hand": pl.hand + pl.deck[:amount]})
        update["players"] = _with_player(s, p, pl)
        return True
    if effect == "heal":
        ent = pl.entrant
        g = s.gates.get(ent)
        if g is not None:
            gates = dict(s.gates)
            gates[ent] = g.model_copy(update={"damage": g.damage - min(amount, g.damage)})
            update["gates"] = gates
        return True
    return False


def _target_zone(s: State, item: Item, rule: str, src_zone: int, prm: Params) -> int | None:
    """``flow._retarget`` on the state: the zone the item acts on, None if its target is
    gone."""
    if rule == "none":
        return EMPTY
    if item.target != EMPTY:
        z = s.zone_of(item.target)
        return z if aims(s, rule, item.player, src_zone, prm, z) else None
    return item.zone if aims(s, rule, item.player, src_zone, prm, item.zone) else None


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
