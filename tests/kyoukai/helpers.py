"""Small helpers for Kyoukai rule tests: hand-made positions and intents by name."""

from __future__ import annotations

from typing import Any

import rules
from rules.core.model import Event
from rules.kyoukai.scenario import parse_zone
from rules.kyoukai.state import State

rs = rules.get("kyoukai")


def position(**pos: Any) -> State:
    state: State = rs.scenario_position(pos, 1)
    return state


def intent(state: State, **spec: Any) -> Any:
    return rs.scenario_intent(state, spec)


def do(state: State, log: list[Event] | None = None, **spec: Any) -> State:
    out = rs.apply(state, intent(state, **spec))
    if log is not None:
        log.extend(out.events)
    new: State = out.state
    return new


def pass_all(state: State, log: list[Event] | None = None) -> State:
    """Both players pass until the open Sequence has resolved."""
    while state.seq is not None and state.pending is None and not state.over:
        state = do(state, log, kind="pass")
    return state


def at(state: State, label: str) -> str:
    """The card id in a zone, or "empty"."""
    iid = state.field[parse_zone(label)]
    return "empty" if iid == -1 else state.cards[iid]


def iid_at(state: State, label: str) -> int:
    return state.field[parse_zone(label)]


def kinds(state: State) -> set[str]:
    return {i.kind for i in rs.legal_intents(state)}
