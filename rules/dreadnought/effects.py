"""The effect registry: what each ability ``effect`` named in card data does, and what it may
target. A card's data names its effect; the pack checker refuses names not listed here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rules.dreadnought import reading
from rules.dreadnought.cards import GRADES
from rules.dreadnought.state import EMPTY, State, area_of

TargetRule = Literal["none", "enemy_unit", "own_unit", "own_checked", "own_movable",
                     "enemy_cheap"]


@dataclass(frozen=True)
class Effect:
    target: TargetRule
    run: Callable[[State, int, int, int], None]  # (draft, player, amount, target)
    words: str  # for describe: "{amount}" and "{target}" filled in
    # (position, user) -> why using it now would change nothing ("already E"), None when it
    # would: the menu says so before the player picks it, the log after.
    futile: Callable[[State, int], str | None] | None = None


def _draw(d: State, p: int, amount: int, target: int) -> None:
    for _ in range(max(1, amount)):
        d.draw(p)


def _damage(d: State, p: int, amount: int, target: int) -> None:
    d.damage(target, amount)


def _pump(d: State, p: int, amount: int, target: int) -> None:
    d.own_unit(target).bonus += amount
    if d.loud:
        d.log("bp", f"{d.shown(target)} gets +{amount} BP until End.", p)


def _ready(d: State, p: int, amount: int, target: int) -> None:
    d.own_unit(target).checked = False
    if d.loud:
        d.log("ready", f"{d.shown(target)} returns to Normal.", p)


def move_destination(s: State, p: int, unit: int) -> int:
    """The first empty slot of the unit's other area where it fits, or EMPTY."""
    slots = s.players[p].slots
    if unit not in slots:
        return EMPTY
    other = 1 - area_of(slots.index(unit))
    fits = reading.slots_in(reading.layout(s, p).fits[reading.size_of(s, unit)])
    return next((k for k in fits if area_of(k) == other), EMPTY)


def _move(d: State, p: int, amount: int, target: int) -> None:
    to = move_destination(d, p, target)
    pl = d.own(p)
    pl.place(pl.slots.index(target), EMPTY)
    pl.place(to, target)
    if d.loud:
        d.log("move", f"{d.shown(target)} moves to the other Battle Area.", p)


def _bounce(d: State, p: int, amount: int, target: int) -> None:
    if d.loud:
        d.log("bounce", f"{d.shown(target)} returns to its owner's hand.", p)
    d.remove_unit(target, to="hand")


def unshifted(s: State, q: int, step: int) -> str | None:
    """Why a grade shift of ``step`` (+1 faster, -1 slower) leaves player ``q``'s speed grade
    as it is ("already E", "no speed card"), None when it moves it. A Closed card's grade is
    hidden, so a shift of it always counts: it applies, never past A or E, when the card opens
    (``reading.grade_index``); telling here would show the hidden grade in the log."""
    pl = s.players[q]
    if pl.speed == EMPTY:
        return "no speed card"
    if pl.closed:
        return None
    g = reading.grade_index(s, q)
    if (step > 0 and g == 0) or (step < 0 and g == len(GRADES) - 1):
        return f"already {GRADES[g]}"
    return None


def _shift(d: State, p: int, q: int, step: int) -> None:
    """Player ``q``'s grade one step faster or slower until End. Used where it cannot move
    (already A or E, no speed card) it changes nothing and the log says so: the seed makes any
    speed ability a Speed action, with no condition that it do something."""
    why = unshifted(d, q, step)
    if why is None:
        d.own(q).shift += step
    if d.loud:
        what = "rises by one" if step > 0 else "drops by one"
        d.log("speed", f"Player {q + 1}'s speed grade {what}." if why is None else
              f"Player {q + 1}'s speed grade: no effect ({why}).", p)


def _by_hand(d: State, p: int, amount: int, target: int) -> None:
    raise AssertionError("a manual ability opens a manual step; it has no resolver")


EFFECTS: dict[str, Effect] = {
    "draw": Effect("none", _draw, "draw {amount}"),
    "damage": Effect("enemy_unit", _damage, "deal {amount} damage to {target}"),
    "pump": Effect("own_unit", _pump, "give {target} +{amount} BP"),
    "ready": Effect("own_checked", _ready, "return {target} to Normal"),
    "move": Effect("own_movable", _move, "move {target} to the other area"),
    "bounce": Effect("enemy_cheap", _bounce, "return {target} to its owner's hand"),
    "speed_up": Effect("none", lambda d, p, amount, target: _shift(d, p, p, 1),
                       "raise your speed grade by one", lambda s, p: unshifted(s, p, 1)),
    "slow_foe": Effect("none", lambda d, p, amount, target: _shift(d, p, 1 - p, -1),
                       "lower the opponent's speed grade by one",
                       lambda s, p: unshifted(s, 1 - p, -1)),
    # Carried out by hand (``rules.core.manual``): ``actions._ability`` opens the manual step.
    "manual": Effect("none", _by_hand, "carry out its text by hand"),
}


def targets(s: State, p: int, rule: TargetRule, amount: int) -> list[int]:
    """The units an effect with this target rule may choose ([-1] when it takes none)."""
    if rule == "none":
        return [EMPTY]
    if rule in ("enemy_unit", "enemy_cheap"):
        foe = s.players[1 - p].slots
        out = [i for i in foe if i != EMPTY]
        if rule == "enemy_cheap":
            out = [i for i in out if not s.units[i].dummy
                   and s.card(i).cost <= amount]
        return out
    mine = [i for i in s.players[p].slots if i != EMPTY]
    if rule == "own_checked":
        return [i for i in mine if s.units[i].checked and not s.units[i].dummy]
    if rule == "own_movable":
        return [i for i in mine if move_destination(s, p, i) != EMPTY]
    return mine
