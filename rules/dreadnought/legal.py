"""Who decides now and what they may do: the stages (``rules.core.stages``) and one generator
per stage. Generation reads the immutable State only; ``only`` keeps one source piece's."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.card_table import CardTable
from rules.core.interned import Interned
from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.dreadnought import reading
from rules.dreadnought.cards import Card
from rules.dreadnought.effects import EFFECTS, TargetRule, targets
from rules.dreadnought.intents import (
    Attack,
    Block,
    CastDummy,
    CastUnit,
    Check,
    ChooseSpeed,
    DiscardUnit,
    GearChange,
    MoveUnit,
    Pass,
    PayLog,
    SwapAreas,
    UseAbility,
)
from rules.dreadnought.state import (
    AREA_SIZE,
    AREAS,
    EMPTY,
    State,
    ability_key,
    area_slots,
)


def current(s: State) -> str:
    if s.over:
        return "over"
    if s.phase == "choose":
        return "choose"
    if s.paying is not None:
        return "pay"
    if s.target != EMPTY:
        return "block"
    if s.attackers:
        return "attack"
    return s.phase


def holder(s: State) -> int | None:
    return None if s.window is None else s.window.priority


def _defender(s: State) -> int | None:
    return None if s.window is None else 1 - s.window.priority


def _choose(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [ChooseSpeed.of(c) for c in s.players[p].hand if only is None or c == only]


_PASS = Pass.of()
_CAST_UNITS = Interned(CastUnit)  # (card, slot)
_CAST_DUMMIES = Interned(CastDummy)  # (card, slot)
_MOVES = Interned(MoveUnit)  # (unit, slot)
_USES = Interned(UseAbility)  # (source, ability, target)

Timed = dict[str, list[tuple[int, int, TargetRule]]]


def _by_timing(card: Card) -> Timed:
    """A card's abilities by timing, as (index, amount, target rule)."""
    table: Timed = {}
    for k, ab in enumerate(card.abilities):
        effect = EFFECTS.get(ab.effect)
        if effect is not None:
            table.setdefault(ab.timing, []).append((k, ab.amount, effect.target))
    return table


# Generation runs every step; a card's abilities change only with the catalog (a hot reload)
_TIMED: CardTable[Card, Timed] = CardTable(_by_timing)


def abilities(s: State, p: int, timing: str, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    units = s.units
    sources = [*pl.casters, *(i for i in pl.slots if i != EMPTY and not units[i].dummy)]
    out: list[Intent] = []
    timed, cards, uses = _TIMED.of(s.catalog), s.cards, _USES
    for src in sources:
        if only is not None and src != only:
            continue
        for k, amount, rule in timed[cards[src]].get(timing, ()):
            if ability_key(src, k) in pl.used:
                continue
            out += [uses[src, k, t] for t in targets(s, p, rule, amount)]
    return out


def _speed(s: State, p: int, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    out: list[Intent] = [] if only is not None else [_PASS]
    if not pl.geared:
        out += [GearChange.of(c) for c in pl.hand if only is None or c == only]
    out += abilities(s, p, "speed", only)
    return out


def cast_slots(s: State, p: int, card: int, room: tuple[int, int] | None = None) -> list[int]:
    """The empty slots where this card may be cast as a unit now (size rules, D-06);
    ``room``: each area's size left, when the caller has it."""
    t = reading.traits(s)[s.cards[card]]
    size = t.unit_size
    if not size:
        return []
    pl = s.players[p]
    from_hand = card in pl.hand
    if not from_hand and not (card == pl.speed and not pl.closed):
        return []
    if len(pl.hand) - (1 if from_hand else 0) < t.cost:
        return []
    if room is None:
        room = _room(slot_sizes(s, p))
    slots = pl.slots
    return [k for k in range(4) if slots[k] == EMPTY and room[k >> 1] >= size]


def slot_sizes(s: State, p: int) -> list[int]:
    """The size of each of the player's slots' unit (0: empty)."""
    return [0 if i == EMPTY else reading.size_of(s, i) for i in s.players[p].slots]


def _room(sizes: list[int]) -> tuple[int, int]:
    """Each area's size left, from ``slot_sizes``."""
    return (AREA_SIZE - sizes[0] - sizes[1], AREA_SIZE - sizes[2] - sizes[3])


def dummy_slots(s: State, p: int, room: tuple[int, int] | None = None) -> list[int]:
    if room is None:
        room = _room(slot_sizes(s, p))
    slots = s.players[p].slots
    return [k for k in range(4) if slots[k] == EMPTY and room[k >> 1] >= 1]


def move_slots(s: State, p: int, unit: int, sizes: list[int] | None = None) -> list[int]:
    """Slots of the other area this unit may move to now: empty ones it fits, or a unit
    it may swap with (D-09); ``sizes``: ``slot_sizes``, when the caller has them."""
    slots = s.players[p].slots
    if unit not in slots:
        return []
    here = slots.index(unit)
    if sizes is None:
        sizes = slot_sizes(s, p)
    room = _room(sizes)
    mine, other = here >> 1, 1 - (here >> 1)
    size = sizes[here]
    out = []
    for k in area_slots(other):
        there = slots[k]
        if there == EMPTY:
            if room[other] >= size:
                out.append(k)
        elif room[other] + sizes[k] >= size and room[mine] + size >= sizes[k]:
            out.append(k)
    return out


def can_swap_areas(s: State, p: int) -> bool:
    slots = s.players[p].slots
    return len(slots) - slots.count(EMPTY) >= 2


def discardable(s: State, p: int, unit: int) -> bool:
    u = s.units.get(unit)
    return (u is not None and u.owner == p and not u.dummy and u.cast_turn == s.turn - 1)


def _cast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    # The slot sizes and the room left are read once for every card and unit
    pl = s.players[p]
    out: list[Intent] = [] if only is not None else [_PASS]
    units_at, dummies_at, moves = _CAST_UNITS, _CAST_DUMMIES, _MOVES
    sizes = slot_sizes(s, p)
    room = _room(sizes)
    dummies = dummy_slots(s, p, room)
    hand = pl.hand
    for c in hand:
        if only is None or c == only:
            out += [units_at[c, k] for k in cast_slots(s, p, c, room)]
            out += [dummies_at[c, k] for k in dummies]
    speed = pl.speed
    if speed != EMPTY and not pl.closed and (only is None or speed == only):
        out += [units_at[speed, k] for k in cast_slots(s, p, speed, room)]
        if speed in hand:
            out += [dummies_at[speed, k] for k in dummies]
    for u in pl.slots:
        if u == EMPTY or (only is not None and u != only):
            continue
        if discardable(s, p, u):
            out.append(DiscardUnit.of(u))
        out += [moves[u, k] for k in move_slots(s, p, u, sizes)]
    if only is None and can_swap_areas(s, p):
        out.append(SwapAreas.of())
    return out


def _pay(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [PayLog.of(c) for c in s.players[p].hand if only is None or c == only]


def _fast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    return out + abilities(s, p, "fast", only)


def can_check(s: State, p: int, unit: int) -> bool:
    u = s.units.get(unit)
    return u is not None and u.owner == p and not u.checked and not u.dummy


def _action(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    out += [Check.of(u) for u in s.players[p].slots
            if u != EMPTY and (only is None or u == only) and can_check(s, p, u)]
    return out + abilities(s, p, "action", only)


def attackable(s: State, p: int) -> list[int]:
    """The opponent's areas that have someone to block (a unit, or a caster with HP)."""
    return [a for a in range(AREAS) if reading.blockers(s, 1 - p, a)]


def _attack(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [Check.of(u) for u in s.players[p].slots
                         if u != EMPTY and (only is None or u == only) and can_check(s, p, u)]
    if only is None:
        out += [Attack.of(a) for a in attackable(s, p)]
    return out


def _block(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [Block.of(b) for b in reading.blockers(s, p, s.target)
            if only is None or b == only]


def _chooser(s: State) -> int | None:
    return s.chooser


STAGES: Stages[State] = Stages([
    Stage("choose", _chooser, ("choose_speed",), title="the Speed phase (choosing speed cards)",
          generate=_choose),
    Stage("speed", holder, ("gear_change", "ability", "pass"), mode="hold",
          title="the Speed phase", generate=_speed),
    Stage("cast", holder, ("cast", "dummy", "discard", "move", "swap_areas", "pass"),
          mode="hold", title="the Cast phase", generate=_cast),
    Stage("pay", holder, ("pay",), title="paying a log-cost", generate=_pay),
    Stage("fast", holder, ("ability", "pass"), mode="hold", title="the Fast phase",
          generate=_fast),
    Stage("action", holder, ("check", "ability", "pass"), mode="alternate",
          title="the Action phase", generate=_action),
    Stage("attack", holder, ("check", "attack"), title="an attack being declared",
          generate=_attack),
    Stage("block", _defender, ("block",), title="choosing a blocker", generate=_block),
    Stage("over", lambda s: None, (), title="the end of the game"),
], current)


_GENERATE = {st.name: st.generate for st in STAGES}


def to_act(s: State) -> int | None:
    """The stage table's actor, read directly (every step asks it several times)."""
    if s.over:
        return None
    if s.phase == "choose":
        return s.chooser
    w = s.window
    if w is None:
        return None
    return 1 - w.priority if s.target != EMPTY and s.paying is None else w.priority


def legal(s: State, only: Hashable | None = None) -> list[Intent]:
    p = to_act(s)
    if p is None:
        return []
    generate = _GENERATE[current(s)]
    assert generate is not None
    return generate(s, p, only)
