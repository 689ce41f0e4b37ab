"""The rules core: pieces every ruleset is built from. Never imports pygame."""

from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event, Frozen, Intent, Outcome
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset

__all__ = ["DataError", "Event", "Frozen", "IllegalIntent", "Intent", "Outcome", "Rng", "Ruleset"]
