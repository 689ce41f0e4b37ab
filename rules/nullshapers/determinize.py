"""Nullshapers' ``determinize``: the opponent's hand and energy and both decks dealt from each
player's deck list minus the cards seen, with a fresh generator (search samples draws)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from rules.core.hidden import dealt, groups_of, reseeded
from rules.core.state import replaced
from rules.nullshapers.cards import HIDDEN
from rules.nullshapers.state import State


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, side in enumerate(first.sides):
        out.update({i: p for i in (*side.deck, *side.hand, *side.energy)})
    return out


def determinize(rs: Any, view: State, player: int, rng: random.Random,
                options: Mapping[str, Any] | None = None) -> State:
    cards = dealt(view.cards, HIDDEN, groups_of(rs, options, _groups), rng)
    return reseeded(replaced(view, cards=cards), rng)
