"""Playtable rules: pure Python, one subpackage per game. Never imports pygame.

    import rules
    rs = rules.get("kyoukai")
    state = rs.new_game(seed=1)
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event, Intent, Outcome
from rules.core.ruleset import Ruleset
from rules.registry import GAMES, get

__all__ = ["GAMES", "DataError", "Event", "IllegalIntent", "Intent", "Outcome", "Ruleset", "get"]


def __getattr__(name: str) -> Any:  # pragma: no cover - friendly error for typos
    raise AttributeError(f"module 'rules' has no attribute {name!r}")
