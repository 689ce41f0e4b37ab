"""What each Dreadnought intent does: one handler per kind, and the game's dispatch table
(kind -> type, handler, describe, source piece, target)."""

from __future__ import annotations

from rules.core import zones
from rules.core.manual import MANUAL, later, open_step
from rules.core.ruleset import IntentKind, intent_table
from rules.dreadnought import describe, intents, reading
from rules.dreadnought.effects import EFFECTS
from rules.dreadnought.flow import next_chooser
from rules.dreadnought.state import EMPTY, Payment, State, ability_key, area_of, new_unit


def acted(d: State, p: int) -> None:
    """``p``'s action is over (after a manual ability's Done too): priority moves on."""
    assert d.window is not None
    d.window.act(p)


def _choose(d: State, p: int, i: intents.ChooseSpeed) -> None:
    pl = d.own(p)
    pl.hand = zones.without(pl.hand, i.card)
    pl.speed, pl.closed = i.card, True
    if d.loud:
        d.log("speed", f"Player {p + 1} chooses a speed card (Closed until both chose).", p)
    next_chooser(d, p + 1)


def _gear(d: State, p: int, i: intents.GearChange) -> None:
    pl = d.own(p)
    if pl.speed != EMPTY:
        pl.log += (pl.speed,)
    pl.hand = zones.without(pl.hand, i.card)
    pl.speed, pl.closed, pl.geared = i.card, True, True
    if d.loud:
        d.log("gear", f"Player {p + 1} makes a Gear Change: a new speed card lies Closed.", p,
              reveals=(1 - p,))
    acted(d, p)


def _place(d: State, p: int, card: int, slot: int, dummy: bool) -> None:
    d.own(p).place(slot, card)
    d.units[card] = new_unit(card, p, dummy, d.turn)


def _cast(d: State, p: int, i: intents.CastUnit) -> None:
    pl = d.own(p)
    if i.card in pl.hand:
        pl.hand = zones.without(pl.hand, i.card)
    else:
        pl.speed = EMPTY
    cost = d.card(i.card).cost
    if cost:
        d.paying = Payment(card=i.card, slot=i.slot, left=cost)
        if d.loud:
            d.log("cast", f"Player {p + 1} casts {d.name(i.card)}: choose {cost} hand "
                  f"card{'s' if cost > 1 else ''} to log.", p, reveals=(1 - p,))
        return
    _place(d, p, i.card, i.slot, dummy=False)
    if d.loud:
        d.log("cast", f"Player {p + 1} casts {d.name(i.card)} into "
              f"{describe.slot_name(i.slot)}.", p, reveals=(1 - p,))
    acted(d, p)


def _pay(d: State, p: int, i: intents.PayLog) -> None:
    pay = d.paying
    assert pay is not None
    pl = d.own(p)
    pl.hand = zones.without(pl.hand, i.card)
    pl.log += (i.card,)
    if d.loud:
        d.log("pay", f"Player {p + 1} logs {d.name(i.card)}.", p, reveals=(1 - p,))
    if pay.left > 1:
        d.paying = Payment(pay.card, pay.slot, pay.left - 1)
        return
    d.paying = None
    _place(d, p, pay.card, pay.slot, dummy=False)
    if d.loud:
        d.log("cast", f"{d.shown(pay.card)} enters {describe.slot_name(pay.slot)}.", p)
    acted(d, p)


def _dummy(d: State, p: int, i: intents.CastDummy) -> None:
    pl = d.own(p)
    pl.hand = zones.without(pl.hand, i.card)
    _place(d, p, i.card, i.slot, dummy=True)
    if d.loud:
        d.log("dummy", f"Player {p + 1} casts a dummy into {describe.slot_name(i.slot)}.", p)
    acted(d, p)


def _discard(d: State, p: int, i: intents.DiscardUnit) -> None:
    if d.loud:
        d.log("discard", f"Player {p + 1} discards {d.name(i.unit)}.", p)
    d.remove_unit(i.unit)
    acted(d, p)


def _move(d: State, p: int, i: intents.MoveUnit) -> None:
    pl = d.own(p)
    there = pl.slots[i.slot]
    pl.place(pl.slots.index(i.unit), there)
    pl.place(i.slot, i.unit)
    pl.moves += 1
    if d.loud:
        text = (f"{d.shown(i.unit)} moves to {describe.area_name(area_of(i.slot))}."
                if there == EMPTY else f"{d.shown(i.unit)} and {d.shown(there)} swap slots.")
        d.log("move", f"Player {p + 1}: {text}", p)
    acted(d, p)


def _swap(d: State, p: int, i: intents.SwapAreas) -> None:
    pl = d.own(p)
    s = pl.slots
    pl.slots = (s[2], s[3], s[0], s[1])
    pl.moves += 1
    if d.loud:
        d.log("move", f"Player {p + 1} swaps the units of their two Battle Areas.", p)
    acted(d, p)


def _ability(d: State, p: int, i: intents.UseAbility) -> None:
    ab = d.card(i.source).abilities[i.index]
    d.own(p).used += (ability_key(i.source, i.index),)
    if d.loud:
        d.log("ability", f"{d.shown(i.source)}: {ab.name}.", p)
    if ab.effect == MANUAL:
        open_step(d, p, f"{d.name(i.source)}'s {ab.name}", ab.text, i.source)
        later(d, "acted", p)  # the player's action is over after Done (``acted``)
        return
    EFFECTS[ab.effect].run(d, p, ab.amount, i.target)
    acted(d, p)


def _check(d: State, p: int, i: intents.Check) -> None:
    d.own_unit(i.unit).checked = True
    d.attackers = d.attackers + (i.unit,)
    if d.loud:
        d.log("check", f"Player {p + 1} Checks {d.name(i.unit)} to attack.", p)


def _attack(d: State, p: int, i: intents.Attack) -> None:
    d.target = i.area
    if d.loud:
        total = sum(reading.bp_of(d, u) for u in d.attackers)
        d.log("attack", f"Player {p + 1} attacks {describe.area_name(i.area)} with {total} BP.", p)


def _block(d: State, p: int, i: intents.Block) -> None:
    """The summed BP is dealt to the blocker: a caster loses 1 HP; a unit breaks when the
    damage reaches its BP, and if it was the area's last unit its caster loses 1 HP."""
    attacker = 1 - p
    area = d.target
    total = sum(reading.bp_of(d, u) for u in d.attackers if u in d.units)
    d.attackers = ()
    d.target = EMPTY
    if d.loud:
        d.log("block", f"{d.shown(i.blocker)} blocks {total} BP.", p)
    if i.blocker in d.players[p].casters or (
            d.damage(i.blocker, total) and not reading.area_units(d, p, area)):
        d.lose_hp(p, area)
    if not d.over:
        acted(d, attacker)


def _pass(d: State, p: int, i: intents.Pass) -> None:
    assert d.window is not None
    d.window.pass_priority()
    if d.loud:
        d.log("pass", f"Player {p + 1} passes.", p)


def _card_of(i: intents.ChooseSpeed | intents.GearChange | intents.CastUnit | intents.PayLog
             | intents.CastDummy) -> int:
    return i.card


KINDS = intent_table(
    IntentKind(intents.ChooseSpeed, _choose, describe.d_choose, source=_card_of),
    IntentKind(intents.GearChange, _gear, describe.d_gear, source=_card_of),
    IntentKind(intents.CastUnit, _cast, describe.d_cast, source=_card_of,
               target=lambda i: i.slot),
    IntentKind(intents.PayLog, _pay, describe.d_pay, source=_card_of),
    IntentKind(intents.CastDummy, _dummy, describe.d_dummy, source=_card_of,
               target=lambda i: i.slot),
    IntentKind(intents.DiscardUnit, _discard, describe.d_discard, source=lambda i: i.unit),
    IntentKind(intents.MoveUnit, _move, describe.d_move, source=lambda i: i.unit,
               target=lambda i: i.slot),
    IntentKind(intents.SwapAreas, _swap, describe.d_swap),
    IntentKind(intents.UseAbility, _ability, describe.d_ability, source=lambda i: i.source,
               target=lambda i: i.target),
    IntentKind(intents.Check, _check, describe.d_check, source=lambda i: i.unit),
    IntentKind(intents.Attack, _attack, describe.d_attack, target=lambda i: i.area),
    IntentKind(intents.Block, _block, describe.d_block, source=lambda i: i.blocker),
    IntentKind(intents.Pass, _pass, describe.d_pass),
)
