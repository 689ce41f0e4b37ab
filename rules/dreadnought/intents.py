"""Dreadnought intents: one small immutable move per decision a player makes.

Slots are numbered 0-3 per player (0, 1: left Battle Area; 2, 3: right). Areas are 0 (left)
and 1 (right). ``-1`` stands for "none"."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class ChooseSpeed(Intent):
    """Put a hand card into your Speed Area Closed: the hidden speed choice (D-01)."""

    kind: Literal["choose_speed"] = "choose_speed"
    card: int


class GearChange(Intent):
    """Discard your speed card and put this hand card into the Speed Area Closed (D-02)."""

    kind: Literal["gear_change"] = "gear_change"
    card: int


class CastUnit(Intent):
    """Cast a unit from hand or Speed Area into an empty slot (D-06); its log-cost is then
    paid by choosing hand cards one at a time (``PayLog``)."""

    kind: Literal["cast"] = "cast"
    card: int
    slot: int


class PayLog(Intent):
    """Put this hand card into the log toward the cast being paid for."""

    kind: Literal["pay"] = "pay"
    card: int


class CastDummy(Intent):
    """Cast a hand card as a dummy: Closed, Checked, an S unit with 50 BP (D-07)."""

    kind: Literal["dummy"] = "dummy"
    card: int
    slot: int


class DiscardUnit(Intent):
    """Discard a unit you cast on the previous turn (D-08)."""

    kind: Literal["discard"] = "discard"
    unit: int


class MoveUnit(Intent):
    """Move a unit to a slot of your other Battle Area; onto a unit, the two swap (D-09)."""

    kind: Literal["move"] = "move"
    unit: int
    slot: int


class SwapAreas(Intent):
    """Move every unit of both your Battle Areas across at once (D-09's many-unit swap)."""

    kind: Literal["swap_areas"] = "swap_areas"


class UseAbility(Intent):
    """Use ability ``index`` of ``source`` (your caster or unit); ``target`` a unit or -1."""

    kind: Literal["ability"] = "ability"
    source: int
    index: int
    target: int = -1


class Check(Intent):
    """Check a Normal unit as an attacker (D-11's Attack, one unit at a time)."""

    kind: Literal["check"] = "check"
    unit: int


class Attack(Intent):
    """Attack the opponent's Battle Area ``area`` with the units Checked so far."""

    kind: Literal["attack"] = "attack"
    area: int


class Block(Intent):
    """Block the attack with a unit of the attacked area or its caster."""

    kind: Literal["block"] = "block"
    blocker: int


class Pass(Intent):
    """Pass priority (Speed, Cast, Fast: done for this phase; Action: one pass)."""

    kind: Literal["pass"] = "pass"

