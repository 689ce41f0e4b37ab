"""Positions for BOS tests, built the way scenario files build them."""

from __future__ import annotations

from typing import Any

import rules
from rules.bos import scenario
from rules.bos.state import State
from rules.core.model import Intent

RS = rules.get("bos")


def position(**pos: Any) -> State:
    """A position from a new game (Ember Court against Tide Circle unless ``decks``), both
    players arrived, Player 1's Main phase unless said otherwise."""
    return RS.scenario_position(dict(pos), 0)


def iid(state: State, name: str) -> int:
    return scenario.find(state, name)


def play(state: State, *intents: Intent) -> State:
    for i in intents:
        state = RS.apply(state, i).state
    return state


def summon(card: str, owner: int, column: int, **kw: Any) -> dict[str, Any]:
    return {"card": card, "owner": owner, "column": column, **kw}
