from __future__ import annotations

from typing import Any

from rules.agents.base import Agent, at_manual_step, done
from rules.core.model import Intent
from rules.core.ruleset import Ruleset


class RandomAgent(Agent):
    """Uniform over legal intents, from its own seeded generator (replays are repeatable); in
    a step that picks a subset, over the candidates not yet decided (``Picks``)."""

    reads_view = False

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        if at_manual_step(legal):
            return done(legal)
        return self.picks.chose(rs, self._rng.choice(self.picks.offered(rs, legal)))
