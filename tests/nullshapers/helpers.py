"""Building Nullshapers positions and playing intents by card name, for the rule tests."""

from __future__ import annotations

from typing import Any

import rules
from rules.core.model import Intent
from rules.nullshapers import scenario
from rules.nullshapers.ruleset import NullshapersRules
from rules.nullshapers.state import State

rs: NullshapersRules = rules.get("nullshapers")  # type: ignore[assignment]


def position(**spec: Any) -> State:
    return rs.scenario_position(dict(spec), seed=1)


def agent(state: State, n: int) -> int:
    """The iid of the position's agent number ``n``."""
    return scenario.agent_ids(state)[n]


def intent(state: State, **spec: Any) -> Intent:
    return rs.scenario_intent(state, spec)


def do(state: State, **spec: Any) -> State:
    return rs.apply(state, intent(state, **spec)).state


def pass_all(state: State, limit: int = 50) -> State:
    """Both players decline until the queue is empty and the window has closed."""
    start = state.at
    for _ in range(limit):
        if state.queue is None or state.at != start:
            return state
        state = rs.apply(state, rs.parse_intent({"kind": "pass"})).state
    raise AssertionError("the window never closed")


def kinds(state: State) -> set[str]:
    return {i.kind for i in rs.legal_intents(state)}


def playable(state: State) -> set[str]:
    """Card ids the deciding player may play now."""
    return {state.cards[i.card] for i in rs.legal_intents(state) if i.kind == "play"}
