"""Shared helpers for the Dreadnought tests: positions from scenario tables, card look-ups."""

from __future__ import annotations

from typing import Any

import rules
from rules.core.model import Intent
from rules.dreadnought.state import EMPTY, State

RS = rules.get("dreadnought")


def position(**pos: Any) -> State:
    return RS.scenario_position(dict(pos), 1)  # type: ignore[no-any-return]


def iid(s: State, cid: str, p: int | None = None) -> int:
    """The first instance of card ``cid`` (of player ``p`` if given) in hand, Speed Area,
    slots, casters or log."""
    for q in ((p,) if p is not None else (0, 1)):
        pl = s.players[q]
        for i in (*pl.hand, pl.speed, *pl.slots, *pl.casters, *pl.log):
            if i != EMPTY and s.cards.get(i) == cid:
                return i
    raise LookupError(cid)


def play(s: State, *intents: Intent) -> State:
    for i in intents:
        s = RS.apply(s, i).state
    return s


def legal_kinds(s: State) -> set[str]:
    return {i.kind for i in RS.legal_intents(s)}
