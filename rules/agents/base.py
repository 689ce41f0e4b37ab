from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from rules.core.model import Intent
from rules.core.ruleset import Ruleset


class Agent(ABC):
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` for the player whose ``view`` this is."""
