"""Who decides now and what they may do: the stages (``rules.core.stages``) and one generator
per stage. Generation reads the immutable State only; ``only`` keeps one source piece's."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

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
# Intents kept by their fields (``Interned``): a listing reads them with a subscript
_USES = Interned(UseAbility)  # (source, ability, target)
_CHECKS = Interned(Check)  # (unit,)
_DISCARDS = Interned(DiscardUnit)  # (unit,)

Timed = dict[str, tuple[tuple[int, int, TargetRule], ...]]


def _by_timing(card: Card) -> Timed:
    """A card's abilities by timing, as (index, amount, target rule)."""
    table: dict[str, list[tuple[int, int, TargetRule]]] = {}
    for k, ab in enumerate(card.abilities):
        effect = EFFECTS.get(ab.effect)
        if effect is not None:
            table.setdefault(ab.timing, []).append((k, ab.amount, effect.target))
    return {timing: tuple(v) for timing, v in table.items()}


# Generation runs every step; a card's abilities change only with the catalog (a hot reload)
_TIMED: CardTable[Card, Timed] = CardTable(_by_timing)


def abilities(s: State, p: int, timing: str, only: Hashable | None) -> list[Intent]:
    """Player ``p``'s usable abilities of ``timing``: the casters', then the units' (not a
    dummy's) in slot order, each not yet used this turn, on each target it may choose."""
    pl = s.players[p]
    units, cards, used, uses = s.units, s.cards, pl.used, _USES
    timed = _TIMED.of(s.catalog)
    out: list[Intent] = []
    for src in (*pl.casters, *pl.slots):
        if src == EMPTY or (only is not None and src != only):
            continue
        mine = timed[cards[src]].get(timing)
        if mine is None or (src in units and units[src].dummy):
            continue
        for k, amount, rule in mine:
            if used and ability_key(src, k) in used:
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


# ---- the size rules (D-06, D-09): what the Cast phase's listing and its reasons read ------
@dataclass(frozen=True, slots=True)
class Layout:
    """What a player's four slots allow, from their units' sizes (0: empty): the empty slots
    a unit of each size may be cast into (``fits[size]``; ``fits[1]`` a dummy's too, D-06,
    D-07), the slots of the other area the unit in each slot may move to, empty ones it fits
    or a unit it may swap with (``moves[here]``, D-09), and whether the two areas' units may
    swap (two units or more)."""

    fits: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[int, ...], ...]
    swap: bool


def _layout(sizes: tuple[int, ...]) -> Layout:
    room = (AREA_SIZE - sizes[0] - sizes[1], AREA_SIZE - sizes[2] - sizes[3])
    fits = ((), *(tuple(k for k in range(4) if not sizes[k] and room[k >> 1] >= n)
                  for n in range(1, AREA_SIZE + 1)))
    moves = []
    for here, size in enumerate(sizes):
        mine = here >> 1
        other = 1 - mine
        moves.append(() if not size else tuple(
            k for k in area_slots(other) if room[other] + sizes[k] >= size
            and (not sizes[k] or room[mine] + size >= sizes[k])))
    return Layout(fits, tuple(moves), len(sizes) - sizes.count(0) >= 2)


class _Layouts(dict[tuple[int, ...], Layout]):
    """Each layout made once (a few dozen sizes of four slots are possible)."""

    def __missing__(self, sizes: tuple[int, ...]) -> Layout:
        got = self[sizes] = _layout(sizes)
        return got


_LAYOUTS = _Layouts()


def layout(s: State, p: int) -> Layout:
    return _LAYOUTS[reading.slot_sizes(s, p)]


def cast_slots(s: State, p: int, card: int) -> tuple[int, ...]:
    """The empty slots where this card may be cast as a unit now (D-06)."""
    pl = s.players[p]
    from_hand = card in pl.hand
    if not from_hand and not (card == pl.speed and not pl.closed):
        return ()
    t = reading.traits(s)[s.cards[card]]
    return layout(s, p).fits[t.cast_at(len(pl.hand) - from_hand)]


def move_slots(s: State, p: int, unit: int) -> tuple[int, ...]:
    """Slots of the other area this unit may move to now (D-09)."""
    slots = s.players[p].slots
    return layout(s, p).moves[slots.index(unit)] if unit in slots else ()


class _Rows(dict[tuple[int, tuple[int, ...]], tuple[Intent, ...]]):
    """``rows[piece, slots]``: the intents ``kind.of(piece, slot)`` of one piece, one per slot
    listed, made once (a few hundred pieces on a few slot sets)."""

    def __init__(self, kind: type[CastUnit | CastDummy | MoveUnit]) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: tuple[int, tuple[int, ...]]) -> tuple[Intent, ...]:
        got = self[key] = tuple(self.kind.of(key[0], k) for k in key[1])
        return got


_CAST_ROWS, _DUMMY_ROWS, _MOVE_ROWS = _Rows(CastUnit), _Rows(CastDummy), _Rows(MoveUnit)
_SWAP = SwapAreas.of()


def _cast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    hand, units, cards = pl.hand, s.units, s.cards
    table = reading.traits(s)
    out: list[Intent] = [] if only is not None else [_PASS]
    at = layout(s, p)
    fits = at.fits
    dummies = fits[1]
    others = len(hand) - 1  # the hand cards left to pay a log-cost with
    for c in hand:
        if only is None or c == only:
            size = table[cards[c]].cast_at(others)
            if size:
                out += _CAST_ROWS[c, fits[size]]
            if dummies:
                out += _DUMMY_ROWS[c, dummies]
    speed = pl.speed
    if speed != EMPTY and not pl.closed and (only is None or speed == only):
        out += _CAST_ROWS[speed, fits[table[cards[speed]].cast_at(len(hand))]]
    prev = s.turn - 1
    for here, u in enumerate(pl.slots):
        if u == EMPTY or (only is not None and u != only):
            continue
        if units[u].cast_turn == prev and not units[u].dummy:  # D-08
            out.append(_DISCARDS[u,])
        out += _MOVE_ROWS[u, at.moves[here]]
    if only is None and at.swap:
        out.append(_SWAP)
    return out


def _pay(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [PayLog.of(c) for c in s.players[p].hand if only is None or c == only]


def _fast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    return out + abilities(s, p, "fast", only)


def _checks(s: State, p: int, only: Hashable | None) -> list[Intent]:
    """Check: a Normal unit of the player's, not a dummy."""
    units, checks = s.units, _CHECKS
    return [checks[u,] for u in s.players[p].slots
            if u != EMPTY and (only is None or u == only)
            and not units[u].checked and not units[u].dummy]


def _action(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    return out + _checks(s, p, only) + abilities(s, p, "action", only)


def attackable(s: State, p: int) -> list[int]:
    """The opponent's areas that have someone to block (a unit, or a caster with HP)."""
    return [a for a in range(AREAS) if reading.blockers(s, 1 - p, a)]


def _attack(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out = _checks(s, p, only)
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
