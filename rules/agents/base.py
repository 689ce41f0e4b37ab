from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from rules.core.model import Intent
from rules.core.ruleset import Ruleset


def done(legal: list[Intent]) -> Intent:
    """At a manual step (a card's effect carried out by hand): "Done" at once. Computer players
    do not play manual effects; choosing anything else there would be a guess at the card's
    text. The simulator counts such games as stopped (``Ruleset.manual_pending``)."""
    return next((i for i in legal if i.kind == "manual_done"), legal[0])


class Agent(ABC):
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` for the player whose ``view`` this is."""
