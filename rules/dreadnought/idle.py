"""Why one piece can do nothing now (``Ruleset.why_idle``): the reason for that piece and what
it could do in this step ("Gear Change is once per turn", "Pounce was already used this
turn"), not the stage's list of what is allowed, which a click on a caster or a unit used to
get from the intents its drops would imply (casting it)."""

from __future__ import annotations

from rules.dreadnought import reading
from rules.dreadnought.cards import Ability
from rules.dreadnought.describe import area_name, piece_name
from rules.dreadnought.effects import EFFECTS, TargetRule, targets
from rules.dreadnought.explain import discard_reason
from rules.dreadnought.legal import TIMINGS, cast_slots, current, move_slots, to_act
from rules.dreadnought.state import AREA_SIZE, EMPTY, State, ability_key, area_of

# What an ability with this target rule found nothing of.
NO_TARGET: dict[TargetRule, str] = {
    "enemy_unit": "the opponent has no unit on the table",
    "enemy_cheap": "the opponent has no unit of log-cost {amount} or less",
    "own_unit": "you have no unit on the table",
    "own_checked": "none of your units is Checked",
    "own_movable": "none of your units fits in its other Battle Area",
}


def why_idle(s: State, source: int) -> str | None:
    """Why ``source`` (a card instance) can do nothing in this step; None if it is no piece
    of the table's or the deciding player could use it (the caller found nothing legal)."""
    p = to_act(s)
    if p is None or source not in s.cards:
        return None
    owner, where = _place(s, source)
    if owner is None:
        return None
    name = piece_name(s, source)
    if owner != p:
        return f"{name} is Player {owner + 1}'s: you act with your own cards"
    stage = current(s)
    if stage == "choose":
        return "choose your speed card from your hand first"
    if stage == "pay":
        left = s.paying.left if s.paying is not None else 1
        return f"pay the log-cost first: log {left} more card{'s' * (left != 1)} from your hand"
    if stage == "block":
        return _block_reason(s, p, source, where, name)
    if stage == "attack":
        if where == "unit":
            return _check_reason(s, source, name)
        return "Check more attackers or choose the opponent's Battle Area to attack"
    if where in ("hand", "speed"):
        return _card_reason(s, p, source, where, stage, name)
    if stage == "cast":
        if where == "unit":
            return _unit_cast_reason(s, p, source, name)
        kinds = _kinds(s, source)
        has = f"has {kinds} abilities only" if kinds else "has no abilities"
        return f"{name} {has}: nothing to do in the Cast phase"
    if stage == "action" and where == "unit":
        return _action_unit_reason(s, p, source, name)
    timed = _timed(s, source, stage)  # none of its abilities of this timing can be used
    return _spent(s, p, source, timed) if timed else f"{name} {_none_of(s, source, stage)}"


def _place(s: State, iid: int) -> tuple[int | None, str]:
    """(owner, "hand" / "speed" / "caster" / "unit" / "other") of a card instance."""
    for q, pl in enumerate(s.players):
        if iid in pl.hand:
            return q, "hand"
        if iid == pl.speed:
            return q, "speed"
        if iid in pl.casters:
            return q, "caster"
        if iid in pl.slots:
            return q, "unit"
        if iid in pl.log or iid in pl.deck or iid in pl.hp[0] or iid in pl.hp[1]:
            return q, "other"
    return None, "other"


def _timed(s: State, source: int, timing: str) -> list[tuple[int, Ability]]:
    u = s.units.get(source)
    if u is not None and u.dummy:
        return []
    return [(k, ab) for k, ab in enumerate(s.card(source).abilities) if ab.timing == timing]


def _kinds(s: State, source: int) -> str:
    """The timings of a piece's abilities ("Speed and Action"), "" if it has none."""
    return " and ".join(t.capitalize() for t in TIMINGS if _timed(s, source, t))


def _none_of(s: State, source: int, timing: str) -> str:
    """What a piece with no ability of ``timing`` lacks ("has no Action ability (only
    Speed)")."""
    kinds = _kinds(s, source)
    return f"has no {timing.capitalize()} ability (only {kinds})" if kinds else \
        "has no abilities"


def _spent(s: State, p: int, source: int, timed: list[tuple[int, Ability]]) -> str | None:
    """Why each of these abilities cannot be used: used this turn, or nothing to target."""
    out = []
    for k, ab in timed:
        effect = EFFECTS.get(ab.effect)
        if ability_key(source, k) in s.players[p].used:
            out.append(f"{ab.name} was already used this turn")
        elif effect is not None and not targets(s, p, effect.target, ab.amount):
            out.append(f"{ab.name} has no target: "
                       + NO_TARGET.get(effect.target, "nothing it may target").format(
                           amount=ab.amount))
    return "; ".join(out) or None


def _action_unit_reason(s: State, p: int, unit: int, name: str) -> str | None:
    """A unit in the Action phase: it cannot be Checked, nor use an action ability."""
    check = _check_reason(s, unit, name)
    timed = _timed(s, unit, "action")
    if not timed:
        return f"{check} and {_none_of(s, unit, 'action')}"
    spent = _spent(s, p, unit, timed)
    return f"{check}; {spent}" if spent else None


def _check_reason(s: State, unit: int, name: str) -> str:
    u = s.units[unit]
    if u.dummy:
        return "a dummy cannot attack"
    if u.checked:
        return f"{name} is already Checked"
    return f"{name} cannot attack now"


def _block_reason(s: State, p: int, source: int, where: str, name: str) -> str:
    area = area_name(s.target)
    if where == "caster" and s.players[p].casters[s.target] == source:
        return f"{name} has no HP left to block with"
    return f"{name} cannot block: block with a unit of {area} or its caster (if it has HP)"


def _card_reason(s: State, p: int, card: int, where: str, stage: str, name: str) -> str:
    pl = s.players[p]
    if stage == "speed":
        if pl.geared:
            return "Gear Change is once per turn: you have changed gear this turn"
        return f"{name} stays in the Speed Area; Gear Change puts a hand card in its place"
    if stage != "cast":
        return f"cards are cast in the Cast phase; the {stage.capitalize()} phase is for " \
               f"{'fast abilities' if stage == 'fast' else 'attacks and action abilities'}"
    if where == "speed":
        return _speed_card_reason(s, p, card, name)
    if all(i != EMPTY for i in pl.slots):
        return "your four slots are taken"
    if not reading.layout(s, p).fits[1]:
        return "no empty slot has room for a unit, not even a dummy (S)"
    return f"{name} cannot be cast now"


def _speed_card_reason(s: State, p: int, card: int, name: str) -> str:
    c = s.card(card)
    pl = s.players[p]
    if pl.closed:
        return f"{name} is Closed: a speed card is cast once it is open"
    if c.type != "unit" or c.size is None:
        return f"{name} is not a unit: only a unit is cast from the Speed Area"
    if len(pl.hand) < c.cost:
        return f"{name} has log-cost {c.cost}: not enough cards in hand"
    if not cast_slots(s, p, card):
        return f"no empty slot has room for an {c.size} unit"
    return f"{name} cannot be cast now"


def _unit_cast_reason(s: State, p: int, unit: int, name: str) -> str:
    """A unit on the table in the Cast phase: it can neither move nor be discarded."""
    u = s.units[unit]
    if not move_slots(s, p, unit):
        size = reading.size_of(s, unit)
        other = 1 - area_of(s.players[p].slots.index(unit))
        left = AREA_SIZE - reading.area_used(s, p, other)
        what = "a dummy (S)" if u.dummy else f"an {'SML'[size - 1]} unit"
        move = f"{area_name(other)} has {left} of {AREA_SIZE} size left, too little for " \
               f"{what}" if left < size else f"no unit of {area_name(other)} can swap with it"
    else:
        move = ""
    if u.dummy:
        return f"{name} cannot move: {move}" if move else f"{name} cannot be used now"
    discard = discard_reason(s, u)
    return f"{name} cannot move ({move}) or be discarded: {discard}" if move else discard

