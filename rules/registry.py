"""The one place that lists the shipped rulesets."""

from __future__ import annotations

from typing import Any

from rules.core.ruleset import Ruleset
from rules.krosmaster import KrosmasterRules
from rules.kyoukai import KyoukaiRules

GAMES: dict[str, Ruleset[Any]] = {
    "kyoukai": KyoukaiRules(),
    "krosmaster": KrosmasterRules(),
}


def get(name: str) -> Ruleset[Any]:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
