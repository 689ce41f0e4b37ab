"""Dreadnought's ``determinize``: the opponent's hand, Closed cards (dummies, a Closed speed
card), both decks and every HP card dealt from each player's deck list minus the cards seen,
with a fresh generator (search samples draws)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.hidden import dealer
from rules.dreadnought.cards import HIDDEN
from rules.dreadnought.state import State


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, pl in enumerate(first.players):
        out.update({i: (p, "caster") for i in pl.casters})
        out.update({i: (p, "units") for i in (*pl.deck, *pl.hand, *pl.hp[0], *pl.hp[1])})
    return out


determinize = dealer(_groups, HIDDEN)
