from __future__ import annotations

import random
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


def _order(intent: Intent) -> tuple[Any, ...]:
    """An intent's place in the canonical order of its kind: its fields, in declaration order."""
    return tuple(getattr(intent, n) for n in type(intent)._arg_names)


class Picks:
    """One agent's memory of its last pick in a step that chooses a subset one item at a time
    (``Ruleset.pick_kinds``): it then offers only the candidates after it in canonical order
    (and whatever else is legal: Done, Attack), so each candidate is decided once, in order,
    and no choice is undone and redone. Where none comes after it but the step must go on (a
    payment or discard of a fixed count), every legal intent stays."""

    def __init__(self) -> None:
        self.last: Intent | None = None

    def offered(self, rs: Ruleset[Any], legal: list[Intent]) -> list[Intent]:
        last = self.last
        if last is None or last.kind not in rs.pick_kinds:
            return legal
        after = _order(last)
        out = [i for i in legal if i.kind != last.kind or _order(i) > after]
        return out or legal

    def chose(self, rs: Ruleset[Any], intent: Intent) -> Intent:
        """Remember ``intent`` (a pick, or the end of the picking) and hand it back."""
        self.last = intent if intent.kind in rs.pick_kinds else None
        return intent


class Agent(ABC):
    # Whether ``choose`` reads its ``view``: a caller may pass None to one that does not (a
    # simulation then builds no view, which costs more than a random agent's whole choice).
    reads_view: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        self.picks = Picks()
        self._rng = random.Random(seed)  # its own: replays are repeatable

    @abstractmethod
    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` for the player whose ``view`` this is."""
