"""Dreadnought's ``determinize``: the opponent's hand, Closed cards (dummies, a Closed speed
card), both decks and every HP card dealt from each player's deck list minus the cards seen,
with a fresh generator (search samples draws)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from rules.core.hidden import dealt, groups_of, reseeded
from rules.core.state import replaced
from rules.dreadnought.cards import HIDDEN
from rules.dreadnought.state import State


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, pl in enumerate(first.players):
        out.update({i: (p, "caster") for i in pl.casters})
        out.update({i: (p, "units") for i in (*pl.deck, *pl.hand, *pl.hp[0], *pl.hp[1])})
    return out


def determinize(rs: Any, view: State, player: int, rng: random.Random,
                options: Mapping[str, Any] | None = None) -> State:
    cards = dealt(view.cards, HIDDEN, groups_of(rs, options, _groups), rng)
    return reseeded(replaced(view, cards=cards), rng)
