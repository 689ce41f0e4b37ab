from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from rules.core.model import Intent
from rules.core.ruleset import Ruleset


def at_manual_step(legal: list[Intent]) -> bool:
    """Whether these are a manual step's intents (a card's effect carried out by hand): its
    list starts with "Done" (when the rules would accept it) or else "Roll", and no other list
    has either."""
    return bool(legal) and legal[0].kind in ("manual_done", "manual_roll")


def done(legal: list[Intent]) -> Intent:
    """At a manual step: "Done" at once. Computer players do not play manual effects (anything
    else there would be a guess at the card's text); the simulator counts such games as
    stopped (``Ruleset.manual_pending``). When the rules refuse Done there, a roll: the step
    stays open for a person. Elsewhere: the first intent."""
    return legal[0]


class Agent(ABC):
    # Whether ``choose`` reads its ``view``: a caller may pass None to one that does not (a
    # simulation then builds no view, which costs more than a random agent's whole choice).
    reads_view: ClassVar[bool] = True
    # Whether the agent chooses by position alone (``pick``), never reading the intents: a
    # simulation may then play the game as a ``Playout`` (rules.core.playout).
    positional: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` for the player whose ``view`` this is."""

    def pick(self, n: int) -> int:
        """A positional agent's choice among ``n`` legal intents (its position): the one
        ``choose`` would make from a list of ``n`` that holds no manual step."""
        raise NotImplementedError(f"{type(self).__name__} does not choose by position")
