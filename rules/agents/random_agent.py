from __future__ import annotations

import random
from typing import Any

from rules.agents.base import Agent, at_manual_step, done
from rules.core.model import Intent
from rules.core.ruleset import Ruleset


class RandomAgent(Agent):
    """Uniform over legal intents, from its own seeded generator (replays are repeatable); in
    a step that picks a subset, over the candidates not yet decided (``Picks``)."""

    reads_view = False
    positional = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        if at_manual_step(legal):
            return done(legal)
        return self.picks.chose(rs, self._rng.choice(self.picks.offered(rs, legal)))

    def pick(self, n: int) -> int:
        # ``choice(legal)`` is ``legal[_randbelow(len(legal))]``: the same draw from the same
        # generator, so a game chosen by position is the game chosen from the intents
        # (tests/kyoukai/test_plain_playout.py checks it); ``randrange`` would add its
        # argument checks to every decision. Only a game without ``pick_kinds`` has a
        # playout (rules/sim/match.py), so there ``choose`` offers every legal intent too.
        return self._rng._randbelow(n)  # type: ignore[attr-defined,no-any-return]
