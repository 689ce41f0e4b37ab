"""Playing games into records for the tests: live (plain ``rs.apply``) and recorded."""

from __future__ import annotations

import random
from typing import Any

import rules
from rules.core.model import Event, Intent
from rules.records import Record, append, new_record


def play_live(game: str, seed: int, limit: int | None = None
              ) -> tuple[Record, Any, list[list[Event]], list[int]]:
    """Play random legal intents straight through the rules (no records involved), noting
    them in a record. Returns the record, the live final state, the events and the actors."""
    rs = rules.get(game)
    r = random.Random(seed)
    record = new_record(game, seed)
    state = rs.new_game(seed=seed)
    events: list[list[Event]] = []
    actors: list[int] = []
    while (p := rs.to_act(state)) is not None and (limit is None or len(actors) < limit):
        intent: Intent = r.choice(rs.legal_intents(state))
        out = rs.apply(state, intent)
        state = out.state
        events.append(list(out.events))
        actors.append(p)
        record = append(record, intent)
    return record, state, events, actors
