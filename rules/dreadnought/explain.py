"""Why an intent is refused: the stage's reason first (``rules.core.stages``), then the rule
the intent breaks, in the words the table shows."""

from __future__ import annotations

from rules.core.model import Intent
from rules.dreadnought import intents, reading
from rules.dreadnought.cards import SIZE
from rules.dreadnought.game import GAME
from rules.dreadnought.legal import STAGES, attackable, move_slots, to_act
from rules.dreadnought.state import AREA_SIZE, EMPTY, State, Unit, ability_key, area_of

NAMES = {"choose_speed": "choosing a speed card", "gear_change": "Gear Change",
         "cast": "casting a unit", "pay": "paying a log-cost", "dummy": "casting a dummy",
         "discard": "discarding a unit", "move": "slot movement",
         "swap_areas": "swapping areas", "ability": "using an ability",
         "check": "Checking an attacker", "attack": "attacking", "block": "blocking",
         "pass": "passing"}


def size_reason(s: State, p: int, card: int, slot: int, dummy: bool = False) -> str | None:
    """"M unit: this area has 1 of 3 size left" when the card does not fit there."""
    size = 1 if dummy else SIZE[s.card(card).size or "S"]
    area = area_of(slot)
    if s.players[p].slots[slot] != EMPTY:
        return "that slot is taken"
    left = AREA_SIZE - reading.area_used(s, p, area)
    if size > left:
        what = "a dummy (S)" if dummy else f"{s.card(card).size} unit"
        return f"{what}: this area has {left} of {AREA_SIZE} size left"
    return None


def discard_reason(s: State, u: Unit) -> str:
    """Why one of your units may not be discarded now (D-08)."""
    if u.dummy:
        return f"a dummy is not discarded: it goes to the log at End ({GAME.cite('D-07')})"
    if u.cast_turn == s.turn:
        return f"a unit cast this turn cannot be discarded ({GAME.cite('D-08')})"
    return f"only units cast on the previous turn may be discarded ({GAME.cite('D-08')})"


def why_illegal(s: State, intent: Intent) -> str:
    why = STAGES.why_not(s, intent.kind, NAMES)
    if why is not None:
        return why
    p = to_act(s)
    assert p is not None
    pl = s.players[p]
    if (isinstance(intent, intents.ChooseSpeed | intents.GearChange | intents.PayLog
                   | intents.CastDummy) and intent.card not in pl.hand):
        return "that card is not in your hand"
    if isinstance(intent, intents.GearChange) and pl.geared:
        return "Gear Change is once per turn"
    if isinstance(intent, intents.CastUnit | intents.CastDummy) and not 0 <= intent.slot < 4:
        return f"there is no slot {intent.slot + 1}"
    if isinstance(intent, intents.CastUnit):
        from_speed = intent.card == pl.speed and not pl.closed
        if intent.card not in pl.hand and not from_speed:
            return "cast units from your hand or your open speed card"
        c = s.card(intent.card)
        if c.type != "unit":
            return f"{c.name} is not a unit"
        if len(pl.hand) - (intent.card in pl.hand) < c.cost:
            return f"{c.name} has log-cost {c.cost}: not enough other cards in hand"
        return size_reason(s, p, intent.card, intent.slot) or "that cast is not legal now"
    if isinstance(intent, intents.CastDummy):
        return size_reason(s, p, intent.card, intent.slot, dummy=True) or "not legal now"
    if isinstance(intent, intents.DiscardUnit | intents.MoveUnit):
        u = s.units.get(intent.unit)
        if u is None or u.owner != p:
            return "that is not one of your units"
        if isinstance(intent, intents.DiscardUnit):
            return discard_reason(s, u)
        if not 0 <= intent.slot < 4 or area_of(intent.slot) == area_of(
                pl.slots.index(intent.unit)):
            return "move units to your other Battle Area"
        if intent.slot not in move_slots(s, p, intent.unit):
            there = pl.slots[intent.slot]
            if there == EMPTY:
                return size_reason(s, p, intent.unit, intent.slot) or "not legal now"
            a, b = ("SML"[reading.size_of(s, i) - 1] for i in (intent.unit, there))
            return (f"swapping {a} and {b} units "
                    f"would break the size rules (at most {AREA_SIZE} per area)")
    if isinstance(intent, intents.UseAbility):
        if intent.source not in (*pl.casters, *pl.slots) or intent.source == EMPTY:
            return "use abilities of your own casters and units"
        abilities = s.card(intent.source).abilities
        if not 0 <= intent.index < len(abilities):
            return f"{s.name(intent.source)} has no ability {intent.index + 1}"
        ab = abilities[intent.index]
        if ab.timing != s.phase:
            return f"{ab.name} is a {ab.timing} ability; this is the {s.phase.capitalize()} phase"
        if ability_key(intent.source, intent.index) in pl.used:
            return f"{ab.name} was already used this turn"
        return f"{ab.name} cannot target that"
    if isinstance(intent, intents.Check):
        u = s.units.get(intent.unit)
        if u is None or u.owner != p:
            return "Check one of your own units"
        if u.dummy:
            return "a dummy cannot attack"
        return "that unit is already Checked"
    if isinstance(intent, intents.Attack):
        if intent.area not in (0, 1):
            return "attack the opponent's left (0) or right (1) Battle Area"
        if intent.area not in attackable(s, p):
            return "that area has no unit and its caster has no HP left"
    if isinstance(intent, intents.Block):
        return "block with a unit of the attacked area or its caster (if it has HP)"
    return f"{intent.label()} is not legal now"
