"""A game played to its end in place, for simulations whose players choose by position alone
(the random agent): ``Ruleset.playout`` gives one, or None when the game has none or cannot
carry out this position (the simulation then plays through ``legal_intents`` and ``apply``).

Its legal list is the rules' own, position for position (the intents may be plain values, not
``Intent`` models): a choice made in a playout is the same choice in the rules, so a simulated
game's record replays there. Each game that has one tests that, step by step, against its
rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rules.core.played import Played


class Playout(Protocol):
    def to_act(self) -> int | None:
        """Who decides next; None once the game is over."""

    def legal(self) -> Sequence[Any]:
        """The legal intents, in the order of the rules' ``legal_intents``."""

    def apply(self, intent: Any) -> None:
        """Carry out one of ``legal()``'s intents and the automatic steps after it."""

    def forced(self) -> int:
        """Plays the steps from here on whose only legal intent plays no card, as ``apply``
        would one by one (none, if the game does not tell them apart): how many."""

    def played(self, intent: Any) -> tuple[Played, ...]:
        """The cards ``intent`` plays (as the rules' ``played_cards``)."""

    def winner(self) -> int | None: ...

    def turns(self) -> int | None: ...
