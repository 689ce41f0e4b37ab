"""Each Gate's share of ``ruleset._score`` in one position, and their running sums: the
quick look-ahead scores many changes of one position, and each differs from the position
in a Gate or two.

``ruleset._score`` adds the Gates' shares one by one in the Gates' order, after the friendly
fire charge: a change that first touches the k-th Gate starts from the sum of the first k
shares (the same float additions in the same order, so the same float) and adds the rest.
Subtracting a value is adding its negation (the same float), so each share is one signed
term.
"""

from __future__ import annotations

from rules.kyoukai.foresight import FRIENDLY_FIRE, worth, worths
from rules.kyoukai.state import State


class Terms:
    """``player``'s shares of the Gates of ``s``."""

    __slots__ = ("gates", "mine", "terms", "index", "_sums")

    def __init__(self, s: State, player: int) -> None:
        known = worths(s)
        gates: list[int] = []
        mine: list[bool] = []
        terms: list[float] = []
        for i, g in s.gates.items():
            if i in known:
                w = known[i]
            else:
                w = known[i] = worth(s, i)
            own = g.owner == player
            gates.append(i)
            mine.append(own)
            if w is None:  # an Entrant: its damage, the other way
                terms.append(-float(g.damage) if own else float(g.damage))
            else:
                terms.append(w if own else -w)
        self.gates = gates
        self.mine = mine
        self.terms = terms
        self.index = {i: k for k, i in enumerate(gates)}
        self._sums: dict[int, list[float]] = {}

    def sums(self, ff: int) -> list[float]:
        """The running score after the friendly fire charge for ``ff`` items and the first
        k shares, for k = 0 … the number of Gates."""
        got = self._sums.get(ff)
        if got is None:
            score = -FRIENDLY_FIRE * ff
            got = [score]
            for term in self.terms:
                score += term
                got.append(score)
            self._sums[ff] = got
        return got
