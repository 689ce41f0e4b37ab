"""Who decides now and what they may do: the stages (``rules.core.stages``) and one generator
per stage. Generation only reads the State; ``only`` keeps one source piece's."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.card_table import CardTable
from rules.core.memo import Interned, Memo
from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.dreadnought import intents, reading
from rules.dreadnought.cards import Card
from rules.dreadnought.effects import EFFECTS, TargetRule, targets
from rules.dreadnought.state import AREAS, EMPTY, State, ability_key


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
    return [_CHOICES[c,] for c in s.players[p].hand if only is None or c == only]


_PASS = intents.Pass.of()
# Intents kept by their fields (``Interned``): a listing reads them with a subscript
_USES = Interned(intents.UseAbility)  # (source, ability, target)
_CHECKS, _DISCARDS = Interned(intents.Check), Interned(intents.DiscardUnit)  # (unit,)
_CHOICES, _GEARS = Interned(intents.ChooseSpeed), Interned(intents.GearChange)  # (card,)
_PAYS = Interned(intents.PayLog)  # (card,)
_ATTACKS, _BLOCKS = Interned(intents.Attack), Interned(intents.Block)  # (area,), (blocker,)

TIMINGS = ("speed", "fast", "action")
# A card's abilities per timing (in TIMINGS' order), as (index, amount, target rule)
Timed = tuple[tuple[tuple[int, int, TargetRule], ...], ...]


def _by_timing(card: Card) -> Timed:
    return tuple(tuple((k, ab.amount, EFFECTS[ab.effect].target)
                       for k, ab in enumerate(card.abilities)
                       if ab.timing == timing and ab.effect in EFFECTS) for timing in TIMINGS)


# Generation runs every step; a card's abilities change only with the catalog (a hot reload)
_TIMED: CardTable[Card, Timed] = CardTable(_by_timing)


def abilities(s: State, p: int, timing: int, only: Hashable | None) -> list[Intent]:
    """Player ``p``'s usable abilities of ``TIMINGS[timing]``: the casters', then the units'
    (not a dummy's) in slot order, each not yet used this turn, on each target it may
    choose."""
    pl = s.players[p]
    units, cards, used, uses = s.units, s.cards, pl.used, _USES
    timed = _TIMED.of(s.catalog)
    out: list[Intent] = []
    for src in pl.casters + pl.slots:
        if src == EMPTY or (only is not None and src != only):
            continue
        mine = timed[cards[src]][timing]
        if not mine or (src in units and units[src].dummy):
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
        out += [_GEARS[c,] for c in pl.hand if only is None or c == only]
    out += abilities(s, p, 0, only)
    return out


def cast_slots(s: State, p: int, card: int) -> tuple[int, ...]:
    """The empty slots where this card may be cast as a unit now (D-06)."""
    pl = s.players[p]
    from_hand = card in pl.hand
    if not from_hand and not (card == pl.speed and not pl.closed):
        return ()
    t = reading.traits(s)[s.cards[card]]
    return reading.slots_in(reading.layout(s, p).fits[t.cast_at(len(pl.hand) - from_hand)])


def move_slots(s: State, p: int, unit: int) -> tuple[int, ...]:
    """Slots of the other area this unit may move to now (D-09)."""
    slots = s.players[p].slots
    return reading.slots_in(reading.layout(s, p).moves[slots.index(unit)]) if unit in slots \
        else ()


def _rows(kind: type[intents.CastUnit | intents.CastDummy | intents.MoveUnit]
          ) -> Memo[tuple[int, int], tuple[Intent, ...]]:
    """``rows[piece, mask]``: the intents ``kind.of(piece, slot)`` of one piece, one per slot
    of the mask (``reading.Layout``), made once (a few hundred pieces on 16 slot sets)."""
    return Memo(lambda key: tuple(kind.of(key[0], k) for k in reading.slots_in(key[1])))


_CAST_ROWS, _DUMMY_ROWS = _rows(intents.CastUnit), _rows(intents.CastDummy)
_MOVE_ROWS = _rows(intents.MoveUnit)
_SWAP = intents.SwapAreas.of()


def _cast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    pl = s.players[p]
    hand, units, cards = pl.hand, s.units, s.cards
    table = reading.traits(s)
    out: list[Intent] = [] if only is not None else [_PASS]
    at = reading.layout(s, p)
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
    return [_PAYS[c,] for c in s.players[p].hand if only is None or c == only]


def _fast(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    return out + abilities(s, p, 1, only)


def _checks(s: State, p: int, only: Hashable | None) -> list[Intent]:
    """Check: a Normal unit of the player's, not a dummy."""
    units, checks = s.units, _CHECKS
    return [checks[u,] for u in s.players[p].slots
            if u != EMPTY and (only is None or u == only)
            and not units[u].checked and not units[u].dummy]


def _action(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [] if only is not None else [_PASS]
    return out + _checks(s, p, only) + abilities(s, p, 2, only)


def attackable(s: State, p: int) -> list[int]:
    """The opponent's areas that have someone to block (a unit, or a caster with HP)."""
    return [a for a in range(AREAS) if reading.blockers(s, 1 - p, a)]


def _attack(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out = _checks(s, p, only)
    if only is None:
        out += [_ATTACKS[a,] for a in attackable(s, p)]
    return out


def _block(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [_BLOCKS[b,] for b in reading.blockers(s, p, s.target)
            if only is None or b == only]


STAGES: Stages[State] = Stages([
    Stage("choose", lambda s: s.chooser, ("choose_speed",),
          title="the Speed phase (choosing speed cards)", generate=_choose),
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
