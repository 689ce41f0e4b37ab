"""What the table lights up for a picked-up piece: the drop targets of each of its intents."""

from __future__ import annotations

from rules.core.model import Intent
from rules.dreadnought.intents import (
    Block,
    CastDummy,
    CastUnit,
    Check,
    ChooseSpeed,
    DiscardUnit,
    GearChange,
    MoveUnit,
    PayLog,
    UseAbility,
)
from rules.dreadnought.state import State

KEYS = ("cast", "dummy", "speed", "pay", "move", "discard", "ability", "check", "block")


def highlights(s: State, source: int, legal: list[Intent]) -> dict[str, list[int]]:
    """By key: ``cast``/``dummy``/``move`` slots (0-3 of the owner), ``speed`` [0] when the
    card may go to the Speed Area, ``ability`` target unit ids (-1: no target), and [source]
    for ``pay``, ``discard``, ``check`` and ``block`` (the piece itself is the choice)."""
    out: dict[str, list[int]] = {k: [] for k in KEYS}
    for i in legal:
        if isinstance(i, CastUnit):
            out["cast"].append(i.slot)
        elif isinstance(i, CastDummy):
            out["dummy"].append(i.slot)
        elif isinstance(i, MoveUnit):
            out["move"].append(i.slot)
        elif isinstance(i, ChooseSpeed | GearChange):
            out["speed"] = [0]
        elif isinstance(i, UseAbility):
            out["ability"].append(i.target)
        elif isinstance(i, PayLog):
            out["pay"] = [source]
        elif isinstance(i, DiscardUnit):
            out["discard"] = [source]
        elif isinstance(i, Check):
            out["check"] = [source]
        elif isinstance(i, Block):
            out["block"] = [source]
    return {k: sorted(set(v)) for k, v in out.items()}
