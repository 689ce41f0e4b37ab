"""A short sentence for every Dreadnought intent (menus, the log, keyboard hints)."""

from __future__ import annotations

from rules.dreadnought import intents, reading
from rules.dreadnought.effects import EFFECTS
from rules.dreadnought.state import EMPTY, State, area_of


def area_name(area: int) -> str:
    return "the left Battle Area" if area == 0 else "the right Battle Area"


def slot_name(slot: int) -> str:
    return f"{area_name(area_of(slot))} (slot {slot % 2 + 1})"


def piece_name(s: State, iid: int) -> str:
    u = s.units.get(iid)
    if u is not None and u.dummy:
        return "a dummy"
    return s.name(iid) if iid in s.cards else f"card {iid}"


def d_choose(s: State, i: intents.ChooseSpeed) -> str:
    g = s.card(i.card).grade
    return f"Choose {s.name(i.card)} as your speed card" + (f" (grade {g})" if g else "")


def d_gear(s: State, i: intents.GearChange) -> str:
    return f"Gear Change: {s.name(i.card)} into the Speed Area, Closed"


def d_cast(s: State, i: intents.CastUnit) -> str:
    c = s.card(i.card)
    cost = f", log-cost {c.cost}" if c.cost else ""
    return f"Cast {c.name} ({c.size}, {c.bp} BP{cost}) into {slot_name(i.slot)}"


def d_pay(s: State, i: intents.PayLog) -> str:
    left = s.paying.left if s.paying is not None else 1
    return f"Log {s.name(i.card)} to pay the log-cost ({left} left)"


def d_dummy(s: State, i: intents.CastDummy) -> str:
    return f"Cast {s.name(i.card)} as a dummy (S, 50 BP) into {slot_name(i.slot)}"


def d_discard(s: State, i: intents.DiscardUnit) -> str:
    return f"Discard {piece_name(s, i.unit)} (cast last turn)"


def d_move(s: State, i: intents.MoveUnit) -> str:
    p = s.units[i.unit].owner if i.unit in s.units else 0
    there = s.players[p].slots[i.slot] if 0 <= i.slot < 4 else EMPTY
    if there != EMPTY:
        return f"Swap {piece_name(s, i.unit)} with {piece_name(s, there)}"
    return f"Move {piece_name(s, i.unit)} to {slot_name(i.slot)}"


def d_swap(s: State, i: intents.SwapAreas) -> str:
    return "Swap the units of your two Battle Areas"


def _placed(s: State, iid: int) -> str:
    """A unit and where it stands ("Quick Fox (opponent's left 2)"): two copies of a card
    can stand on the table at once."""
    u = s.units.get(iid)
    if u is None or iid not in s.players[u.owner].slots:
        return piece_name(s, iid)
    k = s.players[u.owner].slots.index(iid)
    side = "left" if area_of(k) == 0 else "right"
    whose = "" if u.owner == (s.window.priority if s.window else u.owner) else "opponent's "
    return f"{piece_name(s, iid)} ({whose}{side} {k % 2 + 1})"


def d_ability(s: State, i: intents.UseAbility) -> str:
    ab = s.card(i.source).abilities[i.index]
    effect = EFFECTS.get(ab.effect)
    words = effect.words if effect else ab.effect
    target = _placed(s, i.target) if i.target != EMPTY else ""
    futile = effect.futile(s, _user(s, i.source)) if effect and effect.futile else None
    idle = f"; no effect: {futile}" if futile else ""
    return (f"{s.name(i.source)}: {ab.name} "
            f"({words.format(amount=ab.amount, target=target)}{idle})")


def _user(s: State, source: int) -> int:
    """The player whose caster or unit ``source`` is."""
    return 0 if source in (*s.players[0].casters, *s.players[0].slots) else 1


def d_check(s: State, i: intents.Check) -> str:
    return f"Check {piece_name(s, i.unit)} to attack ({reading.bp_of(s, i.unit)} BP)"


def d_attack(s: State, i: intents.Attack) -> str:
    total = sum(reading.bp_of(s, u) for u in s.attackers)
    return f"Attack the opponent's {area_name(i.area)[4:]} with {total} BP"


def d_block(s: State, i: intents.Block) -> str:
    if i.blocker in s.units:
        return f"Block with {piece_name(s, i.blocker)} ({reading.bp_of(s, i.blocker)} BP)"
    return f"Block with your caster {s.name(i.blocker)} (loses 1 HP)"


def d_pass(s: State, i: intents.Pass) -> str:
    if s.phase == "action":
        return "Pass (one action each; the phase ends when both pass in a row)"
    return f"Pass: done with the {s.phase.capitalize()} phase"
