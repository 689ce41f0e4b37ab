"""Quiet ``apply`` without a Draft for the intents a simulation plays most (slot moves,
dummies, Checks, Attack declarations, passes that leave the phase open): each changes a few
fields, and building a Draft, ``advance`` and ``freeze`` for it costs more than the change.
Each gives the state the Draft path gives (the handlers in ``actions`` say what that is);
``None`` when the intent needs the Draft path (a closing window, a kind not handled here).
A rules change to one of these actions is made here too; tests/core/test_fast_loop.py's
loud-equals-quiet test over random games catches the two drifting apart."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import zones
from rules.core.model import Intent
from rules.dreadnought.intents import Attack, CastDummy, Check, MoveUnit
from rules.dreadnought.state import State, new_unit


def _pass(s: State, p: int, i: Intent) -> State | None:
    assert s.window is not None
    window = s.window.pass_priority()
    if window.closed:
        return None  # ``advance`` moves on to the next phase
    return s.model_copy(update={"window": window})


def _with_slots(s: State, p: int, slots: tuple[int, int, int, int]) -> State | None:
    """As ``actions._move``/``_swap``: new slots, one more move, the holder acts (a Cast-phase
    hold window keeps priority, so it stays open and ``advance`` does nothing)."""
    assert s.window is not None
    window = s.window.act(p)
    if window.closed or s.paying is not None:
        return None
    pl = s.players[p]
    players = list(s.players)
    players[p] = pl.model_copy(update={"slots": slots, "moves": pl.moves + 1})
    return s.model_copy(update={"players": (players[0], players[1]), "window": window})


def _move(s: State, p: int, i: Intent) -> State | None:
    assert isinstance(i, MoveUnit)
    slots = list(s.players[p].slots)
    here = slots.index(i.unit)
    there = slots[i.slot]
    slots[here], slots[i.slot] = there, i.unit
    return _with_slots(s, p, (slots[0], slots[1], slots[2], slots[3]))


def _swap(s: State, p: int, i: Intent) -> State | None:
    o = s.players[p].slots
    return _with_slots(s, p, (o[2], o[3], o[0], o[1]))


def _dummy(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._dummy``: the card leaves the hand for the slot as a dummy; the holder
    acts (the Cast phase's hold window stays open)."""
    assert isinstance(i, CastDummy) and s.window is not None
    window = s.window.act(p)
    if window.closed or s.paying is not None:
        return None
    pl = s.players[p]
    slots = list(pl.slots)
    slots[i.slot] = i.card
    players = list(s.players)
    players[p] = pl.model_copy(update={"hand": zones.without(pl.hand, i.card),
                                       "slots": (slots[0], slots[1], slots[2], slots[3])})
    units = dict(s.units)
    units[i.card] = new_unit(i.card, p, True, s.turn)
    return s.model_copy(update={"players": (players[0], players[1]), "units": units,
                                "window": window})


def _check(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._check``: the unit Checked and added to the attackers; no window change."""
    assert isinstance(i, Check)
    units = dict(s.units)
    units[i.unit] = units[i.unit].model_copy(update={"checked": True})
    return s.model_copy(update={"units": units, "attackers": s.attackers + (i.unit,)})


def _attack(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._attack``: only the attacked area is set."""
    assert isinstance(i, Attack)
    return s.model_copy(update={"target": i.area})


QUIET: dict[str, Callable[[State, int, Intent], State | None]] = {
    "pass": _pass,
    "move": _move,
    "swap_areas": _swap,
    "dummy": _dummy,
    "check": _check,
    "attack": _attack,
}
