"""Who decides now and what they may do: the stages (``rules.core.stages``) and one generator
per stage. Generation reads the immutable State only; ``only`` keeps one source piece's."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.dreadnought import reading
from rules.dreadnought.cards import SIZE
from rules.dreadnought.effects import EFFECTS, targets
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
from rules.dreadnought.state import AREAS, EMPTY, State, ability_key, area_of, area_slots


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


def abilities(s: State, p: int, timing: str, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    sources = [*pl.casters, *(i for i in pl.slots if i != EMPTY and not s.units[i].dummy)]
    out: list[Intent] = []
    for src in sources:
        if only is not None and src != only:
            continue
        for k, ab in enumerate(reading.card(s, src).abilities):
            if ab.timing != timing or ability_key(src, k) in pl.used:
                continue
            effect = EFFECTS.get(ab.effect)
            if effect is None:
                continue
            out.extend(UseAbility.of(src, k, t) for t in targets(s, p, effect.target, ab.amount))
    return out


def _speed(s: State, p: int, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    out: list[Intent] = [] if only is not None else [Pass.of()]
    if not pl.geared:
        out += [GearChange.of(c) for c in pl.hand if only is None or c == only]
    out += abilities(s, p, "speed", only)
    return out


def cast_slots(s: State, p: int, card: int) -> list[int]:
    """The empty slots where this card may be cast as a unit now (size rules, D-06)."""
    c = reading.card(s, card)
    if c.type != "unit" or c.size is None:
        return []
    pl = s.players[p]
    from_hand = card in pl.hand
    if not from_hand and not (card == pl.speed and not pl.closed):
        return []
    if len(pl.hand) - (1 if from_hand else 0) < c.cost:
        return []
    size = SIZE[c.size]
    return [k for k in range(4) if pl.slots[k] == EMPTY
            and reading.fits(s, p, area_of(k), size)]


def dummy_slots(s: State, p: int) -> list[int]:
    pl = s.players[p]
    return [k for k in range(4) if pl.slots[k] == EMPTY and reading.fits(s, p, area_of(k), 1)]


def move_slots(s: State, p: int, unit: int) -> list[int]:
    """Slots of the other area this unit may move to now: empty ones it fits, or a unit
    it may swap with (D-09)."""
    pl = s.players[p]
    here = reading.slot_of(s, p, unit)
    if here == EMPTY or s.units[unit].moved:
        return []
    other = AREAS - 1 - area_of(here)
    size = reading.size_of(s, unit)
    out = []
    for k in area_slots(other):
        there = pl.slots[k]
        if there == EMPTY:
            if reading.fits(s, p, other, size):
                out.append(k)
        elif not s.units[there].moved:
            back = reading.size_of(s, there)
            if (reading.fits(s, p, other, size, without=there)
                    and reading.fits(s, p, area_of(here), back, without=unit)):
                out.append(k)
    return out


def can_swap_areas(s: State, p: int) -> bool:
    mine = [i for i in s.players[p].slots if i != EMPTY]
    return len(mine) >= 2 and not any(s.units[i].moved for i in mine)


def discardable(s: State, p: int, unit: int) -> bool:
    u = s.units.get(unit)
    return (u is not None and u.owner == p and not u.dummy and u.cast_turn == s.turn - 1)


def _cast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    out: list[Intent] = [] if only is not None else [Pass.of()]
    cards = list(pl.hand) + ([pl.speed] if pl.speed != EMPTY and not pl.closed else [])
    empty_fits = dummy_slots(s, p)
    for c in cards:
        if only is not None and c != only:
            continue
        out += [CastUnit.of(c, k) for k in cast_slots(s, p, c)]
        if c in pl.hand:
            out += [CastDummy.of(c, k) for k in empty_fits]
    for u in pl.slots:
        if u == EMPTY or (only is not None and u != only):
            continue
        if discardable(s, p, u):
            out.append(DiscardUnit.of(u))
        out += [MoveUnit.of(u, k) for k in move_slots(s, p, u)]
    if only is None and can_swap_areas(s, p):
        out.append(SwapAreas.of())
    return out


def _pay(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [PayLog.of(c) for c in s.players[p].hand if only is None or c == only]


def _fast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [Pass.of()]
    return out + abilities(s, p, "fast", only)


def can_check(s: State, p: int, unit: int) -> bool:
    u = s.units.get(unit)
    return u is not None and u.owner == p and not u.checked and not u.dummy


def _action(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [Pass.of()]
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


def to_act(s: State) -> int | None:
    return STAGES.to_act(s)


def legal(s: State, only: Hashable | None = None) -> list[Intent]:
    return STAGES.legal(s, only=only)
