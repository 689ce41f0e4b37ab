"""Positions reached by random play, for tests that need a game in progress."""

from __future__ import annotations

import random
from typing import Any


def random_position(rs: Any, seed: int, steps: int) -> Any:
    """The state after ``steps`` random legal intents from ``new_game(seed)`` (quiet), or the
    final state if the game ends before."""
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    for _ in range(steps):
        if rs.to_act(state) is None:
            break
        state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
    return state
